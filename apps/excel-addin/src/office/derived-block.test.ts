/**
 * A block of derived series through office-addin-mock: inserted with its recipe in the binding and
 * its formula in the provenance header, listed, and refreshed by computing the formula again from
 * its operands (fetched in one call); a recipe analysis refuses fails its block with nothing written.
 */
import { planDerived, presetRequest, type DerivedRequest } from '@econdata/analysis';
import { indicatorFixture } from '@econdata/core/testing';
import type { Series, SeriesQuery, SeriesResult } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { BLOCK_SETTING_PREFIX, parseBinding } from './bindings.ts';
import { operandQueries } from './derived-block.ts';
import { insertBlock } from './insert.ts';
import { listBlocks, refreshBlocks, RefreshError } from './refresh.ts';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { gdpQuery, gdpSeries } from '../../test/support/fixtures.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';

const popQuery: SeriesQuery = { ...gdpQuery, indicator: 'SP.POP.TOTL' } as SeriesQuery;
const population = (values: Array<number | null> = [97_000_000, 98_000_000, 99_000_000, 100_000_000]): Series => indicatorFixture({
  query: popQuery as Extract<SeriesQuery, { kind: 'indicator' }>, name: 'Population, total', countryName: 'Viet Nam', unit: 'persons', periods: ['2020', '2021', '2022', '2023'], values,
  sourceName: 'World Bank World Development Indicators', lastUpdated: '2026-10-01', retrievedAt: '2026-11-22T19:00:00.000Z',
});
const perCapita: DerivedRequest = presetRequest('per_capita', { query: gdpQuery });

/** Answers GDP and population by indicator, recording each call. */
function answering(gdp: Series, pop: Series): ((queries: SeriesQuery[]) => Promise<SeriesResult[]>) & { asked: SeriesQuery[][] } {
  const asked: SeriesQuery[][] = [];
  const f = async (queries: SeriesQuery[]): Promise<SeriesResult[]> => {
    asked.push(queries);
    return queries.map((q) => ({ ok: true, series: q.kind === 'indicator' && q.indicator === 'SP.POP.TOTL' ? pop : gdp }));
  };
  return Object.assign(f, { asked });
}

const cells = (model: WorkbookModel): unknown[][] => {
  const sheet = model.sheets[0]!;
  return Array.from({ length: 40 }, (_, r) => Array.from({ length: 4 }, (_, c) => sheet.cell(r, c)?.value ?? null));
};

describe('a block of derived series', () => {
  it('is inserted with its recipe kept and its formula in the header, listed, and refreshed by computing the formula again', async () => {
    const model = new WorkbookModel();
    const excel = mockExcel(model);
    model.select('Sheet1', 'A1');
    const fetch = answering(gdpSeries(), population());
    const [result] = planDerived([perCapita]).finish(await fetch([...planDerived([perCapita]).queries]), (s) => s, 'en');
    if (!result?.ok) throw new Error('derived');
    expect(result.series.values[0]).toEqual([346_615_738_154 / 97_000_000, null, 408_802_378_226 / 99_000_000, 429_716_969_309 / 100_000_000]);
    const block = await insertBlock(excel, [result.series], operandQueries([perCapita]), { derived: [perCapita], now: new Date('2026-11-22T19:00:00Z') });
    expect(block.binding).toMatchObject({ queries: [gdpQuery, popQuery], derived: [perCapita], title: 'GDP (current US$): Viet Nam, per capita' });
    const formula = cells(model).find((row) => row[0] === 'Formula');
    expect(formula?.[1]).toBe('a/b\na = /indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2020&end_year=2023\nb = /indicators?source=WB&indicator=SP.POP.TOTL&country=VN&start_year=2020&end_year=2023');

    const { blocks, problems } = await listBlocks(excel);
    expect(problems).toEqual([]);
    expect(blocks.map((b) => [b.title, b.derived])).toEqual([['GDP (current US$): Viet Nam, per capita', [perCapita]]]);

    // The population is revised for 2023: the refresh fetches both operands in one call and divides again.
    const revised = answering(gdpSeries(), population([97_000_000, 98_000_000, 99_000_000, 101_000_000]));
    const refreshed = await refreshBlocks(excel, blocks, revised, { now: new Date('2026-11-22T20:00:00Z') });
    expect(revised.asked).toEqual([[gdpQuery, popQuery]]);
    expect(refreshed.text).toBe('GDP (current US$): Viet Nam, per capita: 1 value revised (2023: 4,297.1697 → 4,254.6235).');
    expect(cells(model).flat()).toContain(429_716_969_309 / 101_000_000);
    expect((await listBlocks(excel)).blocks[0]).toMatchObject({ derived: [perCapita], refreshed_at: '2026-11-22T20:00:00.000Z' });
  });

  it('computes a preset in the language its operands were named in: the preset\'s words follow it', () => {
    const answers: SeriesResult[] = [{ ok: true, series: gdpSeries() }, { ok: true, series: population() }];
    const [vi] = planDerived([perCapita], { language: 'vi' }).finish(answers, (s) => s, 'vi');
    const [en] = planDerived([perCapita]).finish(answers, (s) => s, 'en');
    expect(vi?.ok && vi.series.title).toBe(`${gdpSeries().title}, bình quân đầu người`);
    expect(en?.ok && en.series.title).toBe(`${gdpSeries().title}, per capita`);
  });

  it('fails a refresh whose operand failed, naming the block, and writes nothing', async () => {
    const model = new WorkbookModel();
    const excel = mockExcel(model);
    model.select('Sheet1', 'A1');
    const [result] = planDerived([perCapita]).finish(await answering(gdpSeries(), population())([...planDerived([perCapita]).queries]), (s) => s, 'en');
    await insertBlock(excel, [(result as { series: Series }).series], operandQueries([perCapita]), { derived: [perCapita] });
    const before = cells(model);
    const { blocks } = await listBlocks(excel);
    const failing = async (queries: SeriesQuery[]): Promise<SeriesResult[]> => queries.map((q) => (q.kind === 'indicator' && q.indicator === 'SP.POP.TOTL'
      ? { ok: false, error: Object.assign(new Error('Not found: SP.POP.TOTL for VN.'), { code: 'not_found' }) } as unknown as SeriesResult
      : { ok: true, series: gdpSeries() }));
    const error = await refreshBlocks(excel, blocks, failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshError);
    expect((error as RefreshError).message).toBe('Nothing was changed: the old values are still in place. GDP (current US$): Viet Nam, per capita: Not found: SP.POP.TOTL for VN.');
    expect(cells(model)).toEqual(before);
  });

  it('reads a binding\'s recipes back checked by analysis: a bad formula is a problem with its reason, not a block', () => {
    const binding = { id: 'x', table: 'EconData_x', title: 't', queries: [gdpQuery], layout: { orientation: 'wide', headRows: 5, columns: 2 } };
    expect(parseBinding(`${BLOCK_SETTING_PREFIX}EconData_x`, JSON.stringify({ ...binding, derived: [perCapita] }))).toMatchObject({ derived: [perCapita] });
    const bad = parseBinding(`${BLOCK_SETTING_PREFIX}EconData_x`, JSON.stringify({ ...binding, derived: [{ ...perCapita, expression: 'a/*b' }] }));
    expect(bad).toMatchObject({ key: `${BLOCK_SETTING_PREFIX}EconData_x` });
    expect((bad as { reason: string }).reason).toMatch(/^its formula "a\/\*b" is refused \(.*position 3/);
    expect(parseBinding('k', JSON.stringify({ ...binding, derived: 'a/b' }))).toEqual({ key: 'k', reason: 'its formulas are not a list' });
  });
});
