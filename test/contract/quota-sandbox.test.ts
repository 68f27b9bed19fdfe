/**
 * The ledger against the real sandbox over loopback HTTP: the sandbox's own counters
 * (`/_sandbox/stats`) are the judge. Single-process cases share one fake clock between the ledger
 * and the sandbox's rate limiter, so minutes and days pass exactly and instantly; the two-process
 * case runs in real time with `timeScale`.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isEconError, QuotaExhaustedError, QuotaLedger, quotaKeyId, type RequestPermit } from '@econdata/core';
import { FakeClock } from '@econdata/core/testing';
import { FileQuotaStore } from '@econdata/core/node';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDataDir } from '../support/paths.ts';
import { runBacklogInChild, type BacklogOptions } from '../support/quota-worker.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** One request as the client sends it: the ledger's permit, then a report of how it ended. */
async function send(sandbox: Sandbox, key: string, permit: RequestPermit): Promise<number> {
  const response = await fetch(`${sandbox.url}/api/v1/sources`, { headers: { authorization: `Bearer ${key}` } });
  const body = await response.text();
  if (response.status === 429 || (response.status === 403 && /rate limit/i.test(body))) {
    const retryAfter = response.headers.get('retry-after-ms');
    permit.refused(retryAfter === null ? {} : { retryAfterMs: Number(retryAfter) });
  } else {
    permit.answered();
  }
  return response.status;
}

/** Whether a promise has settled yet (without waiting for it). */
function track<T>(promise: Promise<T>) {
  const t: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then((value) => Object.assign(t, { value, done: true }), (error: unknown) => Object.assign(t, { error, done: true }));
  return t;
}

describe('quota ledger against the sandbox, on one shared fake clock', () => {
  const clock = new FakeClock(Date.UTC(2026, 2, 1, 9));
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: realDataDir ?? null, now: () => clock.now() });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('never sends the Free plan\'s 11th request within the minute, and sends it once the minute has passed', async () => {
    sandbox.reset();
    const ledger = new QuotaLedger({ plan: 'free', clock, concurrency: 10 });
    const permits = await Promise.all(Array.from({ length: 10 }, () => ledger.acquire({ priority: 'interactive' })));
    const eleventh = track(ledger.acquire({ priority: 'interactive' }));
    expect(await Promise.all(permits.map((p) => send(sandbox, 'sandbox-free', p)))).toEqual(Array(10).fill(200));
    await clock.advance(MINUTE);
    expect(eleventh.done).toBe(false);
    expect(ledger.status().queued.interactive).toBe(1);
    expect(sandbox.stats().by_key['free']).toMatchObject({ received: 10, refused: 0 });
    await clock.advance(1);
    expect(eleventh.done).toBe(true);
    expect(await send(sandbox, 'sandbox-free', eleventh.value as RequestPermit)).toBe(200);
    expect(sandbox.stats()).toMatchObject({ received: 11, refused: 0 });
  });

  it('fails the 101st request of the day at once, with the reset time the sandbox itself keeps', async () => {
    sandbox.reset();
    const start = clock.now();
    const ledger = new QuotaLedger({ plan: 'free', clock, concurrency: 10 });
    for (let minute = 0; minute < 10; minute += 1) {
      const permits = await Promise.all(Array.from({ length: 10 }, () => ledger.acquire({ priority: 'background' })));
      await Promise.all(permits.map((p) => send(sandbox, 'sandbox-free', p)));
      await clock.advance(MINUTE + 1);
    }
    const error = await ledger.acquire({ priority: 'interactive' }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExhaustedError);
    const resetAt = (error as QuotaExhaustedError).resetAt?.getTime() as number;
    expect((error as QuotaExhaustedError).scope).toBe('day');
    // The first ten were answered at `start`: they leave the day window 24 h and 1 ms later.
    expect(resetAt).toBe(start + DAY + 1);
    expect(sandbox.stats()).toMatchObject({ received: 100, refused: 0 });

    // The sandbox agrees: one millisecond before, it still refuses; at resetAt it answers.
    await clock.advance(resetAt - 2 - clock.now());
    const early = await fetch(`${sandbox.url}/api/v1/sources`, { headers: { authorization: 'Bearer sandbox-free' } });
    expect(early.status).toBe(429);
    expect(clock.now() + Number(early.headers.get('retry-after-ms'))).toBeLessThanOrEqual(resetAt);
    await expect(ledger.acquire({ priority: 'interactive' })).rejects.toThrow(QuotaExhaustedError);
    await clock.advance(2);
    expect(await send(sandbox, 'sandbox-free', await ledger.acquire({ priority: 'interactive' }))).toBe(200);
  });

  it('learns from a refusal caused by another user of the key, and then waits instead of being refused again', async () => {
    sandbox.reset();
    // Someone else (another machine) spends 7 of the minute's 10 requests, half a minute ago.
    for (let i = 0; i < 7; i += 1) await (await fetch(`${sandbox.url}/api/v1/sources`, { headers: { authorization: 'Bearer sandbox-free' } })).text();
    await clock.advance(MINUTE / 2);
    const ledger = new QuotaLedger({ plan: 'free', clock, concurrency: 10 });
    const permits = await Promise.all(Array.from({ length: 4 }, () => ledger.acquire({ priority: 'interactive' })));
    const statuses = await Promise.all(permits.map((p) => send(sandbox, 'sandbox-free', p)));
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    // The ledger now holds everything back until the sandbox's Retry-After (when the other user's
    // requests leave its window), then lets exactly one request probe.
    const next = track(ledger.acquire({ priority: 'interactive' }));
    const after = track(ledger.acquire({ priority: 'interactive' }));
    await clock.advance(MINUTE / 2 - 1);
    expect(next.done).toBe(false);
    await clock.advance(1);
    expect(next.done).toBe(true);
    expect(after.done).toBe(false);
    expect(await send(sandbox, 'sandbox-free', next.value as RequestPermit)).toBe(200);
    // The rest of the window counts as full, so the next one waits for the refusal's whole minute.
    await clock.advance(MINUTE / 2);
    expect(after.done).toBe(false);
    await clock.advance(1);
    expect(after.done).toBe(true);
    expect(await send(sandbox, 'sandbox-free', after.value as RequestPermit)).toBe(200);
    expect(sandbox.stats().refused).toBe(1);
  });
});

