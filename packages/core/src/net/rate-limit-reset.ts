/**
 * X-RateLimit-Reset: when the refused rate window opens again. Services spell it two ways, and
 * the number tells them apart: epoch seconds (GitHub: `1764057600`) and seconds from now
 * (`42`). A "seconds from now" of a billion would be a wait of 31 years, and an epoch second
 * below a billion lies before September 2001, so values from 1e9 up are epoch seconds and values
 * below are seconds from now. From 1e12 up the value is epoch milliseconds (as epoch seconds it
 * would lie beyond the year 33,000). The retry loop uses it only for a 429 or rate-limit 403
 * without Retry-After, under the same `maxRetryAfterMs` cap.
 */

/** Values at or above this are epoch seconds, not seconds from now. */
const EPOCH_SECONDS_FROM = 1e9;
/** Values at or above this are epoch milliseconds. */
const EPOCH_MILLISECONDS_FROM = 1e12;

/**
 * How long until the window the `x-ratelimit-reset` header names opens, in ms from `now`
 * (never negative: a reset already past means "now"). Undefined when absent or not a number.
 */
export function rateLimitResetMs(headers: Record<string, string>, now: number): number | undefined {
  const raw = headers['x-ratelimit-reset'];
  if (raw === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(raw)) return undefined;
  const n = Number(raw);
  if (n >= EPOCH_MILLISECONDS_FROM) return Math.max(0, Math.ceil(n - now));
  if (n >= EPOCH_SECONDS_FROM) return Math.max(0, Math.ceil(n * 1000 - now));
  return Math.ceil(n * 1000);
}
