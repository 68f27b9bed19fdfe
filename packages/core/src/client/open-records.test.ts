/**
 * Records whose fields the spec leaves open (stocks, trade: spec 2.4): an absent field is a missing
 * value; only the fields that place a value are required. Against a stub HTTP service (real
 * sockets, the default transport) answering what index feeds often send: close-only bars.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EconDataClient } from './client.ts';

const FULL = { symbol: 'VNM', date: '2024-03-01', open: 68.1, high: 69, low: 67.8, close: 68.5, volume: 1_234_500, unit: 'thousand VND' };
const ANSWERS: Record<string, unknown[]> = {
  // An index answer with only index, date and close.
  '/api/v1/stocks/vietnam?index=VNINDEX': [{ index: 'VNINDEX', date: '2024-03-01', close: 1258.2 }, { index: 'VNINDEX', date: '2024-03-04', close: 1262.9 }],
  // Full bars and close-only bars mixed in one answer.
  '/api/v1/stocks/vietnam?symbol=VNM': [FULL, { symbol: 'VNM', date: '2024-03-04', close: 69.2 }, { symbol: 'VNM', date: '2024-03-05', close: 69.9, volume: 2_000_000 }],
  // No symbol nor index: nothing says whose prices these are.
  '/api/v1/stocks/vietnam?symbol=ACB': [{ date: '2024-03-01', close: 25 }],
  // No date: nothing says which day.
  '/api/v1/stocks/vietnam?symbol=FPT': [{ symbol: 'FPT', close: 100 }],
  // A trade record without value or ytd_value: a month with no figure.
  '/api/v1/trade/vietnam?flow=exports': [
    { period: '2024-01', flow: 'exports', partner: 'WLD', hs_code: 'TOTAL', value: 33.6, ytd_value: 33.6, unit: 'USD billion' },
    { period: '2024-02', flow: 'exports', partner: 'WLD', hs_code: 'TOTAL', unit: 'USD billion' },
  ],
};

let server: Server;
let baseURL = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const data = ANSWERS[req.url ?? ''];
    res.writeHead(data ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(data ? { success: true, data, metadata: { source: 'Stub exchange', last_updated: '2024-03-05', total_records: data.length } } : { success: false, error: { message: 'Not found' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new EconDataClient({ baseURL, apiKey: 'stub-key-0000', maxRetries: 0 });

describe('stock and index records without every price field (stub service)', () => {
  it('an index answer with only index, date and close: a Series whose other columns are missing values', async () => {
    const [r] = await client().fetchSeries([{ kind: 'stock', index: 'VNINDEX' }]);
    expect(r).toMatchObject({ ok: true, series: { periods: ['2024-03-01', '2024-03-04'], values: [[null, null], [null, null], [null, null], [1258.2, 1262.9], [null, null]] } });
    const raw = await client().getStocks({ index: 'VNINDEX' });
    expect(raw.data[0]).toEqual({ index: 'VNINDEX', date: '2024-03-01', open: null, high: null, low: null, close: 1258.2, volume: null });
  });

  it('full bars mixed with close-only bars map fine', async () => {
    const [r] = await client().fetchSeries([{ kind: 'stock', symbol: 'VNM' }]);
    expect(r).toMatchObject({ ok: true, series: {
      periods: ['2024-03-01', '2024-03-04', '2024-03-05'],
      values: [[68.1, null, null], [69, null, null], [67.8, null, null], [68.5, 69.2, 69.9], [1_234_500, null, 2_000_000]],
      columns: [{ key: 'open', unit: 'thousand VND' }, { key: 'high' }, { key: 'low' }, { key: 'close' }, { key: 'volume', unit: 'shares' }],
    } });
  });

  it('a record without symbol or index, or without a date, is still refused: it places no value', async () => {
    const [acb, fpt] = await client().fetchSeries([{ kind: 'stock', symbol: 'ACB' }, { kind: 'stock', symbol: 'FPT' }]);
    expect(acb).toMatchObject({ ok: false, error: { code: 'invalid_response', message: expect.stringContaining('data[0]: neither symbol nor index is a string') as string } });
    expect(fpt).toMatchObject({ ok: false, error: { code: 'invalid_response', message: expect.stringContaining('data[0]: date is not a string') as string } });
  });

  it('a trade record without value: a missing value for that month', async () => {
    const [r] = await client().fetchSeries([{ kind: 'trade', flow: 'exports' }]);
    expect(r).toMatchObject({ ok: true, series: { periods: ['2024-01', '2024-02'], values: [[33.6, null], [33.6, null]] } });
  });
});
