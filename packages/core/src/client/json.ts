/**
 * A JSON request with the cache around it: fresh entries answer without a request; answers are
 * checked and stored; with `cache: 'allow-stale'`, a failure to reach the service (or a rate-limit
 * refusal) falls back to an expired entry, marked `stale: true`.
 */
import { cacheKey, requestKey, type CacheEntry, type CacheStore } from '../cache/store.ts';
import { EconError, NotFoundError } from '../errors/errors.ts';
import { errorFromResponse } from '../net/error-from-response.ts';
import { bodyText, checkEnvelope, parseJson, type RecordCheck } from '../wire/check.ts';
import type { ApiResult } from '../wire/records.ts';
import type { CacheMode } from './options.ts';
import { execute, type Answer, type AttemptOptions, type EngineConfig, type RequestSpec } from './request.ts';

/** The cache side of the configuration. */
export interface CacheConfig {
  store: CacheStore | undefined;
  ttlMs: number;
  onError: (error: unknown) => void;
}

/** A cached "no data" answer: a 404 Data not found is as stable as data, and costs a request to learn. */
export interface CachedNotFound {
  not_found: { message: string; serverMessage?: string };
}

/** Whether a cached value is a remembered "no data" answer. */
export function isCachedNotFound(value: unknown): value is CachedNotFound {
  return typeof value === 'object' && value !== null && 'not_found' in value;
}

/** The error a remembered "no data" answer stands for. */
export function notFoundFromCache(value: CachedNotFound): NotFoundError {
  const { message, serverMessage } = value.not_found;
  return new NotFoundError(message, { status: 404, ...(serverMessage === undefined ? {} : { serverMessage }) });
}

/** The cache value remembering a "no data" answer. */
export function notFoundEntry(error: EconError): CachedNotFound {
  return { not_found: { message: error.message, ...(error.serverMessage === undefined ? {} : { serverMessage: error.serverMessage }) } };
}

/** Whether an error is the service saying there is no such data (worth remembering), not a missing route. */
export function isDataNotFound(error: unknown): error is EconError {
  return error instanceof EconError && error.code === 'not_found' && /^data not found/i.test(error.serverMessage ?? '');
}

/** Failures where an expired cache entry is better than nothing. */
const STALE_OK = new Set(['connection', 'timeout', 'rate_limited', 'quota_exhausted']);

/** Whether a failure lets a stale entry answer. */
export function staleAllowedFor(error: unknown): boolean {
  return error instanceof EconError && STALE_OK.has(error.code);
}

/** Parses and checks a JSON answer; `success: false` becomes the error it describes. */
export function readJson<T>(answer: Answer, check: RecordCheck): { result: ApiResult<T>; json: unknown } {
  const text = bodyText(answer.body);
  const ctx = { status: answer.status, text, key: answer.key };
  const json = parseJson(text, answer.status, answer.key);
  if (json !== null && typeof json === 'object' && (json as { success?: unknown }).success === false) {
    throw errorFromResponse(answer.status, text, { now: Date.now(), ...(answer.key ? { key: answer.key } : {}) });
  }
  return { result: checkEnvelope<T>(json, check, ctx), json };
}

/** Reads a cache entry; a failing store is reported and treated as a miss. */
export async function cacheGet(cache: CacheConfig, key: string): Promise<CacheEntry | undefined> {
  if (!cache.store) return undefined;
  try {
    return await cache.store.get(key);
  } catch (error) {
    cache.onError(error);
    return undefined;
  }
}

/** Stores an answer; a failing store is reported and the answer still returned. */
export async function cachePut(cache: CacheConfig, key: string, value: unknown, now: number): Promise<void> {
  if (!cache.store) return;
  try {
    await cache.store.set(key, { value, storedAt: now, expiresAt: now + cache.ttlMs });
  } catch (error) {
    cache.onError(error);
  }
}

/** A GET (or a read-only POST) whose answer is an envelope of records. */
export async function requestJson<T>(
  engine: EngineConfig, cache: CacheConfig, spec: RequestSpec, check: RecordCheck, opts: AttemptOptions & { cache: CacheMode },
): Promise<ApiResult<T>> {
  const useCache = cache.store !== undefined && opts.cache !== 'no-store' && spec.method === 'GET';
  const key = cacheKey(engine.baseURL, requestKey(spec.method, spec.path, spec.params ?? {}));
  const entry = useCache ? await cacheGet(cache, key) : undefined;
  if (entry && entry.expiresAt > engine.clock.now()) {
    if (isCachedNotFound(entry.value)) throw notFoundFromCache(entry.value);
    return entry.value as ApiResult<T>;
  }
  try {
    const answer = await execute(engine, spec, opts);
    const { result } = readJson<T>(answer, check);
    if (useCache) await cachePut(cache, key, result, engine.clock.now());
    return result;
  } catch (error) {
    if (useCache && isDataNotFound(error)) await cachePut(cache, key, notFoundEntry(error), engine.clock.now());
    if (entry && opts.cache === 'allow-stale' && staleAllowedFor(error)) {
      if (isCachedNotFound(entry.value)) throw notFoundFromCache(entry.value);
      return { ...(entry.value as ApiResult<T>), stale: true };
    }
    throw error;
  }
}
