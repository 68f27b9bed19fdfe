import { assertSeries, InvalidParameterError, type SeriesQuery } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months, years } from '../testing/make-series.ts';
import { DERIVED_PRESETS, presetRequest } from './presets.ts';
import { computeDerived, derivedQueries } from './request.ts';
import type { DerivedRequest } from './types.ts';

const gdpQ: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2001, end_year: 2003 };
const popQ: SeriesQuery = { ...gdpQ, indicator: 'SP.POP.TOTL' };

describe('derivedQueries: what to fetch', () => {
  it('widens each operand for the result transform, then for its own', () => {
    const req: DerivedRequest = { expression: 'a/b', operands: [{ name: 'a', query: gdpQ, transform: 'MA=2' }, { name: 'b', query: popQ }], transform: 'Units=pc1' };
    expect(derivedQueries(req)).toEqual([{ ...gdpQ, start_year: 1999 }, { ...popQ, start_year: 2000 }]);
  });

  it('refuses before any request: a bad expression, a missing or extra operand, a bad transform', () => {
    expect(() => derivedQueries({ expression: 'a/', operands: [{ name: 'a', query: gdpQ }] })).toThrow(InvalidParameterError);
    expect(() => derivedQueries({ expression: 'a/b', operands: [{ name: 'a', query: gdpQ }] })).toThrow('no series is given for b');
    expect(() => derivedQueries({ expression: 'a', operands: [{ name: 'a', query: gdpQ }, { name: 'b', query: popQ }] })).toThrow('does not use b');
    expect(() => derivedQueries({ expression: 'a+b', operands: [{ name: 'a', query: gdpQ }, { name: 'A', query: popQ }] })).toThrow('Operand a is given twice');
    expect(() => derivedQueries({ expression: 'a', operands: [{ name: 'a', query: gdpQ }], transform: 'Units=xyz' })).toThrow('Invalid Units "xyz"');
  });
});

describe('computeDerived: operand transforms, expression, result transform, asked range', () => {
  it('growth of GDP per capita over the asked years, provenance naming the asked queries', () => {
    const req: DerivedRequest = { expression: 'a/b', operands: [{ name: 'a', query: gdpQ }, { name: 'b', query: popQ }], transform: 'Units=pc1', words: 'per capita' };
    const [qa, qb] = derivedQueries(req) as [SeriesQuery, SeriesQuery];
    const a = makeSeries({ frequency: 'annual', periods: years(2000, 2003), columns: { value: [100, 110, 121, 133.1] }, unit: 'current US$', title: 'GDP', query: qa });
    const b = makeSeries({ frequency: 'annual', periods: years(2000, 2003), columns: { value: [10, 10, 11, 11] }, unit: 'persons', title: 'Population', query: qb });
    const s = assertSeries(computeDerived(req, [a, b]));
    expect(s.periods).toEqual(['2001', '2002', '2003']);
    expect(s.values[0]![0]).toBeCloseTo(10, 12);
    expect(s.values[0]![1]).toBeCloseTo(0, 12);
    expect(s.values[0]![2]).toBeCloseTo(10, 12);
    expect(s.title).toBe('GDP, per capita, % change from a year ago');
    expect(s.provenance.derivation!.operands.map((o) => o.query)).toEqual([gdpQ, popQ]);
    expect(s.provenance.transform).toBe('Units=pc1');
  });

  it('an operand\'s own transform comes first and is named in the provenance', () => {
    const cpiQ: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'CPI.MOM', frequency: 'monthly' };
    const req: DerivedRequest = { expression: 'a*2', operands: [{ name: 'a', query: cpiQ, transform: 'Level=pch' }] };
    const s = computeDerived(req, [makeSeries({ frequency: 'monthly', periods: months(2024, 1, 2), columns: { value: [5, 10] }, unit: '%', query: cpiQ })]);
    expect(s.values).toEqual([[200, 220.00000000000003]]);
    expect(s.provenance.derivation!.operands).toEqual([{ name: 'a', query: cpiQ, transform: 'Level=pch', source: 'test', last_updated: null }]);
  });
});

