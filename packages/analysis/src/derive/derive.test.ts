import { assertSeries, type Series, type SeriesQuery } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { makeSeries, months, quarters, years } from '../testing/make-series.ts';
import { deriveSeries } from './derive.ts';
import { thrown } from '../testing/thrown.ts';

const wb = (indicator: string): Extract<SeriesQuery, { kind: 'indicator' }> => ({ kind: 'indicator', source: 'WB', indicator, country: 'VN' });
const annual = (indicator: string, unit: string | null, title: string, from: number, values: Array<number | null>): Series =>
  makeSeries({ frequency: 'annual', periods: years(from, from + values.length - 1), columns: { value: values }, unit, title, query: wb(indicator) });

const gdp = annual('NY.GDP.MKTP.CD', 'current US$', 'GDP (current US$)', 2018, [100, 120, null, 150, 160]);
const pop = annual('SP.POP.TOTL', 'persons', 'Population, total', 2017, [9, 10, 12, 12, 0, 16]);

describe('deriveSeries: alignment and missing values', () => {
  it('aligns on the common periods; a missing operand or a zero divisor is missing', () => {
    const s = assertSeries(deriveSeries('a/b', { a: gdp, b: pop }));
    expect(s.periods).toEqual(['2018', '2019', '2020', '2021', '2022']);
    expect(s.values).toEqual([[10, 10, null, null, 10]]);
    expect(s.frequency).toBe('annual');
    expect(s.kind).toBe('indicator');
  });

  it('names the expression and every operand in its provenance, and says what the unit is', () => {
    const s = deriveSeries('a / b', { b: pop, a: gdp });
    expect(s.columns).toEqual([{ key: 'value', label: '[GDP (current US$)] ÷ [Population, total]', unit: 'current US$ per person' }]);
    expect(s.title).toBe('[GDP (current US$)] ÷ [Population, total]');
    expect(s.provenance.derivation).toEqual({
      expression: 'a/b',
      operands: [
        { name: 'a', query: wb('NY.GDP.MKTP.CD'), source: 'test', last_updated: null },
        { name: 'b', query: wb('SP.POP.TOTL'), source: 'test', last_updated: null },
      ],
    });
    expect(s.provenance.query).toEqual(wb('NY.GDP.MKTP.CD'));
    expect(s.id).toBe('derived:a/b:a=indicator:test,b=indicator:test');
    expect(s.dimensions).toEqual({ source: 'TEST', expression: 'a/b' });
    expect(s.provenance.warnings).toBeUndefined();
  });

  it('with words, the title is the first operand\'s title and the words', () => {
    expect(deriveSeries('a/b', { a: gdp, b: pop }, undefined, { words: 'per capita' }).title).toBe('GDP (current US$), per capita');
  });

  it('applies the result transform after the expression: the growth of a ratio, not the ratio of growths', () => {
    const a = annual('X', 'current US$', 'X', 2000, [100, 110, 132]);
    const b = annual('P', 'persons', 'P', 2000, [10, 10, 11]);
    const s = assertSeries(deriveSeries('a/b', { a, b }, 'Units=pc1'));
    expect(s.periods).toEqual(['2000', '2001', '2002']);
    expect(s.values[0]![0]).toBeNull();
    expect(s.values[0]![1]).toBeCloseTo(10, 12);
    expect(s.values[0]![2]).toBeCloseTo((12 / 11 - 1) * 100, 12);
    expect(s.columns[0]!.unit).toBe('%');
    expect(s.provenance.transform).toBe('Units=pc1');
    expect(s.id).toBe('derived:a/b:a=indicator:test,b=indicator:test~Units=pc1');
    expect(s.provenance.derivation?.expression).toBe('a/b');
  });

  it('trims to the asked range after the result transform', () => {
    const a = annual('X', 'current US$', 'X', 2000, [100, 110, 132]);
    const s = deriveSeries('a*2', { a }, 'Units=pch', { asked: { ...wb('X'), start_year: 2001, end_year: 2002 } });
    expect(s.periods).toEqual(['2001', '2002']);
    expect(s.values[0]![0]).toBeCloseTo(10, 12);
    expect(s.provenance.query).toEqual(wb('X'));
  });

  it('refuses an operand the expression does not use, and one it uses but is not given', () => {
    expect(thrown(() => deriveSeries('a/b', { a: gdp })).message).toContain('uses b, but no series is given for b');
    expect(thrown(() => deriveSeries('a', { a: gdp, b: pop })).message).toContain('A series is given for b, but the expression "a" does not use b');
  });

  it('carries IMF projection flags: a period is projected when any operand is', () => {
    const a = { ...annual('NGDPD', 'USD bn', 'GDP', 2024, [1, 2, 3]), flags: { is_projection: [false, false, true] } };
    const b = { ...annual('LP', 'persons', 'Pop', 2024, [1, 1, 1]), flags: { is_projection: [false, true, true] } };
    expect(deriveSeries('a/b', { a, b }).flags).toEqual({ is_projection: [false, true, true] });
  });
});

