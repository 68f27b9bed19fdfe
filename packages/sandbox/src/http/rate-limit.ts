/**
 * Per-key rate limits of spec section 8, counted in rolling windows (any 60 s, any 24 h): the
 * strictest reading, so a client that passes here also passes a fixed-window server.
 * `timeScale` divides every window in real time (60: a minute lasts 1 s, a day 24 min).
 */
import { lowerBound } from '../sorted.ts';
import type { Plan } from './auth.ts';

interface PlanLimits {
  minute: number;
  day: number;
}

const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits | null>> = {
  free: { minute: 10, day: 100 },
  basic: { minute: 60, day: 1_000 },
  pro: { minute: 300, day: 10_000 },
  enterprise: null, // unlimited
};

export type RateDecision =
  | { admitted: true; headers: Record<string, string> }
  | { admitted: false; scope: 'minute' | 'day'; retryAfterMs: number; headers: Record<string, string> };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Timestamps of the requests admitted within the last day, oldest first, with a moving head. */
interface Window {
  times: number[];
  head: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly minuteMs: number;
  private readonly dayMs: number;

  constructor(timeScale: number, private readonly now: () => number) {
    this.minuteMs = MINUTE_MS / timeScale;
    this.dayMs = DAY_MS / timeScale;
  }

  /** Admits (and counts) the request, or refuses it without counting. */
  take(key: string, plan: Plan): RateDecision {
    const limits = PLAN_LIMITS[plan];
    if (!limits) return { admitted: true, headers: {} };
    const now = this.now();
    let w = this.windows.get(key);
    if (!w) this.windows.set(key, (w = { times: [], head: 0 }));
    this.expire(w, now);

    const inDay = w.times.length - w.head;
    const firstInMinute = lowerBound(w.times, (t) => t <= now - this.minuteMs, w.head);
    const inMinute = w.times.length - firstInMinute;

    // To admit one more, the window must drop to limit - 1: the (count - limit + 1)-th oldest has to expire.
    let wait = 0;
    let scope: 'minute' | 'day' | undefined;
    if (inMinute >= limits.minute) {
      wait = w.times[firstInMinute + inMinute - limits.minute]! + this.minuteMs - now;
      scope = 'minute';
    }
    if (inDay >= limits.day) {
      const dayWait = w.times[w.head + inDay - limits.day]! + this.dayMs - now;
      if (dayWait >= wait) scope = 'day';
      wait = Math.max(wait, dayWait);
    }
    if (scope) {
      return {
        admitted: false, scope, retryAfterMs: Math.max(1, Math.ceil(wait)),
        headers: headers(limits, Math.max(0, limits.minute - inMinute), Math.max(0, limits.day - inDay)),
      };
    }
    w.times.push(now);
    return { admitted: true, headers: headers(limits, limits.minute - inMinute - 1, limits.day - inDay - 1) };
  }

  /** Forgets every window (POST /_sandbox/reset). */
  reset(): void {
    this.windows.clear();
  }

  private expire(w: Window, now: number): void {
    w.head = lowerBound(w.times, (t) => t <= now - this.dayMs, w.head);
    if (w.head > 1024 && w.head * 2 > w.times.length) {
      w.times = w.times.slice(w.head);
      w.head = 0;
    }
  }
}

function headers(limits: PlanLimits, minuteLeft: number, dayLeft: number): Record<string, string> {
  return {
    'x-ratelimit-limit-minute': String(limits.minute),
    'x-ratelimit-remaining-minute': String(minuteLeft),
    'x-ratelimit-limit-day': String(limits.day),
    'x-ratelimit-remaining-day': String(dayLeft),
  };
}
