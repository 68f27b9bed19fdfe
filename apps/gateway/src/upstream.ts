/**
 * The gateway's side toward the service: core's client (the team key, retries, the quota ledger as
 * its gate, the shared cache by core's freshness rules), plus what makes a team of analysts cost
 * what one would:
 *   - a miss is found without a request (`probe`: the client runs against a transport that only
 *     records the normalized request it would send), so cache hits skip the fair queue;
 *   - identical requests, on any instance, go once: the first takes a claim on the normalized
 *     request in the shared state; the others wait for it to end and read the answer it cached;
 *   - indicator queries (GET /indicators, POST /indicators/batch) from every analyst arriving
 *     within `windowMs` are planned together by core's planner (`fetchSeries`), so they cost the
 *     batch minimum.
 */
import { cacheKey, EconError, type CacheEntry, type EconDataClient, type SeriesQuery, type SeriesResult, type Transport } from '@econdata/core';
import type { GatewayState } from './state/state.ts';

/** How long a claim lasts if its instance dies mid-request; then another instance sends it. */
const CLAIM_MS = 60_000;
const POLL_MS = 15;

/** A cached answer: the entry, and whether it was past its time to live (served because the service failed). */
export interface Cached {
  entry: CacheEntry;
  stale: boolean;
}

export interface UpstreamOptions {
  client: EconDataClient;
  state: GatewayState;
  /** The service's root URL (the cache key's prefix, as the client writes it). */
  baseURL: string;
  /** @default 50 */
  windowMs?: number;
  now?: () => number;
}

/** What `probe` found: answered without the service, or the normalized request it needs. */
export type Probe<T> = { hit: T } | { miss: string };

interface PendingQuery {
  key: string;
  query: SeriesQuery;
  waiters: Array<{ resolve(c: Cached): void; reject(e: Error): void }>;
}

