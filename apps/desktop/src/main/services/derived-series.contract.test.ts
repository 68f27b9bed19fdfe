/**
 * Derived series in the explorer's main process, against the embedded sandbox on the real data over
 * real HTTP: every operand in one batched job, values checked against an independent division, the
 * series saved to the library with its recipe and re-run to the same values, refusals as sentences.
 */
import { presetRequest, type DerivedRequest } from '@econdata/analysis';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { realDataDir } from '../../../../../test/support/paths.ts';
import { GDP_TH, GDP_VN, useMain } from '../../../test/support/harness.ts';

const ok = (r: { ok: boolean }): Series => {
  if (!('series' in r)) throw new Error(`expected a series, got ${JSON.stringify(r)}`);
  return (r as { series: Series }).series;
};
const byPeriod = (s: Series): Record<string, number | null> => Object.fromEntries(s.periods.map((p, i) => [p, s.values[0]![i] ?? null]));

const perCapita = (gdp: typeof GDP_VN | typeof GDP_TH): DerivedRequest => presetRequest('per_capita', { query: gdp });
const POP_VN = { ...GDP_VN, indicator: 'SP.POP.TOTL' } as const;
const PCAP_VN = { ...GDP_VN, indicator: 'NY.GDP.PCAP.CD' } as const;

describe.skipIf(!realDataDir)(realDataDir ? 'derived series in the explorer (real data)' : 'derived series in the explorer (skipped: no real data folder beside the checkout)', () => {
  const main = useMain();

  it('computes GDP per capita of VN and TH with every operand in one batch request, equal to GDP / population and to the World Bank\'s own within rounding', async () => {
    const { services, embedded, events } = await main.make();
    const answer = await services.dispatch('series.derive', { jobId: 'pc', requests: [perCapita(GDP_VN), perCapita(GDP_TH)] });
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    const [vn, th] = (answer.value as Array<{ ok: boolean }>).map(ok);
    // One request for four operands (GDP and population of two countries): the planner batched them.
    expect(embedded[0]!.stats().received).toBe(1);
    expect(events.filter((e) => e.type === 'progress' && e.jobId === 'pc').map((e) => e.type === 'progress' && [e.loaded, e.total])).toEqual([[0, 1], [1, 1]]);
    expect(vn!.columns[0]!.unit).toBe('current US$ per person');
    expect(vn!.provenance.derivation).toMatchObject({ expression: 'a/b', operands: [{ name: 'a', query: GDP_VN }, { name: 'b', query: POP_VN }] });
    expect(th!.dimensions['country']).toBe('TH');
    // Independently: the two operands fetched as plain series, divided here.
    const [gdp, pop, pcap] = (await services.handlers['series.fetch']({ queries: [GDP_VN, POP_VN, PCAP_VN] })).map(ok);
    const [g, p, wb] = [byPeriod(gdp!), byPeriod(pop!), byPeriod(pcap!)];
    expect(vn!.title).toBe(`${gdp!.title}, per capita`);
    expect(vn!.periods).toEqual(['2015', '2016', '2017', '2018', '2019', '2020']);
    expect(vn!.values[0]).toEqual(vn!.periods.map((y) => g[y]! / p[y]!));
    for (const [i, y] of vn!.periods.entries()) expect(Math.abs(vn!.values[0]![i]! / wb[y]! - 1)).toBeLessThan(0.005);
  });

  it('saves a derived series to the library with its recipe, and a re-run computes the same values again', async () => {
    const { services, embedded } = await main.make();
    const request = { ...perCapita(GDP_VN), transform: 'Units=pc1' };
    const shown = ok((await services.handlers['series.derive']({ requests: [request] }))[0]!);
    const written = await services.dispatch('exports.writeLocal', { queries: [GDP_VN, POP_VN], derived: [request], format: 'xlsx', name: 'GDP per capita growth', destination: 'library' });
    if (!written.ok) throw new Error(JSON.stringify(written.error));
    const saved = (written.value as { saved: { id: string; derived: unknown; queries: unknown; transform?: string } }).saved;
    expect(saved.derived).toEqual([request]);
    expect(saved.queries).toEqual([GDP_VN, { ...POP_VN }]);
    expect(saved.transform).toBeUndefined();
    const opened = await services.handlers['library.open']({ id: saved.id });
    expect(opened.series.map((s) => s.values)).toEqual([shown.values]);
    expect(opened.series[0]!.provenance.derivation?.expression).toBe('a/b');

    const before = embedded[0]!.stats().received;
    const again = await services.handlers['library.rerun']({ id: saved.id });
    // A re-run goes to the service (past the cache): one batch request for both operands.
    expect(embedded[0]!.stats().received).toBe(before + 1);
    expect(again).toMatchObject({ rerun_of: saved.id, derived: [request] });
    const reopened = await services.handlers['library.open']({ id: again.id });
    expect(reopened.series.map((s) => s.values)).toEqual([shown.values]);
    expect(reopened.series[0]!.title).toBe(shown.title);
    expect(await services.handlers['library.compare']({ olderId: saved.id, newerId: again.id })).toMatchObject({ changed: [], seriesAdded: [], seriesRemoved: [] });
  });

  it('names a derived series in the language chosen for series names: GSO\'s Vietnamese name and the preset\'s Vietnamese words', async () => {
    const { services } = await main.make();
    const gdp = { kind: 'indicator', source: 'GSO', indicator: 'GDP.TOTAL.VALUE', frequency: 'quarterly', start_year: 2020, end_year: 2024 } as const;
    const [en] = (await services.handlers['series.derive']({ requests: [presetRequest('per_capita', { query: gdp })] })).map(ok);
    await services.handlers['settings.setPreferences']({ nameLanguage: 'vi' });
    const [vi] = (await services.handlers['series.derive']({ requests: [presetRequest('per_capita', { query: gdp })] })).map(ok);
    expect(en!.title).toBe('Gross domestic product at constant 2010 prices: TOTAL GDP, value for the quarter: Vietnam, per capita');
    expect(vi!.title).toBe('Tổng sản phẩm trong nước theo giá so sánh 2010: TỔNG SỐ, giá trị trong quý: Vietnam, bình quân đầu người');
    expect(vi!.values).toEqual(en!.values);
  });

  it('refuses a currency conversion of a percentage with a sentence, for that series alone', async () => {
    const { services } = await main.make();
    const inflation = { kind: 'indicator', source: 'WB', indicator: 'FP.CPI.TOTL.ZG', country: 'VN', start_year: 2015, end_year: 2020 } as const;
    const [refused, fine] = await services.handlers['series.derive']({ requests: [presetRequest('usd', { query: inflation }), perCapita(GDP_VN)] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
    expect((refused as { error: { message: string } }).error.message).toMatch(/^a \(Inflation, consumer prices \(annual %\)\) is in .*%.*, a percentage: it has no currency, so an exchange rate cannot convert it\./);
    expect(fine!.ok).toBe(true);
  });

  it('refuses a bad expression naming its position before any request', async () => {
    const { services, embedded } = await main.make();
    const answer = await services.dispatch('series.derive', { requests: [{ expression: 'a/*b', operands: [{ name: 'a', query: GDP_VN }, { name: 'b', query: POP_VN }] }] });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
    expect((answer as { error: { message: string } }).error.message).toMatch(/position 3/);
    const estimate = await services.dispatch('series.estimate', { queries: [], derived: [perCapita(GDP_VN), perCapita(GDP_TH)] });
    expect(estimate).toMatchObject({ ok: true, value: { requests: 1 } });
    expect(embedded[0]?.stats().received ?? 0).toBe(0);
  });
});
