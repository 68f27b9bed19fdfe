/**
 * The real client (axios over HTTP) against a small stub service defined here, which answers in
 * the spec-legal ways the sandbox never does: periods spelled 2024M03, 202403, Q1 2024, first days
 * of months and quarters; records out of order and repeated; rate-limit refusals carrying only
 * X-RateLimit-Reset. Every Series that comes back must be canonical, and every answer that makes
 * no valid Series must fail its own query with a message naming the record or period.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSeries, EconDataClient, type SeriesQuery, type SeriesResult } from '@econdata/core';

const gso = (indicator: string, period: string, value: number | null) =>
  ({ indicator_code: indicator, indicator_name: `${indicator} index`, country_code: 'VN', country_name: 'Viet Nam', year: Number(/\d{4}/.exec(period)![0]), period, value, unit: '%' });

/** What the stub answers for GET /indicators, by indicator and frequency. */
const INDICATORS: Record<string, Record<string, unknown[]>> = {
  CPI: {
    // Out of order, three spellings, and March sent twice with the same value.
    monthly: [gso('CPI', '202403', 3.2), gso('CPI', '2024M01', 3.4), gso('CPI', '2024-02-01', 3.9), gso('CPI', '2024-03', 3.2)],
    quarterly: [gso('CPI', 'Q3 2024', 3.5), gso('CPI', '2024Q1', 3.8), gso('CPI', '2024-Q2', 4.4), gso('CPI', '2024-10-01', 2.9)],
    annual: [gso('CPI', '2024-01-01', 3.6), gso('CPI', '2023-01-01', 3.3)],
  },
  BAD: { monthly: [gso('BAD', '2024-01', 1), gso('BAD', '2024-13', 2)] },
  ODD: { monthly: [gso('ODD', '2024-01', 1), gso('ODD', '2024-02-15', 2)] },
  DUP: { monthly: [gso('DUP', '2024M05', 1.1), gso('DUP', '2024-05', 1.2)] },
  MIX: { '': [gso('MIX', '2024-01', 1), gso('MIX', '2024-Q1', 2)] },
};

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
const envelope = (data: unknown[]) => ({ success: true, data, metadata: { source: 'Stub statistics office', last_updated: '2026-11-01', total_records: data.length } });

let server: Server;
let baseURL: string;
/** Requests to /stocks refused so far (the first one of each test is refused with only X-RateLimit-Reset). */
let stockRefusals = 0;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://stub');
  const p = url.searchParams;
  if (req.method === 'GET' && url.pathname === '/api/v1/indicators') {
    const data = INDICATORS[p.get('indicator') ?? '']?.[p.get('frequency') ?? ''];
    if (!data) return send(res, 404, { success: false, error: { message: `Data not found: ${p.get('indicator')} ${p.get('frequency')}` } });
    return send(res, 200, envelope(data));
  }
  if (req.method === 'POST' && url.pathname === '/api/v1/indicators/batch') {
    // No batch route here: the client must learn it and go one query at a time.
    return send(res, 404, { success: false, error: { message: 'Not found: POST /api/v1/indicators/batch' } });
  }
  if (req.method === 'GET' && url.pathname === '/api/v1/trade/vietnam') {
    const rec = (period: string, value: number) => ({ period, flow: 'exports', partner: 'WLD', partner_name: 'World', hs_code: 'TOTAL', hs_description: 'All goods', value, ytd_value: value, unit: 'USD million' });
    return send(res, 200, envelope([rec('202402', 30_100), rec('2024M01', 28_500), rec('2024-03-01', 33_600)]));
  }
  if (req.method === 'GET' && url.pathname === '/api/v1/stocks/vietnam') {
    if (p.get('symbol') === 'LIMITED' && stockRefusals++ === 0) {
      return send(res, 429, { success: false, error: { message: 'Rate limit exceeded: 10 requests per minute', scope: 'minute' } }, { 'X-RateLimit-Reset': '0.05' });
    }
    const rec = (date: string, close: number) => ({ symbol: p.get('symbol'), date, open: close, high: close, low: close, close, volume: 1000, unit: 'thousand VND' });
    return send(res, 200, envelope([rec('2024-03-04', 70.5), rec('2024-03-01', 69.8), rec('2024-03-04', 70.5)]));
  }
  send(res, 404, { success: false, error: { message: `Not found: ${req.method} ${url.pathname}` } });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
});

