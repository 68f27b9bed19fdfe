/** The ledger's state as the UIs show it: usage, limits and reset times of both windows, and the queue. */
import { dayLeaves, minuteLeaves, prune, roomAt, usage, type QuotaLog } from './log.ts';
import type { Limits, WindowLengths } from './plans.ts';

/** One window (the last minute, the last 24 hours). */
export interface QuotaWindowStatus {
  /** Requests counted in the window now (ours, in flight, and others' the service told us about). */
  used: number;
  /** null when the plan has no limit on this window. */
  limit: number | null;
  remaining: number | null;
  /** When the window next gains room: when it is full, the instant one more request fits; otherwise when its oldest entry leaves. null if empty or unlimited. */
  resetAt: Date | null;
}

export interface QuotaStatus {
  /** The plan's display name ("Free", "Pro", "custom"). */
  plan: string;
  minute: QuotaWindowStatus;
  day: QuotaWindowStatus;
  /** The day's allowance is spent: requests fail at once with quota_exhausted until `day.resetAt`. */
  exhausted: boolean;
  queued: { interactive: number; background: number };
  inFlight: number;
  /** As given to the ledger (60: a minute lasts 1 s); 1 in real use. */
  timeScale: number;
}

export interface StatusInput {
  log: QuotaLog;
  now: number;
  windows: WindowLengths;
  limits: Limits;
  plan: string;
  timeScale: number;
  inFlight: number;
  queued: { interactive: number; background: number };
}

function windowStatus(used: number, limit: number | null, leaves: number[], blockedUntil: number, now: number): QuotaWindowStatus {
  if (limit === null) return { used, limit: null, remaining: null, resetAt: null };
  const blocked = blockedUntil > now;
  const room = used >= limit ? roomAt(leaves, used, limit) : leaves[0];
  const at = blocked ? Math.max(blockedUntil, room ?? 0) : room;
  return { used, limit, remaining: blocked ? 0 : Math.max(0, limit - used), resetAt: at === undefined ? null : new Date(at) };
}

/** The status at `now` of a log (pruned copies only: this does not change `log`). */
export function computeStatus(input: StatusInput): QuotaStatus {
  const { log, now, windows, limits } = input;
  const live = structuredClone(log);
  prune(live, now, windows);
  const used = usage(live, now, windows);
  const minute = windowStatus(used.minuteUsed, limits.minute, minuteLeaves(live, now, windows), log.minuteBlockedUntil, now);
  const day = windowStatus(used.dayUsed, limits.day, dayLeaves(live, windows), log.dayBlockedUntil, now);
  return {
    plan: input.plan,
    minute,
    day,
    exhausted: day.limit !== null && day.remaining === 0,
    queued: input.queued,
    inFlight: input.inFlight,
    timeScale: input.timeScale,
  };
}
