/**
 * The persisted usage log of one key and the sliding-window arithmetic over it. A timestamp per
 * request (not a counter per fixed window) is what lets the ledger guarantee that no 60-second span
 * and no 24-hour span ever holds more than the limit, whatever windows the service counts in.
 *
 * An entry at time `t` counts in a window of length `W` until `t + W + 1`: one millisecond beyond the
 * window, so that a server counting the closed span [now - W, now] agrees with us at the boundary.
 */
import { StorageError } from '../errors/errors.ts';
import type { WindowLengths } from './plans.ts';

/** A request admitted but not yet reported: counted in both windows while it lasts. */
export interface PendingEntry {
  id: string;
  /**
   * If never reported (its process died), it turns into a request sent at this instant. A report
   * re-stamps it with the moment the answer came, which is never earlier than the server saw it.
   */
  until: number;
}

/** The usage of one key, as stored (JSON-safe). Times are epoch milliseconds. */
export interface QuotaLog {
  v: 1;
  /** Requests sent, ascending; counted in both windows. */
  sent: number[];
  pending: PendingEntry[];
  /** Requests someone else made with the key, learned from refusals and headers: minute window only. */
  minuteExtra: number[];
  /** The same for the day window only. */
  dayExtra: number[];
  /** No request before these instants (a Retry-After); 0 when none. */
  minuteBlockedUntil: number;
  dayBlockedUntil: number;
  /**
   * Set by a store that found the log damaged and started a new one from what it could read
   * (`salvagedLog`): the ledger then counts the current minute as full and reports `note` once.
   */
  recovered?: { note: string };
}

/** A log with no usage. */
export function emptyLog(): QuotaLog {
  return { v: 1, sent: [], pending: [], minuteExtra: [], dayExtra: [], minuteBlockedUntil: 0, dayBlockedUntil: 0 };
}

const isTimes = (value: unknown): value is number[] => Array.isArray(value) && value.every((t) => typeof t === 'number' && Number.isFinite(t));

/** Why a stored log cannot be used as it is: damaged (recoverable) or from a newer version (left alone). */
type LogProblem = { kind: 'damaged'; reason: string } | { kind: 'newer'; version: unknown };

/** What is wrong with a log read back from storage, or undefined when it is a valid log. */
function logProblem(value: unknown): LogProblem | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'damaged', reason: 'not a JSON object' };
  const v = value as Partial<QuotaLog>;
  if (typeof v.v === 'number' && v.v > 1) return { kind: 'newer', version: v.v };
  const ok =
    v.v === 1 && isTimes(v.sent) && isTimes(v.minuteExtra) && isTimes(v.dayExtra) &&
    Array.isArray(v.pending) && v.pending.every((p) => typeof p === 'object' && p !== null && typeof p.id === 'string' && Number.isFinite(p.until)) &&
    Number.isFinite(v.minuteBlockedUntil) && Number.isFinite(v.dayBlockedUntil);
  return ok ? undefined : { kind: 'damaged', reason: 'its fields are not those of a usage log' };
}

/** The error for a log from a newer version: never overwritten, since that version still counts in it. */
function newerLogError(where: string, version: unknown): StorageError {
  return new StorageError(`The quota usage in ${where} was written by a newer version of Econdata (format ${String(version)}), which this one cannot read without losing its count. Update this program, or use another folder for its usage files.`);
}

/**
 * A log read back from storage (text, or a structured-cloned record): the log (its lists sorted),
 * or why it is damaged. A log from a newer version is a `storage` error: never overwritten, since
 * that version still counts in it.
 */
export function readStoredLog(raw: unknown, where: string): { log: QuotaLog } | { damaged: string; text: string } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return { damaged: 'not valid JSON', text: raw };
    }
  }
  const problem = logProblem(value);
  if (problem?.kind === 'newer') throw newerLogError(where, problem.version);
  if (problem) return { damaged: problem.reason, text: typeof raw === 'string' ? raw : JSON.stringify(raw) ?? '' };
  const log = value as QuotaLog;
  for (const list of [log.sent, log.minuteExtra, log.dayExtra]) list.sort((a, b) => a - b);
  return { log };
}

