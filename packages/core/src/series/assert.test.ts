import { describe, expect, it } from 'vitest';
import { assertSeries, seriesProblem } from './assert.ts';
import { InvalidResponseError } from '../errors/errors.ts';
import type { Series } from '../series.ts';

function good(): Series {
  return {
    id: 'indicator:IMF:NGDPD:VN', kind: 'indicator', title: 'GDP: Viet Nam', frequency: 'annual',
    dimensions: { source: 'IMF', indicator: 'NGDPD', country: 'VN' },
    columns: [{ key: 'value', label: 'GDP', unit: 'USD bn' }],
    periods: ['2019', '2020', '2021'], values: [[1, null, 3]], flags: { is_projection: [false, false, true] },
    provenance: { source: 'IMF', last_updated: null, retrieved_at: '2026-11-22T08:00:00.000Z', endpoint: '/indicators', query: { kind: 'indicator', source: 'IMF', indicator: 'NGDPD', country: 'VN' } },
  };
}

/** A good series changed by `edit`, and the message assertSeries refuses it with. */
function refused(edit: (s: Series) => void): string {
  const s = good();
  edit(s);
  let error: unknown;
  try {
    assertSeries(s);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(InvalidResponseError);
  expect(error).toMatchObject({ code: 'invalid_response', name: 'InvalidResponseError' });
  return (error as Error).message;
}

describe('assertSeries', () => {
  it('returns a valid series as it is, empty ones included', () => {
    const s = good();
    expect(assertSeries(s)).toBe(s);
    expect(seriesProblem(s)).toBeUndefined();
    expect(() => assertSeries({ ...good(), periods: [], values: [[]], flags: { is_projection: [] } })).not.toThrow();
    const q = { ...good(), frequency: 'quarterly' as const, periods: ['2023-Q4', '2024-Q1'], values: [[1, 2]] };
    delete q.flags;
    expect(() => assertSeries(q)).not.toThrow();
  });

  it('names the series and the period in every refusal, and says what to do', () => {
    const m = refused((s) => { s.periods[1] = '2020M01'; });
    expect(m).toBe('Series "indicator:IMF:NGDPD:VN" breaks the Series rules: period "2020M01" (position 1) is not an annual period (the form is 2024). It is not used: if it came from the service, try again later and report it to the provider if it persists; if it came from a file, fix the file or export it again.');
  });

  it.each<[string, (s: Series) => void, string]>([
    ['a period not in the frequency\'s form', (s) => { s.frequency = 'monthly'; }, 'period "2019" (position 0) is not a monthly period (the form is 2024-03)'],
    ['a daily period that is no calendar day', (s) => { Object.assign(s, { frequency: 'daily', periods: ['2024-02-28', '2024-02-30', '2024-03-01'] }); }, 'period "2024-02-30" (position 1) is not a daily period'],
    ['periods out of order', (s) => { s.periods = ['2019', '2021', '2020']; }, 'periods are not in ascending order: "2020" (position 2) comes after "2021"'],
    ['a period twice', (s) => { s.periods = ['2019', '2020', '2020']; }, 'period "2020" occurs twice (positions 1 and 2)'],
    ['a period that is not text', (s) => { (s.periods as unknown[])[0] = 2019; }, 'period 2019 (position 0) is not an annual period'],
    ['NaN', (s) => { s.values[0]![1] = NaN; }, 'column "value" at period "2020" holds NaN, not a finite number or null'],
    ['Infinity', (s) => { s.values[0]![2] = Infinity; }, 'column "value" at period "2021" holds Infinity, not a finite number or null'],
    ['a value as text', (s) => { (s.values[0] as unknown[])[0] = '1'; }, 'column "value" at period "2019" holds "1", not a finite number or null'],
    ['a hole in a column', (s) => { const hole = [1, null, 3]; delete hole[1]; s.values[0] = hole; }, 'column "value" at period "2020" holds nothing, not a finite number or null'],
    ['a column shorter than the periods', (s) => { s.values[0] = [1, 2]; }, 'column "value" has 2 values for 3 periods'],
    ['fewer value arrays than columns', (s) => { s.columns.push({ key: 'other', label: 'Other', unit: null }); }, '1 value arrays for 2 columns'],
    ['a flag array of another length', (s) => { s.flags = { is_projection: [false, true] }; }, 'flag is_projection has 2 entries for 3 periods'],
    ['a flag that is not a boolean', (s) => { (s.flags!['is_projection'] as unknown[])[1] = null; }, 'flag is_projection at period "2020" is null, not true or false'],
    ['no id', (s) => { s.id = ''; }, 'it has no id'],
    ['an unknown kind', (s) => { (s as { kind: string }).kind = 'bond'; }, 'kind "bond" is none of indicator, trade, stock'],
    ['an unknown frequency', (s) => { (s as { frequency: string }).frequency = 'weekly'; }, 'frequency "weekly" is none of annual, quarterly, monthly, daily'],
    ['a stock series that is not daily', (s) => { s.kind = 'stock'; s.provenance.query = { kind: 'stock', symbol: 'VNM' }; }, 'a stock series is daily, not annual'],
    ['a trade series that is not monthly', (s) => { s.kind = 'trade'; s.provenance.query = { kind: 'trade' }; }, 'a trade series is monthly, not annual'],
    ['a query of another kind', (s) => { s.provenance.query = { kind: 'trade' }; }, 'provenance.query is of kind "trade" but the series is of kind "indicator"'],
    ['a query of another frequency', (s) => { s.provenance.query = { kind: 'indicator', source: 'GSO', indicator: 'CPI', frequency: 'monthly' }; }, 'the query asked for monthly data but the series is annual'],
    ['a column key twice', (s) => { s.columns.push({ key: 'value', label: 'Again', unit: null }); s.values.push([1, 2, 3]); }, 'column "value" appears twice'],
    ['a unit that is not text', (s) => { (s.columns[0] as { unit: unknown }).unit = 5; }, 'column "value" has unit 5, not text or null'],
    ['a dimension that is not text', (s) => { (s.dimensions as Record<string, unknown>)['country'] = 704; }, 'dimension country is 704, not text'],
    // Annual periods are compared by their years, the others as text: the same refusals either way.
    ['an annual period of five digits', (s) => { s.periods = ['2019', '20200', '2021']; }, 'period "20200" (position 1) is not an annual period (the form is 2024)'],
    ['an annual period with a letter', (s) => { s.periods[2] = '202l'; }, 'period "202l" (position 2) is not an annual period'],
    ['monthly periods out of order', (s) => { s.frequency = 'monthly'; s.periods = ['2020-01', '2020-03', '2020-02']; }, 'periods are not in ascending order: "2020-02" (position 2) comes after "2020-03"'],
    ['a monthly period twice', (s) => { s.frequency = 'monthly'; s.periods = ['2020-01', '2020-01', '2020-02']; }, 'period "2020-01" occurs twice (positions 0 and 1)'],
  ])('refuses %s', (_what, edit, problem) => {
    const m = refused(edit);
    expect(m).toContain(problem);
    if (!problem.includes('no id')) expect(m).toContain('"indicator:IMF:NGDPD:VN"');
  });
});

/**
 * An axis whose periods count their reads: each index is a getter (the array stays a real array,
 * Array.isArray and length as usual), so the test sees how often the check reads it, not how long it takes.
 */
function countedAxis(periods: readonly string[]): { axis: string[]; reads: () => number } {
  let reads = 0;
  const axis = new Array<string>(periods.length);
  periods.forEach((p, i) => Object.defineProperty(axis, i, { get: () => { reads += 1; return p; }, enumerable: true, configurable: true }));
  return { axis, reads: () => reads };
}

/** A monthly series of its own id on `axis` (its values its own, made without reading the axis). */
function monthlyOn(axis: string[], id: string): Series {
  return {
    id, kind: 'indicator', title: id, frequency: 'monthly', dimensions: {},
    columns: [{ key: 'value', label: 'CPI', unit: null }], periods: axis, values: [Array.from({ length: axis.length }, (_, i) => i)],
    provenance: { source: 'GSO', last_updated: null, retrieved_at: '2026-11-22T08:00:00.000Z', endpoint: '/indicators', query: { kind: 'indicator', source: 'GSO', indicator: 'CPI' } },
  };
}

const MONTHS = ['2024-01', '2024-02', '2024-03', '2024-04'];

describe('assertSeries on series sharing one period axis', () => {
  it('reads a shared axis once: the series after the first pass without a period read', () => {
    const { axis, reads } = countedAxis(MONTHS);
    const series = ['a', 'b', 'c', 'd', 'e'].map((id) => monthlyOn(axis, id));
    assertSeries(series[0]!);
    expect(reads()).toBe(MONTHS.length);
    for (const s of series.slice(1)) expect(assertSeries(s)).toBe(s);
    expect(reads()).toBe(MONTHS.length);
    // The same periods in another array are another axis: read in full.
    const other = countedAxis(MONTHS);
    assertSeries(monthlyOn(other.axis, 'f'));
    expect(other.reads()).toBe(MONTHS.length);
  });

  it('checks the axis again for another frequency, and refuses it there with the same message as ever', () => {
    const { axis, reads } = countedAxis(['2024', '2025']);
    const annual: Series = { ...good(), periods: axis, values: [[1, 2]] };
    delete annual.flags;
    assertSeries(annual);
    const once = reads();
    const monthly = { ...annual, id: 'indicator:GSO:CPI:VN', frequency: 'monthly' as const, provenance: { ...annual.provenance, query: { kind: 'indicator' as const, source: 'GSO', indicator: 'CPI' } } };
    expect(() => assertSeries(monthly)).toThrow('Series "indicator:GSO:CPI:VN" breaks the Series rules: period "2024" (position 0) is not a monthly period (the form is 2024-03).');
    expect(reads()).toBeGreaterThan(once);
    // And the annual series still passes (checked again: the failed monthly check recorded nothing).
    expect(assertSeries(annual)).toBe(annual);
  });

  it('checks an axis again when it has grown since its check, and refuses what was added', () => {
    const { axis, reads } = countedAxis(MONTHS);
    const a = monthlyOn(axis, 'a');
    assertSeries(a);
    const once = reads();
    axis.push('2024-05');
    const longer = monthlyOn(axis, 'b');
    assertSeries(longer);
    // The whole axis read again: its four counted periods (the new one is a plain element).
    expect(reads() - once).toBe(MONTHS.length);
    axis.push('2024-05');
    expect(() => assertSeries(monthlyOn(axis, 'c'))).toThrow('Series "c" breaks the Series rules: period "2024-05" occurs twice (positions 4 and 5).');
  });

  it('refuses a bad shared axis for every series on it, each by its own id', () => {
    const axis = ['2024-01', '2024-03', '2024-02'];
    for (const id of ['a', 'b', 'c']) {
      expect(() => assertSeries(monthlyOn(axis, id))).toThrow(`Series "${id}" breaks the Series rules: periods are not in ascending order: "2024-02" (position 2) comes after "2024-03".`);
      expect(seriesProblem(monthlyOn(axis, id))).toBe('periods are not in ascending order: "2024-02" (position 2) comes after "2024-03"');
    }
  });

  it('trusts an axis not to change in place after its check (a Series is never changed in place): this is what it does not see', () => {
    const axis = [...MONTHS];
    assertSeries(monthlyOn(axis, 'a'));
    axis[1] = '2024M02';
    // Not read again: the same array, frequency and length passed. A fresh array with that period is refused.
    expect(seriesProblem(monthlyOn(axis, 'b'))).toBeUndefined();
    expect(seriesProblem(monthlyOn([...axis], 'c'))).toBe('period "2024M02" (position 1) is not a monthly period (the form is 2024-03)');
  });
});
