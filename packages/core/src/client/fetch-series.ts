/**
 * fetchSeries: many queries at once, sent as the planner says (see plan/planner.ts), each answer
 * checked, cached per query and mapped to a Series. One result per query, in order.
 */
import { cacheKey, type CacheEntry } from '../cache/store.ts';
import { AbortError, EconError, NotFoundError } from '../errors/errors.ts';
import { planRequests, type PlanStats, type PlannedRequest, type UniqueQuery } from '../plan/planner.ts';
import type { SeriesQuery } from '../query.ts';
import type { QuotaEstimate } from '../quota/gate.ts';
import type { Series } from '../series.ts';
import { groupIndicatorRecords, indicatorSeries, stockSeries, tradeSeries, type MapContext } from '../series/map.ts';
import { checkBatchItems, checkIndicatorRecord, checkStockRecord, checkTradeRecord, type RecordCheck } from '../wire/check.ts';
import type { ApiResult, BatchItem, IndicatorRecord, StockRecord, TradeRecord } from '../wire/records.ts';
import { cacheGet, cachePut, isCachedNotFound, isDataNotFound, notFoundEntry, notFoundFromCache, readJson, staleAllowedFor } from './json.ts';
import type { CallOptions, CacheMode } from './options.ts';
import type { ClientCore } from './core.ts';
import { execute } from './request.ts';

/** The outcome of one query of a job. */
export type SeriesResult = { ok: true; series: Series } | { ok: false; error: EconError };

/** The cost of a job, before it runs: the planner's counts, plus the gate's answer when it has one. */
export interface Estimate extends PlanStats {
  /** The quota ledger's `estimate(requestCount)`: fits today? this minute? */
  quota?: QuotaEstimate;
}

type Host = ClientCore;

/** At most this many requests of one job in flight; the gate still decides when each may go. */
const CONCURRENCY = 4;

const CHECKS: Record<UniqueQuery['path'], RecordCheck> = { '/indicators': checkIndicatorRecord, '/trade/vietnam': checkTradeRecord, '/stocks/vietnam': checkStockRecord };

function toSeries(u: UniqueQuery, result: ApiResult<unknown>, retrievedAt: number, stale: boolean): Series {
  const ctx: MapContext = { metadata: result.metadata, retrievedAt: new Date(retrievedAt).toISOString(), endpoint: u.path, ...(stale ? { stale } : {}) };
  const q = u.query;
  if (q.kind === 'indicator') return indicatorSeries(result.data as IndicatorRecord[], q, ctx);
  if (q.kind === 'trade') return tradeSeries(result.data as TradeRecord[], q, ctx);
  return stockSeries(result.data as StockRecord[], q, ctx);
}

/** A Series, or the `invalid_response` that says why the records make none (one query's failure, not the job's). */
function mapped(u: UniqueQuery, result: ApiResult<unknown>, retrievedAt: number, stale: boolean): SeriesResult {
  try {
    return { ok: true, series: toSeries(u, result, retrievedAt, stale) };
  } catch (error) {
    if (error instanceof EconError) return { ok: false, error };
    throw error;
  }
}

/** The result a cache entry gives: its Series, or the remembered "no data" error. */
function fromEntry(u: UniqueQuery, entry: CacheEntry, stale: boolean): SeriesResult {
  if (isCachedNotFound(entry.value)) return { ok: false, error: notFoundFromCache(entry.value) };
  // Entries hold the answer as it came, so a cached answer meets the same checks as a fresh one.
  return mapped(u, entry.value as ApiResult<unknown>, entry.storedAt, stale);
}

function planOptions(host: Host): { batch: boolean; batchLimit: number } {
  return { batch: !host.batch.refused, batchLimit: host.batch.limit };
}

/** The limit a 400 names ("the batch limit is 50", "at most 50 combinations"), when smaller than the one in use. */
function smallerLimit(error: EconError, current: number): number | undefined {
  const m = /(?:batch limit is|at most|limit of)\s*(\d+)/i.exec(error.serverMessage ?? '');
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n >= 1 && n < current ? n : undefined;
}

async function lookUp(host: Host, keys: Iterable<string>, mode: CacheMode): Promise<Map<string, CacheEntry>> {
  const entries = new Map<string, CacheEntry>();
  if (!host.cache.store || mode === 'no-store') return entries;
  await Promise.all([...keys].map(async (k) => {
    const e = await cacheGet(host.cache, cacheKey(host.engine.baseURL, k));
    if (e) entries.set(k, e);
  }));
  return entries;
}

async function pool<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** The records and 404 items of a country-less batch, keyed by indicator alone. */
function indicatorOnly(groups: Map<string, IndicatorRecord[]>, missing: Map<string, BatchItem>): { records: Map<string, IndicatorRecord[]>; missing: Map<string, BatchItem> } {
  const records = new Map<string, IndicatorRecord[]>();
  for (const [pair, list] of groups) {
    const indicator = pair.slice(0, pair.lastIndexOf('|'));
    records.set(indicator, [...(records.get(indicator) ?? []), ...list]);
  }
  const gone = new Map<string, BatchItem>();
  for (const [pair, item] of missing) gone.set(pair.slice(0, pair.lastIndexOf('|')), item);
  return { records, missing: gone };
}

