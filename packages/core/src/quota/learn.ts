/**
 * What the ledger learns from the service: a refusal while it thought there was room, or
 * X-RateLimit-* counts higher than its own, means someone else uses the key (another machine, an
 * older app). Both only ever add usage to the log, never remove it: the service can make the ledger
 * more careful, never less.
 */
import type { ServerUsageHint } from './gate.ts';
import { countSince, insertSorted, prune, usage, type QuotaLog } from './log.ts';
import type { Limits, WindowLengths } from './plans.ts';

/** Adds `n` entries at `t` to an ascending list. */
function addEntries(list: number[], t: number, n: number): void {
  for (let i = 0; i < n; i += 1) insertSorted(list, t);
}

/**
 * Takes the service's own counts (after a request acquired at `acquiredAt` was answered at `now`)
 * into the log: what the service counted beyond our entries becomes "someone else's" entries.
 * Our side is counted over the widest window the server could have used (from `acquiredAt - W`),
 * so a count that merely slid out of our window meanwhile is not mistaken for another user.
 */
export function learnFromHint(log: QuotaLog, hint: ServerUsageHint, limits: Limits, acquiredAt: number, now: number, w: WindowLengths): void {
  const minuteLimit = hint.limitMinute ?? limits.minute;
  if (minuteLimit !== null && hint.remainingMinute !== undefined) {
    const serverUsed = minuteLimit - hint.remainingMinute;
    const ours = countSince(log.sent, acquiredAt - w.minuteMs - 1) + log.pending.length + log.minuteExtra.length;
    if (serverUsed > ours) addEntries(log.minuteExtra, now, serverUsed - ours);
  }
  const dayLimit = hint.limitDay ?? limits.day;
  if (dayLimit !== null && hint.remainingDay !== undefined) {
    const serverUsed = dayLimit - hint.remainingDay;
    const ours = log.sent.length + log.pending.length + log.dayExtra.length;
    if (serverUsed > ours) addEntries(log.dayExtra, now, serverUsed - ours);
  }
}

/** What the client reports with a refusal. */
export interface RefusalInfo {
  retryAfterMs?: number;
  scope?: 'minute' | 'day';
  hint?: ServerUsageHint;
}

/** Which window refused: as the service said, else inferred from its headers and wait. */
function refusedScope(info: RefusalInfo, w: WindowLengths): 'minute' | 'day' {
  if (info.scope) return info.scope;
  if (info.hint?.remainingDay === 0) return 'day';
  if (info.hint?.remainingMinute === 0) return 'minute';
  return info.retryAfterMs !== undefined && info.retryAfterMs > w.minuteMs ? 'day' : 'minute';
}

/**
 * A refusal: no request in that window before the service's Retry-After (or, without one, a whole
 * window from now, after which everything the service counted has left it), and the window counts
 * as full. One of the filler entries leaves at the Retry-After instant, so exactly one request probes
 * then; the rest leave a window from now.
 */
export function learnFromRefusal(log: QuotaLog, info: RefusalInfo, used: { minute: number; day: number }, limits: Limits, now: number, w: WindowLengths): 'minute' | 'day' {
  const scope = refusedScope(info, w);
  const windowMs = scope === 'minute' ? w.minuteMs : w.dayMs;
  const retryAfterMs = info.retryAfterMs !== undefined && Number.isFinite(info.retryAfterMs) && info.retryAfterMs >= 0 ? info.retryAfterMs : undefined;
  const until = now + (retryAfterMs ?? windowMs);
  if (scope === 'minute') log.minuteBlockedUntil = Math.max(log.minuteBlockedUntil, until);
  else log.dayBlockedUntil = Math.max(log.dayBlockedUntil, until);
  const limit = scope === 'minute' ? limits.minute : limits.day;
  const list = scope === 'minute' ? log.minuteExtra : log.dayExtra;
  const missing = limit === null ? 0 : limit - (scope === 'minute' ? used.minute : used.day);
  if (missing > 0) {
    if (retryAfterMs !== undefined && retryAfterMs < windowMs) {
      insertSorted(list, until - windowMs - 1);
      addEntries(list, now, missing - 1);
    } else {
      addEntries(list, now, missing);
    }
  }
  return scope;
}

/**
 * A log a store started again from a damaged one (`salvagedLog`): its salvaged times are clamped to
 * now (a time in the future was a lease or a block, and counts as sent now), and the current minute
 * counts as full, as after a refusal without Retry-After, since nothing in it can be trusted. The day
 * keeps what could be read; the service's headers and refusals teach the rest. Returns the store's
 * note to report, or undefined when the log was not recovered.
 */
export function learnFromRecovery(log: QuotaLog, limits: Limits, now: number, w: WindowLengths): string | undefined {
  const recovered = log.recovered;
  if (!recovered) return undefined;
  delete log.recovered;
  log.sent = log.sent.map((t) => Math.min(t, now)).sort((a, b) => a - b);
  prune(log, now, w);
  const used = usage(log, now, w);
  learnFromRefusal(log, { scope: 'minute' }, { minute: used.minuteUsed, day: used.dayUsed }, limits, now, w);
  return recovered.note;
}
