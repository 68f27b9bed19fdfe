import { InvalidParameterError } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months, quarters, weekdays } from '../testing/make-series.ts';
import { applyTransform } from '../transform/apply.ts';
import { convertFrequency } from './convert.ts';

const monthly = (from: [number, number], values: Array<number | null>) =>
  makeSeries({ frequency: 'monthly', periods: months(from[0], from[1], values.length), columns: { value: values } });
const ones = (n: number, start = 1): number[] => Array.from({ length: n }, (_, i) => start + i);

describe('monthly to quarterly and annual', () => {
  it('avg averages the values present; eop takes the last one present', () => {
    const s = monthly([2020, 1], [1, 2, 3, 4, null, 6, 7, 8, 9]);
    const avg = applyTransform(s, 'Per=Q');
    expect(avg.periods).toEqual(['2020-Q1', '2020-Q2', '2020-Q3']);
    expect(avg.values[0]).toEqual([2, 5, 8]); // Q2 ignores the missing May: (4 + 6) / 2
    expect(applyTransform(s, 'Per=Q Agg=eop').values[0]).toEqual([3, 6, 9]);
    // The same missing May in the last quarter leaves it under the minimum of 3: not kept.
    expect(applyTransform(monthly([2020, 1], [1, 2, 3, 4, null, 6]), 'Per=Q').periods).toEqual(['2020-Q1']);
    // A year whose December is missing takes November's value.
    const y = monthly([2019, 1], [...ones(12), ...ones(11), null, ...ones(12, 101)]);
    expect(applyTransform(y, 'Per=A Agg=eop').values[0]).toEqual([12, 11, 112]);
  });

  it('keeps a first or last period only with FRED\'s minimum count (3 months a quarter, 12 a year)', () => {
    // Feb 2020 .. Aug 2021: 2020-Q1 has 2 months, 2021-Q3 2 months; the year 2020 has 11, 2021 has 8.
    const s = monthly([2020, 2], ones(19));
    const q = applyTransform(s, 'Per=Q');
    expect(q.periods).toEqual(['2020-Q2', '2020-Q3', '2020-Q4', '2021-Q1', '2021-Q2']); // not kept at the ends: absent
    expect(q.values[0]).toEqual([4, 7, 10, 13, 16]);
    const a = applyTransform(s, 'Per=A');
    expect(a.periods).toEqual([]);
    // A missing month at the end of the first year: fewer than 12 values, not kept.
    const gap = monthly([2020, 1], [...ones(11), null, ...ones(12)]);
    expect(applyTransform(gap, 'Per=A').periods).toEqual(['2021']);
  });

  it('an inner period keeps whatever values it has for avg and eop, and is null when it has none', () => {
    const s = monthly([2020, 1], [1, 2, 3, null, null, null, 7, 8, 9]);
    const q = applyTransform(s, 'Per=Q');
    expect(q.periods).toEqual(['2020-Q1', '2020-Q2', '2020-Q3']);
    expect(q.values[0]).toEqual([2, null, 8]);
    const inner = monthly([2020, 1], [1, 2, 3, 4, null, null, 7, 8, 9]);
    expect(applyTransform(inner, 'Per=Q').values[0]).toEqual([2, 4, 8]);
  });

  it('sum keeps only complete periods', () => {
    const s = monthly([2020, 1], [1, 2, 3, 4, null, 6, 7, 8, 9]);
    const q = applyTransform(s, 'Per=Q Agg=sum');
    expect(q.values[0]).toEqual([6, null, 24]);
    const y = monthly([2020, 1], [...ones(12), ...ones(11)]);
    const a = applyTransform(y, 'Per=A Agg=sum');
    expect(a.periods).toEqual(['2020']);
    expect(a.values[0]).toEqual([78]);
  });

  it('quarterly to annual needs 4 quarters at the ends', () => {
    const s = makeSeries({ frequency: 'quarterly', periods: quarters(2019, 2, 11), columns: { value: ones(11) } });
    const a = applyTransform(s, 'Per=A');
    expect(a.periods).toEqual(['2020', '2021']);
    expect(a.values[0]).toEqual([(4 + 5 + 6 + 7) / 4, (8 + 9 + 10 + 11) / 4]);
  });

  it('a column\'s default aggregation follows its kind: trade value sum, year to date eop', () => {
    const value = ones(24);
    const ytd = value.map((_, i) => (i % 12 === 0 ? 0 : 0) + value.slice(Math.floor(i / 12) * 12, i + 1).reduce((a, b) => a + b, 0));
    const s = makeSeries({ kind: 'trade', frequency: 'monthly', periods: months(2020, 1, 24), columns: { 'exports.value': value, 'exports.ytd_value': ytd } });
    const a = convertFrequency(s, 'annual');
    expect(a.values).toEqual([[78, 222], [78, 222]]);
    expect(a.columns.map((c) => c.label)).toEqual(['exports.value, annual sum', 'exports.ytd_value, annual end of period']);
    expect(a.title).toBe('GDP, annual');
    // An explicit Agg applies to every column.
    expect(applyTransform(s, 'Per=A Agg=avg').values).toEqual([[6.5, 18.5], [(78 + 66 + 55 + 45 + 36 + 28 + 21 + 15 + 10 + 6 + 3 + 1) / 12, expect.any(Number)]]);
  });
});

