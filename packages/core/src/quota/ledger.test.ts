import { describe, expect, it } from 'vitest';
import { isEconError, QuotaExhaustedError } from '../errors/errors.ts';
import { FakeClock } from './fake-clock.ts';
import type { RequestPermit } from './gate.ts';
import { QuotaLedger } from './ledger.ts';
import type { QuotaLedgerOptions } from './options.ts';
import { DAY_MS, MINUTE_MS } from './plans.ts';
import { MemoryQuotaStore } from './store.ts';

const T0 = Date.UTC(2026, 0, 1);

function setup(options: Partial<QuotaLedgerOptions> = {}) {
  const clock = new FakeClock(T0);
  const store = options.store ?? new MemoryQuotaStore();
  const ledger = new QuotaLedger({ plan: 'free', clock, store, ...options });
  return { clock, store, ledger };
}

/** Tracks an acquire: whether it resolved or rejected yet. */
function track(promise: Promise<RequestPermit>) {
  const t: { permit?: RequestPermit; error?: unknown } = {};
  promise.then((p) => (t.permit = p), (e: unknown) => (t.error = e));
  return t;
}

describe('QuotaLedger', () => {
  it('admits the Free plan\'s 10 requests at once and holds the 11th until the first leaves the minute', async () => {
    const { clock, ledger } = setup({ concurrency: 10 });
    const first = Array.from({ length: 10 }, () => track(ledger.acquire({ priority: 'interactive' })));
    await clock.flush();
    expect(first.every((t) => t.permit)).toBe(true);
    for (const t of first) t.permit?.answered();
    const eleventh = track(ledger.acquire({ priority: 'interactive' }));
    await clock.advance(MINUTE_MS);
    expect(eleventh.permit).toBeUndefined();
    await clock.advance(1);
    expect(eleventh.permit).toBeDefined();
    expect(ledger.status().minute).toMatchObject({ used: 1, limit: 10, remaining: 9 });
  });

  it('serves interactive requests before background ones, first come first served within each', async () => {
    const { clock, ledger } = setup({ plan: { perMinute: 1, perDay: 100 } });
    const order: string[] = [];
    const holder = await ledger.acquire({ priority: 'background' });
    holder.answered();
    const names = ['b1', 'i1', 'b2', 'i2'];
    const waits = names.map((name) =>
      ledger.acquire({ priority: name.startsWith('i') ? 'interactive' : 'background' }).then((p) => {
        order.push(name);
        p.answered();
      }),
    );
    await clock.flush();
    expect(ledger.status().queued).toEqual({ interactive: 2, background: 2 });
    await clock.advance(4 * (MINUTE_MS + 1));
    await Promise.all(waits);
    expect(order).toEqual(['i1', 'i2', 'b1', 'b2']);
  });

  it('removes a cancelled waiter from the queue and rejects it with an AbortError', async () => {
    const { clock, ledger } = setup({ plan: { perMinute: 1, perDay: 100 } });
    (await ledger.acquire({ priority: 'interactive' })).answered();
    const controller = new AbortController();
    const waiting = track(ledger.acquire({ priority: 'background', signal: controller.signal }));
    const next = track(ledger.acquire({ priority: 'background' }));
    await clock.flush();
    controller.abort();
    await clock.flush();
    expect(isEconError(waiting.error, 'aborted')).toBe(true);
    expect(ledger.status().queued.background).toBe(1);
    await clock.advance(MINUTE_MS + 1);
    expect(next.permit).toBeDefined();
  });

  it('rejects at once when the day is spent, with the instant the oldest request leaves the day window', async () => {
    const { clock, ledger } = setup();
    for (let minute = 0; minute < 10; minute += 1) {
      for (let i = 0; i < 10; i += 1) (await ledger.acquire({ priority: 'background' })).answered();
      await clock.advance(MINUTE_MS + 1);
    }
    const error = await ledger.acquire({ priority: 'interactive' }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExhaustedError);
    const e = error as QuotaExhaustedError;
    expect(e.scope).toBe('day');
    // The first ten were answered at T0, so the first of them leaves at T0 + 24 h + 1 ms.
    expect(e.resetAt?.getTime()).toBe(T0 + DAY_MS + 1);
    expect(e.message).toMatch(/allowance of 100 requests on the Free plan/);
    expect(ledger.status()).toMatchObject({ exhausted: true, day: { used: 100, remaining: 0 } });
  });

  it('rejects requests already queued for the minute when the day runs out, rather than keeping them for hours', async () => {
    const { clock, ledger } = setup({ plan: { perMinute: 2, perDay: 3 } });
    for (let i = 0; i < 2; i += 1) (await ledger.acquire({ priority: 'background' })).answered();
    const queued = [track(ledger.acquire({ priority: 'background' })), track(ledger.acquire({ priority: 'background' }))];
    await clock.advance(MINUTE_MS + 1);
    expect(queued[0]?.permit).toBeDefined();
    queued[0]?.permit?.answered();
    await clock.flush();
    expect(queued[1]?.error).toBeInstanceOf(QuotaExhaustedError);
  });

  it('after a refusal waits for Retry-After, then lets exactly one request probe', async () => {
    const { clock, ledger } = setup();
    const p = await ledger.acquire({ priority: 'interactive' });
    p.refused({ retryAfterMs: 5_000, scope: 'minute' });
    const a = track(ledger.acquire({ priority: 'interactive' }));
    const b = track(ledger.acquire({ priority: 'interactive' }));
    await clock.advance(4_999);
    expect(a.permit).toBeUndefined();
    await clock.advance(1);
    expect(a.permit).toBeDefined();
    expect(b.permit).toBeUndefined();
    a.permit?.answered();
    // The window counts as full: the next slot is a minute after the refusal.
    await clock.advance(MINUTE_MS - 5_000);
    expect(b.permit).toBeUndefined();
    await clock.advance(1);
    expect(b.permit).toBeDefined();
  });

  it('treats a day refusal as exhaustion until Retry-After', async () => {
    const { clock, ledger } = setup();
    (await ledger.acquire({ priority: 'interactive' })).refused({ retryAfterMs: 3_600_000, scope: 'day' });
    const error = (await ledger.acquire({ priority: 'interactive' }).catch((e: unknown) => e)) as QuotaExhaustedError;
    expect(error.code).toBe('quota_exhausted');
    expect(error.resetAt?.getTime()).toBe(clock.now() + 3_600_000);
  });

  it('counts what the service says it counted beyond our own requests, and never less', async () => {
    const { clock, ledger } = setup();
    (await ledger.acquire({ priority: 'interactive' })).answered({ limitMinute: 10, remainingMinute: 2, limitDay: 100, remainingDay: 50 });
    await clock.flush();
    expect(ledger.status().minute.used).toBe(8);
    expect(ledger.status().day.used).toBe(50);
    (await ledger.acquire({ priority: 'interactive' })).answered({ limitMinute: 10, remainingMinute: 9, limitDay: 100, remainingDay: 99 });
    await clock.flush();
    expect(ledger.status().minute.used).toBe(9);
  });

  it('keeps a lower limit the service announces, and forgets it when the plan changes', async () => {
    const { clock, ledger } = setup({ plan: 'basic' });
    (await ledger.acquire({ priority: 'interactive' })).answered({ limitMinute: 10, remainingMinute: 9 });
    await clock.flush();
    expect(ledger.status().minute.limit).toBe(10);
    ledger.setPlan('pro');
    expect(ledger.status().minute.limit).toBe(300);
  });

  it('releases waiters when the plan is raised at run time', async () => {
    const { clock, ledger } = setup();
    const held = Array.from({ length: 15 }, () => track(ledger.acquire({ priority: 'background' })));
    await clock.flush();
    expect(held.filter((t) => t.permit)).toHaveLength(8); // the concurrency cap
    for (const t of held) t.permit?.answered();
    await clock.flush();
    expect(held.filter((t) => t.permit)).toHaveLength(10);
    ledger.setPlan('basic');
    await clock.flush();
    for (const t of held) t.permit?.answered();
    await clock.flush();
    expect(held.filter((t) => t.permit)).toHaveLength(15);
  });

  it('caps requests in flight on the unlimited plan', async () => {
    const { clock, ledger } = setup({ plan: 'enterprise', concurrency: 3 });
    const held = Array.from({ length: 5 }, () => track(ledger.acquire({ priority: 'background' })));
    await clock.flush();
    expect(held.filter((t) => t.permit)).toHaveLength(3);
    expect(ledger.status()).toMatchObject({ inFlight: 3, minute: { limit: null }, day: { limit: null } });
    held[0]?.permit?.failed();
    await clock.flush();
    expect(held.filter((t) => t.permit)).toHaveLength(4);
  });

  it('honours a refusal on the unlimited plan too: the service knows a limit the plan does not', async () => {
    const { clock, ledger } = setup({ plan: 'enterprise' });
    (await ledger.acquire({ priority: 'interactive' })).refused({ retryAfterMs: 2_000, scope: 'minute' });
    const next = track(ledger.acquire({ priority: 'interactive' }));
    await clock.advance(1_999);
    expect(next.permit).toBeUndefined();
    await clock.advance(1);
    expect(next.permit).toBeDefined();
    next.permit?.refused({ retryAfterMs: 3_600_000, scope: 'day' });
    await clock.flush();
    const error = (await ledger.acquire({ priority: 'interactive' }).catch((e: unknown) => e)) as QuotaExhaustedError;
    expect(error.code).toBe('quota_exhausted');
    expect(error.resetAt?.getTime()).toBe(clock.now() + 3_600_000);
    expect(error.message).toMatch(/The service refused this key for the day/);
  });

  it('gives back the slot of a permit that was never used', async () => {
    const { clock, ledger } = setup({ plan: { perMinute: 1, perDay: 10 } });
    (await ledger.acquire({ priority: 'interactive' })).unused();
    await clock.flush();
    expect(ledger.status().minute.used).toBe(0);
    const p = await ledger.acquire({ priority: 'interactive' });
    p.answered();
    p.answered(); // a second report is ignored
    await clock.flush();
    expect(ledger.status().minute.used).toBe(1);
  });

  it('counts a request whose process never reported as sent when its lease runs out', async () => {
    const store = new MemoryQuotaStore();
    const { clock, ledger } = setup({ store, leaseMs: 1_000, plan: { perMinute: 5, perDay: 10 } });
    await ledger.acquire({ priority: 'interactive' }); // never reported
    await clock.advance(1_000);
    const status = await ledger.refresh();
    expect(status.minute.used).toBe(1);
    expect(status.minute.resetAt?.getTime()).toBe(T0 + 1_000 + MINUTE_MS + 1);
  });

  it('keeps the day across a restart: a new ledger on the same store sees the old usage', async () => {
    const store = new MemoryQuotaStore();
    const first = setup({ store, keyId: 'k1' });
    for (let i = 0; i < 7; i += 1) (await first.ledger.acquire({ priority: 'interactive' })).answered();
    await first.clock.flush();
    const second = new QuotaLedger({ plan: 'free', store, keyId: 'k1', clock: first.clock });
    expect((await second.refresh()).day.used).toBe(7);
    const other = new QuotaLedger({ plan: 'free', store, keyId: 'k2', clock: first.clock });
    expect((await other.refresh()).day.used).toBe(0);
  });

  it('emits change events for the UIs', async () => {
    const { clock, ledger } = setup();
    const seen: number[] = [];
    const off = ledger.on('change', (s) => seen.push(s.minute.used));
    (await ledger.acquire({ priority: 'interactive' })).answered();
    await clock.flush();
    off();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(1);
  });

  it('runs days in a time-scaled world like the sandbox\'s', async () => {
    const { clock, ledger } = setup({ timeScale: 60 });
    for (let i = 0; i < 10; i += 1) (await ledger.acquire({ priority: 'interactive' })).answered();
    const next = track(ledger.acquire({ priority: 'interactive' }));
    await clock.advance(1_000);
    expect(next.permit).toBeUndefined();
    await clock.advance(1);
    expect(next.permit).toBeDefined();
    expect(ledger.status().day.resetAt?.getTime()).toBe(T0 + DAY_MS / 60 + 1);
  });

  it('keeps a safety margin unused in each window', async () => {
    const { clock, ledger } = setup({ safetyMargin: 2 });
    const held = Array.from({ length: 9 }, () => track(ledger.acquire({ priority: 'background' })));
    await clock.flush();
    for (const t of held) t.permit?.answered();
    await clock.flush();
    expect(held.filter((t) => t.permit)).toHaveLength(8);
    expect(ledger.status().minute).toMatchObject({ used: 8, limit: 8, remaining: 0, resetAt: new Date(T0 + MINUTE_MS + 1) });
  });

  it('drops its timer when the last waiter is cancelled', async () => {
    const { clock, ledger } = setup({ plan: { perMinute: 1, perDay: 10 } });
    (await ledger.acquire({ priority: 'interactive' })).answered();
    const controller = new AbortController();
    const waiting = ledger.acquire({ priority: 'interactive', signal: controller.signal }).catch((e: unknown) => e);
    await clock.flush();
    expect(clock.pendingTimers).toBe(1);
    controller.abort();
    await waiting;
    expect(clock.pendingTimers).toBe(0);
  });

  it('refuses settings that cannot work', () => {
    expect(() => new QuotaLedger({ plan: 'free', safetyMargin: 10 })).toThrow(/safetyMargin/);
    expect(() => new QuotaLedger({ plan: { perMinute: 0, perDay: 5 } })).toThrow(/perMinute/);
    expect(() => new QuotaLedger({ plan: 'gold' as 'free' })).toThrow(/Unknown plan "gold"/);
    expect(() => new QuotaLedger({ plan: 'free', keyId: '../etc' })).toThrow(/key id/);
    const ledger = new QuotaLedger({ plan: 'pro', safetyMargin: 20 });
    expect(() => ledger.setPlan('free')).toThrow(/safetyMargin \(20\) must be below/);
    expect(ledger.status()).toMatchObject({ plan: 'Pro', minute: { limit: 280 } });
  });
});

