import { InvalidParameterError } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months, weekdays, years } from '../testing/make-series.ts';
import { applyTransform } from '../transform/apply.ts';

describe('MA', () => {
  it('is the trailing mean of m periods, missing when any of them is missing', () => {
    const s = makeSeries({ frequency: 'annual', periods: years(2000, 2006), columns: { value: [1, 2, 3, null, 5, 6, 7] } });
    expect(applyTransform(s, 'MA=3').values[0]).toEqual([null, null, 2, null, null, null, 6]);
    expect(applyTransform(s, 'MA=2').values[0]).toEqual([null, 1.5, 2.5, null, null, 5.5, 6.5]);
  });

  it('counts calendar periods: a month absent from the axis is missing', () => {
    const periods = months(2020, 1, 6).filter((p) => p !== '2020-03');
    const s = makeSeries({ frequency: 'monthly', periods, columns: { value: [1, 2, 4, 5, 6] } });
    expect(applyTransform(s, 'MA=2').values[0]).toEqual([null, 1.5, null, 4.5, 5.5]);
  });

  it('on daily data counts observations (a weekend is no gap)', () => {
    const periods = weekdays('2024-01-04', '2024-01-09'); // Thu, Fri, Mon, Tue
    const s = makeSeries({ kind: 'stock', frequency: 'daily', periods, columns: { close: [10, 20, 30, 40] } });
    expect(applyTransform(s, 'MA=3').values[0]).toEqual([null, null, 20, 30]);
  });

  it('stays exact over a long run (the running sum is renewed)', () => {
    const n = 5000;
    const values = Array.from({ length: n }, (_, i) => 1e6 + Math.sin(i) * 1e5 + 0.1 * i);
    const s = makeSeries({ kind: 'stock', frequency: 'daily', periods: weekdays('2000-01-03', '2030-01-01').slice(0, n), columns: { close: values } });
    const ma = applyTransform(s, 'MA=20').values[0]!;
    for (const i of [19, 1000, 4999]) {
      const direct = values.slice(i - 19, i + 1).reduce((a, b) => a + b, 0) / 20;
      expect(Math.abs(ma[i]! - direct)).toBeLessThan(1e-6);
    }
  });
});

describe('Rebase', () => {
  it('is 100 at the base period', () => {
    const s = makeSeries({ frequency: 'annual', periods: years(2014, 2016), columns: { value: [80, 200, 250] } });
    const r = applyTransform(s, 'Rebase=2015');
    expect(r.values[0]).toEqual([40, 100, 125]);
    expect(r.columns[0]!.unit).toBe('index, 2015 = 100');
    expect(r.title).toBe('GDP, index, 2015 = 100');
  });

  it('an annual base on monthly data is the mean of that year\'s months', () => {
    const values = [...Array.from({ length: 12 }, (_, i) => 90 + i * 2), 200];
    const s = makeSeries({ frequency: 'monthly', periods: months(2015, 1, 13), columns: { value: values } });
    const mean = values.slice(0, 12).reduce((a, b) => a + b, 0) / 12; // 101
    const r = applyTransform(s, 'Rebase=2015');
    expect(r.values[0]![12]).toBeCloseTo((200 / mean) * 100, 12);
    expect(applyTransform(s, 'Rebase=2015-Q1').values[0]![0]).toBeCloseTo((90 / 92) * 100, 12);
    expect(applyTransform(s, 'Rebase=2015-03').values[0]![2]).toBe(100);
  });

  it('refuses a base with no value in the data, and a base finer than the data', () => {
    const s = makeSeries({ frequency: 'annual', periods: years(2014, 2016), columns: { value: [80, null, 250] } });
    expect(() => applyTransform(s, 'Rebase=2015')).toThrow(InvalidParameterError);
    expect(() => applyTransform(s, 'Rebase=2015')).toThrow('Rebase=2015: GDP has no value in 2015; pick a period the data covers.');
    expect(() => applyTransform(s, 'Rebase=1990')).toThrow(/no value in 1990/);
    expect(() => applyTransform(s, 'Rebase=2014-03')).toThrow(/monthly period but the series is annual/);
    const zero = makeSeries({ frequency: 'annual', periods: years(2014, 2016), columns: { value: [0, 1, 2] } });
    expect(() => applyTransform(zero, 'Rebase=2014')).toThrow(/is 0 in 2014/);
  });
});

describe('Points', () => {
  it('keeps the last N periods where any column has a value', () => {
    const s = makeSeries({ kind: 'trade', frequency: 'monthly', periods: months(2020, 1, 6), columns: { a: [1, 2, null, 4, null, null], b: [1, null, null, null, 5, null] } });
    const p = applyTransform(s, 'Points=3');
    expect(p.periods).toEqual(['2020-02', '2020-04', '2020-05']);
    expect(p.values).toEqual([[2, 4, null], [null, null, 5]]);
    expect(applyTransform(s, 'Points=100').periods).toEqual(['2020-01', '2020-02', '2020-04', '2020-05']);
  });
});
