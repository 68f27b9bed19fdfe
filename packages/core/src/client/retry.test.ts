import { describe, expect, it } from 'vitest';
import { EconDataClient } from './client.ts';
import { backoffMs, retryAfterMs } from '../net/retry.ts';
import { TransportFailure } from '../net/transport.ts';
import { FakeTransport, envelope, hangingTransport, json, recordingSleep } from '../testing/fake-transport.ts';
import type { RequestGate, RequestPermit } from '../quota/gate.ts';
import { AbortError, KeyUnavailableError } from '../errors/errors.ts';

const NOW = Date.parse('2026-11-22T08:00:00Z');
const ok = json(200, envelope([]));
const q = { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'vn' };

function client(transport: FakeTransport | typeof hangingTransport, extra: Record<string, unknown> = {}) {
  const s = recordingSleep();
  const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'sk-secret-123456', transport, sleep: s.sleep, clock: { now: () => NOW }, random: () => 0.5, ...extra });
  return { c, waits: s.waits };
}

describe('retryAfterMs', () => {
  it('prefers Retry-After-Ms, then seconds, then an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after-ms': '1500', 'retry-after': '9' }, NOW)).toBe(1500);
    expect(retryAfterMs({ 'retry-after': '2' }, NOW)).toBe(2000);
    expect(retryAfterMs({ 'retry-after': '0.25' }, NOW)).toBe(250);
    expect(retryAfterMs({ 'retry-after': new Date(NOW + 30_000).toUTCString() }, NOW)).toBe(30_000);
    expect(retryAfterMs({ 'retry-after': new Date(NOW - 5000).toUTCString() }, NOW)).toBe(0);
    expect(retryAfterMs({ 'retry-after': 'soon' }, NOW)).toBeUndefined();
    expect(retryAfterMs({}, NOW)).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('stays within [0, min(max, base * 2^attempt)) with full jitter', () => {
    expect(backoffMs(0, () => 0.999999)).toBe(499);
    expect(backoffMs(3, () => 0.999999)).toBe(3999);
    expect(backoffMs(10, () => 0.999999)).toBe(7999);
    expect(backoffMs(5, () => 0)).toBe(0);
    expect(backoffMs(1, () => 0.5, { baseMs: 100, maxMs: 150 })).toBe(75);
  });
});

