/**
 * One request, end to end: the gate, the key, the transport, the retry loop, the timeout and the
 * abort. It returns the first 2xx answer or throws the error of the last attempt.
 */
import { AbortError, ConnectionError, EconError, InvalidResponseError, KeyUnavailableError, TimeoutError } from '../errors/errors.ts';
import { errorFromResponse } from '../net/error-from-response.ts';
import { normalizedQuery } from '../net/normalized-query.ts';
import { redactApiKey } from '../net/redact.ts';
import { nextStep, retryAfterMs } from '../net/retry.ts';
import { rateLimitResetMs } from '../net/rate-limit-reset.ts';
import { TransportFailure, type Transport, type TransportResponse } from '../net/transport.ts';
import type { RequestGate, RequestPermit, RequestPriority, ServerUsageHint } from '../quota/gate.ts';
import type { AuthMode, KeyProvider } from '../auth.ts';
import type { BackoffOptions } from '../net/retry.ts';
import { bodyText } from '../wire/check.ts';
import type { Clock, Sleep } from './options.ts';

/** What the engine needs from the client's configuration. */
export interface EngineConfig {
  baseURL: string;
  getApiKey: KeyProvider;
  authMode: AuthMode;
  timeoutMs: number;
  maxRetries: number;
  /** The largest body read (ClientOptions.maxResponseBytes). */
  maxResponseBytes: number;
  maxRetryAfterMs: number;
  backoff: BackoffOptions;
  gate: RequestGate;
  clock: Clock;
  sleep: Sleep;
  random: () => number;
  transport: Transport;
  /** Background requests carry `X-Econdata-Priority: bulk` (ClientOptions.sendPriority). */
  sendPriority: boolean;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Below /api/v1, e.g. '/indicators'. */
  path: string;
  params?: Record<string, string | number>;
  body?: unknown;
  accept?: string;
  onDownloadProgress?: (loaded: number, total: number | undefined) => void;
  /** Ask the transport for a 2xx body as a stream (Node file downloads). */
  stream?: boolean;
}

export interface AttemptOptions {
  signal: AbortSignal | undefined;
  timeoutMs: number;
  maxRetries: number;
  priority: RequestPriority;
}

/** A 2xx answer, with the key that was used (so later messages can be scrubbed of it). */
export interface Answer extends TransportResponse {
  key: string | undefined;
}

/** The URL's query string: the normalized query (the cache key's too), with its '?'. */
function queryString(params: Record<string, string | number>): string {
  const query = normalizedQuery(params);
  return query ? `?${query}` : '';
}

function intHeader(headers: Record<string, string>, name: string): number | undefined {
  const v = headers[name];
  return v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
}

/** The X-RateLimit-* headers, for the ledger. */
function usageHint(headers: Record<string, string>): ServerUsageHint | undefined {
  const hint: ServerUsageHint = {};
  const pairs: Array<[keyof ServerUsageHint, string]> = [
    ['limitMinute', 'x-ratelimit-limit-minute'], ['remainingMinute', 'x-ratelimit-remaining-minute'],
    ['limitDay', 'x-ratelimit-limit-day'], ['remainingDay', 'x-ratelimit-remaining-day'],
  ];
  for (const [field, header] of pairs) {
    const v = intHeader(headers, header);
    if (v !== undefined) hint[field] = v;
  }
  return Object.keys(hint).length ? hint : undefined;
}

/**
 * The key provider threw (a locked or missing OS keychain, no key saved): its own message says what
 * is missing and how to fix it, so it is passed on, redacted; the original error stays as `cause`.
 */
function keyUnavailable(cause: unknown): KeyUnavailableError {
  const original = cause instanceof Error ? cause : new Error(redactApiKey(String(cause)));
  const reason = redactApiKey(original.message).trim();
  const message = reason
    ? `Could not read the API key of this profile: ${reason}`
    : 'Could not read the API key of this profile from its store. Save the key again (Settings > API Keys).';
  return new KeyUnavailableError(message, { cause: original });
}

