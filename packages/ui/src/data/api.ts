/**
 * The data port every component and hook reads through. The add-in passes its `EconDataClient`
 * (which satisfies this structurally); the desktop renderer passes an adapter over its bridge to the
 * main process, which never exposes the key. Errors may arrive as `EconError` instances or as their
 * serialized JSON (plain objects that crossed IPC or HTTP): components normalize both.
 */
import type { ApiResult, Catalogue, CountryInfo, EmptyQuery, Estimate, IndicatorInfo, LearnedNames, QuotaStatus, SeriesQuery, SeriesResult, SourceIndicatorsQuery, SourceInfo } from '@econdata/core';

export type { SourceIndicatorsQuery };

/** The per-call options the UI uses; a subset of core's CallOptions. */
export interface UiCallOptions {
  signal?: AbortSignal;
  priority?: 'interactive' | 'background';
  cache?: 'default' | 'no-store' | 'allow-stale' | 'reload';
}

/** What the UI needs from a data service: core's client shape, narrowed to the calls the UI makes. */
export interface EconDataApi {
  /** GET /sources. */
  listSources(query?: EmptyQuery, options?: UiCallOptions): Promise<ApiResult<SourceInfo>>;
  /** GET /sources/{source_code}/indicators, optionally searched with `q`. */
  listSourceIndicators(query: SourceIndicatorsQuery, options?: UiCallOptions): Promise<ApiResult<IndicatorInfo>>;
  /** Every source's indicators, kept by core and fetched again only when a source changes (core's `client.catalogue`). */
  catalogue(options?: UiCallOptions): Promise<Catalogue>;
  /** GET /countries. */
  listCountries(query?: EmptyQuery, options?: UiCallOptions): Promise<ApiResult<CountryInfo>>;
  /** Many queries at once, planned and batched by core; one result per query, in order. */
  fetchSeries(queries: readonly SeriesQuery[], options?: UiCallOptions): Promise<SeriesResult[]>;
  /** The cost of `queries` before they run, against the quota left. */
  estimate(queries: readonly SeriesQuery[], options?: Pick<UiCallOptions, 'cache'>): Promise<Estimate>;
  /**
   * The stock symbols, trade partners and HS codes the service has named in answers and refusals,
   * kept on the machine, and whether it said its trade data has totals only (core's `client.learnedNames`).
   */
  learnedNames(): Promise<LearnedNames>;
  /** The quota ledger's state now; undefined when the client has no ledger. */
  quotaStatus(): QuotaStatus | undefined;
  /** Calls `fn` on every quota change; returns the unsubscribe function. */
  onQuotaChange(fn: (status: QuotaStatus) => void): () => void;
}