describe('quota ledger against a sandbox that refuses with 403 and no Retry-After', () => {
  const clock = new FakeClock(Date.UTC(2026, 2, 1, 9));
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: realDataDir ?? null, now: () => clock.now(), rateLimitStatus: 403, retryAfter: false });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('after a refusal waits a whole window from it, then is answered', async () => {
    // Someone else spends 7 of the minute's 10 requests.
    for (let i = 0; i < 7; i += 1) await (await fetch(`${sandbox.url}/api/v1/sources`, { headers: { authorization: 'Bearer sandbox-free' } })).text();
    await clock.advance(MINUTE / 2);
    const refusedAt = clock.now();
    const ledger = new QuotaLedger({ plan: 'free', clock, concurrency: 10 });
    const permits = await Promise.all(Array.from({ length: 4 }, () => ledger.acquire({ priority: 'interactive' })));
    expect((await Promise.all(permits.map((p) => send(sandbox, 'sandbox-free', p)))).sort()).toEqual([200, 200, 200, 403]);
    // No Retry-After: everything the sandbox counted has left its window a minute after the refusal.
    const next = track(ledger.acquire({ priority: 'interactive' }));
    await clock.advance(refusedAt + MINUTE - clock.now());
    expect(next.done).toBe(false);
    await clock.advance(1);
    expect(next.done).toBe(true);
    expect(await send(sandbox, 'sandbox-free', next.value as RequestPermit)).toBe(200);
    expect(sandbox.stats()).toMatchObject({ refused: 1 });
  });
});

describe('two processes sharing one key and one FileQuotaStore', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: realDataDir ?? null, timeScale: 60 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('stay within the Basic plan together: the sandbox refuses nothing', async () => {
    const storeDir = await mkdtemp(join(tmpdir(), 'econdata-quota-'));
    const options: BacklogOptions = { url: sandbox.url, key: 'sandbox-basic', plan: 'basic', count: 75, timeScale: 60, storeDir, startAt: Date.now() + 1_500 };
    const results = await Promise.all([runBacklogInChild(options), runBacklogInChild(options)]);
    expect(results.map((r) => [r.sentAt.length, r.refused, r.failed, r.exhausted])).toEqual([[75, 0, 0, 0], [75, 0, 0, 0]]);
    expect(sandbox.stats()).toMatchObject({ received: 150, answered: 150, refused: 0 });
    // The shared file says the same, under the key's fingerprint.
    const ledger = new QuotaLedger({ plan: 'basic', timeScale: 60, store: new FileQuotaStore({ dir: storeDir }), keyId: await quotaKeyId('sandbox-basic') });
    expect((await ledger.refresh()).day.used).toBe(150);
  });

  it('stay within the Free plan together when each sends through the real EconDataClient', async () => {
    sandbox.reset();
    const storeDir = await mkdtemp(join(tmpdir(), 'econdata-quota-'));
    const options: BacklogOptions = { url: sandbox.url, key: 'sandbox-free', plan: 'free', count: 15, timeScale: 60, storeDir, via: 'client', startAt: Date.now() + 1_500 };
    const results = await Promise.all([runBacklogInChild(options), runBacklogInChild(options)]);
    expect(results.map((r) => [r.sentAt.length, r.refused, r.exhausted])).toEqual([[15, 0, 0], [15, 0, 0]]);
    expect(sandbox.stats()).toMatchObject({ received: 30, answered: 30, refused: 0 });
  });
});

describe('cancellation', () => {
  it('an aborted waiter is never sent', async () => {
    const ledger = new QuotaLedger({ plan: { perMinute: 1, perDay: 10 }, clock: new FakeClock() });
    (await ledger.acquire({ priority: 'interactive' })).answered();
    const controller = new AbortController();
    const waiting = ledger.acquire({ priority: 'interactive', signal: controller.signal });
    controller.abort();
    const error = await waiting.catch((e: unknown) => e);
    expect(isEconError(error, 'aborted')).toBe(true);
  });
});