describe('QuotaLedger.estimate', () => {
  it('says whether a job fits this minute and today, and how long it takes', async () => {
    const { clock, ledger } = setup();
    for (let i = 0; i < 4; i += 1) (await ledger.acquire({ priority: 'interactive' })).answered();
    await clock.flush();
    expect(await ledger.estimate(6)).toEqual({ requests: 6, fitsToday: true, remainingToday: 96, fitsThisMinute: true, estimatedWaitMs: 0 });
    // 25 more: 6 now, 10 a minute later, 9 two minutes later.
    expect(await ledger.estimate(25)).toEqual({ requests: 25, fitsToday: true, remainingToday: 96, fitsThisMinute: false, estimatedWaitMs: 2 * (MINUTE_MS + 1) });
    const big = await ledger.estimate(200);
    expect(big).toMatchObject({ fitsToday: false, remainingToday: 96 });
    expect(big.estimatedWaitMs).toBeGreaterThan(DAY_MS);
  });

  it('counts the requests already waiting as ahead of the job', async () => {
    const { clock, ledger } = setup({ plan: { perMinute: 2, perDay: 100 } });
    for (let i = 0; i < 2; i += 1) (await ledger.acquire({ priority: 'interactive' })).answered();
    for (let i = 0; i < 2; i += 1) void ledger.acquire({ priority: 'background' });
    await clock.flush();
    // Two waiting take the next minute; the job's one request goes the minute after.
    expect(await ledger.estimate(1)).toMatchObject({ fitsThisMinute: false, remainingToday: 98, estimatedWaitMs: 2 * (MINUTE_MS + 1) });
  });

  it('answers at once on the unlimited plan', async () => {
    const { ledger } = setup({ plan: 'enterprise' });
    expect(await ledger.estimate(10_000)).toEqual({ requests: 10_000, fitsToday: true, remainingToday: null, fitsThisMinute: true, estimatedWaitMs: 0 });
  });
});
