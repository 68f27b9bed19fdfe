/**
 * A JSON request with the cache around it, by the freshness rules of cache/freshness.ts; and the
 * reading of a JSON answer (parse, `success: false`, envelope and record checks).
 */
import { answerOfEntry, type CacheConfig, type EntryAnswer } from '../cache/freshness.ts';
import { cacheKey, requestKey } from '../cache/store.ts';
import { errorFromResponse } from '../net/error-from-response.ts';
import { bodyText, checkEnvelope, parseJson, type RecordCheck } from '../wire/check.ts';
import type { ApiResult } from '../wire/records.ts';
import { fallBack, lookUp, remember, type ReadEntry } from './cached.ts';
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

/** A GET (or a read-only POST, never cached) whose answer is an envelope of records, through the one cached-request sequence (cached.ts). */
export async function requestJson<T>(
  engine: EngineConfig, cache: CacheConfig, spec: RequestSpec, check: RecordCheck, opts: AttemptOptions & { cache: CacheMode },
): Promise<ApiResult<T>> {
  const mode: CacheMode = spec.method === 'GET' ? opts.cache : 'no-store';
  const key = cacheKey(engine.baseURL, requestKey(spec.method, spec.path, spec.params ?? {}));
  const read: ReadEntry<EntryAnswer> = (entry) => {
    const answer = answerOfEntry(entry, check);
    return 'problem' in answer ? answer : { value: answer };
  };
  const { fresh, expired } = await lookUp(cache, key, mode, engine.clock.now(), read);
  if (fresh) return answerOf<T>(fresh.value);
  try {
    const answer = await execute(engine, spec, opts);
    const { result } = readJson<T>(answer, check);
    await remember(cache, key, mode, result, engine.clock.now());
    return result;
  } catch (error) {
    const stale = await fallBack(cache, key, mode, error, engine.clock.now(), expired, read);
    if (stale) return { ...answerOf<T>(stale.value), stale: true };
    throw error;
  }
}

/** The result a checked entry holds, or its remembered "no data" error thrown. */
function answerOf<T>(answer: EntryAnswer): ApiResult<T> {
  if (!answer.ok) throw answer.error;
  return answer.value as ApiResult<T>;
}
