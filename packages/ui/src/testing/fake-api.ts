/**
 * A fake EconDataApi with sample data, for the gallery, this package's tests and the apps' tests.
 * Every call can be delayed, made to fail, or left pending; quota changes are pushed to listeners.
 */
import type { ApiResult, Catalogue, Estimate, LearnedNames, QuotaStatus, Series, SeriesQuery, SeriesResult } from '@econdata/core';
import { AbortError, NotFoundError, PermissionDeniedError } from '@econdata/core';
import { indicatorFixture, stockFixture, tradeFixture } from '@econdata/core/testing';
import type { EconDataApi, SourceIndicatorsQuery, UiCallOptions } from '../data/api.ts';
import { SAMPLE_COUNTRIES, SAMPLE_GDP, SAMPLE_INDICATORS, SAMPLE_SOURCES } from './sample-data.ts';

type FakeMethod = 'listSources' | 'listSourceIndicators' | 'catalogue' | 'listCountries' | 'fetchSeries' | 'estimate';

export interface FakeApiOptions {
  /** Milliseconds every call waits before answering (default 0). */
  delayMs?: number;
  /** Per method: an error (EconError or serialized JSON) to reject with, or 'pending' to never answer. */
  fail?: Partial<Record<FakeMethod, unknown>>;
  /** Per method: answer with no data. */
  empty?: Partial<Record<FakeMethod, boolean>>;
  /** The quota status; undefined for a client without a ledger. */
  quota?: QuotaStatus;
  /** Sources whose indicator lists the key may not read (the catalogue shows them "not in your plan"). */
  notInPlan?: readonly string[];
  /** The retrieval time stamped on Series (default 2026-11-22T14:03:00Z). */
  retrievedAt?: string;
  /** What the service has named so far (default: nothing yet). */
  learned?: LearnedNames;
}

/** The fake plus handles to drive it. */
export interface FakeEconDataApi extends EconDataApi {
  /** Every call received, in order, with its first argument. */
  calls: Array<{ method: FakeMethod; arg: unknown; signal: AbortSignal | undefined }>;
  /** Changes the quota and notifies listeners. */
  setQuota(status: QuotaStatus | undefined): void;
  /** Changes how a method answers from now on. */
  setFailure(method: FakeMethod, error: unknown): void;
}

const metadata = (source: string, n: number) => ({ source, last_updated: '2026-11-20', total_records: n });

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) { reject(new AbortError()); return; }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(timer); reject(new AbortError()); }, { once: true });
  });
}

/**
 * A Series for a query, built by core's fixture builder (through core's own mapping): indicators
 * from the sample GDP values at the query's frequency, trade and stocks from a short made-up line.
 */
export function sampleSeries(query: SeriesQuery, retrievedAt: string, stale = false): Series {
  const provenance = { lastUpdated: '2026-11-20', retrievedAt, ...(stale ? { stale } : {}) };
  const made = [31200, 29800, 33400];
  if (query.kind === 'trade') {
    return tradeFixture({ query, periods: ['2024-01', '2024-02', '2024-03'], values: made, unit: 'million US$', sourceName: 'Viet Nam Customs', ...provenance });
  }
  if (query.kind === 'stock') {
    return stockFixture({ query, periods: ['2024-03-13', '2024-03-14', '2024-03-15'], days: made.map((v) => [v, v, v, v, null] as const), sourceName: 'HOSE / HNX daily prices', ...provenance });
  }
  const info = SAMPLE_INDICATORS[query.source]?.find((i) => i.code === query.indicator);
  const gdp = SAMPLE_GDP[query.country ?? 'VN'] ?? {};
  const years = Object.keys(gdp).filter((y) => (query.start_year ?? 0) <= Number(y) && Number(y) <= (query.end_year ?? 9999));
  // A GSO query at a monthly or quarterly frequency gets one period of it per sample year.
  const periods = years.map((y) => (query.frequency === 'monthly' ? `${y}-01` : query.frequency === 'quarterly' ? `${y}-Q1` : y));
  return indicatorFixture({
    query, name: info?.name ?? query.indicator, unit: info?.unit ?? null,
    countryName: query.country === undefined ? null : SAMPLE_COUNTRIES.find((c) => c.code === query.country)?.name ?? query.country,
    periods, values: years.map((y) => gdp[y] ?? null),
    sourceName: SAMPLE_SOURCES.find((s) => s.code === query.source)?.name ?? query.source, ...provenance,
  });
}

