/**
 * applyTransforms (the shown path's batch): each outcome is exactly what applyTransform gives or
 * throws for that series alone, whatever the series around it, and the axis a batch reads once is
 * never shared with an input.
 */
import { InvalidParameterError, type Series, type SeriesQuery } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months, weekdays, years } from '../testing/make-series.ts';
import { applyTransform, applyTransforms } from './apply.ts';

const days = weekdays('2019-01-01', '2021-06-30');
const wave = (n: number, k: number, hole: number): Array<number | null> => Array.from({ length: n }, (_, i) => (i % hole === 3 ? null : 100 + 10 * Math.sin((i + k) / 17) + k));

/** Series that share an axis (the same array), one with an equal copy of it, and others on axes of their own. */
function mixed(): Series[] {
  const shared = [0, 1, 2].map((k) => makeSeries({ kind: 'stock', frequency: 'daily', periods: days, columns: { close: wave(days.length, k, 50) } }));
  const copy = makeSeries({ kind: 'stock', frequency: 'daily', periods: [...days], columns: { close: wave(days.length, 7, 40) } });
  const gaps = days.filter((_, i) => i % 9 !== 4);
  const own = makeSeries({ kind: 'stock', frequency: 'daily', periods: gaps, columns: { close: wave(gaps.length, 3, 1000) } });
  // After a series on another axis, the shared axis again.
  const again = makeSeries({ kind: 'stock', frequency: 'daily', periods: days, columns: { close: wave(days.length, 11, 13) } });
  return [...shared, own, copy, again];
}

function expectSame(series: Series[], transform: string, asked: Array<SeriesQuery | undefined> = []): void {
  const outcomes = applyTransforms(series, transform, asked);
  expect(outcomes).toHaveLength(series.length);
  series.forEach((s, i) => {
    const outcome = outcomes[i]!;
    let alone: Series | undefined;
    try {
      alone = applyTransform(s, transform, asked[i]);
    } catch (error) {
      expect(outcome).toEqual({ ok: false, error });
      return;
    }
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.series).toEqual(alone);
  });
}

describe('applyTransforms', () => {
  it('gives each daily series what applyTransform gives it alone, on shared, copied and own axes', () => {
    for (const t of ['Units=pc1', 'Units=pch', 'Per=M Agg=avg Units=pc1', 'Per=M', 'Per=Q Agg=eop', 'MA=20', 'Per=A Agg=sum', 'Units=ch1 Points=30']) expectSame(mixed(), t);
  });

  it('gives each monthly and annual series what applyTransform gives it, gaps, asked ranges and flags included', () => {
    const axis = months(2010, 1, 60);
    const gappy = axis.filter((_, i) => i !== 17 && i !== 30);
    const monthly = [
      makeSeries({ frequency: 'monthly', periods: axis, columns: { value: wave(60, 1, 7) } }),
      makeSeries({ frequency: 'monthly', periods: gappy, columns: { value: wave(58, 2, 100) } }),
      makeSeries({ frequency: 'monthly', periods: axis, columns: { value: wave(60, 3, 11) } }),
    ];
    const asked: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'X', country: 'VN', start_year: 2012, end_year: 2013 };
    for (const t of ['Units=pc1', 'MA=3', 'Per=Q Units=pch', 'Rebase=2012 Units=pc1', 'Level=pch']) {
      expectSame(monthly, t);
      expectSame(monthly, t, [asked, undefined, asked]);
    }
    const annual = Array.from({ length: 50 }, (_, k) => makeSeries({ frequency: 'annual', periods: years(1980, 2024), columns: { value: wave(45, k, 41) } }));
    annual[7]!.flags = { is_projection: annual[7]!.periods.map((p) => p >= '2023') };
    for (const t of ['Units=pc1', 'MA=20', 'Type=A Units=pc1', 'Points=5']) expectSame(annual, t);
  });

  it('fails a refused series alone: the others are still transformed', () => {
    const axis = years(2000, 2010);
    const series = [0, 1, 2].map((k) => makeSeries({ frequency: 'annual', periods: axis, columns: { value: wave(11, k, 100) } }));
    series[1]!.values[0]![5] = null; // 2005: no value to rebase on
    const outcomes = applyTransforms(series, 'Rebase=2005');
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    const failed = outcomes[1]!;
    expect(!failed.ok && failed.error).toBeInstanceOf(InvalidParameterError);
    expect(!failed.ok && (failed.error as Error).message).toBe('Rebase=2005: GDP has no value in 2005; pick a period the data covers.');
    expectSame(series, 'Rebase=2005');
  });

  it('shares one copy of an axis among its results, never the input array itself', () => {
    const axis = years(1990, 2020);
    const series = [0, 1].map((k) => makeSeries({ frequency: 'annual', periods: axis, columns: { value: wave(31, k, 100) } }));
    const [a, b] = applyTransforms(series, 'Units=pch').map((o) => (o.ok ? o.series : undefined));
    expect(a!.periods).not.toBe(axis);
    expect(a!.periods).toBe(b!.periods);
    expect(a!.periods).toEqual(axis);
  });

  it('shares one converted axis among the results of a conversion over one stretch, and a batch\'s with no other batch', () => {
    const stocks = [0, 1, 2].map((k) => makeSeries({ kind: 'stock', frequency: 'daily', periods: days, columns: { close: wave(days.length, k, 50) } }));
    // The same days, but no value before 2019-03: its months start later.
    const late = makeSeries({ kind: 'stock', frequency: 'daily', periods: days, columns: { close: days.map((d, i) => (d < '2019-03' ? null : 100 + i)) } });
    const [a, b, c, d] = applyTransforms([...stocks, late], 'Per=M Agg=avg').map((o) => (o.ok ? o.series : undefined));
    expect(a!.periods[0]).toBe('2019-01');
    expect(a!.periods).toHaveLength(30);
    expect(b!.periods).toBe(a!.periods);
    expect(c!.periods).toBe(a!.periods);
    expect(d!.periods[0]).toBe('2019-03');
    expect(d!.periods).toEqual(a!.periods.slice(2));
    const again = applyTransforms(stocks, 'Per=M Agg=avg')[0]!;
    expect(again.ok && again.series.periods).not.toBe(a!.periods);
    expect(again.ok && again.series.periods).toEqual(a!.periods);
    expectSame([...stocks, late], 'Per=M Agg=avg');
  });

  it('writes a column without a missing value as numbers alone, and missing values as null', () => {
    const s = makeSeries({ frequency: 'annual', periods: years(2000, 2003), columns: { value: [1, 2, 3, 4] } });
    expect(applyTransforms([s], 'Units=chg')[0]).toMatchObject({ ok: true, series: { values: [[null, 1, 1, 1]] } });
    expect(applyTransforms([s], 'Rebase=2000')[0]).toMatchObject({ ok: true, series: { values: [[100, 200, 300, 400]] } });
  });
});
