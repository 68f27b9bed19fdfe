/**
 * EconDataClient: one method per endpoint of the Economic Data Service, plus `fetchSeries` for
 * many queries at once and `estimate` for the cost of a job before it runs.
 */
import type { KeyProvider } from '../auth.ts';
import { MemoryCacheStore, type CacheStore } from '../cache/store.ts';
import { loadCatalogue, type Catalogue } from '../catalogue/catalogue.ts';
import { AbortError, EconError, InvalidParameterError } from '../errors/errors.ts';
import { NamesBook, type LearnedNames } from '../learned/names.ts';
import { defaultTransport } from '../net/fetch-transport.ts';
import { openGate, type RequestGate } from '../quota/gate.ts';
import type { QuotaStatus } from '../quota/status.ts';
import type { BatchIndicatorQuery, EmptyQuery, IndicatorQuery, SeriesQuery, SourceIndicatorsQuery, StockQuery, TradeQuery } from '../query.ts';
import { batchBody, indicatorParams, sourceCodeSegment, stockParams, tradeMonths, tradeParams, type Params } from '../validate/params.ts';
import { keepTradeMonths } from '../series/trade-months.ts';
import { checkBatchItems, checkIndicatorRecord, checkCountryItem, checkIndicatorItem, checkSourceItem, checkStockRecord, checkTradeRecord } from '../wire/check.ts';
import type { ApiResult, BatchResult, CountryInfo, ExportFile, IndicatorInfo, IndicatorRecord, SourceInfo, StockRecord, TradeRecord } from '../wire/records.ts';
import { downloadExport, openExport, type ExportOptions, type ExportQuery, type ExportRequest, type ExportStream } from './export.ts';
import { estimateSeriesJob, fetchSeriesJob, type Estimate, type FetchSeriesOptions, type SeriesResult } from './fetch-series.ts';
import { BATCH_COMBINATION_LIMIT } from '../plan/planner.ts';
import { readJson, requestJson } from './json.ts';
import { checkBaseURL, checkClientOptions, DEFAULT_MAX_RESPONSE_BYTES, defaultSleep, type CallOptions, type ClientOptions } from './options.ts';
import { execute, type RequestSpec } from './request.ts';
import type { ClientCore, ResolvedCallOptions } from './core.ts';
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
  /** Configuration and learnt state shared with the request, export and job modules (never public). */
  readonly #core: ClientCore;
  /** Where the catalogue keeps its lists when the client has no cache store. */
  readonly #catalogueMemory = new MemoryCacheStore({ maxEntries: 256 });
  /** The catalogue load running now, shared by every caller meanwhile. */
  #catalogueLoad: Promise<Catalogue> | undefined;

  /**
   * Refuses options it cannot use with an `InvalidParameterError` naming the option: no key source
   * (every route needs a key), a base URL that is not https (unless loopback), a negative timeout.
   */
  constructor(options: ClientOptions) {
    const baseURL = checkBaseURL(options.baseURL);
    checkClientOptions(options);
    this.#options = options;
    const fixed = options.apiKey;
    const getApiKey: KeyProvider = options.getApiKey ?? (() => fixed ?? '');
    const clock = options.clock ?? { now: () => Date.now() };
    const onCacheError = options.onCacheError ?? ((error: unknown) => console.warn(`econdata cache: ${error instanceof Error ? error.message : String(error)} (answers are served without the cache)`));
    this.#core = {
      engine: {
        baseURL, getApiKey,
        authMode: options.authMode ?? 'header',
        timeoutMs: options.timeoutMs ?? 30_000,
        maxRetries: options.maxRetries ?? 2,
        maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
        backoff: options.backoff ?? {},
        gate: options.gate ?? openGate,
        clock,
        sleep: options.sleep ?? defaultSleep,
        random: options.random ?? Math.random,
        transport: options.transport ?? defaultTransport(),
        sendPriority: options.sendPriority === true,
      },
      cache: {
        store: options.cache,
        ttlMs: options.cacheTtlMs ?? 3_600_000,
        onError: onCacheError,
      },
      batch: { refused: false, limit: BATCH_COMBINATION_LIMIT },
      names: new NamesBook(options.cache ?? new MemoryCacheStore({ maxEntries: 1 }), baseURL, () => clock.now(), onCacheError),
      resolve: (call) => this.#resolve(call),
    };
  }

  /** A client with some options changed, sharing this one's gate, cache and transport. */
  withOptions(partial: Partial<ClientOptions>): EconDataClient {
    const base: Partial<ClientOptions> = { ...this.#options };
    // A key given here replaces the key source of this client, whichever form either took
    // (getApiKey wins over apiKey, so an inherited provider would silently keep the old key).
    if ('apiKey' in partial) delete base.getApiKey;
    if ('getApiKey' in partial) delete base.apiKey;
    const next = new EconDataClient({ transport: this.#core.engine.transport, gate: this.#core.engine.gate, ...base, ...partial } as ClientOptions);
    // What one service taught about its batch route does not hold for another.
    if (next.#core.engine.baseURL === this.#core.engine.baseURL) {
      next.#core.batch = this.#core.batch;
      next.#core.names = this.#core.names;
    }
    return next;
  }

  /** The gate requests go through (the quota ledger when one is installed). */
  get gate(): RequestGate {
    return this.#core.engine.gate;
  }

  /** The cache store, if any. */
  get cacheStore(): CacheStore | undefined {
    return this.#core.cache.store;
  }

  /** The quota ledger's status (used, limit, reset time per window; the queue), or undefined when the gate keeps none. */
  quotaStatus(): QuotaStatus | undefined {
    return this.#core.engine.gate.status?.();
  }

  /** Calls `fn` on every change of the quota status (for a UI); returns the unsubscribe function. A no-op without a ledger. */
  onQuotaChange(fn: (status: QuotaStatus) => void): () => void {
    return this.#core.engine.gate.subscribe?.(fn) ?? (() => undefined);
  }

  /** Per-call options resolved against the client's. */
  #resolve(call: CallOptions = {}): ResolvedCallOptions {
    return {
      signal: call.signal,
      timeoutMs: call.timeoutMs ?? this.#core.engine.timeoutMs,
      maxRetries: call.maxRetries ?? this.#core.engine.maxRetries,
      priority: call.priority ?? this.#options.priority ?? 'interactive',
      cache: call.cache ?? this.#options.cacheMode ?? 'default',
    };
  }

  async #get<T>(path: string, params: Params, check: RecordCheck, options?: CallOptions): Promise<ApiResult<T>> {
    return requestJson<T>(this.#core.engine, this.#core.cache, { method: 'GET', path, params }, check, this.#resolve(options));
  }

  /** GET /indicators: one indicator for one country (spec 4.1). */
  async getIndicators(query: IndicatorQuery, options?: CallOptions): Promise<ApiResult<IndicatorRecord>> {
    return this.#get('/indicators', indicatorParams(query), checkIndicatorRecord, options);
  }

  /** POST /indicators/batch: every combination of indicators x countries (at most 100), plus `items` per combination. */
  async batchIndicators(query: BatchIndicatorQuery, options?: CallOptions): Promise<BatchResult> {
    const spec: RequestSpec = { method: 'POST', path: '/indicators/batch', body: batchBody(query) };
    const answer = await execute(this.#core.engine, spec, this.#resolve(options));
    const { result, json } = readJson<IndicatorRecord>(answer, checkIndicatorRecord);
    return { ...result, items: checkBatchItems(json, { status: answer.status, text: '', key: answer.key }) };
  }

  /** GET /sources: the data sources. The route takes no parameters: pass `{}` (or nothing) first. */
  async listSources(query: EmptyQuery = {}, options?: CallOptions): Promise<ApiResult<SourceInfo>> {
    noParameters('listSources', query);
    return this.#get('/sources', {}, checkSourceItem, options);
  }

  /** GET /sources/{source_code}/indicators: the indicators of one source; `q` filters by code or name. */
  async listSourceIndicators(query: SourceIndicatorsQuery, options?: CallOptions): Promise<ApiResult<IndicatorInfo>> {
    if (typeof query !== 'object' || query === null) {
      throw new InvalidParameterError('source_code', `Invalid listSourceIndicators query ${JSON.stringify(query)}: give an object such as { source_code: 'IMF', q: 'GDP' }.`);
    }
    const code = sourceCodeSegment(query.source_code);
    const params: Params = {};
    if (query.q !== undefined) {
      if (typeof query.q !== 'string') throw new InvalidParameterError('q', `Invalid q ${JSON.stringify(query.q)}: expected text to search indicator codes and names for, such as "GDP".`);
      if (query.q !== '') params['q'] = query.q;
    }
    return this.#get(`/sources/${encodeURIComponent(code)}/indicators`, params, checkIndicatorItem, options);
  }

  /** GET /countries: the countries (ISO2 code, ISO3, name, region, income group). The route takes no parameters. */
  async listCountries(query: EmptyQuery = {}, options?: CallOptions): Promise<ApiResult<CountryInfo>> {
    noParameters('listCountries', query);
    return this.#get('/countries', {}, checkCountryItem, options);
  }

  /**
   * Every source's indicators, for one search across them (see catalogue/catalogue.ts): GET /sources,
   * then only the lists whose source's `last_updated` changed since they were kept. A source the key
   * may not read is `not_in_plan`. Callers while a load runs share it (each may still abort its own
   * wait); `cache: 'no-store'` asks GET /sources anew instead of within the cache's time to live.
   */
  async catalogue(options: CallOptions = {}): Promise<Catalogue> {
    const { signal, ...shared } = options;
    let load = shared.cache === 'no-store' ? undefined : this.#catalogueLoad;
    if (!load) {
      const { engine, cache } = this.#core;
      load = loadCatalogue({
        listSources: (query, o) => this.listSources(query, o),
        listSourceIndicators: (query, o) => this.listSourceIndicators(query, o),
        store: cache.store ?? this.#catalogueMemory,
        baseURL: engine.baseURL,
        now: () => engine.clock.now(),
        ttlMs: cache.ttlMs,
        onStoreError: cache.onError,
      }, shared);
      const started = load;
      this.#catalogueLoad = started;
      void started.finally(() => { if (this.#catalogueLoad === started) this.#catalogueLoad = undefined; }).catch(() => undefined);
    }
    return signal ? abortable(load, signal) : load;
  }

  /**
   * GET /trade/vietnam: monthly customs trade (spec 4.5). A range of months (`start_period`,
   * `end_period`) is asked for as every month, one request, and trimmed here.
   */
  async getTrade(query: TradeQuery = {}, options?: CallOptions): Promise<ApiResult<TradeRecord>> {
    const params = tradeParams(query);
    const months = tradeMonths(query);
    return keepTradeMonths(await this.#learning<TradeRecord>('/trade/vietnam', params, checkTradeRecord, options), months);
  }

  /** GET /stocks/vietnam: daily prices of one symbol or index (spec 4.6). */
  async getStocks(query: StockQuery, options?: CallOptions): Promise<ApiResult<StockRecord>> {
    return this.#learning('/stocks/vietnam', stockParams(query), checkStockRecord, options);
  }

  /** A trade or stock GET whose answer or refusal teaches the names the forms suggest (see learned/names.ts). */
  async #learning<T>(path: string, params: Params, check: RecordCheck, options?: CallOptions): Promise<ApiResult<T>> {
    let answer: ApiResult<T>;
    try {
      answer = await this.#get<T>(path, params, check, options);
    } catch (error) {
      if (error instanceof EconError) await this.#core.names.learn(path, params, { error });
      throw error;
    }
    await this.#core.names.learn(path, params, { records: answer.data });
    return answer;
  }

  /**
   * The stock symbols, trade partners and HS codes the service has named in answers and refusals
   * (here and in earlier runs, when the client has a cache store), and whether it said its trade data
   * has totals only: what the forms suggest before a request is refused.
   */
  async learnedNames(): Promise<LearnedNames> {
    return this.#core.names.names();
  }

  /** GET /export/csv: the file's bytes (indicators by default; `dataset: 'trade' | 'stocks'` for the others). */
  async exportCsv(query: ExportQuery, options: ExportOptions = {}): Promise<ExportFile> {
    return downloadExport(this.#core, 'csv', query, options);
  }

  /** GET /export/excel: the XLSX file's bytes. */
  async exportExcel(query: ExportQuery, options: ExportOptions = {}): Promise<ExportFile> {
    return downloadExport(this.#core, 'excel', query, options);
  }

  /** An export as a stream of chunks, for writing to a file as it arrives (see `saveExport` in `@econdata/core/node`). */
  async openExport(query: ExportRequest, options: CallOptions = {}): Promise<ExportStream> {
    return openExport(this.#core, query, options);
  }

  /**
   * Many queries at once: validated, de-duplicated, answered from the cache where possible, indicator
   * queries coalesced into batches. One result per query, in order; one bad query never sinks the others.
   * Duplicate queries share one Series object: copy it before changing it.
   */
  async fetchSeries(queries: readonly SeriesQuery[], options?: FetchSeriesOptions): Promise<SeriesResult[]> {
    return fetchSeriesJob(this.#core, queries, options);
  }

  /** How many requests a job needs after de-duplication, cache and batching, and whether the quota covers it (only `cache` of the options is read). */
  async estimate(queries: readonly SeriesQuery[], options?: CallOptions): Promise<Estimate> {
    return estimateSeriesJob(this.#core, queries, options);
  }
}

/** Refuses parameters given to a route that takes none (most likely call options passed first). */
function noParameters(method: string, query: unknown): void {
  if (query === undefined) return;
  if (typeof query !== 'object' || query === null || Object.keys(query).length > 0) {
    const names = typeof query === 'object' && query !== null ? Object.keys(query).join(', ') : JSON.stringify(query);
    throw new InvalidParameterError(Object.keys(query ?? {})[0] ?? 'query', `${method} takes no query parameters (got ${names}): call ${method}({}, options), with options such as { cache: 'no-store' } second.`);
  }
}

/** `promise`, or an `aborted` error as soon as `signal` fires (the shared work goes on for the others). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const aborted = (): AbortError => new AbortError('The catalogue load was cancelled.');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
