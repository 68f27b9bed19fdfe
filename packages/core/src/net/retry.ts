/**
 * The retry policy, as a short list. Retried (the same request may succeed later):
 *   - 429, and a 403 whose message says rate limit: the plan's window is full for now;
 *   - 500, 502, 503, 504: the service failed (other 5xx, such as 501, are not retried);
 *   - connection errors (refused, reset) and timeouts.
 * Never retried: 400, 401, a permission 403, 404 (sending again gives the same answer), and
 * invalid responses other than 5xx pages.
 * The wait: `Retry-After-Ms`, then `Retry-After` (seconds or an HTTP date) when the service sends
 * one; otherwise exponential backoff with full jitter. A wait longer than `maxRetryAfterMs` is
 * never slept: it becomes an error carrying `resetAt`.
 */
import type { EconError } from '../errors/errors.ts';

/** Whether the client sends the request again (see the list above): the error's own `retryable`, one rule for both. */
export function isRetryable(error: EconError): boolean {
  return error.retryable;
}

export interface BackoffOptions {
  /** First delay ceiling, ms. @default 500 */
  baseMs?: number;
  /** Largest delay ceiling, ms. @default 8000 */
  maxMs?: number;
}

/** Full jitter: a uniform wait in [0, min(max, base * 2^attempt)); `attempt` counts from 0. */
export function backoffMs(attempt: number, random: () => number, options: BackoffOptions = {}): number {
  const ceiling = Math.min(options.maxMs ?? 8000, (options.baseMs ?? 500) * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * How long the service asked to wait, in ms: `retry-after-ms`, then `retry-after` as seconds or
 * as an HTTP date (relative to `now`). Undefined when absent or unreadable; never negative.
 */
export function retryAfterMs(headers: Record<string, string>, now: number): number | undefined {
  const ms = headers['retry-after-ms'];
  if (ms !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.ceil(Number(ms));
  const ra = headers['retry-after'];
  if (ra === undefined || ra.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(ra)) return Math.ceil(Number(ra) * 1000);
  const at = Date.parse(ra);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
