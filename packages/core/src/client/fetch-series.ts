/**
 * fetchSeries: many queries at once, sent as the planner says (see plan/planner.ts), each answer
 * checked, cached per query (by the rules of cache/freshness.ts) and mapped to a Series. One result
 * per query, in order. The job runs in named steps: plan (with the cache), answer what needs no
 * request, send the rest, and, when the batch route refuses, learn from it and send again.
 */
import { answerOfEntry } from '../cache/freshness.ts';
import { cacheKey, type CacheEntry } from '../cache/store.ts';
import { AbortError, EconError } from '../errors/errors.ts';
import { planRequests, type Plan, type PlanStats, type PlannedRequest, type UniqueQuery } from '../plan/planner.ts';
import type { SeriesQuery } from '../query.ts';
import type { QuotaEstimate } from '../quota/gate.ts';
import type { Series } from '../series.ts';
import { indicatorSeries, stockSeries, tradeSeries, type MapContext } from '../series/map.ts';
import { keepTradeMonths } from '../series/trade-months.ts';
import { checkBatchItems, checkIndicatorRecord, checkStockRecord, checkTradeRecord, type RecordCheck } from '../wire/check.ts';
import type { ApiResult, IndicatorRecord, StockRecord, TradeRecord } from '../wire/records.ts';
import { lessonOf, splitBatchAnswer, type BatchRequest, type MemberAnswer } from './batch-answer.ts';
import { fallBack, lookUp, remember, type ReadEntry } from './cached.ts';
import type { ClientCore, ResolvedCallOptions } from './core.ts';
import { readJson } from './json.ts';
import type { CacheMode, CallOptions } from './options.ts';
import { execute } from './request.ts';

/** The outcome of one query of a job. */
export type SeriesResult = { ok: true; series: Series } | { ok: false; error: EconError };

/** The cost of a job, before it runs: the planner's counts, plus the gate's answer when it has one. */
export interface Estimate extends PlanStats {
  /** The quota ledger's `estimate(requestCount)`: fits today? this minute? */
  quota?: QuotaEstimate;
}

/** How far a job has gone: requests answered (or failed) of the requests planned so far. */
export interface FetchProgress {
  done: number;
  /** Grows when a refused batch is sent again as smaller batches or single requests. */
  planned: number;
}

/** fetchSeries' options: a call's options, and a listener told after each request of the job. */
export interface FetchSeriesOptions extends CallOptions {
  /** Called once when the plan is known (done 0, or all of it when the cache answers) and after each request ends. */
  onProgress?: (progress: FetchProgress) => void;
}

/** At most this many requests of one job in flight; the gate still decides when each may go. */
const CONCURRENCY = 4;

const CHECKS: Record<UniqueQuery['path'], RecordCheck> = { '/indicators': checkIndicatorRecord, '/trade/vietnam': checkTradeRecord, '/stocks/vietnam': checkStockRecord };

function toSeries(u: UniqueQuery, result: ApiResult<unknown>, retrievedAt: number, stale: boolean): Series {
  const ctx: MapContext = { metadata: result.metadata, retrievedAt: new Date(retrievedAt).toISOString(), endpoint: u.path, ...(stale ? { stale } : {}) };
  const q = u.query;
  if (q.kind === 'indicator') return indicatorSeries(result.data as IndicatorRecord[], q, ctx);
  if (q.kind === 'trade') return tradeSeries(keepTradeMonths(result as ApiResult<TradeRecord>, q).data, q, ctx);
  return stockSeries(result.data as StockRecord[], q, ctx);
}

/**
 * A Series, or the `invalid_response` that says why the records make none (one query's failure, not
 * the job's), or the `not_found` of a trade range that keeps no month of a good answer.
 */
function mapped(u: UniqueQuery, result: ApiResult<unknown>, retrievedAt: number, stale: boolean): SeriesResult {
  try {
    return { ok: true, series: toSeries(u, result, retrievedAt, stale) };
  } catch (error) {
    if (error instanceof EconError) return { ok: false, error };
    throw error;
  }
}

/**
 * The result a cache entry gives: its Series, or the remembered "no data" error; `{ problem }` when
 * the entry is no valid answer. Entries hold the answer as it came, so a cached answer meets the
 * same checks as a fresh one: the envelope and record checks, then the mapping.
 */
function fromEntry(u: UniqueQuery): ReadEntry<SeriesResult> {
  return (entry, stale) => {
    const answer = answerOfEntry(entry, CHECKS[u.path]);
    if ('problem' in answer) return answer;
    if (!answer.ok) return { value: answer };
    const result = mapped(u, answer.value, entry.storedAt, stale);
    return result.ok || usable(result) ? { value: result } : { problem: result.error.message };
  };
}

