/**
 * GET /trade/vietnam and GET /stocks/vietnam: records, parameters (400) and missing data (404),
 * over app.inject with the demo pack.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../src/index.ts';
import { errorOf, get } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandboxApp();
});
afterAll(() => app.close());

describe('GET /trade/vietnam', () => {
  it('serves every month and flow, or one month, or one flow', async () => {
    const all = (await get(app, '/api/v1/trade/vietnam')).json();
    expect(all.metadata.total_records).toBe(72);
    const month = (await get(app, '/api/v1/trade/vietnam?period=2024-03')).json().data;
    expect(month.map((r: { flow: string }) => r.flow)).toEqual(['exports', 'imports', 'balance']);
    expect(Object.keys(month[0])).toEqual(['period', 'flow', 'partner', 'partner_name', 'hs_code', 'hs_description', 'value', 'ytd_value', 'unit']);
    expect(month[0]).toMatchObject({ period: '2024-03', partner: 'WLD', partner_name: 'World', hs_code: 'TOTAL', hs_description: 'All goods', unit: 'USD billion' });
    expect(month[2].value).toBeCloseTo(month[0].value - month[1].value, 2);
    expect((await get(app, '/api/v1/trade/vietnam?flow=imports')).json().data).toHaveLength(24);
    expect((await get(app, '/api/v1/trade/vietnam?partner=WLD&hs_code=TOTAL&flow=EXPORTS')).json().data).toHaveLength(24);
  });

  it.each([
    ['flow=total', 'flow', 'Invalid parameters: flow must be one of exports, imports, balance, got "total"'],
    ['period=2024-13', 'period', 'Invalid parameters: period must be a month written YYYY-MM such as 2024-03, got "2024-13"'],
    ['period=2024-3', 'period', 'Invalid parameters: period must be a month written YYYY-MM such as 2024-03, got "2024-3"'],
    ['partner=CHN', 'partner', 'Invalid parameters: partner must be an ISO 2-letter country code such as CN, or WLD for all partners, got "CHN"'],
    ['hs_code=851', 'hs_code', 'Invalid parameters: hs_code must be an HS code of 2, 4 or 6 digits such as 85 or 8517, or TOTAL for all goods, got "851"'],
  ])('400 for %s', async (query, parameter, message) => {
    expect(errorOf(await get(app, `/api/v1/trade/vietnam?${query}`))).toEqual({ status: 400, code: 'invalid_parameters', message, parameter });
  });

  it('404 for a month without data and for breakdowns the data does not have', async () => {
    expect(errorOf(await get(app, '/api/v1/trade/vietnam?period=2019-01')).message).toBe('Data not found: no customs data for 2019-01; the data covers 2023-01 to 2024-12 with some months missing');
    expect(errorOf(await get(app, '/api/v1/trade/vietnam?partner=CN')).message).toBe('Data not found: the customs data has totals only (partner WLD): no breakdown by partner, so nothing for partner "CN"');
    expect(errorOf(await get(app, '/api/v1/trade/vietnam?hs_code=85')).message).toBe('Data not found: the customs data has totals only (hs_code TOTAL): no breakdown by HS code, so nothing for hs_code "85"');
  });
});

describe('GET /stocks/vietnam', () => {
  it('serves a symbol in a date range, in thousand VND', async () => {
    const body = (await get(app, '/api/v1/stocks/vietnam?symbol=vnm&start_date=2024-01-01&end_date=2024-01-05')).json();
    expect(body.data.map((r: { date: string }) => r.date)).toEqual(['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05']);
    expect(body.data[0]).toMatchObject({ symbol: 'VNM', unit: 'thousand VND' });
    expect(Object.keys(body.data[0]).sort()).toEqual(['close', 'date', 'high', 'low', 'open', 'symbol', 'unit', 'volume']);
    expect(body.metadata.source).toContain('DEMO');
  });

  it('serves VNINDEX in points', async () => {
    const data = (await get(app, '/api/v1/stocks/vietnam?index=VNINDEX&start_date=2024-12-31')).json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ index: 'VNINDEX', date: '2024-12-31', unit: 'points' });
    // A form's blank symbol field is no symbol: the index alone is asked for.
    expect((await get(app, '/api/v1/stocks/vietnam?symbol=&index=VNINDEX&start_date=2024-12-31')).json().data).toEqual(data);
  });

  it.each([
    ['', 'symbol', 'Invalid parameters: symbol or index is required (a stock symbol such as VNM, or an index: VNINDEX, HNX, UPCOM, VN30)'],
    ['symbol=&index=%20', 'symbol', 'Invalid parameters: symbol or index is required (a stock symbol such as VNM, or an index: VNINDEX, HNX, UPCOM, VN30)'],
    ['symbol=VNM&index=VNINDEX', 'index', 'Invalid parameters: index cannot be given together with symbol: ask for one of them'],
    ['index=NASDAQ', 'index', 'Invalid parameters: index must be one of VNINDEX, HNX, UPCOM, VN30, got "NASDAQ"'],
    ['symbol=VNM&start_date=2024-02-30', 'start_date', 'Invalid parameters: start_date must be a date written YYYY-MM-DD such as 2024-03-29, got "2024-02-30"'],
    ['symbol=VNM&end_date=24-01-01', 'end_date', 'Invalid parameters: end_date must be a date written YYYY-MM-DD such as 2024-03-29, got "24-01-01"'],
    ['symbol=VNM&start_date=2024-03-02&end_date=2024-03-01', 'start_date', 'Invalid parameters: start_date must not be after end_date (got start_date=2024-03-02, end_date=2024-03-01)'],
  ])('400 for %s', async (query, parameter, message) => {
    expect(errorOf(await get(app, `/api/v1/stocks/vietnam?${query}`))).toEqual({ status: 400, code: 'invalid_parameters', message, parameter });
  });

  it('404 for an unknown symbol, a missing index and a range without trading days', async () => {
    expect(errorOf(await get(app, '/api/v1/stocks/vietnam?symbol=AAPL')).message).toBe('Data not found: unknown symbol "AAPL"; 2 symbols: FPT, VNM');
    expect(errorOf(await get(app, '/api/v1/stocks/vietnam?index=HNX')).message).toBe('Data not found: no data for index HNX; indices: VNINDEX');
    expect(errorOf(await get(app, '/api/v1/stocks/vietnam?symbol=VNM&start_date=2024-01-06&end_date=2024-01-07')).message)
      .toBe('Data not found: no trading day for VNM from 2024-01-06 to 2024-01-07; the data runs 2024-01-02 to 2024-12-31');
  });
});
