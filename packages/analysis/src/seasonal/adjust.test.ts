import fc from 'fast-check';
import type { Series, SeriesQuery } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { periodAt } from '../calendar/calendar.ts';
import { makeSeries, months, quarters, years } from '../testing/make-series.ts';
import { thrown } from '../testing/thrown.ts';
import { applyTransform } from '../transform/apply.ts';
import { tetDay } from './tet.ts';
import { seasonalSettings } from './adjust.ts';
import { parseTransform } from '../transform/spec.ts';

const PATTERN = [0.06, -0.09, 0.02, 0.01, -0.01, 0.03, -0.02, 0.0, 0.01, 0.02, -0.04, 0.01];

/** A monthly series from 2010-01: trend × seasonal pattern × noise, as levels. */
function monthly(count: number, f: (i: number) => number = (i) => 100 * Math.exp(0.004 * i + PATTERN[i % 12]! + 0.01 * Math.sin(i * 1.7))): Series {
  return makeSeries({ frequency: 'monthly', periods: months(2010, 1, count), columns: { value: Array.from({ length: count }, (_, i) => f(i)) }, unit: 'billion VND' });
}

const gso = (from?: number, to?: number): SeriesQuery => ({ kind: 'indicator', source: 'GSO', indicator: 'X', frequency: 'monthly', ...(from ? { start_year: from } : {}), ...(to ? { end_year: to } : {}) });

