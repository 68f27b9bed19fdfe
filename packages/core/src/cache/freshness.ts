/**
 * The freshness rules, next to the storage they govern, used by both paths that cache (single JSON
 * requests in client/json.ts, many-query jobs in client/fetch-series.ts):
 *   1. an entry younger than its time to live answers without a request;
 *   2. a successful answer is stored for `ttlMs`;
 *   3. a `404 Data not found` is stored too (as that error): it is as stable as data and costs a
 *      request to learn; a missing route (`404 Not found`) is not;
 *   4. with `cache: 'allow-stale'`, a connection failure, timeout, rate-limit refusal or exhausted
 *      quota falls back to an expired entry, marked stale;
 *   5. a failing store is reported through `onError` and treated as a miss: the request goes on;
 *   6. a cached answer meets the checks of one from the network (`answerOfEntry`); an entry that
 *      fails them (a damaged store, an older version's format) is a miss too: reported through
 *      `onError` as an `invalid_response`, removed, and fetched again. Never returned as data.
 */
import { EconError, InvalidResponseError, NotFoundError } from '../errors/errors.ts';
import { envelopeProblem, type RecordCheck } from '../wire/check.ts';
import type { ApiResult } from '../wire/records.ts';
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

/** What a valid entry answers: the checked records, or the remembered "no data" error. */
export type EntryAnswer = { ok: true; value: ApiResult<unknown> } | { ok: false; error: NotFoundError };

/** Rule 6: what an entry answers, checked as an answer from the network is; `{ problem }` when it is none. */
export function answerOfEntry(entry: CacheEntry, check: RecordCheck): EntryAnswer | { problem: string } {
  const value = entry.value;
  if (isCachedNotFound(value)) {
    const nf = value.not_found as unknown;
    if (typeof nf !== 'object' || nf === null) return { problem: 'a "no data" marker without its message' };
    const { message, serverMessage, parameter, value: sent } = nf as Record<string, unknown>;
    if (typeof message !== 'string' || (serverMessage !== undefined && typeof serverMessage !== 'string')) return { problem: 'a "no data" marker without its message' };
    // The parameter that matched nothing and the value sent for it (see rememberFailure), when known.
    const named = typeof parameter === 'string' ? { parameter, ...(typeof sent === 'string' ? { value: sent } : {}) } : {};
    return { ok: false, error: new NotFoundError(message, { status: 404, ...(serverMessage === undefined ? {} : { serverMessage }), ...named }) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'not an answer object' };
  const v = value as Record<string, unknown>;
  const problem = envelopeProblem({ success: true, data: v['data'], metadata: v['metadata'] }, check);
  if (problem !== undefined) return { problem };
  return { ok: true, value: { data: v['data'] as unknown[], metadata: v['metadata'] as ApiResult<unknown>['metadata'] } };
}

/** Rule 6: reports an entry that is no valid answer and removes it (a failing delete is reported too). */
export async function discardEntry(cache: CacheConfig, key: string, problem: string): Promise<void> {
  const request = key.slice(key.indexOf(' ') + 1);
  cache.onError(new InvalidResponseError(`A cached answer for ${request} is not a valid answer (${problem}): it was removed and is fetched again.`));
  try {
    await cache.store?.delete(key);
  } catch (error) {
    cache.onError(error);
  }
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

/** Whether a stored value has an entry's shape: its times are numbers (freshness compares them) and it holds a value. */
function isEntry(e: unknown): e is CacheEntry {
  if (typeof e !== 'object' || e === null) return false;
  const o = e as Record<string, unknown>;
  return Number.isFinite(o['storedAt']) && Number.isFinite(o['expiresAt']) && 'value' in o;
}

/** Rules 5 and 6: reads an entry; a failing store is reported and treated as a miss, and so is (removed) a value that is no entry. */
export async function cacheGet(cache: CacheConfig, key: string): Promise<CacheEntry | undefined> {
  if (!cache.store) return undefined;
  let entry: unknown;
  try {
    entry = await cache.store.get(key);
  } catch (error) {
    cache.onError(error);
    return undefined;
  }
  if (entry === undefined || isEntry(entry)) return entry;
  await discardEntry(cache, key, 'no cache entry: its times are not numbers, or it holds no value');
  return undefined;
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