/** Runs a job: see EconDataClient.fetchSeries. */
export async function fetchSeriesJob(host: Host, queries: readonly SeriesQuery[], call?: CallOptions): Promise<SeriesResult[]> {
  const opts = host.resolve(call);
  const { engine, cache } = host;
  const now = engine.clock.now();
  const planned = planRequests(queries, planOptions(host));
  const entries = await lookUp(host, planned.unique.keys(), opts.cache);
  const plan = entries.size ? planRequests(queries, { ...planOptions(host), cached: (k) => (entries.get(k)?.expiresAt ?? 0) > now }) : planned;
  const results = new Array<SeriesResult | undefined>(queries.length);
  const settle = (u: UniqueQuery, r: SeriesResult): void => {
    for (const p of u.positions) results[p] = r;
  };
  const store = opts.cache !== 'no-store';
  const succeed = async (u: UniqueQuery, result: ApiResult<unknown>): Promise<void> => {
    const at = engine.clock.now();
    const r = mapped(u, result, at, false);
    // An answer that makes no valid Series is not cached: a later request may get a good one.
    if (store && r.ok) await cachePut(cache, cacheKey(engine.baseURL, u.key), result, at);
    settle(u, r);
  };
  const fail = async (u: UniqueQuery, error: unknown): Promise<void> => {
    if (!(error instanceof EconError)) throw error;
    if (store && isDataNotFound(error)) await cachePut(cache, cacheKey(engine.baseURL, u.key), notFoundEntry(error), engine.clock.now());
    const entry = entries.get(u.key);
    if (entry && opts.cache === 'allow-stale' && staleAllowedFor(error)) settle(u, fromEntry(u, entry, true));
    else settle(u, { ok: false, error });
  };

  for (const [position, error] of plan.invalid) results[position] = { ok: false, error };
  for (const key of plan.cached) {
    const u = plan.unique.get(key)!;
    settle(u, fromEntry(u, entries.get(key)!, false));
  }

  const single = async (u: UniqueQuery): Promise<void> => {
    try {
      const answer = await execute(engine, { method: 'GET', path: u.path, params: u.params }, opts);
      await succeed(u, readJson(answer, CHECKS[u.path]).result);
    } catch (error) {
      await fail(u, error);
    }
  };

  const batch = async (req: Extract<PlannedRequest, { kind: 'batch' }>): Promise<void> => {
    let result: ApiResult<IndicatorRecord>;
    let json: unknown;
    try {
      const answer = await execute(engine, { method: 'POST', path: '/indicators/batch', body: req.body }, opts);
      ({ result, json } = readJson<IndicatorRecord>(answer, checkIndicatorRecord));
      const items = checkBatchItems(json, { status: answer.status, text: '', key: answer.key });
      const groups = groupIndicatorRecords(result.data);
      const missing = new Map(items.filter((it) => it.status === 404).map((it) => [`${it.indicator}|${it.country ?? ''}`, it]));
      // A batch without countries (GSO) is answered for the service's own country: match by indicator.
      const countryless = req.body.countries === undefined;
      const byIndicator = countryless ? indicatorOnly(groups, missing) : undefined;
      for (const u of req.members) {
        const pair = `${u.params['indicator']}|${u.params['country'] ?? ''}`;
        const data = (byIndicator ? byIndicator.records.get(String(u.params['indicator'])) : groups.get(pair)) ?? [];
        const gone = byIndicator ? byIndicator.missing.get(String(u.params['indicator'])) : missing.get(pair);
        if (gone && data.length === 0) {
          await fail(u, new NotFoundError(`${gone.message ?? `Data not found: ${pair.replace('|', ' for ')}`} (status 404). Check the indicator and country codes: listSourceIndicators and listCountries show what exists.`, { status: 404, ...(gone.message ? { serverMessage: gone.message } : {}) }));
          continue;
        }
        await succeed(u, { data, metadata: { ...result.metadata, total_records: data.length } });
      }
    } catch (error) {
      const status = error instanceof EconError ? error.status : undefined;
      // A smaller batch limit than ours: learn it and send these queries again, packed to it.
      const limit = status === 400 ? smallerLimit(error as EconError, host.batch.limit) : undefined;
      if (limit !== undefined) {
        host.batch.limit = Math.min(host.batch.limit, limit);
        // The new plan's queries are the same requests (same keys): answers go to the original positions.
        const own = new Map(req.members.map((m) => [m.key, m]));
        const again = planRequests(req.members.map((m) => m.query), planOptions(host)).requests;
        await pool(again, CONCURRENCY, (r) => (r.kind === 'batch'
          ? batch({ ...r, members: r.members.map((m) => own.get(m.key)!) })
          : single(own.get(r.member.key)!)));
        return;
      }
      // The batch route refused (absent, not allowed, or this body): the same queries go one by one.
      if (status === 400 || status === 404 || status === 405) {
        if (status === 405 || (status === 404 && /^not found/i.test((error as EconError).serverMessage ?? ''))) host.batch.refused = true;
        await pool(req.members, CONCURRENCY, single);
        return;
      }
      for (const u of req.members) await fail(u, error);
    }
  };

  await pool(plan.requests, CONCURRENCY, (req) => (req.kind === 'batch' ? batch(req) : single(req.member)));
  return results.map((r) => r ?? { ok: false, error: new AbortError('The job ended before this query was answered.') });
}

/** Plans a job without sending anything: see EconDataClient.estimate. */
export async function estimateJob(host: Host, queries: readonly SeriesQuery[], call?: CallOptions): Promise<Estimate> {
  const mode = call?.cache ?? host.resolve().cache;
  const now = host.engine.clock.now();
  const first = planRequests(queries, planOptions(host));
  const entries = await lookUp(host, first.unique.keys(), mode);
  const plan = entries.size ? planRequests(queries, { ...planOptions(host), cached: (k) => (entries.get(k)?.expiresAt ?? 0) > now }) : first;
  const estimate: Estimate = { ...plan.stats };
  const gate = host.engine.gate;
  if (gate.estimate) estimate.quota = await gate.estimate(plan.stats.requests);
  return estimate;
}
