import { describe, expect, it } from 'vitest';
import { requestAddress } from './address.ts';

describe('requestAddress', () => {
  it('is the base URL, /api/v1, the endpoint and the query string core sends, codes normalized', () => {
    expect(requestAddress('http://127.0.0.1:8787/', { kind: 'indicator', source: 'wb', indicator: 'NY.GDP.MKTP.CD', country: 'vn', start_year: 2015 }))
      .toBe('http://127.0.0.1:8787/api/v1/indicators?country=VN&indicator=NY.GDP.MKTP.CD&source=WB&start_year=2015');
    expect(requestAddress('https://api.example.com', { kind: 'stock', symbol: 'FPT', start_date: '2024-01-02' }))
      .toBe('https://api.example.com/api/v1/stocks/vietnam?start_date=2024-01-02&symbol=FPT');
  });

  it('a trade range is no request parameter: every month is asked for', () => {
    expect(requestAddress('http://h', { kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' }))
      .toBe('http://h/api/v1/trade/vietnam?flow=exports');
  });

  it('refuses an invalid query with the validator\'s error', () => {
    expect(() => requestAddress('http://h', { kind: 'indicator', source: 'WB', indicator: '', country: 'VN' })).toThrow(/indicator/);
  });
});
