import { describe, expect, it } from 'vitest';
import { EconDataClient } from '../client/client.ts';
import { MemoryCacheStore } from '../cache/store.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import type { TransportRequest, TransportResponse } from '../net/transport.ts';

/** The sandbox's words: known symbols answer, an unknown one is refused with the list; trade has totals only. */
function service(req: TransportRequest): TransportResponse {
  const url = new URL(req.url);
  const p = url.searchParams;
  if (url.pathname === '/api/v1/stocks/vietnam') {
    const symbol = p.get('symbol');
    if (symbol === 'XYZ') return json(404, { success: false, error: { status: 404, code: 'data_not_found', message: 'Data not found: unknown symbol "XYZ"; 3 symbols: ACB, FPT, VNM', parameter: 'symbol' } });
    return json(200, envelope([{ symbol, date: '2024-03-01', open: 1, high: 2, low: 1, close: 2, volume: 10, unit: 'thousand VND' }]));
  }
  if (p.get('partner') === 'CN') return json(404, { success: false, error: { status: 404, code: 'data_not_found', message: 'Data not found: the customs data has totals only (partner WLD): no breakdown by partner, so nothing for partner "CN"' } });
  return json(200, envelope([{ period: '2024-03', flow: 'exports', partner: 'WLD', hs_code: 'TOTAL', value: 1 }]));
}

const base = { baseURL: 'http://127.0.0.1:1', apiKey: 'k-123456' };

describe('learnedNames: what the service named in answers and refusals', () => {
  it('starts empty, then holds the symbols answered for and the ones a refusal lists', async () => {
    const c = new EconDataClient({ ...base, transport: new FakeTransport(service) });
    expect(await c.learnedNames()).toEqual({ symbols: [], trade: { partners: [], hsCodes: [], totalsOnly: false } });
    await c.getStocks({ symbol: 'HPG' });
    expect((await c.learnedNames()).symbols).toEqual(['HPG']);
    await expect(c.getStocks({ symbol: 'XYZ' })).rejects.toMatchObject({ code: 'not_found' });
    expect((await c.learnedNames()).symbols).toEqual(['ACB', 'FPT', 'HPG', 'VNM']);
  });

  it('learns from fetchSeries jobs too: trade partners seen, and "totals only" when a refusal says so', async () => {
    const c = new EconDataClient({ ...base, transport: new FakeTransport(service) });
    await c.fetchSeries([{ kind: 'trade', flow: 'exports' }, { kind: 'stock', symbol: 'vcb' }]);
    expect(await c.learnedNames()).toEqual({ symbols: ['VCB'], trade: { partners: ['WLD'], hsCodes: ['TOTAL'], totalsOnly: false } });
    const [r] = await c.fetchSeries([{ kind: 'trade', flow: 'exports', partner: 'CN' }]);
    expect(r?.ok).toBe(false);
    expect((await c.learnedNames()).trade).toEqual({ partners: ['WLD'], hsCodes: ['TOTAL'], totalsOnly: true });
  });

  it('is kept in the cache store: a new client on the same store (a restart) knows it without a request', async () => {
    const store = new MemoryCacheStore();
    const first = new EconDataClient({ ...base, cache: store, transport: new FakeTransport(service) });
    await expect(first.getStocks({ symbol: 'XYZ' })).rejects.toMatchObject({ code: 'not_found' });
    const t = new FakeTransport(service);
    const next = new EconDataClient({ ...base, cache: store, transport: t });
    expect((await next.learnedNames()).symbols).toEqual(['ACB', 'FPT', 'VNM']);
    expect(t.requests).toHaveLength(0);
    const other = new EconDataClient({ ...base, baseURL: 'http://127.0.0.1:2', cache: store, transport: t });
    expect((await other.learnedNames()).symbols).toEqual([]);
  });
});