/** A redirect's Location made absolute against the request's address (a relative one is allowed); '' when it reads as no address. */
function absoluteLocation(location: string, requested: string): string {
  try {
    return new URL(location, requested).href;
  } catch {
    return '';
  }
}

/** The key for one attempt, from the provider; a throwing provider or an empty key is `key_unavailable`. */
async function readKey(getApiKey: KeyProvider): Promise<string> {
  let key: string;
  try {
    key = await getApiKey();
  } catch (cause) {
    throw keyUnavailable(cause);
  }
  if (typeof key !== 'string' || key === '') {
    throw new KeyUnavailableError('The key provider gave no API key for this profile. Save the key (Settings > API Keys), or set apiKey.');
  }
  return key;
}

function abortError(): AbortError {
  return new AbortError('Request cancelled by the caller. Nothing more will be sent for it.');
}

/** Sends one request with retries; resolves with the first 2xx answer. */
export async function execute(cfg: EngineConfig, spec: RequestSpec, opts: AttemptOptions): Promise<Answer> {
  const { signal } = opts;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw abortError();
    // The key comes first: when the provider cannot give one, nothing is sent and the gate (the
    // quota ledger) is never asked, so no quota is held or counted for it.
    const key = await readKey(cfg.getApiKey);
    if (signal?.aborted) throw abortError();
    const permit: RequestPermit = await cfg.gate.acquire(signal ? { priority: opts.priority, signal } : { priority: opts.priority });
    if (signal?.aborted) {
      permit.unused();
      throw abortError();
    }

    const now = cfg.clock.now();
    let res: TransportResponse;
    try {
      res = await sendOnce(cfg, spec, key, opts);
    } catch (failure) {
      // The request left (or may have): the ledger counts it.
      permit.failed();
      if (!(failure instanceof EconError) || failure.code === 'aborted') throw failure;
      await backOff(cfg, failure, attempt, opts);
      continue;
    }
    const hint = usageHint(res.headers);
    if (res.status >= 200 && res.status < 300) {
      permit.answered(hint);
      return { ...res, key };
    }
    const answeredAt = cfg.clock.now();
    let wait = retryAfterMs(res.headers, answeredAt);
    const errorOf = (w: number | undefined): EconError => errorFromResponse(res.status, bodyText(res.body), { now, path: spec.path, ...(spec.params ? { params: spec.params } : {}), ...(w === undefined ? {} : { retryAfterMs: w }), ...(key ? { key } : {}), ...(res.headers['location'] ? { location: absoluteLocation(res.headers['location'], `${cfg.baseURL}/api/v1${spec.path}`) } : {}) });
    let error = errorOf(wait);
    // A rate-limit refusal without Retry-After: X-RateLimit-Reset says when the window opens (net/rate-limit-reset.ts).
    if (error.code === 'rate_limited' && wait === undefined && (wait = rateLimitResetMs(res.headers, answeredAt)) !== undefined) error = errorOf(wait);
    if (error.code === 'rate_limited') {
      const info: Parameters<RequestPermit['refused']>[0] = {};
      if (wait !== undefined) info.retryAfterMs = wait;
      if (error.scope) info.scope = error.scope;
      if (hint) info.hint = hint;
      permit.refused(info);
    } else {
      permit.answered(hint);
    }
    await backOff(cfg, error, attempt, opts);
  }
}

/** Throws the error when the retry policy (net/retry.ts) says so; otherwise sleeps the wait it gives. */
async function backOff(cfg: EngineConfig, error: EconError, attempt: number, opts: AttemptOptions): Promise<void> {
  const { signal } = opts;
  if (error.code === 'aborted') throw error;
  const step = nextStep(error, attempt, { maxRetries: opts.maxRetries, maxRetryAfterMs: cfg.maxRetryAfterMs, backoff: cfg.backoff, random: cfg.random }, cfg.clock.now());
  if (!step.retry) throw step.error;
  try {
    await cfg.sleep(step.waitMs, signal);
  } catch (cause) {
    if (signal?.aborted) throw abortError();
    throw cause;
  }
}

