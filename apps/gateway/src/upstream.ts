/**
 * The gateway's side toward the service: core's client (the team key, retries, the quota ledger as
 * its gate, the shared cache by core's freshness rules), plus what makes a team of analysts cost
 * what one would:
 *   - a miss is found without a request (`probe`: the client runs against a transport that only
 *     records the normalized request it would send), so cache hits skip the fair queue;
 *   - identical requests, on any instance, go once: the first takes a claim on the normalized
 *     request in the shared state; the others wait for it to end and read the answer it cached;
 *   - indicator queries (GET /indicators, POST /indicators/batch) from every analyst, on every
 *     instance, go on one batch board in Redis (in the fair queue's order); one batch job at a time,
 *     on whichever instance takes the lead, gathers the board while it grows and fetches it whole
 *     through core's planner (`fetchSeries`), each planned batch asked for whole so what it holds is
 *     cached too: a team costs the batch minimum. The other instances wait for the job to end and
 *     read its answers from the cache (its failures from short-lived notes).
 */
import { BATCH_COMBINATION_LIMIT, cacheKey, EconError, errorFromJSON, planRequests, type CacheEntry, type EconDataClient, type SeriesQuery, type SeriesResult, type Transport } from '@econdata/core';
import type { GatewayState } from './state/state.ts';

/** How long a claim lasts if its instance dies mid-request; then another instance sends it. */
const CLAIM_MS = 60_000;
const POLL_MS = 15;
/** The team's batch lead: one batch job at a time, on any instance (a lease, like a claim). */
const LEAD = 'batch:lead';
/** How long a job's outcome (stale, or the error) stays readable by the other instances' waiters. */
const NOTE_MS = 30_000;

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
  /** How long this instance gathers indicator queries before putting them on the board, ms. @default 50 */
  windowMs?: number;
  /** The longest a batch job gathers the board while it keeps growing, ms. @default 1000 */
  gatherMs?: number;
  now?: () => number;
}

/** What `probe` found: answered without the service, or the normalized request it needs. */
export type Probe<T> = { hit: T } | { miss: string };

interface PendingQuery {
  key: string;
  query: SeriesQuery;
  /** Batch jobs ended when it was put on the board: only a later job speaks for it. */
  since: number;
  waiters: Array<{ resolve(c: Cached): void; reject(e: Error): void; queued?: (() => void) | undefined }>;
}

export class Upstream {
  readonly #client: EconDataClient;
  readonly #state: GatewayState;
  readonly #baseURL: string;
  readonly #windowMs: number;
  readonly #gatherMs: number;
  readonly #now: () => number;
  /** Gathered here, not yet on the board. */
  #pending = new Map<string, PendingQuery>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** On the board (or in a job), waiting for their answer. */
  readonly #waiting = new Map<string, PendingQuery>();
  #driving = false;
  #ended = 0;
  /** The outcomes of the job this instance just ran, for its own waiters. */
  readonly #outcomes = new Map<string, { job: number; outcome: EconError | 'stale' }>();

