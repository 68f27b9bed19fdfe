/** The plan a key is on, learned from the service's rate-limit headers (issue 22 item 12). */
import { describe, expect, it } from 'vitest';
import { QuotaLedger } from './ledger.ts';
import { planFromLimits } from './plans.ts';

describe('planFromLimits: the plan table read backwards', () => {
  it.each([
    [{ perMinute: 10, perDay: 100 }, 'free'],
    [{ perMinute: 60, perDay: 1_000 }, 'basic'],
    [{ perMinute: 300, perDay: 10_000 }, 'pro'],
    [{ perMinute: 300 }, 'pro'],
    [{ perDay: 1_000 }, 'basic'],
  ] as const)('%o is %s', (stated, plan) => {
    expect(planFromLimits(stated)).toBe(plan);
  });

  it('limits that match no plan (a contract of its own), or nothing stated, name none', () => {
    expect(planFromLimits({ perMinute: 120, perDay: 5_000 })).toBeUndefined();
    expect(planFromLimits({ perMinute: 10, perDay: 1_000 })).toBeUndefined(); // Free's minute, Basic's day
    expect(planFromLimits({})).toBeUndefined();
  });
});

describe('QuotaLedger.statedLimits', () => {
  it('is what the last answer with X-RateLimit-Limit-* stated, at once, and then drives setPlan', async () => {
    const ledger = new QuotaLedger({ plan: 'free' });
    expect(ledger.statedLimits()).toBeUndefined();
    (await ledger.acquire({ priority: 'interactive' })).answered(); // no headers: nothing learned
    expect(ledger.statedLimits()).toBeUndefined();
    (await ledger.acquire({ priority: 'interactive' })).answered({ limitMinute: 300, remainingMinute: 298, limitDay: 10_000, remainingDay: 9_998 });
    expect(ledger.statedLimits()).toEqual({ perMinute: 300, perDay: 10_000 });
    ledger.setPlan(planFromLimits(ledger.statedLimits()!)!);
    expect(ledger.status()).toMatchObject({ plan: 'Pro', minute: { limit: 300 }, day: { limit: 10_000 } });
    // A refusal's headers count too.
    (await ledger.acquire({ priority: 'interactive' })).refused({ scope: 'minute', hint: { limitMinute: 60, remainingMinute: 0, limitDay: 1_000, remainingDay: 10 } });
    expect(ledger.statedLimits()).toEqual({ perMinute: 60, perDay: 1_000 });
  });
});