describe('the retry loop', () => {
  it('retries 500, 502, 503, 504 and a connection reset, with growing backoff', async () => {
    const t = new FakeTransport(json(500, { error: 'Server error' }), json(502, '<html><title>502 Bad Gateway</title></html>'),
      json(503, {}), json(504, {}), new TransportFailure('connection', 'socket hang up', 'ECONNRESET'), ok);
    const { c, waits } = client(t, { maxRetries: 5 });
    const r = await c.getIndicators(q);
    expect(r.data).toEqual([]);
    expect(t.requests).toHaveLength(6);
    expect(waits).toEqual([250, 500, 1000, 2000, 4000]);
  });

  it('does not retry 501 Not Implemented: the same request gets the same answer', async () => {
    const t = new FakeTransport(json(501, { error: 'Not implemented' }), ok);
    const { c, waits } = client(t, { maxRetries: 3 });
    await expect(c.getIndicators(q)).rejects.toMatchObject({ code: 'server_error', status: 501, retryable: false });
    expect(t.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('honours Retry-After on a 429 instead of backoff, and a rate-limit 403', async () => {
    const t = new FakeTransport(json(429, { error: 'Rate limit exceeded' }, { 'retry-after': '3' }),
      json(403, { success: false, error: { message: 'Rate limit exceeded: 10 requests per minute', scope: 'minute' } }, { 'retry-after-ms': '1234' }), ok);
    const { c, waits } = client(t);
    await c.getIndicators(q);
    expect(waits).toEqual([3000, 1234]);
  });

  it('turns a wait beyond maxRetryAfterMs into an error with resetAt, without sleeping', async () => {
    const t = new FakeTransport(json(429, { error: { message: 'Rate limit exceeded (day)', scope: 'day' } }, { 'retry-after': '7200' }));
    const { c, waits } = client(t);
    const e = await c.getIndicators(q).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'quota_exhausted', status: 429, scope: 'day', retryAfterMs: 7_200_000 });
    expect((e as { resetAt: Date }).resetAt.toISOString()).toBe(new Date(NOW + 7_200_000).toISOString());
    expect(waits).toEqual([]);
    expect(t.requests).toHaveLength(1);

    const t2 = new FakeTransport(json(429, { error: 'Rate limit exceeded' }, { 'retry-after': new Date(NOW + 90_000).toUTCString() }));
    const e2 = await client(t2).c.getIndicators(q).catch((x: unknown) => x);
    expect(e2).toMatchObject({ code: 'rate_limited', retryAfterMs: 90_000 });
    expect((e2 as { resetAt: Date }).resetAt.getTime()).toBe(NOW + 90_000);
  });

  it('never retries 400, 401, permission 403, 404', async () => {
    for (const [status, message, code] of [[400, 'Bad request', 'bad_request'], [401, 'Invalid API key', 'authentication'],
      [403, 'Insufficient permissions', 'permission_denied'], [404, 'Data not found', 'not_found']] as const) {
      const t = new FakeTransport(json(status, { success: false, error: { message } }));
      const { c, waits } = client(t);
      await expect(c.getIndicators(q)).rejects.toMatchObject({ code, status });
      expect(t.requests).toHaveLength(1);
      expect(waits).toEqual([]);
    }
  });

  it('gives up after maxRetries with the last error (per-call override wins)', async () => {
    const t = new FakeTransport(json(503, { message: 'Server error: maintenance' }));
    const { c } = client(t, { maxRetries: 5 });
    await expect(c.getIndicators(q, { maxRetries: 1 })).rejects.toMatchObject({ code: 'server_error', status: 503, serverMessage: 'Server error: maintenance' });
    expect(t.requests).toHaveLength(2);
  });

  it('times out an attempt, retries it, and reports timeout', async () => {
    const { c } = client(hangingTransport, { timeoutMs: 5, maxRetries: 1 });
    await expect(c.getIndicators(q)).rejects.toMatchObject({ code: 'timeout' });
  });

  it('aborts during a request and during a wait', async () => {
    const ac = new AbortController();
    const { c } = client(hangingTransport);
    const p = c.getIndicators(q, { signal: ac.signal });
    setTimeout(() => ac.abort(), 5);
    await expect(p).rejects.toMatchObject({ code: 'aborted' });

    const ac2 = new AbortController();
    const t = new FakeTransport(json(503, {}));
    const c2 = new EconDataClient({ baseURL: 'http://localhost:1', apiKey: 'test-key-0000', transport: t, sleep: async (_ms, signal) => { ac2.abort(); if (signal?.aborted) throw new Error('aborted'); } });
    await expect(c2.getIndicators(q, { signal: ac2.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(t.requests).toHaveLength(1);
  });

  it('asks the gate before every attempt and reports each outcome', async () => {
    const log: string[] = [];
    const gate: RequestGate = {
      acquire: async ({ priority }) => {
        log.push(`acquire:${priority}`);
        const permit: RequestPermit = {
          answered: (h) => log.push(`answered:${JSON.stringify(h ?? null)}`),
          refused: (i) => log.push(`refused:${i.retryAfterMs}:${i.scope}`),
          failed: () => log.push('failed'),
          unused: () => log.push('unused'),
        };
        return permit;
      },
    };
    const t = new FakeTransport(json(429, { error: { message: 'Rate limit exceeded', scope: 'minute' } }, { 'retry-after-ms': '10' }),
      new TransportFailure('connection', 'refused', 'ECONNREFUSED'),
      json(200, envelope([]), { 'x-ratelimit-limit-minute': '10', 'x-ratelimit-remaining-minute': '7' }));
    const { c } = client(t, { gate });
    await c.getIndicators(q, { priority: 'background' });
    expect(log).toEqual(['acquire:background', 'refused:10:minute', 'acquire:background', 'failed', 'acquire:background', 'answered:{"limitMinute":10,"remainingMinute":7}']);
  });

  it('fetches the key from the provider for every request (rotation without restart)', async () => {
    let key = 'key-one-1111';
    const t = new FakeTransport(ok);
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', getApiKey: () => key, transport: t });
    await c.getIndicators(q);
    key = 'key-two-2222';
    await c.getIndicators(q);
    expect(t.requests.map((r) => r.headers['authorization'])).toEqual(['Bearer key-one-1111', 'Bearer key-two-2222']);
  });
});

describe('the gate and the key provider', () => {
  it('a cancel while the gate holds the request rejects with aborted and sends nothing', async () => {
    const t = new FakeTransport(ok);
    const waiting: RequestGate = {
      acquire: ({ signal }) => new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new AbortError('Cancelled while waiting for quota')), { once: true })),
    };
    const ac = new AbortController();
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: t, gate: waiting });
    const p = c.getIndicators(q, { signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toMatchObject({ code: 'aborted' });
    expect(t.requests).toHaveLength(0);
  });

  it('a key provider that fails is key_unavailable, with its error as cause; the gate is never asked and nothing is sent', async () => {
    const log: string[] = [];
    const gate: RequestGate = { acquire: async () => { log.push('acquire'); return { answered: () => log.push('answered'), refused: () => log.push('refused'), failed: () => log.push('failed'), unused: () => log.push('unused') }; } };
    const locked = new Error('keychain locked');
    const t = new FakeTransport(ok);
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', transport: t, gate, getApiKey: () => { throw locked; } });
    const error = await c.getIndicators(q).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyUnavailableError);
    expect(error).toMatchObject({ name: 'KeyUnavailableError', code: 'key_unavailable', message: 'Could not read the API key of this profile: keychain locked', retryable: false });
    expect((error as KeyUnavailableError).cause).toBe(locked);
    expect(log).toEqual([]);
    expect(t.requests).toHaveLength(0);
  });

  it('withOptions replaces the key source: a new apiKey wins over an inherited getApiKey, and the reverse', async () => {
    const t = new FakeTransport(ok);
    const c = new EconDataClient({ baseURL: 'https://api.example.com', getApiKey: () => 'from-keychain-0001', transport: t });
    await c.withOptions({ apiKey: 'pasted-key-0002' }).listSources();
    const fixed = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'pasted-key-0002', transport: t });
    await fixed.withOptions({ getApiKey: async () => 'rotated-key-0003' }).listSources();
    expect(t.requests.map((r) => r.headers['authorization'])).toEqual(['Bearer pasted-key-0002', 'Bearer rotated-key-0003']);
  });

  it('withOptions shares the gate and the transport, and overrides only what it is given', async () => {
    const t = new FakeTransport(ok);
    let acquired = 0;
    const gate: RequestGate = { acquire: async () => { acquired++; return { answered() {}, refused() {}, failed() {}, unused() {} }; } };
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'first-key-0001', transport: t, gate });
    const other = c.withOptions({ apiKey: 'other-key-0002', authMode: 'query' });
    await c.getIndicators(q);
    await other.getIndicators(q);
    expect(acquired).toBe(2);
    expect(other.gate).toBe(gate);
    expect(t.requests[0]!.headers['authorization']).toBe('Bearer first-key-0001');
    expect(t.requests[1]!.url).toContain('api_key=other-key-0002');
  });
});
