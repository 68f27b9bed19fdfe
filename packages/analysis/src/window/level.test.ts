import { assertSeries } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months, weekdays } from '../testing/make-series.ts';
import { applyTransform } from '../transform/apply.ts';
import { formatTransform, parseTransform } from '../transform/spec.ts';

const rates = (periods: string[], values: Array<number | null>) =>
  makeSeries({ frequency: 'monthly', periods, columns: { value: values }, unit: 'percent, change vs previous month', title: 'CPI, change vs previous month' });

describe('Level=pch: an index rebuilt from period-on-period rates', () => {
  it('is 100 at the first period and chains I(t) = I(t-1) × (1 + r(t)/100)', () => {
    const s = assertSeries(applyTransform(rates(months(2024, 1, 4), [0.5, 1, -2, 10]), 'Level=pch'));
    expect(s.values[0]![0]).toBe(100);
    expect(s.values[0]![1]).toBeCloseTo(101, 12);
    expect(s.values[0]![2]).toBeCloseTo(101 * 0.98, 12);
    expect(s.values[0]![3]).toBeCloseTo(101 * 0.98 * 1.1, 12);
    expect(s.columns[0]!.unit).toBe('index, 2024-01 = 100');
    expect(s.title).toBe('CPI, change vs previous month, index from % changes, first period = 100');
    expect(s.provenance.transform).toBe('Level=pch');
    expect(s.provenance.warnings).toBeUndefined();
  });

  it('starts at the first rate present; a missing rate breaks the chain and nothing after it is computed', () => {
    const s = applyTransform(rates(months(2024, 1, 6), [null, 1, 1, null, 5, 5]), 'Level=pch');
    expect(s.values[0]).toEqual([null, 100, 101, null, null, null]);
    expect(s.columns[0]!.unit).toBe('index, 2024-02 = 100');
  });

  it('a month absent from the axis breaks the chain too', () => {
    const s = applyTransform(rates(['2024-01', '2024-02', '2024-04', '2024-05'], [1, 1, 1, 1]), 'Level=pch');
    expect(s.values[0]).toEqual([100, 101, null, null]);
  });

  it('on daily data one step is the previous observation (weekends are no gap)', () => {
    const days = weekdays('2024-01-05', '2024-01-09'); // Fri, Mon, Tue
    const s = applyTransform(makeSeries({ frequency: 'daily', periods: days, columns: { value: [3, 10, 10] }, unit: '%' }), 'Level=pch');
    expect(s.values[0]![2]).toBeCloseTo(121, 12);
  });

  it('comes before everything else: the year-on-year change of the rebuilt index', () => {
    const monthly = rates(months(2023, 1, 24), Array(24).fill(1) as number[]);
    const s = applyTransform(monthly, 'Units=pc1 Level=pch');
    expect(formatTransform(parseTransform('Units=pc1 level=PCH'))).toBe('Level=pch Units=pc1');
    expect(s.values[0]![23]).toBeCloseTo((1.01 ** 12 - 1) * 100, 10);
    expect(s.columns[0]!.unit).toBe('%');
    // A % change of the rebuilt index is no % change of a percentage: no warning.
    expect(s.provenance.warnings).toBeUndefined();
  });

  it('warns when the series is not a % change', () => {
    const s = applyTransform(makeSeries({ frequency: 'annual', periods: ['2020', '2021'], columns: { value: [1, 2] }, unit: 'current US$', title: 'GDP' }), 'Level=pch');
    expect(s.provenance.warnings).toEqual(['Level=pch on GDP, whose unit is current US$, not a % change: the index chains its values as if they were % changes.']);
  });

  it('refuses other values', () => {
    expect(() => parseTransform('Level=pc1')).toThrow('Invalid Level "pc1": expected one of pch.');
  });
});
