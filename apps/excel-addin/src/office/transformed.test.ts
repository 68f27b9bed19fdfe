/**
 * A transformed block through office-addin-mock: inserted from the widened fetch with the
 * transform applied back to the asked years (exact cells, the Transform row of the provenance
 * block, the binding), then refreshed: the same transform fetched and applied again, revised
 * values highlighted.
 */
import { seriesId, type Series, type SeriesQuery, type SeriesResult } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { BLOCK_SETTING_PREFIX, parseBinding } from './bindings.ts';
import { REVISED_FILL } from './block-writer.ts';
import { insertBlock } from './insert.ts';
import { listBlocks, refreshBlocks } from './refresh.ts';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { gdpQuery, gdpSeries } from '../../test/support/fixtures.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';
import { fetchShown, planShown } from '@econdata/analysis';

/** gdpQuery (2020-2023) widened for Units=pc1: 2019 too. */
const widened: SeriesQuery = { ...gdpQuery, start_year: 2019 } as SeriesQuery;

/** WB GDP levels 2019-2023 as the service would answer the widened query. */
function levels(values: number[]): Series {
  const base = gdpSeries();
  return { ...base, id: seriesId(widened), periods: ['2019', '2020', '2021', '2022', '2023'], values: [values], provenance: { ...base.provenance, query: widened } };
}

function fetching(values: number[]): ((q: SeriesQuery[]) => Promise<SeriesResult[]>) & { asked: SeriesQuery[][] } {
  const asked: SeriesQuery[][] = [];
  const f = async (queries: SeriesQuery[]): Promise<SeriesResult[]> => {
    asked.push(queries);
    return queries.map(() => ({ ok: true, series: levels(values) }));
  };
  return Object.assign(f, { asked });
}

const pc1 = (a: number, b: number): number => (b / a - 1) * 100;
const v = (model: WorkbookModel, a1: string): unknown => {
  const m = /^([A-Z])(\d+)$/.exec(a1)!;
  return model.sheets[0]?.cell(Number(m[2]) - 1, m[1]!.charCodeAt(0) - 65)?.value;
};

describe('a transformed block (office-addin-mock)', () => {
  const first = [100, 110, 121, 133.1, 146.41];
  it('inserts the asked years of the transformed series, says the transform in the provenance block, and keeps it in the binding', async () => {
    expect(planShown([gdpQuery], 'Units=pc1').queries).toEqual([widened]);
    const fetch = fetching(first);
    const [result] = await fetchShown(fetch, [gdpQuery], 'Units=pc1', { calendar: 'own' });
    expect(fetch.asked).toEqual([[widened]]);
    if (!result?.ok) throw new Error('expected a series');
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const block = await insertBlock(mockExcel(model), [result.series], [gdpQuery], { transform: 'Units=pc1', now: new Date('2026-11-22T19:00:00Z') });

    expect(block.address).toBe('Sheet1!B2:C24');
    expect([v(model, 'B3'), v(model, 'C3')]).toEqual(['Title', 'GDP (current US$): Viet Nam, % change from a year ago']);
    expect([v(model, 'B14'), v(model, 'C14')]).toEqual(['Query', '/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2020&end_year=2023']);
    expect([v(model, 'B15'), v(model, 'C15')]).toEqual(['Transform', 'Units=pc1']);
    expect([v(model, 'B17'), v(model, 'C17')]).toEqual(['Unit', '%']);
    expect([v(model, 'B20'), v(model, 'C20')]).toEqual(['Period', 'GDP (current US$): Viet Nam, % change from a year ago']);
    expect([21, 22, 23, 24].map((r) => [v(model, `B${r}`), v(model, `C${r}`)])).toEqual([
      [43831, pc1(100, 110)], [44197, pc1(110, 121)], [44562, pc1(121, 133.1)], [44927, pc1(133.1, 146.41)],
    ]);
    expect(model.sheets[0]?.cell(20, 2)?.numberFormat).toBe('0.00"%"');
    expect(parseBinding('k', model.settings.get(BLOCK_SETTING_PREFIX + block.binding.table))).toMatchObject({ queries: [gdpQuery], transform: 'Units=pc1' });
  });

  it('Refresh fetches the widened query again, re-applies the transform, highlights the revised growth and keeps the transform', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const [inserted] = await fetchShown(fetching(first), [gdpQuery], 'Units=pc1', { calendar: 'own' });
    if (!inserted?.ok) throw new Error('expected a series');
    await insertBlock(mockExcel(model), [inserted.series], [gdpQuery], { transform: 'Units=pc1' });
    const excel = mockExcel(model);
    const { blocks } = await listBlocks(excel);
    expect(blocks.map((b) => b.transform)).toEqual(['Units=pc1']);

    const revised = [100, 110, 125, 133.1, 146.41]; // 2021 revised: 2021 and 2022 growth change
    const fetch = fetching(revised);
    const result = await refreshBlocks(excel, blocks, fetch, { now: new Date('2026-11-22T19:30:00Z') });
    expect(fetch.asked).toEqual([[widened]]);
    expect([21, 22, 23, 24].map((r) => v(model, `C${r}`))).toEqual([pc1(100, 110), pc1(110, 125), pc1(125, 133.1), pc1(133.1, 146.41)]);
    expect([21, 22, 23, 24].map((r) => model.sheets[0]?.cell(r - 1, 2)?.fill)).toEqual([undefined, REVISED_FILL, REVISED_FILL, undefined]);
    expect([v(model, 'B15'), v(model, 'C15')]).toEqual(['Transform', 'Units=pc1']);
    expect(result.blocks[0]?.binding).toMatchObject({ transform: 'Units=pc1', queries: [gdpQuery] });
    expect((await listBlocks(excel)).blocks.map((b) => b.transform)).toEqual(['Units=pc1']);
  });

  it('a stored transform the engine refuses makes the binding unusable, saying why', () => {
    const stored = JSON.stringify({ id: 'x', table: 'EconData_x', title: 't', queries: [gdpQuery], transform: 'Units=nope', layout: { orientation: 'wide', headRows: 18, columns: 2 } });
    expect(parseBinding('k', stored)).toEqual({ key: 'k', reason: 'its transform "Units=nope" is refused (Invalid Units "nope": expected one of lin, chg, ch1, pch, pc1, pca, cch, cca, log.)' });
  });
});
