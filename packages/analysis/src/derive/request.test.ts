import { assertSeries, InvalidParameterError, type SeriesQuery } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months, years } from '../testing/make-series.ts';
import { presetRequest } from './presets.ts';
import { computeDerived, derivedQueries, type DerivedRequest } from './request.ts';

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

describe('presetRequest', () => {
  it('adds the preset\'s World Bank indicator for the same country and years as b', () => {
    expect(presetRequest('per_capita', { query: gdpQ })).toEqual({ expression: 'a/b', operands: [{ name: 'a', query: gdpQ }, { name: 'b', query: popQ }], words: 'per capita' });
    expect(presetRequest('real', { query: gdpQ }, 'Units=pc1').operands[1]).toEqual({ name: 'b', query: { ...gdpQ, indicator: 'NY.GDP.DEFL.KD.ZG' }, transform: 'Level=pch' });
    const retail: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.VALUE', frequency: 'monthly', start_year: 2020, end_year: 2024 };
    expect(presetRequest('usd', { query: retail }).operands[1]!.query).toEqual({ kind: 'indicator', source: 'WB', indicator: 'PA.NUS.FCRF', country: 'VN', start_year: 2020, end_year: 2024 });
    expect(presetRequest('share_of_gdp', { query: { kind: 'trade', flow: 'exports', period: '2024-03' } }).operands[1]!.query).toEqual({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2024, end_year: 2024 });
    expect(() => presetRequest('nope' as 'usd', { query: gdpQ })).toThrow('Unknown preset "nope"');
  });
});
