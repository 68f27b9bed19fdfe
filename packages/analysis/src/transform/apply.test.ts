import type { Series } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months, years } from '../testing/make-series.ts';
import { applyTransform } from './apply.ts';

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

const gdp = (): Series => makeSeries({ frequency: 'annual', periods: years(1999, 2003), columns: { value: [100, 110, 121, 133.1, 146.41] }, unit: 'current US$' });

describe('applyTransform', () => {
  it('says what it did: title, labels, unit and provenance', () => {
    const out = applyTransform(gdp(), 'units=PC1');
    expect(out.title).toBe('GDP, % change from a year ago');
    expect(out.columns).toEqual([{ key: 'value', label: 'GDP, % change from a year ago', unit: '%' }]);
    expect(out.provenance.transform).toBe('Units=pc1');
    expect(out.provenance.warnings).toBeUndefined();
    expect(out.id).toBe('indicator:test~Units=pc1');
    expect(applyTransform(gdp(), 'Units=chg').columns[0]!.unit).toBe('current US$');
    expect(applyTransform(gdp(), 'Units=log').columns[0]!.unit).toBe('ln(current US$)');
  });

  it('never changes its input', () => {
    const s = deepFreeze(gdp());
    const copy = structuredClone(s);
    const out = applyTransform(s, 'Units=pc1 MA=2 Rebase=2001 Points=2', { kind: 'indicator', source: 'WB', indicator: 'X', country: 'VN', start_year: 2000, end_year: 2003 });
    expect(s).toEqual(copy);
    const same = applyTransform(s, '');
    expect(same).toEqual(copy);
    expect(same.periods).not.toBe(s.periods);
    expect(same.values[0]).not.toBe(s.values[0]);
    expect(out.periods).toEqual(['2002', '2003']);
  });

  it('drops periods outside the asked range, after computing on the widened data', () => {
    const asked = { kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2002 };
    const out = applyTransform(gdp(), 'Units=pc1', asked);
    expect(out.periods).toEqual(['2000', '2001', '2002']);
    expect(out.values[0]!.map((v) => Math.round(v! * 1e9) / 1e9)).toEqual([10, 10, 10]);
    expect(out.provenance.query).toEqual(asked);
    expect(out.id).toBe('indicator:WB:NY.GDP.MKTP.CD:VN:2000-2002~Units=pc1');
  });

  it('applies Per, Units, MA, Rebase, then Points, in that order whatever the text order', () => {
    // 2019-2022 monthly, each year flat: annual averages 10, 20, 30, 60.
    const values = [10, 20, 30, 60].flatMap((v) => Array<number>(12).fill(v));
    const s = makeSeries({ frequency: 'monthly', periods: months(2019, 1, 48), columns: { value: values } });
    const out = applyTransform(s, 'Points=2 Rebase=2021 MA=2 Units=pch Per=A');
    // pch: null, 100, 50, 100; MA=2: null, null, 75, 75; Rebase 2021 (=75): null, null, 100, 100; last 2.
    expect(out.periods).toEqual(['2021', '2022']);
    expect(out.values[0]).toEqual([100, 100]);
    expect(out.frequency).toBe('annual');
    expect(out.provenance.transform).toBe('Per=A Units=pch MA=2 Rebase=2021 Points=2');
    // What the conversion was made from (the query may not say), and nothing when no conversion was made.
    expect(out.provenance.converted_from).toBe('monthly');
    expect(applyTransform(applyTransform(s, 'Per=Q'), 'Per=A').provenance.converted_from).toBe('monthly');
    expect(applyTransform(s, 'Units=pch').provenance.converted_from).toBeUndefined();
    expect(applyTransform(s, 'Per=M').provenance.converted_from).toBeUndefined();
    expect(out.title).toBe('GDP, annual average, % change, 2-period moving average, index, 2021 = 100, last 2 periods');
  });

  it('pc1 on a percentage is done, with a warning suggesting ch1', () => {
    const growth = makeSeries({ frequency: 'annual', periods: years(2000, 2001), columns: { value: [5, 6] }, unit: 'annual %', title: 'GDP growth' });
    const out = applyTransform(growth, 'Units=pc1');
    expect(out.values[0]![1]).toBeCloseTo(20, 12);
    expect(out.provenance.warnings).toEqual(['Units=pc1 on GDP growth, already a percentage (annual %): this is a % change of a rate; Units=ch1 gives the change in percentage points.']);
    expect(applyTransform(growth, 'Units=ch1').provenance.warnings).toBeUndefined();
  });

  it('carries per-period flags, and trims them with the periods', () => {
    const s = { ...gdp(), flags: { is_projection: [false, false, false, true, true] } };
    const out = applyTransform(s, 'Units=pch Points=2');
    expect(out.flags).toEqual({ is_projection: [true, true] });
    const q = makeSeries({ frequency: 'quarterly', periods: ['2020-Q1', '2020-Q2', '2020-Q3', '2020-Q4', '2021-Q1', '2021-Q2', '2021-Q3', '2021-Q4'], columns: { value: [1, 1, 1, 1, 2, 2, 2, 2] } });
    const annual = applyTransform({ ...q, flags: { is_projection: [false, false, false, false, false, false, false, true] } }, 'Per=A');
    expect(annual.flags).toEqual({ is_projection: [false, true] });
  });

  it('Type=A keeps the actual periods, Type=F the projections (after Units, before Points); no flag is an actual', () => {
    const s = { ...gdp(), flags: { is_projection: [false, false, false, true, true] } };
    const actual = applyTransform(s, 'Type=A');
    expect(actual.periods).toEqual(['1999', '2000', '2001']);
    expect(actual.values[0]).toEqual([100, 110, 121]);
    expect(actual.flags).toEqual({ is_projection: [false, false, false] });
    expect(actual.title).toBe('GDP, actuals only');
    expect(actual.provenance.transform).toBe('Type=A');
    // Growth of the first projected year still uses the last actual one (Units before Type).
    const forecast = applyTransform(s, 'type=f units=pch');
    expect(forecast.periods).toEqual(['2002', '2003']);
    expect(forecast.values[0]!.map((v) => Math.round(v! * 1e9) / 1e9)).toEqual([10, 10]);
    expect(forecast.provenance.transform).toBe('Units=pch Type=F');
    expect(applyTransform(s, 'Type=F Points=1').periods).toEqual(['2003']);
    expect(applyTransform(s, 'Type=AF').periods).toEqual(['1999', '2000', '2001', '2002', '2003']);
    expect(applyTransform(s, 'Type=AF').provenance.transform).toBeUndefined();
    expect(applyTransform(gdp(), 'Type=A').periods).toHaveLength(5);
    expect(applyTransform(gdp(), 'Type=F').periods).toEqual([]);
  });

  it('trims stock data to the asked dates and trade data to the asked month, at the result\'s frequency', () => {
    const s = makeSeries({ kind: 'stock', frequency: 'daily', periods: ['2024-01-31', '2024-02-01', '2024-02-29', '2024-03-01'], columns: { close: [1, 2, 3, 4] } });
    expect(applyTransform(s, 'Units=chg', { kind: 'stock', symbol: 'VNM', start_date: '2024-02-01', end_date: '2024-02-29' }).values).toEqual([[1, 1]]);
    const t = makeSeries({ kind: 'trade', frequency: 'monthly', periods: months(2023, 1, 14), columns: { 'exports.value': Array.from({ length: 14 }, (_, i) => i + 1) } });
    const out = applyTransform(t, 'Units=ch1', { kind: 'trade', flow: 'exports', period: '2024-02' });
    expect(out.periods).toEqual(['2024-02']);
    expect(out.values).toEqual([[12]]);
  });
});
