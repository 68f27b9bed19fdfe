/**
 * The records the service sends, by the spec's own field names (spec 2.3 for indicators; the
 * sandbox's wire contract where the spec says "not shown"). Unknown extra fields are kept: every
 * record type is open.
 */
import type { TradeFlow } from '../query.ts';

/** The metadata object of every JSON success envelope (spec 2.2). */
export interface ResponseMetadata {
  /** Human-readable name of the data source. */
  source: string;
  /** YYYY-MM-DD; null when the service gave none. */
  last_updated: string | null;
  total_records: number;
  [extra: string]: unknown;
}

/** What every JSON endpoint method returns. */
export interface ApiResult<T> {
  data: T[];
  metadata: ResponseMetadata;
  /** True when the answer came from a cache entry past its time to live (the service was unreachable). */
  stale?: boolean;
}

/** One observation of an indicator (spec 2.3); GSO adds `period`, IMF adds `is_projection`. */
export interface IndicatorRecord {
  indicator_code: string;
  indicator_name: string;
  /** ISO 2-letter code; null when the service gives the record no country (some GSO records). */
  country_code: string | null;
  country_name: string | null;
  year: number;
  value: number | null;
  /** null when the service gives no unit. */
  unit: string | null;
  /** '2024-03' (monthly) or '2024-Q1' (quarterly), on GSO records. */
  period?: string;
  /** IMF: true for a projection, false for actual data, null when the IMF gives no last-actual year. */
  is_projection?: boolean | null;
  [extra: string]: unknown;
}

/** One combination of a batch answer: found (200) or missing (404), so one gap does not fail the rest. */
export interface BatchItem {
  indicator: string;
  country: string | null;
  status: number;
  total_records: number;
  message?: string;
  [extra: string]: unknown;
}

/** What `batchIndicators` returns: the envelope plus one item per combination. */
export interface BatchResult extends ApiResult<IndicatorRecord> {
  items: BatchItem[];
}

/** One month of Vietnam customs trade (the fields the check requires are the ones typed required). */
export interface TradeRecord {
  /** YYYY-MM */
  period: string;
  flow: TradeFlow;
  /** ISO 2-letter partner code, or WLD for all partners. */
  partner: string;
  partner_name?: string | null;
  /** HS commodity code, or TOTAL for all goods. */
  hs_code: string;
  hs_description?: string | null;
  value: number | null;
  ytd_value?: number | null;
  unit?: string | null;
  [extra: string]: unknown;
}

/** One trading day of a stock or an index. */
export interface StockRecord {
  symbol?: string;
  index?: string;
  /** YYYY-MM-DD */
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
  /** "thousand VND" for stocks, "points" for indices; null when the service gives none. */
  unit?: string | null;
  [extra: string]: unknown;
}

/** An item of GET /sources. */
export interface SourceInfo {
  code: string;
  name: string;
  description?: string;
  frequencies?: string[];
  last_updated?: string | null;
  indicator_count?: number;
  [extra: string]: unknown;
}

/** An item of GET /sources/{source_code}/indicators. */
export interface IndicatorInfo {
  code: string;
  name: string;
  unit?: string | null;
  frequencies?: string[];
  first_period?: string | null;
  last_period?: string | null;
  description?: string | null;
  [extra: string]: unknown;
}

/** An item of GET /countries. */
export interface CountryInfo {
  code: string;
  iso3?: string;
  name: string;
  region?: string | null;
  income_group?: string | null;
  [extra: string]: unknown;
}

/** A file from an export endpoint. */
export interface ExportFile {
  data: Uint8Array;
  metadata: { filename: string | null; content_type: string | null; bytes: number };
}