/** A result that says the answer was good: a Series, or a trade range outside the answer's months (the answer stays valid for other ranges). */
function usable(r: SeriesResult): boolean {
  return r.ok || r.error.code === 'not_found';
}

/**
 * Runs `run` over the items, `size` at a time, except the first, which goes alone: its answer tells
 * whether the key is accepted before more requests spend quota on a key the service refuses.
 */
async function pool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  if (items.length === 0) return;
  await run(items[0]!);
  let next = 1;
  const worker = async (): Promise<void> => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** What the cache holds for a job: fresh entries already checked and mapped, and expired ones (for a stale fallback). */
interface Cached {
  fresh: Map<string, SeriesResult>;
  expired: Map<string, CacheEntry>;
}

/**
 * Step 1: the plan after the cache. Every unique query's entry is read once; fresh ones that are
 * valid answers need no request, and one that is none is reported, removed and planned as a miss.
 */
async function planWithCache(host: ClientCore, queries: readonly SeriesQuery[], mode: CacheMode): Promise<{ plan: Plan; cached: Cached }> {
  const options = { batch: !host.batch.refused, batchLimit: host.batch.limit };
  const first = planRequests(queries, options);
  const cached: Cached = { fresh: new Map(), expired: new Map() };
  const now = host.engine.clock.now();
  await Promise.all([...first.unique.entries()].map(async ([k, u]) => {
    const { fresh, expired } = await lookUp(host.cache, cacheKey(host.engine.baseURL, u.request), mode, now, fromEntry(u));
    if (fresh) cached.fresh.set(k, fresh.value);
    else if (expired) cached.expired.set(k, expired);
  }));
  if (cached.fresh.size === 0 && cached.expired.size === 0) return { plan: first, cached };
  return { plan: planRequests(queries, { ...options, cached: (k) => cached.fresh.has(k) }), cached };
}

/** One job's state: the results so far, by position. */
class Job {
  readonly #results: Array<SeriesResult | undefined>;
  readonly #progress = { done: 0, planned: 0 };
  /** The service refused the key (401): nothing more is sent, every unsent query fails with this error. */
  #refusedKey: EconError | undefined;

  constructor(
    private readonly host: ClientCore,
    private readonly opts: ResolvedCallOptions,
    private readonly cached: Cached,
    count: number,
    private readonly onProgress: ((progress: FetchProgress) => void) | undefined,
  ) {
    this.#results = new Array<SeriesResult | undefined>(count);
  }