describe('computeDerived in the language of series names', () => {
  // GSO's Vietnamese name of its quarterly GDP (the service's name_vi), as core's seriesNamer titles it.
  const gdpVi = 'Tổng sản phẩm trong nước theo giá so sánh 2010: TỔNG SỐ, giá trị trong quý: Vietnam';
  const req = presetRequest('per_capita', { query: gdpQ });
  const [qa, qb] = derivedQueries(req) as [SeriesQuery, SeriesQuery];
  const a = makeSeries({ frequency: 'annual', periods: years(2001, 2003), columns: { value: [100, 110, 121] }, unit: 'billion VND', title: gdpVi, query: qa });
  const b = makeSeries({ frequency: 'annual', periods: years(2001, 2003), columns: { value: [10, 10, 11] }, unit: 'persons', title: 'Population, total: Vietnam', query: qb });

  it('takes a preset\'s words in Vietnamese after the operand\'s Vietnamese name, and the same values', () => {
    const vi = computeDerived(req, [a, b], { language: 'vi' });
    expect(vi.title).toBe(`${gdpVi}, bình quân đầu người`);
    expect(vi.columns[0]!.label).toBe(vi.title);
    expect(vi.values).toEqual(computeDerived(req, [a, b]).values);
  });

  it('keeps English words in English (the default), and words typed for a request as typed', () => {
    expect(computeDerived(req, [a, b]).title).toBe(`${gdpVi}, per capita`);
    expect(computeDerived(req, [a, b], { language: 'en' }).title).toBe(`${gdpVi}, per capita`);
    expect(computeDerived({ ...req, words: 'trên mỗi người' }, [a, b], { language: 'vi' }).title).toBe(`${gdpVi}, trên mỗi người`);
    const { preset: _preset, ...typed } = req;
    expect(computeDerived({ ...typed, words: 'per head' }, [a, b], { language: 'vi' }).title).toBe(`${gdpVi}, per head`);
  });

  it('has Vietnamese words for every preset', () => {
    expect(Object.fromEntries(DERIVED_PRESETS.map((p) => [p.id, p.wordsVi]))).toEqual({
      per_capita: 'bình quân đầu người',
      share_of_gdp: 'tỷ trọng trong GDP',
      real: 'giá trị thực, loại trừ yếu tố giá bằng chỉ số giảm phát GDP',
      usd: 'tính bằng đô la Mỹ',
    });
  });
});

describe('presetRequest', () => {
  it('adds the preset\'s World Bank indicator for the same country and years as b', () => {
    expect(presetRequest('per_capita', { query: gdpQ })).toEqual({ expression: 'a/b', operands: [{ name: 'a', query: gdpQ }, { name: 'b', query: popQ }], words: 'per capita', preset: 'per_capita' });
    expect(presetRequest('real', { query: gdpQ }, 'Units=pc1').operands[1]).toEqual({ name: 'b', query: { ...gdpQ, indicator: 'NY.GDP.DEFL.KD.ZG' }, transform: 'Level=pch' });
    const retail: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.VALUE', frequency: 'monthly', start_year: 2020, end_year: 2024 };
    expect(presetRequest('usd', { query: retail }).operands[1]!.query).toEqual({ kind: 'indicator', source: 'WB', indicator: 'PA.NUS.FCRF', country: 'VN', start_year: 2020, end_year: 2024 });
    expect(presetRequest('share_of_gdp', { query: { kind: 'trade', flow: 'exports', period: '2024-03' } }).operands[1]!.query).toEqual({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2024, end_year: 2024 });
    expect(() => presetRequest('nope' as 'usd', { query: gdpQ })).toThrow('Unknown preset "nope"');
  });
});
