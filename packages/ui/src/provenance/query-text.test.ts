/** The two ways a query is written out, exactly. */
import { describe, expect, it } from 'vitest';
import { periodsAsked, queryText, queryWords } from './query-text.ts';

describe('queryWords: which query failed, in a person\'s words', () => {
  it('names a trade query\'s months: a range, an open end, one month, or none', () => {
    expect(queryWords({ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' })).toBe('Vietnam exports 2024-01 to 2024-06');
    expect(queryWords({ kind: 'trade', flow: 'imports', start_period: '2024-01' })).toBe('Vietnam imports from 2024-01');
    expect(queryWords({ kind: 'trade', flow: 'exports', end_period: '2023-12' })).toBe('Vietnam exports up to 2023-12');
    expect(queryWords({ kind: 'trade', flow: 'balance', period: '2024-03' })).toBe('Vietnam trade balance 2024-03');
    expect(queryWords({ kind: 'trade', flow: 'exports' })).toBe('Vietnam exports');
    expect(queryWords({ kind: 'trade' })).toBe('Vietnam trade');
  });

  it('names a partner and an HS code before the months', () => {
    expect(queryWords({ kind: 'trade', flow: 'exports', partner: 'CN', hs_code: '85', start_period: '2024-01', end_period: '2024-06' })).toBe('Vietnam exports to CN, HS 85, 2024-01 to 2024-06');
    expect(queryWords({ kind: 'trade', flow: 'imports', partner: 'US' })).toBe('Vietnam imports from US');
  });

  it('keeps indicators and stocks as they were', () => {
    expect(queryWords({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'JP' })).toBe('WB NY.GDP.MKTP.CD for JP');
    expect(queryWords({ kind: 'stock', symbol: 'VNM' })).toBe('stock VNM');
    expect(queryWords({ kind: 'stock', index: 'VNINDEX' })).toBe('stock VNINDEX');
  });

  it('differs from queryText, which cites the request sent (the spec\'s parameter names) and the months kept apart', () => {
    expect(queryText({ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' })).toBe('/trade/vietnam?flow=exports (Months: 2024-01 to 2024-06)');
    expect(queryText({ kind: 'trade', flow: 'imports', partner: 'CN', period: '2024-03' })).toBe('/trade/vietnam?flow=imports&partner=CN&period=2024-03');
  });
});

describe('periodsAsked: the periods a saved export asked, said once', () => {
  const gdp = (country: string, years: { start_year?: number; end_year?: number }) => ({ kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.KD.ZG', country, ...years });

  it('says the years every query asks, an open end, or nothing when they differ or ask every year', () => {
    expect(periodsAsked([gdp('VN', { start_year: 2010, end_year: 2023 }), gdp('TH', { start_year: 2010, end_year: 2023 })])).toBe('2010–2023');
    expect(periodsAsked([gdp('VN', { start_year: 2000 })])).toBe('from 2000');
    expect(periodsAsked([gdp('VN', { end_year: 2020 })])).toBe('up to 2020');
    expect(periodsAsked([gdp('VN', { start_year: 2020, end_year: 2020 })])).toBe('2020');
    expect(periodsAsked([gdp('VN', { start_year: 2010 }), gdp('TH', { start_year: 2011 })])).toBe('');
    expect(periodsAsked([gdp('VN', {})])).toBe('');
    expect(periodsAsked([])).toBe('');
  });

  it('says a trade query\'s months as queryWords does, and a stock\'s dates', () => {
    expect(periodsAsked([{ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' }])).toBe('2024-01 to 2024-06');
    expect(periodsAsked([{ kind: 'stock', symbol: 'VNM', start_date: '2025-06-02', end_date: '2025-08-29' }])).toBe('2025-06-02 to 2025-08-29');
  });
});
