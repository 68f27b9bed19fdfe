/**
 * A JSON request with the cache around it, by the freshness rules of cache/freshness.ts; and the
 * reading of a JSON answer (parse, `success: false`, envelope and record checks).
 */
import { answerOfEntry, cacheGet, cacheInUse, discardEntry, isFresh, rememberAnswer, rememberFailure, staleFallback, type CacheConfig, type EntryAnswer } from '../cache/freshness.ts';
import { cacheKey, requestKey, type CacheEntry } from '../cache/store.ts';
import { errorFromResponse } from '../net/error-from-response.ts';
import { bodyText, checkEnvelope, parseJson, type RecordCheck } from '../wire/check.ts';
import type { ApiResult } from '../wire/records.ts';
import type { CacheMode } from './options.ts';
import { execute, type Answer, type AttemptOptions, type EngineConfig, type RequestSpec } from './request.ts';

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

/** A GET (or a read-only POST) whose answer is an envelope of records. */
export async function requestJson<T>(
  engine: EngineConfig, cache: CacheConfig, spec: RequestSpec, check: RecordCheck, opts: AttemptOptions & { cache: CacheMode },
): Promise<ApiResult<T>> {
  const useCache = cacheInUse(cache, opts.cache) && spec.method === 'GET';
  const key = cacheKey(engine.baseURL, requestKey(spec.method, spec.path, spec.params ?? {}));
  const entry = useCache && opts.cache !== 'reload' ? await cacheGet(cache, key) : undefined;
  if (isFresh(entry, engine.clock.now())) {
    const cached = await checkedEntry(cache, key, entry, check);
    if (cached) return answerOf<T>(cached);
  }
  try {
    const answer = await execute(engine, spec, opts);
    const { result } = readJson<T>(answer, check);
    if (useCache) await rememberAnswer(cache, key, result, engine.clock.now());
    return result;
  } catch (error) {
    if (useCache) await rememberFailure(cache, key, error, engine.clock.now());
    const stale = staleFallback(entry, error, opts.cache);
    const cached = stale && await checkedEntry(cache, key, stale, check);
    if (cached) return { ...answerOf<T>(cached), stale: true };
    throw error;
  }
}

/** An entry's answer, checked (rule 6 of cache/freshness.ts); undefined when it was none (then reported and removed). */
async function checkedEntry(cache: CacheConfig, key: string, entry: CacheEntry, check: RecordCheck): Promise<EntryAnswer | undefined> {
  const answer = answerOfEntry(entry, check);
  if (!('problem' in answer)) return answer;
  await discardEntry(cache, key, answer.problem);
  return undefined;
}

/** The result a checked entry holds, or its remembered "no data" error thrown. */
function answerOf<T>(answer: EntryAnswer): ApiResult<T> {
  if (!answer.ok) throw answer.error;
  return answer.value as ApiResult<T>;
}