  constructor(options: UpstreamOptions) {
    this.#client = options.client;
    this.#state = options.state;
    this.#baseURL = options.baseURL;
    this.#windowMs = options.windowMs ?? 50;
    this.#gatherMs = options.gatherMs ?? 1000;
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

  /** Reads many cache entries by their normalized requests, in one round trip. */
  async cachedMany(requests: readonly string[]): Promise<Array<Cached | undefined>> {
    const entries = await this.#state.cacheMany(requests.map((r) => this.keyOf(r)));
    const now = this.#now();
    return entries.map((entry) => (entry ? { entry, stale: entry.expiresAt <= now } : undefined));
  }

  /**
   * The answer of one indicator query (its normalized request `request`) through the team's batch
   * board: gathered here for `windowMs`, put on the board shared by every instance, and fetched by
   * the one batch job running at a time for the whole team. Resolves with its cache entry, rejects
   * with the service's error for it. `queued` is called once it is on the board (or failed to get
   * there): from then on the board's order, not the caller, decides when it is sent.
   */
  indicator(request: string, query: SeriesQuery, queued?: () => void): Promise<Cached> {
    return new Promise<Cached>((resolve, reject) => {
      let p = this.#pending.get(request);
      if (!p) this.#pending.set(request, (p = { key: request, query, since: 0, waiters: [] }));
      p.waiters.push({ resolve, reject, queued });
      if (this.#timer === undefined) this.#timer = setTimeout(() => void this.#flush(), this.#windowMs);
    });
  }

  /**
   * Whether every one of these requests is already going to be fetched (gathered here, on the
   * board, or in the running job): then asking for them again costs the team's plan nothing.
   */
  async allComing(requests: readonly string[]): Promise<boolean> {
    const elsewhere = requests.filter((r) => !this.#pending.has(r) && !this.#waiting.has(r));
    if (elsewhere.length === 0) return true;
    return (await this.#state.coming(elsewhere)).every(Boolean);
  }

  /** Puts what this instance gathered on the board, then drives the jobs until every waiter here has its answer. */
  async #flush(): Promise<void> {
    this.#timer = undefined;
    const batch = [...this.#pending.values()];
    this.#pending = new Map();
    try {
      const ended = await this.#state.jobsEnded();
      const fresh: PendingQuery[] = [];
      for (const p of batch) {
        const there = this.#waiting.get(p.key);
        if (there) there.waiters.push(...p.waiters);
        else {
          p.since = ended;
          this.#waiting.set(p.key, p);
          fresh.push(p);
        }
      }
      await this.#state.pend(fresh.map((p) => [p.key, JSON.stringify(p.query)] as const));
    } catch (error) {
      for (const p of batch) this.#waiting.delete(p.key);
      fail(batch, error);
      return;
    } finally {
      for (const p of batch) for (const w of p.waiters) w.queued?.();
    }
    void this.#drive();
  }

  /**
   * One loop per instance while it has waiters: take the team's batch lead when it is free and run
   * the job; otherwise wait for the running job to end, then read what it answered.
   */
  async #drive(): Promise<void> {
    if (this.#driving) return;
    this.#driving = true;
    try {
      while (this.#waiting.size > 0) {
        if (await this.#state.claim(LEAD, CLAIM_MS)) {
          try {
            await this.#job();
          } finally {
            await this.#state.jobEnd().catch(() => undefined);
            await this.#state.release(LEAD).catch(() => undefined);
          }
          this.#ended = await this.#state.jobsEnded();
          await this.#settle();
          continue;
        }
        await sleep(POLL_MS);
        const ended = await this.#state.jobsEnded();
        if (ended !== this.#ended) {
          this.#ended = ended;
          await this.#settle();
        }
      }
    } catch (error) {
      // The shared state stopped answering: every waiter here hears it (the gateway answers 503).
      const all = [...this.#waiting.values()];
      this.#waiting.clear();
      fail(all, error);
    } finally {
      this.#driving = false;
    }
    // Waiters that arrived while the loop was ending.
    if (this.#waiting.size > 0) void this.#drive();
  }

  /**
   * The batch job (this instance holds the lead): gathers while the board keeps growing (at most
   * `gatherMs`), takes it whole, and fetches it as one job by core's planner. Each batch of the plan
   * is asked for whole (every indicator x country of its rectangle), so the combinations it holds
   * anyway are cached too: a query arriving later that falls inside costs nothing.
   */
  async #job(): Promise<void> {
    const started = this.#now();
    const id = await this.#state.jobStart();
    for (let seen = await this.#state.pendingCount(); this.#now() - started < this.#gatherMs;) {
      await sleep(this.#windowMs);
      const now = await this.#state.pendingCount();
      if (now === seen) break;
      seen = now;
    }
    const taken = await this.#state.takePending();
    if (taken.length === 0) return;
    const requests = taken.map(([r]) => r);
    const have = await this.cachedMany(requests);
    // Already answered (by a job that ended after this query was put on the board): not asked again.
    const wanted = taken.filter((_t, i) => { const c = have[i]; return !c || c.stale; }).map(([r, q]) => [r, JSON.parse(q) as SeriesQuery] as const);
    if (wanted.length === 0) return;
    const queries = wholeBatches(wanted.map(([, q]) => q));
    let results: SeriesResult[];
    try {
      results = await this.#client.fetchSeries(queries, { cache: 'allow-stale' });
    } catch (error) {
      const e = error instanceof EconError ? error : new EconError('invalid_response', String(error));
      await this.#note(id, wanted.map(([r]) => [r, e] as const));
      return;
    }
    const after = await this.cachedMany(wanted.map(([r]) => r));
    const byRequest = new Map([...planRequests(queries).unique.values()].map((u) => [u.request, u.positions[0]!] as const));
    const outcomes: Array<readonly [string, EconError | 'stale']> = [];
    wanted.forEach(([r], i) => {
      const c = after[i];
      const result = results[byRequest.get(r) ?? -1];
      if (c && !c.stale) return;
      // Answered from an expired entry (the service failed): stale, said so.
      if (c && result?.ok) outcomes.push([r, 'stale']);
      else outcomes.push([r, result && !result.ok ? result.error : new EconError('invalid_response', 'The service gave no usable answer for this query. Try again.')]);
    });
    await this.#note(id, outcomes);
  }

  /** Notes a job's outcomes for other instances, and keeps them for the waiters here. */
  async #note(id: number, outcomes: ReadonlyArray<readonly [string, EconError | 'stale']>): Promise<void> {
    for (const [r, o] of outcomes) this.#outcomes.set(r, { job: id, outcome: o });
    await this.#state.note(outcomes.map(([r, o]) => [r, `${id}|${o === 'stale' ? 'stale' : JSON.stringify(o.toJSON())}`] as const), NOTE_MS);
  }

  /** After a job ended: answers every waiter here whose query it answered; puts the others back on the board. */
  async #settle(): Promise<void> {
    const list = [...this.#waiting.values()];
    if (list.length === 0) return;
    const requests = list.map((p) => p.key);
    const [cached, notes] = await Promise.all([this.cachedMany(requests), this.#state.notes(requests)]);
    const back: PendingQuery[] = [];
    list.forEach((p, i) => {
      const c = cached[i];
      const local = this.#outcomes.get(p.key);
      const note = local ? { job: local.job, outcome: local.outcome } : readNote(notes[i]);
      // Only a job that took this query (one started after it was put on the board) speaks for it.
      const said = note && note.job > p.since ? note.outcome : undefined;
      if (c && !c.stale) return this.#done(p, () => settle(p, c));
      if (said === 'stale' && c) return this.#done(p, () => settle(p, c));
      if (said instanceof EconError) return this.#done(p, () => fail([p], said));
      back.push(p);
    });
    this.#outcomes.clear();
    await this.#state.pend(back.map((p) => [p.key, JSON.stringify(p.query)] as const));
  }

  #done(p: PendingQuery, answer: () => void): void {
    this.#waiting.delete(p.key);
    answer();
  }
}

/**
 * Every combination of each batch the planner makes of `queries`, each batch filled up to the
 * combination limit with other countries this job asks for under the same source, years and
 * frequency: the same requests (nothing more is sent), and every combination they can hold comes
 * back to be cached, so a query arriving after the job that falls inside costs nothing.
 */
function wholeBatches(queries: readonly SeriesQuery[]): SeriesQuery[] {
  const out: SeriesQuery[] = [...queries];
  const plan = planRequests(queries);
  const group = (b: Record<string, unknown>): string => JSON.stringify([b['source'], b['start_year'], b['end_year'], b['frequency']]);
  const countriesOf = new Map<string, Set<string>>();
  for (const r of plan.requests) {
    if (r.kind !== 'batch' || !r.body.countries) continue;
    let set = countriesOf.get(group(r.body as unknown as Record<string, unknown>));
    if (!set) countriesOf.set(group(r.body as unknown as Record<string, unknown>), (set = new Set()));
    for (const c of r.body.countries) set.add(c);
  }
  for (const r of plan.requests) {
    if (r.kind !== 'batch') continue;
    const { indicators, countries, ...rest } = r.body;
    let filled = countries;
    if (countries) {
      const room = Math.floor(BATCH_COMBINATION_LIMIT / indicators.length) - countries.length;
      const more = [...(countriesOf.get(group(r.body as unknown as Record<string, unknown>)) ?? [])].filter((c) => !countries.includes(c)).slice(0, Math.max(0, room));
      filled = [...countries, ...more];
    }
    for (const indicator of indicators) {
      for (const country of filled ?? [undefined]) out.push({ kind: 'indicator', ...rest, indicator, ...(country === undefined ? {} : { country }) } as SeriesQuery);
    }
  }
  // Never at the price of a request: when the planner packs the filled batches into more requests, the job asks for what it was given.
  return planRequests(out).stats.requests <= plan.stats.requests ? out : [...queries];
}

function readNote(raw: string | undefined): { job: number; outcome: EconError | 'stale' } | undefined {
  if (raw === undefined) return undefined;
  const bar = raw.indexOf('|');
  const text = raw.slice(bar + 1);
  return { job: Number(raw.slice(0, bar)), outcome: text === 'stale' ? 'stale' : errorFromJSON(JSON.parse(text)) };
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
