/** The client's options (constructor, per call) and their defaults. */
import type { AuthMode, KeyProvider } from '../auth.ts';
import { InvalidParameterError } from '../errors/errors.ts';
import { redactApiKey } from '../net/redact.ts';
import type { CacheStore } from '../cache/store.ts';
import type { BackoffOptions } from '../net/retry.ts';
import type { Transport } from '../net/transport.ts';
import type { RequestGate, RequestPriority } from '../quota/gate.ts';

/**
 * How a call uses the cache: fresh entries answer (default); never touched ('no-store'); stale
 * entries as a fallback ('allow-stale'); or 'reload': always asked anew, the answer stored (HTTP's
 * `cache: 'reload'`), so later calls that read the cache see it.
 */
export type CacheMode = 'default' | 'no-store' | 'allow-stale' | 'reload';

/** A clock: ms since the epoch. */
export interface Clock {
  now(): number;
}

/** `maxResponseBytes` when not given: 64 MiB, some 60 times the largest real answer (README: Reliability). */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Waits `ms`; rejects when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The client's constructor options. Give exactly one key source: `apiKey` or `getApiKey` (every route needs a key). */
export interface ClientOptions {
  /** Where the service is, e.g. 'https://api.example.com' (paths /api/v1/... are appended). Must be https unless loopback. */
  baseURL: string;
  /** A fixed key. Prefer `getApiKey`, asked on every request so a rotated key takes effect at once. */
  apiKey?: string;
  /** Asked for the key before every attempt; when it throws, the call fails with `key_unavailable` (its error as `cause`). */
  getApiKey?: KeyProvider;
  /** @default 'header' (Authorization: Bearer) */
  authMode?: AuthMode;
  /** Per attempt, ms. @default 30000 */
  timeoutMs?: number;
  /** Retries after the first attempt. @default 2 */
  maxRetries?: number;
  /**
   * The largest answer read, in bytes (JSON, error bodies and exports alike); a larger one is refused
   * with `invalid_response` naming the limit, and reading stops there. @default 67108864 (64 MiB;
   * the largest answer the real data gives, a 100-combination batch, is about 1 MB)
   */
  maxResponseBytes?: number;
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
  /**
   * Tell the server which requests are bulk work: background requests carry
   * `X-Econdata-Priority: bulk`, which a team gateway (apps/gateway) serves after people's
   * interactive requests. Only for a gateway: a browser asks the service's CORS for a custom header,
   * and the service does not list it. @default false
   */
  sendPriority?: boolean;
  /** Default cache mode of this client's calls. @default 'default' */
  cacheMode?: CacheMode;
  clock?: Clock;
  sleep?: Sleep;
  /** Jitter source in [0, 1). @default Math.random */
  random?: () => number;
  /** How requests travel. @default axios (http adapter) in Node, fetchTransport (redirects refused) in browsers */
  transport?: Transport;
}

const ENUMS = {
  authMode: ['header', 'query'],
  priority: ['interactive', 'background'],
  cacheMode: ['default', 'no-store', 'allow-stale', 'reload'],
} as const;

/**
 * Refuses constructor options the client cannot use, with an `InvalidParameterError` naming the
 * option (the quota ledger follows the same rule): no key source, a negative or non-numeric time, an
 * unknown mode. The base URL is checked by `checkBaseURL`.
 */
export function checkClientOptions(options: ClientOptions): void {
  if (typeof options !== 'object' || options === null) throw new InvalidParameterError('options', 'new EconDataClient needs an options object such as { baseURL, getApiKey }.');
  const hasKey = typeof options.apiKey === 'string' && options.apiKey !== '';
  if (options.getApiKey !== undefined && typeof options.getApiKey !== 'function') {
    throw new InvalidParameterError('getApiKey', 'Invalid getApiKey: give a function that returns the API key (or a promise of it).');
  }
  for (const [name, v] of [['timeoutMs', options.timeoutMs], ['maxRetries', options.maxRetries], ['maxRetryAfterMs', options.maxRetryAfterMs], ['cacheTtlMs', options.cacheTtlMs], ['maxResponseBytes', options.maxResponseBytes]] as const) {
    const whole = name === 'maxRetries' || name === 'maxResponseBytes';
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || (whole && !Number.isInteger(v)))) {
      throw new InvalidParameterError(name, `Invalid ${name}: expected a number >= 0${whole ? ' (whole)' : ''}, got ${String(v)}.`);
    }
  }
  for (const [name, allowed] of Object.entries(ENUMS)) {
    const v = options[name as keyof typeof ENUMS];
    if (v !== undefined && !(allowed as readonly string[]).includes(v)) {
      throw new InvalidParameterError(name, `Invalid ${name} ${JSON.stringify(v)}: use one of ${allowed.map((a) => `'${a}'`).join(', ')}.`);
    }
  }
  if (options.apiKey !== undefined && !hasKey) throw new InvalidParameterError('apiKey', 'Invalid apiKey: it is empty. Give the key from the provider\'s dashboard (Settings > API Keys), or getApiKey.');
  if (!hasKey && options.getApiKey === undefined) {
    throw new InvalidParameterError('apiKey', 'No API key: every route of the service needs one. Give getApiKey (a function asked on every request, e.g. reading the OS keychain) or apiKey (a fixed key from the provider\'s dashboard, Settings > API Keys).');
  }
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

