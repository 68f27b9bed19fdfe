/** The two ways a query is written out, exactly. */
import { describe, expect, it } from 'vitest';
import { queryText, queryWords } from './query-text.ts';

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

  it('differs from queryText, which keeps the spec\'s parameter names', () => {
    expect(queryText({ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' })).toBe('/trade/vietnam?flow=exports&start_period=2024-01&end_period=2024-06');
  });
});