describe('daily to monthly, quarterly and annual', () => {
  const days = weekdays('2024-01-10', '2024-04-30'); // January: 16 weekdays from the 10th; April: 22
  const stock = () => makeSeries({
    kind: 'stock', frequency: 'daily', periods: days,
    columns: {
      open: days.map((_, i) => 10 + i), high: days.map((_, i) => 20 + (i % 7)), low: days.map((_, i) => 1 + (i % 5)),
      close: days.map((_, i) => 100 + i), volume: days.map(() => 1000),
    },
  });

  it('stock columns default to first, high, low, eop and sum; a first month under 17 days is not kept', () => {
    const m = applyTransform(stock(), 'Per=M');
    expect(m.periods).toEqual(['2024-02', '2024-03', '2024-04']);
    const feb = days.map((d, i) => [d, i] as const).filter(([d]) => d.startsWith('2024-02')).map(([, i]) => i);
    expect(m.values[0]![0]).toBe(10 + feb[0]!);
    expect(m.values[1]![0]).toBe(Math.max(...feb.map((i) => 20 + (i % 7))));
    expect(m.values[2]![0]).toBe(Math.min(...feb.map((i) => 1 + (i % 5))));
    expect(m.values[3]![0]).toBe(100 + feb.at(-1)!);
    expect(m.values[4]).toEqual([feb.length * 1000, 21 * 1000, 22 * 1000]);
  });

  it('daily sum keeps a short inner month (Tết) but not a first month under the minimum', () => {
    const tet = days.filter((d) => d < '2024-02-08' || d > '2024-02-14');
    const s = makeSeries({ kind: 'stock', frequency: 'daily', periods: tet, columns: { volume: tet.map(() => 1) } });
    const m = applyTransform(s, 'Per=M Agg=sum');
    expect(m.periods).toEqual(['2024-02', '2024-03', '2024-04']);
    expect(m.values[0]).toEqual([16, 21, 22]); // February: 21 weekdays less 5 closed days, still kept
  });

  it('daily to quarterly needs 52 days in an end quarter, to annual 208', () => {
    const all = weekdays('2023-01-02', '2024-03-29'); // 2024-Q1 has 65 weekdays
    const s = makeSeries({ kind: 'stock', frequency: 'daily', periods: all, columns: { close: all.map((_, i) => i) } });
    expect(applyTransform(s, 'Per=Q').periods).toEqual(['2023-Q1', '2023-Q2', '2023-Q3', '2023-Q4', '2024-Q1']);
    const short = s.periods.filter((d) => d < '2024-03-12'); // 2024-Q1 keeps 51 days
    expect(applyTransform({ ...s, periods: short, values: [short.map((_, i) => i)] }, 'Per=Q').periods.at(-1)).toBe('2023-Q4');
    expect(applyTransform(s, 'Per=A').periods).toEqual(['2023']); // 2024 has 65 days < 208
  });
});

describe('refusals', () => {
  it('refuses a conversion to a higher frequency, naming Per', () => {
    const s = makeSeries({ frequency: 'annual', periods: ['2020'], columns: { value: [1] } });
    expect(() => applyTransform(s, 'Per=M')).toThrow(InvalidParameterError);
    expect(() => applyTransform(s, 'Per=Q')).toThrow(/monthly|quarterly data from a annual series|lower frequency/);
  });

  it('a conversion to the same frequency leaves the values as they are', () => {
    const s = monthly([2020, 1], [1, null, 3]);
    expect(applyTransform(s, 'Per=M Agg=sum').values).toEqual([[1, null, 3]]);
    expect(convertFrequency(s, 'monthly')).toEqual(s);
  });
});