export class Upstream {
  readonly #client: EconDataClient;
  readonly #state: GatewayState;
  readonly #baseURL: string;
  readonly #windowMs: number;
  readonly #now: () => number;
  #pending = new Map<string, PendingQuery>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: UpstreamOptions) {
    this.#client = options.client;
    this.#state = options.state;
    this.#baseURL = options.baseURL;
    this.#windowMs = options.windowMs ?? 50;
    this.#now = options.now ?? Date.now;
  }

  get client(): EconDataClient {
    return this.#client;
  }

  /** The cache key of a normalized request (`GET /path?query`). */
  keyOf(request: string): string {
    return cacheKey(this.#baseURL, request);
  }

  /**
   * Runs `call` on a client that cannot reach the service: its answer when the cache (or core's
   * validation) gives one, else the normalized request it would have sent. Validation errors and
   * remembered "no data" answers are thrown as the client throws them.
   */
  async probe<T>(call: (client: EconDataClient) => Promise<T>): Promise<Probe<T>> {
    let wanted: string | undefined;
    const transport: Transport = {
      send: async (request) => {
        const url = new URL(request.url);
        // The query string as the client normalized it, without a key (query auth mode only).
        url.searchParams.delete('api_key');
        wanted = `${request.method} ${url.pathname.replace(/^.*?\/api\/v1/, '')}${url.search}`;
        throw new Error('probe: not sent');
      },
    };
    const offline = this.#client.withOptions({ transport, maxRetries: 0, onCacheError: () => undefined });
    try {
      return { hit: await call(offline) };
    } catch (error) {
      if (wanted !== undefined) return { miss: wanted };
      throw error;
    }
  }

  /**
   * Sends one request once across instances: with the claim on `request`, `first` runs (and core
   * caches its answer); without it, this waits for the claimant to end, then runs `others` (which
   * reads the cache, or sends the request itself if the claimant left no answer).
   */
  async once<T>(request: string, first: () => Promise<T>, others: () => Promise<T>): Promise<T> {
    const key = `req:${request}`;
    if (await this.#state.claim(key, CLAIM_MS)) {
      try {
        return await first();
      } finally {
        await this.#state.release(key);
      }
    }
    await this.#waitReleased(key);
    return others();
  }

  async #waitReleased(key: string): Promise<void> {
    const until = this.#now() + CLAIM_MS;
    while (await this.#state.held(key)) {
      if (this.#now() > until) return;
      await sleep(POLL_MS);
    }
  }

  /** Reads a cache entry by its normalized request; undefined when absent. */
  async cached(request: string): Promise<Cached | undefined> {
    const entry = await this.#state.cache.get(this.keyOf(request));
    return entry ? { entry, stale: entry.expiresAt <= this.#now() } : undefined;
  }

  /**
   * The answer of one indicator query (its normalized request `request`) through the window shared
   * by every analyst on this instance: resolves with its cache entry once fetched (or fetched by
   * another instance), rejects with the service's error for it.
   */
  indicator(request: string, query: SeriesQuery): Promise<Cached> {
    return new Promise<Cached>((resolve, reject) => {
      let p = this.#pending.get(request);
      if (!p) this.#pending.set(request, (p = { key: request, query, waiters: [] }));
      p.waiters.push({ resolve, reject });
      if (this.#timer === undefined) this.#timer = setTimeout(() => void this.#flush(), this.#windowMs);
    });
  }

  async #flush(): Promise<void> {
    this.#timer = undefined;
    const batch = [...this.#pending.values()];
    this.#pending = new Map();
    const mine: PendingQuery[] = [];
    const theirs: PendingQuery[] = [];
    try {
      const claimed = await Promise.all(batch.map((p) => this.#state.claim(`req:${p.key}`, CLAIM_MS)));
      batch.forEach((p, i) => (claimed[i] ? mine : theirs).push(p));
    } catch (error) {
      fail(batch, error);
      return;
    }
    await Promise.all([this.#fetch(mine), ...theirs.map((p) => this.#await(p))]);
  }

  /** Fetches what this instance claimed as one job (core plans it into the fewest requests), then releases the claims. */
  async #fetch(mine: PendingQuery[]): Promise<void> {
    if (mine.length === 0) return;
    let results: SeriesResult[];
    try {
      results = await this.#client.fetchSeries(mine.map((p) => p.query), { cache: 'allow-stale' });
    } catch (error) {
      await this.#releaseAll(mine);
      fail(mine, error);
      return;
    }
    for (const [i, p] of mine.entries()) {
      try {
        const r = results[i];
        const cached = await this.cached(p.key);
        // Answered (or, with the service down, answered from an expired entry: stale) and cached by core.
        if (r?.ok && cached) settle(p, cached);
        // "No data" is an answer too, remembered by core as such.
        else if (cached && !cached.stale && isNotFoundEntry(cached.entry)) settle(p, cached);
        else fail([p], r && !r.ok ? r.error : new EconError('invalid_response', 'The service gave no usable answer for this query. Try again.'));
      } catch (error) {
        fail([p], error);
      }
    }
    await this.#releaseAll(mine);
  }

  async #releaseAll(mine: PendingQuery[]): Promise<void> {
    await Promise.all(mine.map((p) => this.#state.release(`req:${p.key}`).catch(() => undefined)));
  }

  /** Another instance fetches this one: wait for it, then read its answer (or queue it again if it left none). */
  async #await(p: PendingQuery): Promise<void> {
    try {
      await this.#waitReleased(`req:${p.key}`);
      const cached = await this.cached(p.key);
      if (cached && (!cached.stale || isNotFoundEntry(cached.entry))) {
        settle(p, cached);
        return;
      }
      // The other instance failed (or died): this instance tries in the next window.
      for (const w of p.waiters) this.indicator(p.key, p.query).then(w.resolve, w.reject);
    } catch (error) {
      fail([p], error);
    }
  }
}

/** A remembered "no data" answer (core stores a `404 Data not found` as `{ not_found }`). */
export function isNotFoundEntry(entry: CacheEntry): boolean {
  return typeof entry.value === 'object' && entry.value !== null && 'not_found' in entry.value;
}

function settle(p: PendingQuery, cached: Cached): void {
  for (const w of p.waiters) w.resolve(cached);
}

function fail(list: PendingQuery[], error: unknown): void {
  const e = error instanceof Error ? error : new Error(String(error));
  for (const p of list) for (const w of p.waiters) w.reject(e);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