describe('SA: seasonal adjustment in applyTransform', () => {
  it('says what it did: title, label, unit kept, and the method in the provenance', () => {
    const out = applyTransform(monthly(72), 'SA=stl');
    expect(out.title).toBe('GDP, seasonally adjusted');
    expect(out.columns[0]).toEqual({ key: 'value', label: 'GDP, seasonally adjusted', unit: 'billion VND' });
    expect(out.provenance.transform).toBe('SA=stl');
    expect(out.provenance.warnings).toEqual(['GDP: seasonally adjusted with STL, multiplicative (on natural logarithms: every value is above zero); period 12, seasonal 7, trend 23, low-pass 13, not robust; on 2010-01 to 2015-12.']);
    expect(applyTransform(monthly(72), 'SA=tet').title).toBe('GDP, seasonally adjusted, Tết removed');
  });

  it('is additive when a value is at or below zero (a trade balance)', () => {
    const out = applyTransform(monthly(60, (i) => PATTERN[i % 12]! * 10 + 0.01 * i - 0.1), 'SA=stl');
    expect(out.provenance.warnings![0]).toContain('additive (the series has values at or below zero)');
    // y − seasonal: the pattern is gone, the small trend is left.
    const v = out.values[0] as number[];
    for (let i = 13; i < 47; i++) expect(Math.abs(v[i]! - (0.01 * i - 0.1))).toBeLessThan(0.05);
  });

  it('removes a seasonal pattern: the adjusted series of trend × pattern is the trend', () => {
    const out = applyTransform(monthly(96, (i) => 100 * Math.exp(0.005 * i + PATTERN[i % 12]!)), 'SA=stl');
    (out.values[0] as number[]).forEach((v, i) => expect(v / (100 * Math.exp(0.005 * i))).toBeCloseTo(1, 6));
  });

  it('runs on the full history and then keeps the asked range: 2013-2014 equals those years of the full result', () => {
    const full = applyTransform(monthly(96), 'SA=tet');
    const part = applyTransform(monthly(96), 'SA=tet', gso(2013, 2014));
    expect(part.periods).toEqual(months(2013, 1, 24));
    expect(part.values[0]).toEqual(full.values[0]!.slice(36, 60));
  });

  it('uses the longest stretch of consecutive observations holding the asked range; missing values around it stay missing', () => {
    const values: Array<number | null> = monthly(120).values[0]!.slice();
    values[0] = null; // leading missing: trimmed, stays missing
    values[20] = null; // a gap before the stretch
    values[119] = null; // trailing missing
    const s = makeSeries({ frequency: 'monthly', periods: months(2010, 1, 120), columns: { value: values } });
    const out = applyTransform(s, 'SA=stl', gso(2013, 2016));
    expect(out.provenance.warnings![0]).toContain('on 2011-10 to 2019-11');
    const alone = applyTransform(makeSeries({ frequency: 'monthly', periods: months(2011, 10, 98), columns: { value: values.slice(21, 119) } }), 'SA=stl');
    expect(out.values[0]).toEqual(alone.values[0]!.slice(15, 63));
    // Without an asked range the stretch is the whole series: its interior gap is refused.
    expect(thrown(() => applyTransform(s, 'SA=stl')).message).toBe('SA needs consecutive observations: GDP has no value for 2011-09. Ask for a range without the gap, or leave out SA.');
    // Leading and trailing missing values alone are trimmed, and stay missing.
    const ends = makeSeries({ frequency: 'monthly', periods: months(2010, 1, 60), columns: { value: [null, ...monthly(58).values[0]!, null] } });
    const trimmed = applyTransform(ends, 'SA=stl');
    expect(trimmed.values[0]![0]).toBeNull();
    expect(trimmed.values[0]![59]).toBeNull();
    expect(trimmed.values[0]!.slice(1, 59)).toEqual(applyTransform(monthly(58), 'SA=stl').values[0]);
  });

  it('refuses a gap inside the asked range, a null or a period absent from the axis, naming it', () => {
    const values = monthly(72).values[0]!.slice();
    values[30] = null;
    const withNull = makeSeries({ frequency: 'monthly', periods: months(2010, 1, 72), columns: { value: values } });
    const e = thrown(() => applyTransform(withNull, 'SA=stl', gso(2011, 2013)));
    expect(e.parameter).toBe('SA');
    expect(e.message).toContain('GDP has no value for 2012-07 (inside the asked range)');
    const periods = months(2010, 1, 72).filter((p) => p !== '2012-02');
    const absent = makeSeries({ frequency: 'monthly', periods, columns: { value: monthly(71).values[0]! } });
    expect(thrown(() => applyTransform(absent, 'SA=stl', gso(2011, 2013))).message).toContain('has no value for 2012-02');
  });

  it('refuses fewer than three years of consecutive observations', () => {
    expect(thrown(() => applyTransform(monthly(35), 'SA=stl')).message).toBe('SA needs at least three years of consecutive observations (36 months); GDP has 35 (2010-01 to 2012-11).');
    const q = makeSeries({ frequency: 'quarterly', periods: quarters(2015, 1, 11), columns: { value: Array.from({ length: 11 }, (_, i) => 100 + i) } });
    expect(thrown(() => applyTransform(q, 'SA=stl')).message).toContain('(12 quarters); GDP has 11');
    expect(applyTransform(monthly(36), 'SA=stl').values[0]).toHaveLength(36);
  });

  it('refuses annual and daily series', () => {
    const annual = makeSeries({ frequency: 'annual', periods: years(2000, 2020), columns: { value: years(2000, 2020).map(Number) } });
    expect(thrown(() => applyTransform(annual, 'SA=stl')).message).toBe('SA adjusts monthly and quarterly series; this one is annual (a year has no seasons to take out).');
    const daily = makeSeries({ kind: 'stock', frequency: 'daily', periods: ['2024-01-02', '2024-01-03'], columns: { close: [1, 2] } });
    expect(thrown(() => applyTransform(daily, 'SA=stl')).message).toBe('SA adjusts monthly and quarterly series; this one is daily (convert it first, e.g. "Per=M SA=stl").');
  });

  it('comes after Level and Per, before Units: SA=tet Units=pch is the month-on-month change of the adjusted series', () => {
    const s = monthly(72);
    const sa = applyTransform(s, 'SA=tet').values[0] as number[];
    const out = applyTransform(s, 'Units=pch SA=tet');
    expect(out.provenance.transform).toBe('SA=tet Units=pch');
    expect(out.title).toBe('GDP, seasonally adjusted, Tết removed, % change');
    expect(out.values[0]![0]).toBeNull();
    for (let i = 1; i < 72; i++) expect(out.values[0]![i]).toBeCloseTo((sa[i]! / sa[i - 1]! - 1) * 100, 10);
    const quarterly = applyTransform(s, 'Per=Q SA=stl');
    expect(quarterly.frequency).toBe('quarterly');
    expect(quarterly.provenance.warnings![0]).toContain('period 4, seasonal 7, trend 9, low-pass 5');
  });

  it('Level=pch before SA: the index chains from the stretch around the asked range, 100 at its first month', () => {
    const rates = [null, ...Array.from({ length: 60 }, (_, i) => 0.5 + PATTERN[i % 12]! * 10)];
    const periods = months(2014, 2, 61).filter((p) => p !== '2015-05');
    const s = makeSeries({ frequency: 'monthly', periods, columns: { value: rates.filter((_, i) => i !== 15) }, unit: 'percent, change vs previous month' });
    const out = applyTransform(s, 'Level=pch SA=stl', gso(2016, 2018));
    expect(out.columns[0]!.unit).toBe('index, 2015-06 = 100');
    expect(out.provenance.warnings!.at(-1)).toContain('on 2015-06 to 2019-02');
  });

  it('a quarterly series: SA=tet is STL alone, and says so', () => {
    const q = makeSeries({ frequency: 'quarterly', periods: quarters(2014, 1, 44), columns: { value: Array.from({ length: 44 }, (_, i) => 100 * Math.exp(0.01 * i + [0.05, -0.02, 0.01, -0.04][i % 4]!)) } });
    const tet = applyTransform(q, 'SA=tet');
    expect(tet.values).toEqual(applyTransform(q, 'SA=stl').values);
    expect(tet.provenance.warnings![0]).toContain('Tết always falls in the first quarter: on a quarterly series SA=tet is STL alone');
  });

  it('adjusts each column by its own values', () => {
    const a = monthly(60).values[0]!;
    const s = makeSeries({ kind: 'trade', frequency: 'monthly', periods: months(2010, 1, 60), columns: { 'balance.value': a.map((v) => v! - 100), 'exports.value': a } });
    const out = applyTransform(s, 'SA=stl');
    expect(out.provenance.warnings!.map((w) => w.slice(0, w.indexOf(';')))).toEqual([
      'balance.value: seasonally adjusted with STL, additive (the series has values at or below zero)',
      'exports.value: seasonally adjusted with STL, multiplicative (on natural logarithms: every value is above zero)',
    ]);
    expect(out.values[1]).toEqual(applyTransform(monthly(60), 'SA=stl').values[0]);
  });

  it('refuses Tết regressors that cannot be estimated, saying why', () => {
    // 2010-2012 with one-day windows: the day before Tết and Tết itself fall in the same month every
    // year (February, February, January), so the two regressors are the same.
    const e = thrown(() => applyTransform(monthly(36, (i) => 100 + i + PATTERN[i % 12]!), 'SA=tet Tet=1,1', gso()));
    expect(e.message).toBe('SA=tet cannot estimate the Lunar New Year\'s effect on GDP: its two windows move together in every year of the series, so their effects cannot be told apart. Change their lengths (Tet=w,v), use SA=stl, or a longer series.');
  });
});

