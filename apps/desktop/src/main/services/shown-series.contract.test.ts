import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { GDP_TH, GDP_VN, useMain } from '../../../test/support/harness.ts';

/** The first column of a series as period -> value. */
const byPeriod = (s: Series): Record<string, number | null> => Object.fromEntries(s.periods.map((p, i) => [p, s.values[0]![i] ?? null]));
const ok = (r: { ok: boolean }): Series => {
  if (!('series' in r)) throw new Error(`expected a series, got ${JSON.stringify(r)}`);
  return (r as { series: Series }).series;
};

// Retail sales of Viet Nam, monthly (GSO, billion VND): the faster series of a mixed chart.
const RETAIL = { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE', frequency: 'monthly', start_year: 2016, end_year: 2019 } as const;

describe('what the explorer shows: transformed, at one frequency, and the same in exports and re-runs', () => {
  const main = useMain();

  it('fetches WB GDP of VN and TH as % change from a year ago in one job, widened a year back, computed as FRED does', async () => {
    const { services, embedded, events } = await main.make();
    const [vn, th] = (await services.handlers['series.fetch']({ jobId: 'pc1', queries: [GDP_VN, GDP_TH], transform: 'units=PC1' })).map(ok);
    // Independently: the levels of 2014-2020, and (x(t)/x(t-1) - 1) * 100 here.
    const levels = (await services.handlers['series.fetch']({ queries: [{ ...GDP_VN, start_year: 2014 }, { ...GDP_TH, start_year: 2014 }] })).map(ok);
    for (const [shown, level] of [[vn!, levels[0]!], [th!, levels[1]!]] as const) {
      const x = byPeriod(level);
      expect(shown.periods).toEqual(['2015', '2016', '2017', '2018', '2019', '2020']);
      expect(shown.values[0]).toEqual(shown.periods.map((p) => (x[p]! / x[String(Number(p) - 1)]! - 1) * 100));
      expect(shown.columns[0]!.unit).toBe('%');
      expect(shown.title).toMatch(/, % change from a year ago$/);
      expect(shown.provenance.transform).toBe('Units=pc1');
      expect(shown.provenance.query).toEqual(shown === vn ? GDP_VN : GDP_TH);
    }
    // One batch request for both countries, progress as requests done of planned.
    expect(events.filter((e) => e.type === 'progress' && e.jobId === 'pc1').map((e) => e.type === 'progress' && [e.loaded, e.total])).toEqual([[0, 1], [1, 1]]);
    // One request in all: the 2014-2020 levels are what the widened fetch asked for, so the cache answers them.
    expect(embedded[0]!.stats().received).toBe(1);
  });

  it('writes the chart to the library with its transform, and a re-run reproduces the same values', async () => {
    const { services } = await main.make();
    const shown = (await services.handlers['series.fetch']({ queries: [GDP_VN, GDP_TH], transform: 'Units=pc1' })).map(ok);
    const written = await services.handlers['exports.writeLocal']({ queries: [GDP_VN, GDP_TH], transform: 'Units=pc1', format: 'xlsx', name: 'GDP growth', destination: 'library' });
    expect(written.saved).toMatchObject({ transform: 'Units=pc1', queries: [GDP_VN, GDP_TH] });
    expect(written.saved!.series.map((s) => s.provenance.transform)).toEqual(['Units=pc1', 'Units=pc1']);
    const opened = await services.handlers['library.open']({ id: written.saved!.id });
    expect(opened.series.map((s) => s.values)).toEqual(shown.map((s) => s.values));

    const again = await services.handlers['library.rerun']({ id: written.saved!.id });
    expect(again).toMatchObject({ transform: 'Units=pc1', rerun_of: written.saved!.id });
    expect((await services.handlers['library.open']({ id: again.id })).series.map((s) => s.values)).toEqual(shown.map((s) => s.values));
    const diff = await services.handlers['library.compare']({ olderId: written.saved!.id, newerId: again.id });
    expect(diff).toMatchObject({ changed: [], seriesAdded: [], seriesRemoved: [] });

    const csv = await services.handlers['exports.writeLocal']({ queries: [GDP_VN], transform: 'Units=pc1', format: 'csv', name: 'growth', destination: 'library' });
    expect((await services.handlers['library.open']({ id: csv.saved!.id })).series[0]!.values).toEqual(shown[0]!.values);
  });

  it('shows a monthly and an annual series together at the annual frequency, the conversion named', async () => {
    const { services } = await main.make();
    const gdp = { ...GDP_VN, start_year: 2016, end_year: 2019 };
    const [retail, annual] = (await services.handlers['series.fetch']({ queries: [RETAIL, gdp] })).map(ok);
    expect([retail!.frequency, annual!.frequency]).toEqual(['annual', 'annual']);
    expect(retail!.provenance.transform).toBe('Per=A');
    expect(retail!.title).toMatch(/annual average/);
    expect(annual!.provenance.transform).toBeUndefined();
    // Independently: the mean of each year's twelve months.
    const monthly = ok((await services.handlers['series.fetch']({ queries: [RETAIL] }))[0]!);
    const months = byPeriod(monthly);
    expect(retail!.periods).toEqual(['2016', '2017', '2018', '2019']);
    expect(retail!.values[0]).toEqual(retail!.periods.map((y) => {
      const v = Array.from({ length: 12 }, (_, m) => months[`${y}-${String(m + 1).padStart(2, '0')}`]!);
      return v.reduce((a, b) => a + b, 0) / 12;
    }));
    // With a transform, Units apply at the shown frequency: growth of the annual averages.
    const [growth] = (await services.handlers['series.fetch']({ queries: [RETAIL, gdp], transform: 'Units=pch' })).map(ok);
    expect(growth!.provenance.transform).toBe('Per=A Units=pch');
    expect(growth!.values[0]![1]).toBe((retail!.values[0]![1]! / retail!.values[0]![0]! - 1) * 100);
  });

  it('converts GSO series asked at the service default once their frequencies are known (monthly and quarterly: quarterly)', async () => {
    const { services } = await main.make();
    const { frequency: _f, ...asPublished } = RETAIL;
    const gdp = { kind: 'indicator', source: 'GSO', indicator: 'GDP.TOTAL.VALUE', start_year: 2016, end_year: 2019 } as const;
    const [retail, quarterly] = (await services.handlers['series.fetch']({ queries: [asPublished, gdp] })).map(ok);
    expect([retail!.frequency, quarterly!.frequency, retail!.provenance.transform, quarterly!.provenance.transform]).toEqual(['quarterly', 'quarterly', 'Per=Q', undefined]);
    expect(retail!.periods[0]).toBe('2016-Q1');
  });

  it('warns on a % change of a percentage, refuses per query what the engine refuses, and bad text before anything', async () => {
    const { services, embedded } = await main.make();
    const inflation = { ...GDP_VN, indicator: 'FP.CPI.TOTL.ZG' };
    // No value in 1950 (World Bank series start in 1960): refused for each query, as the engine says.
    const [pct, refused] = await services.handlers['series.fetch']({ queries: [inflation, GDP_VN], transform: 'Units=pc1 Rebase=1950' });
    expect(pct).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'Rebase' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'Rebase' } });
    const [warned] = (await services.handlers['series.fetch']({ queries: [inflation], transform: 'Units=pc1' })).map(ok);
    expect(warned!.provenance.warnings?.join(' ')).toMatch(/ch1/);
    const [monthly] = await services.handlers['series.fetch']({ queries: [GDP_VN], transform: 'Per=M' });
    expect(monthly).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'Per' } });
    const sent = embedded[0]!.stats().received;
    const bad = await services.dispatch('series.fetch', { queries: [GDP_VN], transform: 'Units=pc2' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'Units' } });
    expect(embedded[0]!.stats().received).toBe(sent);
  });

  it('sends each series with its periods\' starts in UTC seconds: exact, carried by Electron\'s structured clone, left out of web mode\'s JSON', async () => {
    const { services } = await main.make();
    const { frequency: _f, ...retail } = RETAIL;
    const gdp = { kind: 'indicator', source: 'GSO', indicator: 'GDP.TOTAL.VALUE', start_year: 2016, end_year: 2019 } as const;
    // Transformed (the monthly retail sales brought to GSO GDP's quarters), and as fetched (WB's annual GDP).
    const results = [...await services.handlers['series.fetch']({ queries: [retail, gdp], transform: 'Units=pc1' }), ...await services.handlers['series.fetch']({ queries: [GDP_VN] })];
    const expected = (s: Series): number[] => s.periods.map((p) => Date.parse(`${s.frequency === 'annual' ? `${p}-01-01` : s.frequency === 'quarterly' ? `${p.slice(0, 4)}-${String((Number(p[6]) - 1) * 3 + 1).padStart(2, '0')}-01` : `${p}-01`}T00:00:00Z`) / 1000);
    const frequencies: string[] = [];
    for (const r of results) {
      if (!r.ok) throw new Error(`expected a series, got ${JSON.stringify(r)}`);
      frequencies.push(r.series.frequency);
      expect(r.starts).toBeInstanceOf(Float64Array);
      expect([...r.starts!]).toEqual(expected(r.series));
      const cloned = structuredClone(r);
      expect(cloned.starts).toBeInstanceOf(Float64Array);
      expect([...cloned.starts!]).toEqual(expected(r.series));
      expect(JSON.parse(JSON.stringify(r))).toEqual({ ok: true, series: JSON.parse(JSON.stringify(r.series)) });
    }
    expect(frequencies).toEqual(['quarterly', 'quarterly', 'annual']);
  });
});