const LOOPBACK_NAMES = new Set(['localhost', '[::1]', '::1']);

/** Whether a host name is this machine (127.x.x.x, localhost, [::1]): the only place plain http is allowed, since the key never leaves it. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Why a base URL is refused. */
export type BaseURLProblem = 'not_a_url' | 'not_http' | 'credentials' | 'query' | 'insecure';

/** What each problem means, as a phrase completing "The base URL ...": for messages that have no better words of their own. */
export const BASE_URL_PROBLEMS: Readonly<Record<BaseURLProblem, string>> = {
  not_a_url: 'must be an absolute URL such as https://api.example.com',
  not_http: 'must start with https://',
  credentials: 'must not contain a user name or password (the key belongs in the keychain)',
  query: 'must not contain a query or fragment',
  insecure: 'must use https:// (plain http:// is only allowed for 127.0.0.1, localhost and [::1])',
};

/** A base URL read by `readBaseURL`: the normalized address, or the problem (with the parsed URL when it parsed). */
export type BaseURLReading = { ok: true; baseURL: string } | { ok: false; problem: BaseURLProblem; url?: URL };

/**
 * The base-URL rule, the one every app and the keychain ask: an absolute http(s) address without
 * credentials, query or fragment, https unless the host is loopback. The service's root is given
 * with or without its `/api/v1` (the address the provider's docs show): a trailing `/api/v1` is
 * dropped, since the client adds it, so both spellings name the same service.
 *
 * @example readBaseURL('https://api.example.com/api/v1/') // { ok: true, baseURL: 'https://api.example.com' }
 */
export function readBaseURL(text: string): BaseURLReading {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, problem: 'not_a_url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'not_http', url };
  if (url.username || url.password) return { ok: false, problem: 'credentials', url };
  if (url.search || url.hash) return { ok: false, problem: 'query', url };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, problem: 'insecure', url };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
  return { ok: true, baseURL: `${url.origin}${path}` };
}

/**
 * A text that failed to parse as a URL, fit to be repeated in a message: whatever stands before an
 * '@' in its authority (a user name and password) and any api_key value become ***.
 *
 * @example withoutCredentials('https://me:pa ss@[bad') // 'https://***@[bad'
 */
function withoutCredentials(text: string): string {
  return redactApiKey(text.replace(/^([^/?#@]*\/\/)?[^/?#]*@/, (_all, scheme: string | undefined) => `${scheme ?? ''}***@`));
}

/** Refuses a base URL that `readBaseURL` refuses, as an `invalid_parameter` naming baseURL; the normalized address otherwise. */
export function checkBaseURL(baseURL: string): string {
  const reading = readBaseURL(baseURL);
  if (reading.ok) return reading.baseURL;
  const { problem, url } = reading;
  if (problem === 'not_a_url' || url === undefined) throw new InvalidParameterError('baseURL', `Invalid baseURL ${JSON.stringify(withoutCredentials(baseURL))}: give a full address such as "https://api.example.com".`);
  if (problem === 'insecure') throw new InvalidParameterError('baseURL', `Refused baseURL ${url.origin}: the service requires HTTPS (plain http is allowed only for loopback addresses such as http://127.0.0.1). Use https://.`);
  if (problem === 'not_http') throw new InvalidParameterError('baseURL', `Refused baseURL ${url.protocol}//${url.host}: use https://.`);
  throw new InvalidParameterError('baseURL', 'Refused baseURL: it must not hold credentials or a query string; give the key with apiKey or getApiKey.');
}