describe('SA properties', () => {
  const trendSeason = fc.record({
    growth: fc.double({ min: -0.005, max: 0.01, noNaN: true }),
    amplitude: fc.double({ min: 0, max: 0.15, noNaN: true }),
    phase: fc.integer({ min: 0, max: 11 }),
    noise: fc.integer({ min: 1, max: 1000 }),
    count: fc.integer({ min: 60, max: 180 }),
  });

  it('adjusting an adjusted series changes it little (under 0.5 %)', () => {
    fc.assert(fc.property(trendSeason, ({ growth, amplitude, phase, noise, count }) => {
      const s = monthly(count, (i) => 100 * Math.exp(growth * i + amplitude * PATTERN[(i + phase) % 12]! / 0.09 + 0.01 * Math.sin(i * noise)));
      for (const method of ['stl', 'tet']) {
        const once = applyTransform(s, `SA=${method}`);
        const twice = applyTransform(once, `SA=${method}`);
        once.values[0]!.forEach((v, i) => expect(Math.abs(twice.values[0]![i]! / v! - 1)).toBeLessThan(0.005));
      }
    }), { numRuns: 25 });
  });

  it('trend × seasonal pattern × a known Tết effect gives back that effect', () => {
    fc.assert(fc.property(trendSeason, fc.double({ min: -0.2, max: 0.2, noNaN: true }), fc.double({ min: -0.2, max: 0.2, noNaN: true }), ({ growth, amplitude, phase, noise, count }, before, after) => {
      const first = 2010 * 12;
      // The regressors by their definition: days of each window in each month, over its length.
      const share = (pos: number, from: number, days: number): number => {
        let k = 0;
        for (let d = from; d < from + days; d++) if (periodAt(d, 'daily').slice(0, 7) === periodAt(pos, 'monthly')) k++;
        return k / days;
      };
      const b = (i: number): number => [2009, 2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025].reduce((acc, y) => acc + share(first + i, tetDay(y) - 10, 10), 0);
      const a = (i: number): number => [2009, 2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025].reduce((acc, y) => acc + share(first + i, tetDay(y), 7), 0);
      const s = monthly(count, (i) => 100 * Math.exp(growth * i + amplitude * PATTERN[(i + phase) % 12]! / 0.09 + 0.001 * Math.sin(i * noise) + before * b(i) + after * a(i)));
      const note = applyTransform(s, 'SA=tet').provenance.warnings![0]!;
      const m = /before ([+−][\d.]+) % .*from Tết ([+−][\d.]+) %/.exec(note)!;
      const read = (x: string): number => Number(x.replace('−', '-'));
      // STL's seasonal smoother takes up part of a moving holiday's effect before the regression
      // sees the remainder, and a little of one window's effect leaks into the other's: measured
      // over many runs, each estimate is within a quarter of the two effects' size (plus 0.3 points of noise).
      const size = 100 * (Math.abs(before) + Math.abs(after));
      for (const [got, truth] of [[read(m[1]!), 100 * Math.expm1(before)], [read(m[2]!), 100 * Math.expm1(after)]] as const) {
        expect(Math.abs(got - truth)).toBeLessThanOrEqual(0.25 * size + 0.3);
      }
    }), { numRuns: 40 });
  });
});

describe('seasonalSettings', () => {
  it('fills in the defaults the engine runs with (seasonal 7, not robust, Tết 10,7 for SA=tet only)', () => {
    expect(seasonalSettings(parseTransform('SA=stl'))).toEqual({ seasonal: 7, robust: false, tet: null });
    expect(seasonalSettings(parseTransform('SA=tet'))).toEqual({ seasonal: 7, robust: false, tet: [10, 7] });
    expect(seasonalSettings(parseTransform('SA=tet Seasonal=13 Robust=Y Tet=7,5'))).toEqual({ seasonal: 13, robust: true, tet: [7, 5] });
  });
});
