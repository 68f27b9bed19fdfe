/**
 * The cost preview: how long a job of N requests would take through the sliding windows, by
 * replaying the windows forward from the current log (requests already queued go first).
 */
import { InvalidParameterError } from '../errors/errors.ts';
import type { QuotaEstimate } from './gate.ts';
import { dayLeaves, minuteLeaves, usage, type QuotaLog } from './log.ts';
import type { Limits, WindowLengths } from './plans.ts';

/** A window being replayed: ascending leave instants and a read position. */
class Replay {
  readonly #leaves: number[];
  #head = 0;
  constructor(leaves: number[], readonly limit: number | null, readonly windowMs: number) {
    this.#leaves = leaves;
  }
  /** The earliest instant >= t at which this window has room. */
  roomFrom(t: number): number {
    if (this.limit === null) return t;
    while (this.#head < this.#leaves.length && (this.#leaves[this.#head] as number) <= t) this.#head += 1;
    const held = this.#leaves.length - this.#head;
    return held < this.limit ? t : (this.#leaves[this.#head + held - this.limit] as number);
  }
  send(t: number): void {
    if (this.limit !== null) this.#leaves.push(t + this.windowMs + 1);
  }
}

/**
 * Estimates a job of `requests` requests behind `queued` waiting ones. Entries still in flight are
 * taken as sent now (they are re-stamped when they end), which keeps the replay's lists ascending.
 */
export function estimateQuota(log: QuotaLog, requests: number, queued: number, limits: Limits, now: number, w: WindowLengths): QuotaEstimate {
  if (!(Number.isInteger(requests) && requests >= 0)) throw new InvalidParameterError('requests', `estimate needs a whole number of requests, got ${String(requests)}`);
  const asSentNow: QuotaLog = { ...log, sent: [...log.sent, ...log.pending.map(() => now)], pending: [] };
  const used = usage(asSentNow, now, w);
  const remainingToday = limits.day === null ? null : Math.max(0, limits.day - used.dayUsed);
  const remainingMinute = limits.minute === null ? null : Math.max(0, limits.minute - used.minuteUsed);
  const start = Math.max(now, log.minuteBlockedUntil, log.dayBlockedUntil);
  const result = {
    requests,
    fitsToday: remainingToday === null || (log.dayBlockedUntil <= now && queued + requests <= remainingToday),
    remainingToday,
    fitsThisMinute: start === now && (remainingMinute === null || queued + requests <= remainingMinute) && (remainingToday === null || queued + requests <= remainingToday),
    estimatedWaitMs: 0,
  };
  if (requests === 0 || (limits.minute === null && limits.day === null)) {
    result.estimatedWaitMs = start - now;
    return result;
  }
  const minute = new Replay(minuteLeaves(asSentNow, now, w), limits.minute, w.minuteMs);
  const day = new Replay(dayLeaves(asSentNow, w), limits.day, w.dayMs);
  let t = start;
  for (let i = 0; i < queued + requests; i += 1) {
    // Room in one window can come later than the other's: loop until both agree.
    for (;;) {
      const next = Math.max(minute.roomFrom(t), day.roomFrom(t));
      if (next === t) break;
      t = next;
    }
    minute.send(t);
    day.send(t);
  }
  result.estimatedWaitMs = t - now;
  return result;
}