/** What a store reports when it started a damaged log again, keeping the old one as `aside`. */
export function recoveryNote(where: string, reason: string, aside: string): string {
  return `The quota usage ${where} was damaged (${reason}); it was moved to ${aside} and counting started again: the request times it still showed are kept, and the current minute counts as full. Nothing to do; delete the damaged copy when you no longer need it.`;
}

/**
 * A new log from a damaged one's text: every number in it that could be a time (epoch ms) counts
 * as a request sent then, so whatever survived of the log still counts (also blocked-until and
 * lease times: more careful, never less). The ledger prunes those outside its windows, counts the
 * current minute as full (nothing in it can be trusted) and reports `note`.
 */
export function salvagedLog(text: string, note: string): QuotaLog {
  const log = emptyLog();
  for (const m of text.matchAll(/\d{12,14}/g)) log.sent.push(Number(m[0]));
  log.sent.sort((a, b) => a - b);
  log.recovered = { note };
  return log;
}

/** Inserts a time into an ascending list, keeping it ascending. */
export function insertSorted(list: number[], t: number): void {
  let i = list.length;
  while (i > 0 && (list[i - 1] as number) > t) i -= 1;
  list.splice(i, 0, t);
}

/** Index of the first entry of an ascending list still counted at `now` in a window of length `w`. */
function firstInWindow(list: readonly number[], now: number, w: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as number) + w + 1 > now) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Drops what no window counts any more, and turns pending entries whose process never reported
 * into sent requests. Returns whether anything changed.
 */
export function prune(log: QuotaLog, now: number, w: WindowLengths): boolean {
  let changed = false;
  const expired = log.pending.filter((p) => p.until <= now);
  if (expired.length > 0) {
    log.pending = log.pending.filter((p) => p.until > now);
    for (const p of expired) insertSorted(log.sent, p.until);
    changed = true;
  }
  const dropSent = firstInWindow(log.sent, now, w.dayMs);
  const dropDay = firstInWindow(log.dayExtra, now, w.dayMs);
  const dropMinute = firstInWindow(log.minuteExtra, now, w.minuteMs);
  if (dropSent > 0) log.sent.splice(0, dropSent);
  if (dropDay > 0) log.dayExtra.splice(0, dropDay);
  if (dropMinute > 0) log.minuteExtra.splice(0, dropMinute);
  if (log.minuteBlockedUntil !== 0 && log.minuteBlockedUntil <= now) log.minuteBlockedUntil = 0;
  if (log.dayBlockedUntil !== 0 && log.dayBlockedUntil <= now) log.dayBlockedUntil = 0;
  return changed || dropSent + dropDay + dropMinute > 0;
}

/** What the windows hold at `now` (call `prune` first). */
export interface WindowUsage {
  minuteUsed: number;
  dayUsed: number;
}

/** Counts both windows at `now`. */
export function usage(log: QuotaLog, now: number, w: WindowLengths): WindowUsage {
  const recent = log.sent.length - firstInWindow(log.sent, now, w.minuteMs);
  return {
    minuteUsed: recent + log.minuteExtra.length + log.pending.length,
    dayUsed: log.sent.length + log.dayExtra.length + log.pending.length,
  };
}

/** Ascending instants at which each entry of the minute window leaves it. */
export function minuteLeaves(log: QuotaLog, now: number, w: WindowLengths): number[] {
  const recent = log.sent.slice(firstInWindow(log.sent, now, w.minuteMs));
  return [...recent, ...log.minuteExtra, ...log.pending.map((p) => p.until)].map((t) => t + w.minuteMs + 1).sort((a, b) => a - b);
}

/** Ascending instants at which each entry of the day window leaves it. */
export function dayLeaves(log: QuotaLog, w: WindowLengths): number[] {
  return [...log.sent, ...log.dayExtra, ...log.pending.map((p) => p.until)].map((t) => t + w.dayMs + 1).sort((a, b) => a - b);
}

/** Number of entries at `now` in a window of length `w`, counting requests sent since `since` (a wider window). */
export function countSince(list: readonly number[], since: number): number {
  let n = 0;
  for (const t of list) if (t >= since) n += 1;
  return n;
}

/**
 * The instant a window holding `used` entries (leaving at `leaves`) has room for one more under
 * `limit`, or undefined if it never will from its current entries alone.
 */
export function roomAt(leaves: readonly number[], used: number, limit: number): number | undefined {
  if (used < limit) return undefined;
  return leaves[used - limit];
}
