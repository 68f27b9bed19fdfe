/**
 * @econdata/analysis on real data fetched from the sandbox over HTTP: the query widened by
 * widenQuery, the answer transformed by applyTransform, and each result compared with values this
 * test computes itself from the untransformed data (plain loops, not the engine), or with the
 * figure the statistical office published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTransform, widenQuery } from '@econdata/analysis';
import { EconDataClient, type Series, type SeriesQuery } from '@econdata/core';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';

describe.skipIf(!realDataDir)('analysis on real data through the sandbox', () => {
  let sb: Sandbox;
  let client: EconDataClient;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dataDir: realDataDir!, seed: 1 });
    client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' });
  });
  afterAll(async () => {
    await sb.close();
  });

  async function fetchOne(q: SeriesQuery): Promise<Series> {
    const [r] = await client.fetchSeries([q]);
    if (!r!.ok) throw r!.error;
    return r!.series;
  }

  /** Column `key` of a Series as period -> value (nulls left out). */
  const byPeriod = (s: Series, key: string): Map<string, number> => {
    const c = s.columns.findIndex((col) => col.key === key);
    const out = new Map<string, number>();
    s.periods.forEach((p, i) => {
      const v = s.values[c]![i];
      if (v !== null && v !== undefined) out.set(p, v);
    });
    return out;
  };

  it('World Bank GDP of Vietnam, % change from a year ago, 2000-2023: the first asked year is defined', async () => {
    const asked: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2023 };
    const fetched = widenQuery(asked, 'Units=pc1');
    expect(fetched).toEqual({ ...asked, start_year: 1999 });
    const levels = await fetchOne(fetched);
    const out = applyTransform(levels, 'Units=pc1', asked);
    expect(out.periods).toEqual(Array.from({ length: 24 }, (_, i) => String(2000 + i)));
    expect(out.title).toBe('GDP (current US$): Vietnam, % change from a year ago');
    expect(out.columns[0]!.unit).toBe('%');
    expect(out.provenance.transform).toBe('Units=pc1');
    const level = byPeriod(levels, 'value');
    out.periods.forEach((p, i) => {
      const expected = (level.get(p)! / level.get(String(Number(p) - 1))! - 1) * 100;
      expect(out.values[0]![i]).toBeCloseTo(expected, 10);
    });
    // 2023 over 2022: 429.7 bn vs 410.3 bn US$ (WDI), about 4.7 %.
    expect(out.values[0]![23]).toBeGreaterThan(4);
    expect(out.values[0]![23]).toBeLessThan(5.5);
  });

  it('GSO quarterly GDP at constant prices: pc1 of the levels agrees with GSO\'s published yoy_pct where the levels are comparable', async () => {
    const asked: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'GDP.TOTAL.VALUE', frequency: 'quarterly', start_year: 2015, end_year: 2020 };
    const levels = await fetchOne(widenQuery(asked, 'Units=pc1'));
    expect(levels.periods[0]).toBe('2014-Q1');
    const growth = applyTransform(levels, 'Units=pc1', asked);
    const published = byPeriod(await fetchOne({ ...asked, indicator: 'GDP.TOTAL.YOY' }), 'value');
    expect(growth.periods).toHaveLength(24);
    const level = byPeriod(levels, 'value');
    let recent = 0;
    growth.periods.forEach((p, i) => {
      const [y, q] = p.split('-Q') as [string, string];
      const ours = (level.get(p)! / level.get(`${Number(y) - 1}-Q${q}`)! - 1) * 100;
      expect(growth.values[0]![i]).toBeCloseTo(ours, 10);
      // The levels are first estimates and yoy_pct carries GSO's revisions: measured on this data,
      // within 1.09 points for 2015-2017 and 0.18 from 2018-Q1 (PROVENANCE.md's "0.6" and "0.1" are
      // slightly optimistic), and the Q4 figures from 2018 agree to 0.001.
      const gap = Math.abs(growth.values[0]![i]! - published.get(p)!);
      expect(gap).toBeLessThan(p >= '2018-Q1' ? 0.18 : 1.09);
      if (p >= '2018-Q1') recent += gap / 12;
      if (p >= '2018-Q4' && q === '4') expect(gap).toBeLessThan(1e-3);
    });
    expect(recent).toBeLessThan(0.1);
  });

  it('monthly customs exports summed to years agree with December\'s year-to-date value', async () => {
    const monthly = await fetchOne({ kind: 'trade', flow: 'exports' });
    const annual = applyTransform(monthly, 'Per=A');
    expect(annual.columns.map((c) => c.label)).toEqual(['Exports, annual sum', 'Exports, year to date, annual end of period']);
    const sums = byPeriod(annual, 'exports.value');
    const ytdEop = byPeriod(annual, 'exports.ytd_value');
    const value = byPeriod(monthly, 'exports.value');
    const ytd = byPeriod(monthly, 'exports.ytd_value');
    // Independently: the years with all twelve months, and their December year-to-date figure.
    const complete: string[] = [];
    for (let y = 2013; y <= 2025; y++) {
      const ms = Array.from({ length: 12 }, (_, m) => `${y}-${String(m + 1).padStart(2, '0')}`);
      if (ms.every((m) => value.has(m))) complete.push(String(y));
    }
    expect(complete).toEqual(['2017', '2018', '2020', '2021', '2022', '2024']); // the file's gaps: PROVENANCE.md
    expect([...sums.keys()]).toEqual(complete); // incomplete years are not summed
    for (const y of complete) {
      let sum = 0;
      for (let m = 1; m <= 12; m++) sum += value.get(`${y}-${String(m).padStart(2, '0')}`)!;
      expect(sums.get(y)).toBeCloseTo(sum, 9);
      const december = ytd.get(`${y}-12`);
      if (december === undefined) continue;
      expect(ytdEop.get(y)).toBe(december);
      // Year to date includes revisions of earlier months (PROVENANCE.md): within 1 %.
      expect(Math.abs(sum / december - 1)).toBeLessThan(0.01);
    }
    // 2024: the year's exports, about 405 bn US$ by customs.
    expect(sums.get('2024')).toBeGreaterThan(400);
    expect(sums.get('2024')).toBeLessThan(410);
  });

  it('VNM daily closes to monthly end of period: the last close of each month, partial end months dropped', async () => {
    const daily = await fetchOne({ kind: 'stock', symbol: 'VNM' });
    const monthly = applyTransform(daily, 'Per=M');
    expect(monthly.frequency).toBe('monthly');
    // Independently: the last close of each month, and each month's trading-day count.
    const last = new Map<string, number>();
    const days = new Map<string, number>();
    const close = daily.columns.findIndex((c) => c.key === 'close');
    daily.periods.forEach((d, i) => {
      const month = d.slice(0, 7);
      days.set(month, (days.get(month) ?? 0) + 1);
      const v = daily.values[close]![i];
      if (v !== null && v !== undefined) last.set(month, v);
    });
    const months = [...days.keys()];
    const kept = months.filter((m, i) => (i > 0 && i < months.length - 1) || days.get(m)! >= 17);
    expect(monthly.periods).toEqual(kept);
    expect(kept[0]).toBe('2019-10'); // September 2019 has 3 trading days in the file
    expect(kept.at(-1)).toBe('2025-10'); // November 2025 stops on the 12th
    const ours = byPeriod(monthly, 'close');
    for (const m of kept) expect(ours.get(m)).toBe(last.get(m));
  });
});
