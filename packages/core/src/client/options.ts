/** The client's options (constructor, per call) and their defaults. */
import type { AuthMode, KeyProvider } from '../auth.ts';
import { InvalidParameterError } from '../errors/errors.ts';
import type { CacheStore } from '../cache/store.ts';
import type { BackoffOptions } from '../net/retry.ts';
import type { Transport } from '../net/transport.ts';
import type { RequestGate, RequestPriority } from '../quota/gate.ts';

/** How a call uses the cache: fresh entries answer (default), never touched, or stale entries as a fallback. */
export type CacheMode = 'default' | 'no-store' | 'allow-stale';

/** A clock: ms since the epoch. */
export interface Clock {
  now(): number;
}

/** Waits `ms`; rejects when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ClientOptions {
  /** Where the service is, e.g. 'https://api.example.com' (paths /api/v1/... are appended). Must be https unless loopback. */
  baseURL: string;
  /** A fixed key. Prefer `getApiKey`, asked on every request so a rotated key takes effect at once. */
  apiKey?: string;
  getApiKey?: KeyProvider;
  /** @default 'header' (Authorization: Bearer) */
  authMode?: AuthMode;
  /** Per attempt, ms. @default 30000 */
  timeoutMs?: number;
  /** Retries after the first attempt. @default 2 */
  maxRetries?: number;
  /** The longest Retry-After the client sleeps; a longer one becomes an error with `resetAt`. @default 60000 */
  maxRetryAfterMs?: number;
  backoff?: BackoffOptions;
  /** The quota ledger (or any gate). @default openGate */
  gate?: RequestGate;
  cache?: CacheStore;
  /** How long a cached answer stays fresh, ms. @default 3600000 */
  cacheTtlMs?: number;
  /** Told when the cache store fails (the request goes on without it). @default console.warn */
  onCacheError?: (error: unknown) => void;
  /** Default priority of this client's requests. @default 'interactive' */
  priority?: RequestPriority;
  /** Default cache mode of this client's calls. @default 'default' */
  cacheMode?: CacheMode;
  clock?: Clock;
  sleep?: Sleep;
  /** Jitter source in [0, 1). @default Math.random */
  random?: () => number;
  transport?: Transport;
}

/** Options of one call; they override the client's. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
  priority?: RequestPriority;
  cache?: CacheMode;
}

/** The default sleep: a timer, cancelled (and rejecting with the signal's reason) on abort. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Refuses a base URL that is not https, unless it is loopback (the local sandbox): an `invalid_parameter` naming baseURL. */
export function checkBaseURL(baseURL: string): string {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new InvalidParameterError('baseURL', `Invalid baseURL ${JSON.stringify(baseURL)}: give a full address such as "https://api.example.com".`);
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname) && !/^127\.\d+\.\d+\.\d+$/.test(url.hostname)) {
    throw new InvalidParameterError('baseURL', `Refused baseURL ${url.origin}: the service requires HTTPS (plain http is allowed only for loopback addresses such as http://127.0.0.1). Use https://.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidParameterError('baseURL', `Refused baseURL ${url.protocol}//${url.host}: use https://.`);
  if (url.username || url.password || url.search) throw new InvalidParameterError('baseURL', 'Refused baseURL: it must not hold credentials or a query string; give the key with apiKey or getApiKey.');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.origin}${path}`;
}
