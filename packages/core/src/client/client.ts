/**
 * EconDataClient: one method per endpoint of the Economic Data Service, plus `fetchSeries` for
 * many queries at once and `estimate` for the cost of a job before it runs.
 */
import type { AuthMode, KeyProvider } from '../auth.ts';
import type { CacheStore } from '../cache/store.ts';
import { InvalidParameterError } from '../errors/errors.ts';
import { axiosTransport } from '../net/transport.ts';
import { openGate, type RequestGate } from '../quota/gate.ts';
import type { QuotaStatus } from '../quota/status.ts';
import type { BatchIndicatorQuery, IndicatorQuery, SeriesQuery, StockQuery, TradeQuery } from '../query.ts';
import { batchBody, indicatorParams, sourceCodeSegment, stockParams, tradeParams, type Params } from '../validate/params.ts';
import { checkBatchItems, checkIndicatorRecord, checkListItem, checkStockRecord, checkTradeRecord } from '../wire/check.ts';
import type { ApiResult, BatchResult, CountryInfo, ExportFile, IndicatorInfo, IndicatorRecord, SourceInfo, StockRecord, TradeRecord } from '../wire/records.ts';
import { downloadExport, openExport, type ExportOptions, type ExportQuery, type ExportStream } from './export.ts';
import { estimateJob, fetchSeriesJob, type BatchState, type Estimate, type SeriesResult } from './fetch-series.ts';
import { BATCH_COMBINATION_LIMIT } from '../plan/planner.ts';
import { readJson, requestJson, type CacheConfig } from './json.ts';
import { checkBaseURL, defaultSleep, type CallOptions, type ClientOptions } from './options.ts';
import { execute, type AttemptOptions, type EngineConfig, type RequestSpec } from './request.ts';
import type { RecordCheck } from '../wire/check.ts';

/**
 * The client for every endpoint.
 *
 * @example
 * const client = new EconDataClient({ baseURL: 'https://api.example.com', getApiKey: () => keychain.get('default') });
 * const { data, metadata } = await client.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2015 });
 */
export class EconDataClient {
  readonly #options: ClientOptions;
  /** @internal */ readonly engine: EngineConfig;
  /** @internal */ readonly cache: CacheConfig;
  /** What the service taught about its batch route: refused (404/405), or a smaller limit than 100. */
  #batch: BatchState = { refused: false, limit: BATCH_COMBINATION_LIMIT };

  constructor(options: ClientOptions) {
    const baseURL = checkBaseURL(options.baseURL);
    for (const [name, v] of [['timeoutMs', options.timeoutMs], ['maxRetries', options.maxRetries], ['maxRetryAfterMs', options.maxRetryAfterMs], ['cacheTtlMs', options.cacheTtlMs]] as const) {
      if (v !== undefined && (!Number.isFinite(v) || v < 0 || (name === 'maxRetries' && !Number.isInteger(v)))) {
        throw new InvalidParameterError(name, `Invalid ${name}: expected a number >= 0${name === 'maxRetries' ? ' (whole)' : ''}, got ${String(v)}.`);
      }
    }
    this.#options = options;
    const fixed = options.apiKey;
    const getApiKey: KeyProvider | undefined = options.getApiKey ?? (fixed === undefined ? undefined : () => fixed);
    const authMode: AuthMode = options.authMode ?? 'header';
    this.engine = {
      baseURL, getApiKey, authMode,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetries: options.maxRetries ?? 2,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
      backoff: options.backoff ?? {},
      gate: options.gate ?? openGate,
      clock: options.clock ?? { now: () => Date.now() },
      sleep: options.sleep ?? defaultSleep,
      random: options.random ?? Math.random,
      transport: options.transport ?? axiosTransport(),
    };
    this.cache = {
      store: options.cache,
      ttlMs: options.cacheTtlMs ?? 3_600_000,
      onError: options.onCacheError ?? ((error: unknown) => console.warn(`econdata cache: ${error instanceof Error ? error.message : String(error)} (answers are served without the cache)`)),
    };
  }

