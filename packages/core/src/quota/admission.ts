/**
 * The admission rule, as one pure change of the log: take up to `wanted` slots while both windows
 * have room; otherwise say how long to wait (the minute) or that the day is spent.
 */
import { QuotaExhaustedError } from '../errors/errors.ts';
import { dayLeaves, minuteLeaves, roomAt, usage, type PendingEntry, type QuotaLog } from './log.ts';
import type { Limits, WindowLengths } from './plans.ts';

/** The day is spent: when one more request fits, and the count behind it. */
export interface Exhaustion {
  kind: 'exhausted';
  resetAt: number;
  used: number;
  /** null when the plan has no daily limit and a refusal of the service said so. */
  limit: number | null;
}

/** What one look at the log decided: the slots taken, then why no more could be. */
export interface Decision {
  /** Pending-entry ids of the slots taken (undefined: unlimited plan, nothing recorded). */
  admitted: Array<string | undefined>;
  /** Set when fewer slots than asked for were free. */
  stop?: { kind: 'wait'; until: number } | Exhaustion;
}

/** Takes up to `wanted` slots in `log` at `now` (already pruned), each a pending entry from `entry()`. */
export function takeSlots(log: QuotaLog, now: number, wanted: number, limits: Limits, w: WindowLengths, entry: () => PendingEntry): Decision {
  const admitted: Array<string | undefined> = [];
  const used = usage(log, now, w);
  while (admitted.length < wanted) {
    // The day first: a spent day is an error now, never a wait of hours.
    const dayFull = limits.day !== null && used.dayUsed >= limits.day;
    if (dayFull || log.dayBlockedUntil > now) {
      const room = (dayFull && roomAt(dayLeaves(log, w), used.dayUsed, limits.day as number)) || now;
      return { admitted, stop: { kind: 'exhausted', resetAt: Math.max(room, log.dayBlockedUntil), used: used.dayUsed, limit: limits.day } };
    }
    const minuteFull = limits.minute !== null && used.minuteUsed >= limits.minute;
    if (minuteFull || log.minuteBlockedUntil > now) {
      const room = (minuteFull && roomAt(minuteLeaves(log, now, w), used.minuteUsed, limits.minute as number)) || now;
      return { admitted, stop: { kind: 'wait', until: Math.max(room, log.minuteBlockedUntil) } };
    }
    if (limits.minute === null && limits.day === null) {
      admitted.push(undefined);
      continue;
    }
    const pending = entry();
    log.pending.push(pending);
    used.minuteUsed += 1;
    used.dayUsed += 1;
    admitted.push(pending.id);
  }
  return { admitted };
}

/** The error a request gets when the day is spent: what happened, until when, and what to do. */
export function exhaustedError({ resetAt, used, limit }: Exhaustion, plan: string, timeScale: number, now: number): QuotaExhaustedError {
  const scaled = timeScale === 1 ? '' : ` (time scale ${timeScale})`;
  const what =
    limit === null
      ? `The service refused this key for the day (${used} requests from here in the last 24 hours${scaled})`
      : `Today's allowance of ${limit} requests on the ${plan} plan is spent (${used} in the last 24 hours${scaled})`;
  return new QuotaExhaustedError(`${what}; requests can be sent again from ${new Date(resetAt).toISOString()}. Use cached data until then, or upgrade the plan.`, {
    resetAt: new Date(resetAt),
    retryAfterMs: Math.max(0, resetAt - now),
    scope: 'day',
  });
}
