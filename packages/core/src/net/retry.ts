/**
 * The retry policy, whole: what is sent again, how long the client waits first, and when a wait is
 * too long to sleep. The loop that applies it is `execute` in client/request.ts. Which codes are
 * retried is the error taxonomy's own rule (`isRetryable` in errors/errors.ts, which `EconError.retryable`
 * reads), so the error and the loop can never disagree, and errors need nothing from the network layer.
 *
 * Retried (the same request may succeed later):
 *   - `rate_limited`: 429, and a 403 whose message says rate limit (the plan's window is full for now);
 *   - `server_error` with status 500, 502, 503 or 504 (other 5xx, such as 501 or 505, answer the same again);
 *   - `connection` (refused, reset, DNS) and `timeout` (no answer in time, or a 408 from the service).
 * Never retried: every other code (`bad_request`, `authentication`, `key_unavailable`,
 * `permission_denied`, `not_found`, `invalid_response`, `quota_exhausted`, `aborted`, `invalid_parameter`).
 *
 * The wait before attempt n+1: `Retry-After-Ms`, then `Retry-After` (seconds or an HTTP date) when the
 * service sent one; on a rate-limit refusal without them, `X-RateLimit-Reset` (epoch seconds or
 * seconds from now: net/rate-limit-reset.ts); otherwise exponential backoff with full jitter. A wait
 * longer than `maxRetryAfterMs` is never slept: it becomes an error carrying `resetAt`.
 */
import { isRetryable, QuotaExhaustedError, RateLimitedError, type EconError, type EconErrorDetails } from '../errors/errors.ts';

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

/** The knobs of the policy, from the client's options and the call's. */
export interface RetryPolicy {
  maxRetries: number;
  maxRetryAfterMs: number;
  backoff: BackoffOptions;
  random: () => number;
}

/** What to do after a failed attempt: give up with an error, or wait and send again. */
export type RetryStep = { retry: false; error: EconError } | { retry: true; waitMs: number };

/**
 * The policy applied to one failure: `attempt` counts from 0. A wait the service asked for that is
 * longer than `maxRetryAfterMs` ends the request with `resetAt` (`quota_exhausted` for the day window).
 */
export function nextStep(error: EconError, attempt: number, policy: RetryPolicy, now: number): RetryStep {
  if (!isRetryable(error.code, error.status)) return { retry: false, error };
  const asked = error.retryAfterMs;
  if (asked !== undefined && asked > policy.maxRetryAfterMs) return { retry: false, error: tooLongToWait(error, asked, policy.maxRetryAfterMs, now) };
  if (attempt >= policy.maxRetries) return { retry: false, error };
  return { retry: true, waitMs: asked ?? backoffMs(attempt, policy.random, policy.backoff) };
}

/** A wait the service asked for that is longer than the client is willing to sleep. */
function tooLongToWait(error: EconError, waitMs: number, cap: number, now: number): EconError {
  if (error.code !== 'rate_limited') return error;
  const resetAt = new Date(now + waitMs);
  const details: EconErrorDetails = { retryAfterMs: waitMs, resetAt };
  if (error.status !== undefined) details.status = error.status;
  if (error.scope !== undefined) details.scope = error.scope;
  if (error.serverMessage !== undefined) details.serverMessage = error.serverMessage;
  const when = `${resetAt.toISOString()} (in ${Math.ceil(waitMs / 1000)} s, more than the ${Math.round(cap / 1000)} s this client waits)`;
  if (error.scope === 'day') {
    return new QuotaExhaustedError(`The plan's daily request allowance is spent: the service accepts requests again at ${when}. Use cached data until then, or upgrade the plan.`, details);
  }
  return new RateLimitedError(`Rate limit exceeded: the service accepts requests again at ${when}. Try again then.`, details);
}