const cpi = (frequency?: 'monthly' | 'quarterly' | 'annual', indicator = 'CPI'): SeriesQuery =>
  ({ kind: 'indicator', source: 'GSO', indicator, ...(frequency ? { frequency } : {}), start_year: 2023, end_year: 2024 });
const series = (r: SeriesResult | undefined) => {
  if (!r?.ok) throw new Error(`expected a Series, got ${r?.error.message}`);
  return assertSeries(r.series);
};
const error = (r: SeriesResult | undefined) => {
  if (!r || r.ok) throw new Error('expected an error');
  return r.error;
};

describe('core <-> a stub service spelling periods its own way', () => {
  it('monthly, quarterly and annual spellings come back canonical, sorted and merged', async () => {
    const client = new EconDataClient({ baseURL, apiKey: 'stub-key-123456' });
    const [m, q, a] = await client.fetchSeries([cpi('monthly'), cpi('quarterly'), cpi('annual')]);
    expect(series(m)).toMatchObject({ frequency: 'monthly', periods: ['2024-01', '2024-02', '2024-03'], values: [[3.4, 3.9, 3.2]] });
    expect(series(q)).toMatchObject({ frequency: 'quarterly', periods: ['2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4'], values: [[3.8, 4.4, 3.5, 2.9]] });
    expect(series(a)).toMatchObject({ frequency: 'annual', periods: ['2023', '2024'], values: [[3.3, 3.6]] });
  });

  it('trade months in other spellings and stock days out of order, repeated', async () => {
    const client = new EconDataClient({ baseURL, apiKey: 'stub-key-123456' });
    const [t, s] = await client.fetchSeries([{ kind: 'trade', flow: 'exports' }, { kind: 'stock', symbol: 'VNM' }]);
    expect(series(t)).toMatchObject({ periods: ['2024-01', '2024-02', '2024-03'], values: [[28_500, 30_100, 33_600], [28_500, 30_100, 33_600]] });
    expect(series(s)).toMatchObject({ periods: ['2024-03-01', '2024-03-04'], values: [[69.8, 70.5], [69.8, 70.5], [69.8, 70.5], [69.8, 70.5], [1000, 1000]] });
  });

  it('an unreadable period, a conflicting repeat and mixed frequencies each fail their own query, naming what is wrong', async () => {
    const client = new EconDataClient({ baseURL, apiKey: 'stub-key-123456' });
    const [bad, odd, dup, mix, ok] = await client.fetchSeries([cpi('monthly', 'BAD'), cpi('monthly', 'ODD'), cpi('monthly', 'DUP'), cpi(undefined, 'MIX'), cpi('monthly')]);
    // No period at all: refused by the wire checks, naming the record by its place in data.
    expect(error(bad)).toMatchObject({ code: 'invalid_response', status: 200 });
    expect(error(bad).message).toContain('data[1]: period "2024-13" is no period the client can read (annual: 2024, 2024-01-01; quarterly:');
    // A period, but not a month: refused by the Series mapping, naming the record by its fields.
    expect(error(odd).message).toContain('record {indicator_code: "ODD", country_code: "VN", year: 2024, period: "2024-02-15"} has period "2024-02-15", which cannot be read as a monthly period');
    expect(error(dup).message).toContain('series "indicator:GSO:DUP::monthly:2023-2024" has two different values for period "2024-05": 1.1 in');
    expect(error(mix).message).toContain('series "indicator:GSO:MIX::2023-2024" mixes frequencies');
    expect(series(ok).periods).toEqual(['2024-01', '2024-02', '2024-03']);
  });

  it('a 429 carrying only X-RateLimit-Reset is waited out for the time it names, then answered', async () => {
    const waits: number[] = [];
    const client = new EconDataClient({
      baseURL, apiKey: 'stub-key-123456',
      sleep: async (ms) => {
        waits.push(ms);
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    stockRefusals = 0;
    const [s] = await client.fetchSeries([{ kind: 'stock', symbol: 'LIMITED' }]);
    expect(series(s).periods).toEqual(['2024-03-01', '2024-03-04']);
    expect(waits).toEqual([50]);
    expect(stockRefusals).toBe(2);
  });
});