describe('deriveSeries: mixed frequencies', () => {
  it('converts every operand to the lowest frequency by its default aggregation before the expression', () => {
    const monthly = makeSeries({ frequency: 'monthly', periods: months(2020, 1, 24), columns: { value: Array.from({ length: 24 }, (_, i) => i + 1) }, unit: 'current US$', title: 'M', query: { kind: 'indicator', source: 'GSO', indicator: 'M', frequency: 'monthly' } });
    const q = makeSeries({ frequency: 'quarterly', periods: quarters(2020, 1, 8), columns: { value: [1, 1, 1, 1, 2, 2, 2, 2] }, unit: 'persons', title: 'Q', query: { kind: 'indicator', source: 'GSO', indicator: 'Q', frequency: 'quarterly' } });
    const y = annual('Y', 'persons', 'Y', 2020, [3, 4]);
    const s = assertSeries(deriveSeries('a/b+c', { a: monthly, b: q, c: y }));
    expect(s.frequency).toBe('annual');
    // Indicators average: months 1..12 average 6.5, 13..24 average 18.5; quarters average 1 and 2.
    expect(s.values).toEqual([[6.5 / 1 + 3, 18.5 / 2 + 4]]);
    expect(s.provenance.query).toEqual({ kind: 'indicator', source: 'GSO', indicator: 'M', frequency: 'annual' });
  });

  it('sums trade values to the lower frequency (trade\'s default) and the result is an indicator-kind series', () => {
    const trade = makeSeries({ kind: 'trade', frequency: 'monthly', periods: months(2021, 1, 12), columns: { 'exports.value': Array(12).fill(2) as number[], 'exports.ytd_value': Array.from({ length: 12 }, (_, i) => 2 * (i + 1)) }, unit: 'USD bn' });
    const g = annual('NY.GDP.MKTP.CD', 'USD bn', 'GDP', 2021, [240]);
    const s = assertSeries(deriveSeries('a/b*100', { a: trade, b: g }));
    expect(s.values).toEqual([[10]]);
    expect(s.kind).toBe('indicator');
    expect(s.columns[0]!.unit).toBe('% of GDP');
  });
});

describe('deriveSeries: units and their warnings', () => {
  it('a sum of US dollars and persons is computed with a warning', () => {
    const s = deriveSeries('a+b', { a: gdp, b: pop });
    expect(s.provenance.warnings).toEqual(['Adding a (GDP (current US$), current US$) and b (Population, total, persons): the units differ, so the result may mean nothing. Check the expression before using it.']);
  });
  it('a share is "% of" the divisor; the same unit divided is a ratio; ×100 only names a percentage', () => {
    const exp = annual('TX.VAL.MRCH.CD.WT', 'current US$', 'Merchandise exports (current US$)', 2018, [10, 12]);
    expect(deriveSeries('a/b*100', { a: exp, b: gdp }).columns[0]!.unit).toBe('% of GDP');
    expect(deriveSeries('100*a/b', { a: exp, b: gdp }).columns[0]!.unit).toBe('% of GDP');
    expect(deriveSeries('a/b', { a: exp, b: gdp }).columns[0]!.unit).toBe('ratio');
    expect(deriveSeries('(a-b)/2', { a: exp, b: gdp }).columns[0]!.unit).toBe('current US$');
    expect(deriveSeries('a^2', { a: exp }).columns[0]!.unit).toBe('(current US$)^2');
  });
  it('a value divided by an index and ×100 is at the index\'s base-period prices', () => {
    const deflator = annual('D', 'index, 2010 = 100', 'Deflator', 2018, [110, 121]);
    expect(deriveSeries('a/b*100', { a: gdp, b: deflator }).columns[0]!.unit).toBe('US$ at 2010 prices');
  });
});

describe('deriveSeries: currency conversion with an exchange rate', () => {
  const rate = annual('PA.NUS.FCRF', 'local currency units per US$ (period average)', 'Official exchange rate', 2020, [20000, 25000]);
  const vndMonthly = makeSeries({ frequency: 'monthly', periods: months(2020, 11, 4), columns: { value: [40000, 60000, 50000, 75000] }, unit: 'billion VND', title: 'Retail sales', query: { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.VALUE', frequency: 'monthly' } });

  it('a monthly series in local currency keeps its frequency: each month uses its year\'s rate, and says so', () => {
    const s = assertSeries(deriveSeries('a/b', { a: vndMonthly, b: rate }));
    expect(s.frequency).toBe('monthly');
    expect(s.periods).toEqual(['2020-11', '2020-12', '2021-01', '2021-02']);
    expect(s.values).toEqual([[2, 3, 2, 3]]);
    expect(s.columns[0]!.unit).toBe('billion US$');
    expect(s.provenance.warnings).toEqual(['Each month uses the year\'s average exchange rate: b = Official exchange rate.']);
    expect(s.provenance.derivation!.operands[1]!.query).toEqual(wb('PA.NUS.FCRF'));
  });

  it('a month whose year has no rate is missing', () => {
    const s = deriveSeries('a/b', { a: vndMonthly, b: annual('PA.NUS.FCRF', 'local currency units per US$ (period average)', 'Rate', 2020, [20000]) });
    expect(s.values).toEqual([[2, 3, null, null]]);
  });

  it('US dollars times the rate are local currency units', () => {
    expect(deriveSeries('a*b', { a: gdp, b: rate }).columns[0]!.unit).toBe('current local currency units');
  });

  it.each([
    ['a percentage', 'annual %', 'a (X) is in annual %, a percentage: it has no currency, so an exchange rate cannot convert it.'],
    ['an index', 'index, 2015 = 100', 'a (X) is in index, 2015 = 100, an index: it has no currency'],
    ['a count', 'persons', 'a (X) is in persons, a count: it has no currency'],
  ])('refuses %s', (_what, unit, message) => {
    const e = thrown(() => deriveSeries('a/b', { a: annual('X', unit, 'X', 2020, [1, 2]), b: rate }));
    expect(e.parameter).toBe('expression');
    expect(e.message).toContain(message);
  });

  it('refuses dividing US dollars by the rate and multiplying local currency by it', () => {
    expect(thrown(() => deriveSeries('a/b', { a: gdp, b: rate })).message).toContain('is already in US dollars (current US$)');
    expect(thrown(() => deriveSeries('a*b', { a: vndMonthly, b: rate })).message).toContain('is already in local currency (billion VND)');
  });
});