/** An answer past maxResponseBytes: never retried (the same request gets the same answer). */
function tooLarge(limit: number, spec: RequestSpec): InvalidResponseError {
  const mib = limit >= 1024 * 1024 ? ` (${(limit / 1024 / 1024).toFixed(limit % (1024 * 1024) === 0 ? 0 : 1)} MiB)` : '';
  return new InvalidResponseError(
    `The service's answer to ${spec.method} ${spec.path} is larger than ${limit} bytes${mib}, the client's maxResponseBytes; reading stopped there. Ask for less (fewer countries or indicators, a shorter range), or raise maxResponseBytes if an answer this large is expected.`,
    {},
  );
}

/** One attempt: builds the URL and headers, runs the timeout, and maps transport failures. */
async function sendOnce(cfg: EngineConfig, spec: RequestSpec, key: string | undefined, opts: AttemptOptions): Promise<TransportResponse> {
  const params = { ...(spec.params ?? {}) };
  const headers: Record<string, string> = { accept: spec.accept ?? 'application/json' };
  if (cfg.sendPriority && opts.priority === 'background') headers['x-econdata-priority'] = 'bulk';
  if (key !== undefined) {
    if (cfg.authMode === 'query') params['api_key'] = key;
    else headers['authorization'] = `Bearer ${key}`;
  }
  let body: string | undefined;
  if (spec.body !== undefined) {
    body = JSON.stringify(spec.body);
    headers['content-type'] = 'application/json';
  }
  const url = `${cfg.baseURL}/api/v1${spec.path}${queryString(params)}`;

  const controller = new AbortController();
  let timedOut = false;
  let timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const onAbort = (): void => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let streaming = false;
  const failure = (error: unknown): EconError => {
    if (opts.signal?.aborted) return abortError();
    if (error instanceof InvalidResponseError) return error;
    if (error instanceof TransportFailure && error.kind === 'too_large') return tooLarge(cfg.maxResponseBytes, spec);
    if (timedOut) return new TimeoutError(`No complete answer from the service within ${opts.timeoutMs} ms (${spec.method} ${spec.path}). Try again, or allow more time with timeoutMs.`);
    const sys = error instanceof TransportFailure ? error.sysCode : (error as { code?: unknown })?.code;
    const said = redactApiKey(error instanceof Error ? error.message : String(error), key);
    return new ConnectionError(`Could not reach the service at ${cfg.baseURL} (${typeof sys === 'string' ? sys : said}). Check the network connection and the service address, then try again.`, { cause: new Error(said) });
  };
  const cleanup = (): void => {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  };
  try {
    const request = { method: spec.method, url, headers, signal: controller.signal, maxBytes: cfg.maxResponseBytes, ...(body === undefined ? {} : { body }), ...(spec.onDownloadProgress ? { onDownloadProgress: spec.onDownloadProgress } : {}), ...(spec.stream ? { stream: true } : {}) };
    const res = await cfg.transport.send(request);
    // A transport that ignores maxBytes (an injected one) is held to it here.
    if (!res.stream && (typeof res.body === 'string' ? res.body.length : res.body.byteLength) > cfg.maxResponseBytes) throw tooLarge(cfg.maxResponseBytes, spec);
    if (res.stream) {
      // The body is still arriving: the timeout becomes an idle timeout (timeoutMs without a chunk),
      // and cancel keeps working until the last chunk.
      streaming = true;
      const chunks = res.stream;
      const restart = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, opts.timeoutMs);
      };
      res.stream = (async function* guarded() {
        try {
          restart();
          for await (const chunk of chunks) {
            restart();
            yield chunk;
          }
        } catch (error) {
          throw failure(error);
        } finally {
          cleanup();
        }
      })();
    }
    return res;
  } catch (error) {
    throw failure(error);
  } finally {
    if (!streaming) cleanup();
  }
}
