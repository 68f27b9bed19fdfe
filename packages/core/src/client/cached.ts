/**
 * The one sequence of a cached request, by the rules of cache/freshness.ts, for both paths that
 * cache (one JSON request in json.ts, many queries of a job in fetch-series.ts): look the key up
 * (a fresh, valid entry answers; one that is no valid answer is reported, removed and a miss), send,
 * then remember the answer, or remember the failure and fall back to an expired entry where rule 4
 * allows. Each path says how it reads an entry (`ReadEntry`): the checked records, or a Series.
 */
import { cacheGet, cacheInUse, discardEntry, isFresh, rememberAnswer, rememberFailure, staleFallback, type CacheConfig } from '../cache/freshness.ts';
import type { CacheEntry } from '../cache/store.ts';
import type { CacheMode } from './options.ts';

/** How a path reads an entry (`stale`: as a fallback): what it answers, or the problem that makes it none. */
export type ReadEntry<R> = (entry: CacheEntry, stale: boolean) => { value: R } | { problem: string };

/** Step 1: a fresh entry's answer (rules 1, 6), and an expired entry kept for a fallback (rule 4). */
export async function lookUp<R>(cache: CacheConfig, key: string, mode: CacheMode, now: number, read: ReadEntry<R>): Promise<{ fresh?: { value: R }; expired?: CacheEntry }> {
  // 'reload' reads nothing (the request is sent anew) but stores what comes back.
  if (!cacheInUse(cache, mode) || mode === 'reload') return {};
  const entry = await cacheGet(cache, key);
  if (!entry) return {};
  if (!isFresh(entry, now)) return { expired: entry };
  const answer = read(entry, false);
  if (!('problem' in answer)) return { fresh: answer };
  await discardEntry(cache, key, answer.problem);
  return {};
}

/** Step 2: a good answer stored (rule 2). */
export async function remember(cache: CacheConfig, key: string, mode: CacheMode, value: unknown, now: number): Promise<void> {
  if (cacheInUse(cache, mode)) await rememberAnswer(cache, key, value, now);
}

/**
 * Step 3: a failure remembered when it is worth it (rule 3), and the expired entry's answer instead
 * of it where rule 4 allows (an entry that is no valid answer is reported and removed); undefined
 * when the failure stands.
 */
export async function fallBack<R>(cache: CacheConfig, key: string, mode: CacheMode, error: unknown, now: number, expired: CacheEntry | undefined, read: ReadEntry<R>): Promise<{ value: R } | undefined> {
  if (cacheInUse(cache, mode)) await rememberFailure(cache, key, error, now);
  const stale = staleFallback(expired, error, mode);
  if (!stale) return undefined;
  const answer = read(stale, true);
  if (!('problem' in answer)) return answer;
  await discardEntry(cache, key, answer.problem);
  return undefined;
}