  /** Counts requests planned (`planned`) or ended (`done`) and tells the listener. */
  #report(planned: number, done: number): void {
    this.#progress.planned += planned;
    this.#progress.done += done;
    this.onProgress?.({ ...this.#progress });
  }

  /** Step 2: what needs no request: refused queries, and fresh cache entries. */
  answerWithoutRequests(plan: Plan): void {
    for (const [position, error] of plan.invalid) this.#results[position] = { ok: false, error };
    for (const key of plan.cached) this.#settle(plan.unique.get(key)!, this.cached.fresh.get(key)!);
  }

  /** Step 3: sends planned requests, a few at a time. */
  async send(requests: readonly PlannedRequest[]): Promise<void> {
    this.#report(requests.length, 0);
    await pool(requests, CONCURRENCY, async (r) => {
      await (r.kind === 'batch' ? this.#sendBatch(r) : this.#sendSingle(r.members));
      this.#report(0, 1);
    });
  }

  /** The results, one per query; a query left unanswered (the job ended early) is `aborted`. */
  results(): SeriesResult[] {
    return Array.from(this.#results, (r) => r ?? { ok: false, error: new AbortError('The job ended before this query was answered.') });
  }

  /** One GET for its members: one query, or trade ranges of one request (each kept from the one answer). */
  async #sendSingle(members: readonly UniqueQuery[]): Promise<void> {
    const refused = this.#refusedKey;
    if (refused) return members.forEach((u) => this.#settle(u, { ok: false, error: refused }));
    const u = members[0]!;
    let result: ApiResult<unknown>;
    try {
      const answer = await execute(this.host.engine, { method: 'GET', path: u.path, params: u.params }, this.opts);
      result = readJson(answer, CHECKS[u.path]).result;
    } catch (error) {
      for (const m of members) await this.#fail(m, error);
      return;
    }
    await this.#succeed(members, result);
  }

  async #sendBatch(req: BatchRequest): Promise<void> {
    const refused = this.#refusedKey;
    if (refused) return req.members.forEach((u) => this.#settle(u, { ok: false, error: refused }));
    let answers: MemberAnswer[];
    try {
      const answer = await execute(this.host.engine, { method: 'POST', path: '/indicators/batch', body: req.body }, this.opts);
      const { result, json } = readJson<IndicatorRecord>(answer, checkIndicatorRecord);
      answers = splitBatchAnswer(req, result, checkBatchItems(json, { status: answer.status, text: '', key: answer.key }));
    } catch (error) {
      await this.#afterBatchFailure(req, error);
      return;
    }
    for (const [i, u] of req.members.entries()) {
      const a = answers[i]!;
      await (a.ok ? this.#succeed([u], a.result) : this.#fail(u, a.error));
    }
  }

  /** Step 4: a refused batch teaches the client (shared with its copies), and its queries go again. */
  async #afterBatchFailure(req: BatchRequest, error: unknown): Promise<void> {
    const lesson = lessonOf(error, this.host.batch);
    if (lesson.kind === 'smaller-limit') {
      this.host.batch.limit = Math.min(this.host.batch.limit, lesson.limit);
      await this.send(this.#replan(req.members));
      return;
    }
    if (lesson.kind === 'route-refused' || lesson.kind === 'body-refused') {
      if (lesson.kind === 'route-refused') this.host.batch.refused = true;
      this.#report(req.members.length, 0);
      await pool(req.members, CONCURRENCY, async (u) => {
        await this.#sendSingle([u]);
        this.#report(0, 1);
      });
      return;
    }
    for (const u of req.members) await this.#fail(u, error);
  }

  /** The same queries planned again with what the client now knows; answers still go to the original positions. */
  #replan(members: readonly UniqueQuery[]): PlannedRequest[] {
    const own = new Map(members.map((m) => [m.key, m]));
    const { requests } = planRequests(members.map((m) => m.query), { batch: !this.host.batch.refused, batchLimit: this.host.batch.limit });
    return requests.map((r) => (r.kind === 'batch' ? { ...r, members: r.members.map((m) => own.get(m.key)!) } : { kind: 'single', members: r.members.map((m) => own.get(m.key)!) }));
  }

  #settle(u: UniqueQuery, r: SeriesResult): void {
    for (const p of u.positions) this.#results[p] = r;
  }

  /** The answer of one request for its members (one query, or trade ranges of one request), learnt and cached once. */
  async #succeed(members: readonly UniqueQuery[], result: ApiResult<unknown>): Promise<void> {
    const u = members[0]!;
    await this.host.names.learn(u.path, u.params, { records: result.data });
    const at = this.host.engine.clock.now();
    const rs = members.map((m) => mapped(m, result, at, false));
    // An answer that makes no valid Series is not cached: a later request may get a good one.
    if (rs.every(usable)) await remember(this.host.cache, cacheKey(this.host.engine.baseURL, u.request), this.opts.cache, result, at);
    members.forEach((m, i) => this.#settle(m, rs[i]!));
  }

  async #fail(u: UniqueQuery, error: unknown): Promise<void> {
    if (!(error instanceof EconError)) throw error;
    await this.host.names.learn(u.path, u.params, { error });
    // A revoked or mistyped key is refused for every request alike: the rest of the job stays unsent.
    if (error.code === 'authentication') this.#refusedKey ??= error;
    const key = cacheKey(this.host.engine.baseURL, u.request);
    const fallback = await fallBack(this.host.cache, key, this.opts.cache, error, this.host.engine.clock.now(), this.cached.expired.get(u.key), fromEntry(u));
    this.#settle(u, fallback ? fallback.value : { ok: false, error });
  }
}

/** Runs a job: see EconDataClient.fetchSeries. */
export async function fetchSeriesJob(host: ClientCore, queries: readonly SeriesQuery[], options: FetchSeriesOptions = {}): Promise<SeriesResult[]> {
  const { onProgress, ...call } = options;
  const opts = host.resolve(call);
  const { plan, cached } = await planWithCache(host, queries, opts.cache);
  const job = new Job(host, opts, cached, queries.length, onProgress);
  job.answerWithoutRequests(plan);
  await job.send(plan.requests);
  return job.results();
}

/** Plans a job without sending anything: see EconDataClient.estimate. */
export async function estimateSeriesJob(host: ClientCore, queries: readonly SeriesQuery[], call?: CallOptions): Promise<Estimate> {
  const { plan } = await planWithCache(host, queries, call?.cache ?? host.resolve().cache);
  const estimate: Estimate = { ...plan.stats };
  const gate = host.engine.gate;
  if (gate.estimate) estimate.quota = await gate.estimate(plan.stats.requests);
  return estimate;
}