  /** A client with some options changed, sharing this one's gate, cache and transport. */
  withOptions(partial: Partial<ClientOptions>): EconDataClient {
    const base: Partial<ClientOptions> = { ...this.#options };
    // A key given here replaces the key source of this client, whichever form either took
    // (getApiKey wins over apiKey, so an inherited provider would silently keep the old key).
    if ('apiKey' in partial) delete base.getApiKey;
    if ('getApiKey' in partial) delete base.apiKey;
    const next = new EconDataClient({ transport: this.engine.transport, gate: this.engine.gate, ...base, ...partial } as ClientOptions);
    // What one service taught about its batch route does not hold for another.
    if (next.engine.baseURL === this.engine.baseURL) next.#batch = this.#batch;
    return next;
  }

  /** The gate requests go through (the quota ledger when one is installed). */
  get gate(): RequestGate {
    return this.engine.gate;
  }

  /** The quota ledger's status (used, limit, reset time per window; the queue), or undefined when the gate keeps none. */
  quotaStatus(): QuotaStatus | undefined {
    return this.engine.gate.status?.();
  }

  /** Calls `fn` on every change of the quota status (for a UI); returns the unsubscribe function. A no-op without a ledger. */
  onQuotaChange(fn: (status: QuotaStatus) => void): () => void {
    return this.engine.gate.subscribe?.(fn) ?? (() => undefined);
  }

  /** The cache store, if any. */
  get cacheStore(): CacheStore | undefined {
    return this.cache.store;
  }

  /** @internal Per-call options resolved against the client's. */
  attemptOptions(call: CallOptions = {}): AttemptOptions & { cache: NonNullable<CallOptions['cache']> } {
    return {
      signal: call.signal,
      timeoutMs: call.timeoutMs ?? this.engine.timeoutMs,
      maxRetries: call.maxRetries ?? this.engine.maxRetries,
      priority: call.priority ?? this.#options.priority ?? 'interactive',
      cache: call.cache ?? this.#options.cacheMode ?? 'default',
    };
  }

  /** @internal What the service taught about its batch route (shared with `withOptions` copies). */
  get batch(): BatchState {
    return this.#batch;
  }

  async #get<T>(path: string, params: Params, check: RecordCheck, call?: CallOptions): Promise<ApiResult<T>> {
    return requestJson<T>(this.engine, this.cache, { method: 'GET', path, params }, check, this.attemptOptions(call));
  }

  /** GET /indicators: one indicator for one country (spec 4.1). */
  async getIndicators(query: IndicatorQuery, call?: CallOptions): Promise<ApiResult<IndicatorRecord>> {
    return this.#get('/indicators', indicatorParams(query), checkIndicatorRecord, call);
  }

  /** POST /indicators/batch: every combination of indicators x countries (at most 100), plus `items` per combination. */
  async batchIndicators(query: BatchIndicatorQuery, call?: CallOptions): Promise<BatchResult> {
    const spec: RequestSpec = { method: 'POST', path: '/indicators/batch', body: batchBody(query) };
    const answer = await execute(this.engine, spec, this.attemptOptions(call));
    const { result, json } = readJson<IndicatorRecord>(answer, checkIndicatorRecord);
    return { ...result, items: checkBatchItems(json, { status: answer.status, text: '', key: answer.key }) };
  }

  /** GET /sources: the data sources. */
  async listSources(call?: CallOptions): Promise<ApiResult<SourceInfo>> {
    return this.#get('/sources', {}, checkListItem, call);
  }

  /** GET /sources/{source_code}/indicators: the indicators of one source; `q` filters by code or name. */
  async listSourceIndicators(source_code: string, options: { q?: string } = {}, call?: CallOptions): Promise<ApiResult<IndicatorInfo>> {
    const code = sourceCodeSegment(source_code);
    return this.#get(`/sources/${encodeURIComponent(code)}/indicators`, options.q ? { q: options.q } : {}, checkListItem, call);
  }

  /** GET /countries: the countries (ISO2 code, ISO3, name, region, income group). */
  async listCountries(call?: CallOptions): Promise<ApiResult<CountryInfo>> {
    return this.#get('/countries', {}, checkListItem, call);
  }

  /** GET /trade/vietnam: monthly customs trade (spec 4.5). */
  async getTrade(query: TradeQuery = {}, call?: CallOptions): Promise<ApiResult<TradeRecord>> {
    return this.#get('/trade/vietnam', tradeParams(query), checkTradeRecord, call);
  }

  /** GET /stocks/vietnam: daily prices of one symbol or index (spec 4.6). */
  async getStocks(query: StockQuery, call?: CallOptions): Promise<ApiResult<StockRecord>> {
    return this.#get('/stocks/vietnam', stockParams(query), checkStockRecord, call);
  }

  /** GET /export/csv: the file's bytes (indicators by default; `dataset: 'trade' | 'stocks'` for the others). */
  async exportCsv(query: ExportQuery, options: ExportOptions = {}): Promise<ExportFile> {
    return downloadExport(this, 'csv', query, options);
  }

  /** GET /export/excel: the XLSX file's bytes. */
  async exportExcel(query: ExportQuery, options: ExportOptions = {}): Promise<ExportFile> {
    return downloadExport(this, 'excel', query, options);
  }

  /** An export as a stream of chunks, for writing to a file as it arrives (see `saveExport` in `@econdata/core/node`). */
  async openExport(format: 'csv' | 'excel', query: ExportQuery, call?: CallOptions): Promise<ExportStream> {
    return openExport(this, format, query, call ?? {});
  }

  /**
   * Many queries at once: validated, de-duplicated, answered from the cache where possible, indicator
   * queries coalesced into batches. One result per query, in order; one bad query never sinks the others.
   * Duplicate queries share one Series object: copy it before changing it.
   */
  async fetchSeries(queries: readonly SeriesQuery[], call?: CallOptions): Promise<SeriesResult[]> {
    return fetchSeriesJob(this, queries, call);
  }

  /** How many requests a job needs after de-duplication, cache and batching, and whether the quota covers it. */
  async estimate(queries: readonly SeriesQuery[], call?: Pick<CallOptions, 'cache'>): Promise<Estimate> {
    return estimateJob(this, queries, call);
  }
}
