/**
 * A key revoked (or mistyped) during a long job: the first 401 stops the job. Every query not yet
 * sent fails with that same authentication error and is never sent. Against a stub HTTP service
 * (real sockets, the default axios transport) that counts what reaches it, and through the fake
 * transport.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataClient } from './client.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import type { SeriesQuery } from '../query.ts';

const INDICATORS = Array.from({ length: 10 }, (_, i) => `IND${i}`);
const COUNTRIES = Array.from({ length: 100 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)));
/** 1,000 pairs: ten batch requests of 100 combinations. */
const JOB: SeriesQuery[] = INDICATORS.flatMap((indicator) => COUNTRIES.map((country) => ({ kind: 'indicator' as const, source: 'WB', indicator, country, start_year: 2020, end_year: 2020 })));

const REFUSAL = { success: false, error: { message: 'Invalid API key: the key was revoked' } };

/** A batch answer: one record and one item per combination. */
function batchAnswer(body: string): unknown {
  const b = JSON.parse(body) as { indicators: string[]; countries: string[] };
  const data = b.indicators.flatMap((i) => b.countries.map((c) => ({ indicator_code: i, indicator_name: i, country_code: c, country_name: c, year: 2020, value: 1, unit: null })));
  return { ...(envelope(data) as object), items: b.indicators.flatMap((i) => b.countries.map((c) => ({ indicator: i, country: c, status: 200, total_records: 1 }))) };
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A stub service on a free port: the first `accepted` requests are answered, then every one is a 401. */
async function stub(accepted: number): Promise<{ url: string; received: () => number }> {
  let received = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received += 1;
      const ok = received <= accepted;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? batchAnswer(body) : REFUSAL));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, received: () => received };
}

function codes(results: Awaited<ReturnType<EconDataClient['fetchSeries']>>): Record<string, number> {
  const count: Record<string, number> = {};
  for (const r of results) count[r.ok ? 'ok' : r.error.code] = (count[r.ok ? 'ok' : r.error.code] ?? 0) + 1;
  return count;
}

describe('a key refused during a job (stub service)', () => {
  it('a key refused at once: one request, and all 1,000 queries fail with that one authentication error', async () => {
    const s = await stub(0);
    const c = new EconDataClient({ baseURL: s.url, apiKey: 'revoked-key-0000' });
    expect(await c.estimate(JOB)).toMatchObject({ requests: 10, batchRequests: 10 });
    const results = await c.fetchSeries(JOB);
    expect(s.received()).toBe(1);
    expect(codes(results)).toEqual({ authentication: 1000 });
    const first = results[0]!;
    if (first.ok) throw new Error('expected a failure');
    expect(first.error).toMatchObject({ status: 401, serverMessage: 'Invalid API key: the key was revoked' });
    expect(new Set(results.map((r) => (r.ok ? r : r.error))).size).toBe(1);
  });

  it('a key revoked after the first batch: the batches already in flight are refused, nothing more is sent', async () => {
    const s = await stub(1);
    const c = new EconDataClient({ baseURL: s.url, apiKey: 'revoked-key-0000' });
    const results = await c.fetchSeries(JOB);
    // The first batch goes alone; then at most four at a time, each refused: the other five are never sent.
    expect(s.received()).toBe(5);
    expect(codes(results)).toEqual({ ok: 100, authentication: 900 });
  });
});

describe('a key refused during a job (fake transport)', () => {
  it('single requests stop too, and a later job with a good key runs in full', async () => {
    let revoked = true;
    const t = new FakeTransport((req) => (revoked ? json(401, REFUSAL) : json(200, envelope([{ date: '2024-01-02', symbol: new URL(req.url).searchParams.get('symbol'), open: 1, high: 1, low: 1, close: 1, volume: 10 }]))));
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'revoked-key-0000', transport: t });
    const stocks: SeriesQuery[] = ['VNM', 'ACB', 'FPT', 'HPG', 'MWG', 'VCB'].map((symbol) => ({ kind: 'stock', symbol }));
    expect(codes(await c.fetchSeries(stocks))).toEqual({ authentication: 6 });
    expect(t.requests).toHaveLength(1);
    revoked = false;
    expect(codes(await c.fetchSeries(stocks))).toEqual({ ok: 6 });
    expect(t.requests).toHaveLength(7);
  });
});
