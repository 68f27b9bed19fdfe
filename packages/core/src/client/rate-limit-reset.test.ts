import { describe, expect, it } from 'vitest';
import { EconDataClient } from './client.ts';
import { rateLimitResetMs } from '../net/rate-limit-reset.ts';
import { FakeTransport, envelope, json, recordingSleep } from '../testing/fake-transport.ts';
import type { RequestGate } from '../quota/gate.ts';

const NOW = Date.parse('2026-11-22T08:00:00Z');
const EPOCH_S = NOW / 1000;
const ok = json(200, envelope([]));
const q = { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'vn' };
const limited = (headers: Record<string, string>, status = 429, message = 'Rate limit exceeded') => json(status, { success: false, error: { message } }, headers);

function client(transport: FakeTransport, extra: Record<string, unknown> = {}) {
  const s = recordingSleep();
  const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'sk-secret-123456', transport, sleep: s.sleep, clock: { now: () => NOW }, random: () => 0.5, ...extra });
  return { c, waits: s.waits };
}

describe('rateLimitResetMs', () => {
  it('reads epoch seconds (from 1e9), seconds from now (below), epoch milliseconds (from 1e12)', () => {
    expect(rateLimitResetMs({ 'x-ratelimit-reset': String(EPOCH_S + 42) }, NOW)).toBe(42_000);
    expect(rateLimitResetMs({ 'x-ratelimit-reset': '42' }, NOW)).toBe(42_000);
    expect(rateLimitResetMs({ 'x-ratelimit-reset': '0.5' }, NOW)).toBe(500);
    expect(rateLimitResetMs({ 'x-ratelimit-reset': String(NOW + 1500) }, NOW)).toBe(1500);
    expect(rateLimitResetMs({ 'x-ratelimit-reset': String(EPOCH_S + 0.25) }, NOW)).toBe(250);
    // The largest "seconds from now" and the smallest epoch second, either side of the line.
    expect(rateLimitResetMs({ 'x-ratelimit-reset': '999999999' }, NOW)).toBe(999_999_999_000);
    expect(rateLimitResetMs({ 'x-ratelimit-reset': '1000000000' }, NOW)).toBe(0);
  });

  it('a reset already past is no wait; absent or unreadable is undefined', () => {
    expect(rateLimitResetMs({ 'x-ratelimit-reset': String(EPOCH_S - 30) }, NOW)).toBe(0);
    expect(rateLimitResetMs({ 'x-ratelimit-reset': String(NOW - 30) }, NOW)).toBe(0);
    expect(rateLimitResetMs({ 'x-ratelimit-reset': 'soon' }, NOW)).toBeUndefined();
    expect(rateLimitResetMs({ 'x-ratelimit-reset': '-5' }, NOW)).toBeUndefined();
    expect(rateLimitResetMs({ 'x-ratelimit-reset': '' }, NOW)).toBeUndefined();
    expect(rateLimitResetMs({}, NOW)).toBeUndefined();
  });
});

describe('the retry loop with X-RateLimit-Reset', () => {
  it('a 429 without Retry-After waits until the reset (epoch seconds), then succeeds', async () => {
    const t = new FakeTransport(limited({ 'x-ratelimit-reset': String(EPOCH_S + 7) }), ok);
    const { c, waits } = client(t);
    await expect(c.getIndicators(q)).resolves.toMatchObject({ data: [] });
    expect(waits).toEqual([7000]);
    expect(t.requests).toHaveLength(2);
  });

  it('a rate-limit 403 with seconds from now waits that long', async () => {
    const t = new FakeTransport(limited({ 'x-ratelimit-reset': '5' }, 403, 'Rate limit exceeded: 10 requests per minute'), ok);
    const { c, waits } = client(t);
    await c.getIndicators(q);
    expect(waits).toEqual([5000]);
  });

  it('Retry-After wins over X-RateLimit-Reset', async () => {
    const t = new FakeTransport(limited({ 'retry-after': '2', 'x-ratelimit-reset': '30' }), ok);
    const { c, waits } = client(t);
    await c.getIndicators(q);
    expect(waits).toEqual([2000]);
  });

  it('a reset beyond maxRetryAfterMs is not slept: rate_limited, or quota_exhausted for the day, with resetAt', async () => {
    const t = new FakeTransport(limited({ 'x-ratelimit-reset': String(EPOCH_S + 7200) }, 429, 'Daily rate limit exceeded'));
    const { c, waits } = client(t);
    const e = await c.getIndicators(q).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'quota_exhausted', status: 429, scope: 'day', retryAfterMs: 7_200_000 });
    expect((e as { resetAt: Date }).resetAt.toISOString()).toBe(new Date(NOW + 7_200_000).toISOString());
    expect(waits).toEqual([]);
    expect(t.requests).toHaveLength(1);

    const t2 = new FakeTransport(limited({ 'x-ratelimit-reset': '90' }));
    const r2 = client(t2, { maxRetryAfterMs: 60_000 });
    const e2 = await r2.c.getIndicators(q).catch((x: unknown) => x);
    expect(e2).toMatchObject({ code: 'rate_limited', retryAfterMs: 90_000 });
    expect((e2 as { resetAt: Date }).resetAt.getTime()).toBe(NOW + 90_000);
    expect(r2.waits).toEqual([]);
  });

  it('is ignored on anything but a rate-limit refusal (a 503 backs off as usual)', async () => {
    const t = new FakeTransport(json(503, { message: 'Server error' }, { 'x-ratelimit-reset': '30' }), ok);
    const { c, waits } = client(t);
    await c.getIndicators(q);
    expect(waits).toEqual([250]);
  });

  it('tells the gate the wait it learnt from the reset', async () => {
    const refused: Array<number | undefined> = [];
    const gate: RequestGate = {
      acquire: async () => ({ answered: () => undefined, refused: (i) => refused.push(i.retryAfterMs), failed: () => undefined, unused: () => undefined }),
    };
    const t = new FakeTransport(limited({ 'x-ratelimit-reset': String(EPOCH_S + 3) }), ok);
    const { c, waits } = client(t, { gate });
    await c.getIndicators(q);
    expect(refused).toEqual([3000]);
    expect(waits).toEqual([3000]);
  });
});
