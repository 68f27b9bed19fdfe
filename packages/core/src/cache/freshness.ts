/**
 * The freshness rules, next to the storage they govern, used by both paths that cache (single JSON
 * requests in client/json.ts, many-query jobs in client/fetch-series.ts):
 *   1. an entry younger than its time to live answers without a request;
 *   2. a successful answer is stored for `ttlMs`;
 *   3. a `404 Data not found` is stored too (as that error): it is as stable as data and costs a
 *      request to learn; a missing route (`404 Not found`) is not;
 *   4. with `cache: 'allow-stale'`, a connection failure, timeout, rate-limit refusal or exhausted
 *      quota falls back to an expired entry, marked stale;
 *   5. a failing store is reported through `onError` and treated as a miss: the request goes on.
 */
import { EconError, NotFoundError } from '../errors/errors.ts';
import type { CacheMode } from '../client/options.ts';
import type { CacheEntry, CacheStore } from './store.ts';

/** The cache side of the client's configuration. */
export interface CacheConfig {
  store: CacheStore | undefined;
  ttlMs: number;
  onError: (error: unknown) => void;
}

/** A cached "no data" answer (rule 3). */
interface CachedNotFound {
  not_found: { message: string; serverMessage?: string; parameter?: string; value?: string };
}

function isCachedNotFound(value: unknown): value is CachedNotFound {
  return typeof value === 'object' && value !== null && 'not_found' in value;
}

/** Whether a call with this mode reads and writes the cache at all. */
export function cacheInUse(cache: CacheConfig, mode: CacheMode): boolean {
  return cache.store !== undefined && mode !== 'no-store';
}

/** Rule 1: whether an entry may answer without a request. */
export function isFresh(entry: CacheEntry | undefined, now: number): entry is CacheEntry {
  return entry !== undefined && entry.expiresAt > now;
}

/** What an entry answers: the stored value, or the remembered "no data" error. */
export function entryAnswer(entry: CacheEntry): { ok: true; value: unknown } | { ok: false; error: NotFoundError } {
  if (!isCachedNotFound(entry.value)) return { ok: true, value: entry.value };
  const { message, serverMessage, parameter, value } = entry.value.not_found;
  const details = { status: 404, ...(serverMessage === undefined ? {} : { serverMessage }), ...(parameter === undefined ? {} : { parameter }), ...(value === undefined ? {} : { value }) };
  return { ok: false, error: new NotFoundError(message, details) };
}

/** Failures where an expired entry is better than nothing (rule 4). */
const STALE_OK: ReadonlySet<string> = new Set(['connection', 'timeout', 'rate_limited', 'quota_exhausted']);

/** Rule 4: the expired entry that answers instead of `error`, or undefined when the error stands. */
export function staleFallback(entry: CacheEntry | undefined, error: unknown, mode: CacheMode): CacheEntry | undefined {
  return entry !== undefined && mode === 'allow-stale' && error instanceof EconError && STALE_OK.has(error.code) ? entry : undefined;
}

/** Whether an error is the service saying there is no such data (worth remembering), not a missing route. */
function isDataNotFound(error: unknown): error is EconError {
  return error instanceof EconError && error.code === 'not_found' && /^data not found/i.test(error.serverMessage ?? '');
}

/** Rule 5: reads an entry; a failing store is reported and treated as a miss. */
export async function cacheGet(cache: CacheConfig, key: string): Promise<CacheEntry | undefined> {
  if (!cache.store) return undefined;
  try {
    return await cache.store.get(key);
  } catch (error) {
    cache.onError(error);
    return undefined;
  }
}

async function cachePut(cache: CacheConfig, key: string, value: unknown, now: number): Promise<void> {
  if (!cache.store) return;
  try {
    await cache.store.set(key, { value, storedAt: now, expiresAt: now + cache.ttlMs });
  } catch (error) {
    cache.onError(error);
  }
}

/** Rule 2: stores a checked answer. */
export async function rememberAnswer(cache: CacheConfig, key: string, value: unknown, now: number): Promise<void> {
  await cachePut(cache, key, value, now);
}

/** Rule 3: stores a failure worth remembering (a `404 Data not found`); any other failure is not stored. */
export async function rememberFailure(cache: CacheConfig, key: string, error: unknown, now: number): Promise<void> {
  if (!isDataNotFound(error)) return;
  const fields = { ...(error.serverMessage === undefined ? {} : { serverMessage: error.serverMessage }), ...(error.parameter === undefined ? {} : { parameter: error.parameter }), ...(error.value === undefined ? {} : { value: error.value }) };
  await cachePut(cache, key, { not_found: { message: error.message, ...fields } } satisfies CachedNotFound, now);
}