/** Builds a fake EconDataApi over the sample data. */
export function createFakeEconDataApi(options: FakeApiOptions = {}): FakeEconDataApi {
  const fail: Partial<Record<FakeMethod, unknown>> = { ...options.fail };
  const empty = options.empty ?? {};
  let quota = options.quota;
  const listeners = new Set<(s: QuotaStatus) => void>();
  const calls: FakeEconDataApi['calls'] = [];
  const retrievedAt = options.retrievedAt ?? '2026-11-22T14:03:00.000Z';

  async function answer<T>(method: FakeMethod, arg: unknown, call: UiCallOptions | undefined, make: () => T): Promise<T> {
    calls.push({ method, arg, signal: call?.signal });
    const failure = fail[method];
    if (failure === 'pending') return new Promise<T>((_, reject) => call?.signal?.addEventListener('abort', () => reject(new AbortError()), { once: true }));
    await wait(options.delayMs ?? 0, call?.signal);
    if (failure !== undefined) throw failure;
    return make();
  }
  const list = <T>(method: FakeMethod, source: string, items: T[]): ApiResult<T> => {
    const data = empty[method] ? [] : items;
    return { data, metadata: metadata(source, data.length) };
  };

  return {
    calls,
    setQuota(status) {
      quota = status;
      if (status) for (const fn of listeners) fn(status);
    },
    setFailure(method, error) {
      if (error === undefined) delete fail[method];
      else fail[method] = error;
    },
    listSources: (query, call) => answer('listSources', query, call, () => list('listSources', 'Econdata: data sources', SAMPLE_SOURCES)),
    listSourceIndicators: (query: SourceIndicatorsQuery, call) => answer('listSourceIndicators', query, call, () => {
      const all = SAMPLE_INDICATORS[query.source_code];
      if (!all) throw new NotFoundError(`Unknown source "${query.source_code}"`, { status: 404 });
      const q = query.q?.toLowerCase() ?? '';
      return list('listSourceIndicators', query.source_code, all.filter((i) => !q || i.name.toLowerCase().includes(q) || i.code.toLowerCase().includes(q)));
    }),
    catalogue: (call) => answer('catalogue', undefined, call, (): Catalogue => ({
      sources: SAMPLE_SOURCES.map((source) => (options.notInPlan?.includes(source.code)
        ? { source, status: 'not_in_plan', indicators: [], error: new PermissionDeniedError(`Insufficient permissions: ${source.code} data needs a higher plan`, { status: 403 }).toJSON() }
        : { source, status: 'ready', indicators: empty.catalogue ? [] : (SAMPLE_INDICATORS[source.code] ?? []), fetchedAt: Date.parse(retrievedAt) })),
    })),
    listCountries: (query, call) => answer('listCountries', query, call, () => list('listCountries', 'Econdata: countries', SAMPLE_COUNTRIES)),
    fetchSeries: (queries, call) => answer('fetchSeries', queries, call, (): SeriesResult[] => queries.map((q) => ({ ok: true, series: sampleSeries(q, retrievedAt) }))),
    estimate: (queries, call) => answer('estimate', queries, call as UiCallOptions | undefined, (): Estimate => {
      const requests = queries.length;
      const stats = { queries: requests, unique: requests, duplicates: 0, invalid: 0, cached: 0, requests, batchRequests: 0, singleRequests: requests, minimumRequests: requests };
      if (!quota) return stats as Estimate;
      const remainingToday = quota.day.remaining;
      return { ...stats, quota: { requests, remainingToday, fitsToday: remainingToday === null || requests <= remainingToday, fitsThisMinute: quota.minute.remaining === null || requests <= quota.minute.remaining, estimatedWaitMs: 0 } } as Estimate;
    }),
    learnedNames: async () => options.learned ?? { symbols: [], trade: { partners: [], hsCodes: [], totalsOnly: false } },
    quotaStatus: () => quota,
    onQuotaChange(fn) {
      listeners.add(fn);
      return () => { listeners.delete(fn); };
    },
  };
}
