/**
 * What the loader builds from a data folder (or the demo pack) and the routes read: in-memory
 * indexes, so a query is a map lookup plus a filter on a short sorted array.
 */

export type SourceCode = 'WB' | 'IMF' | 'GSO';
export const SOURCE_CODES: readonly SourceCode[] = ['WB', 'IMF', 'GSO'];

export type Frequency = 'monthly' | 'quarterly' | 'annual';
export const FREQUENCIES: readonly Frequency[] = ['monthly', 'quarterly', 'annual'];

/** One observation of an indicator series, sorted by period within its series. */
export interface Observation {
  year: number;
  /** `2024-03` (monthly) or `2024-Q1` (quarterly); absent for annual observations. */
  period?: string;
  value: number | null;
  /** IMF only: true after the IMF's last actual year, false at or before it, null when the IMF gives none. */
  isProjection?: boolean | null;
}

/** One indicator for one country at one frequency. */
export interface Series {
  frequency: Frequency;
  unit: string;
  observations: Observation[];
}

/** Description of an indicator, as `GET /sources/{code}/indicators` lists it. */
export interface IndicatorInfo {
  code: string;
  name: string;
  /** The unit of the indicator's first frequency (each series carries its own). */
  unit: string;
  frequencies: Frequency[];
  first_period: string | null;
  last_period: string | null;
  description: string;
  /** GSO only: the Vietnamese label as GSO publishes it. */
  name_vi?: string;
}

export interface SourceData {
  code: SourceCode;
  /** Human-readable name, the `metadata.source` of answers (says DEMO for the demo pack). */
  name: string;
  description: string;
  last_updated: string;
  /** Indicator code (upper case) -> description. */
  indicators: Map<string, IndicatorInfo>;
  /** Alternative codes (upper case) -> canonical code, e.g. GSO `CPI.YOY` -> `CPI.TOTAL.YOY`. */
  aliases: Map<string, string>;
  /** `INDICATOR|ISO2` -> the series of that pair, by frequency. */
  series: Map<string, Map<Frequency, Series>>;
  /** Countries (ISO2) with at least one series. */
  countries: Set<string>;
}

export interface Country {
  code: string;
  iso3: string;
  name: string;
  region: string | null;
  income_group: string | null;
  is_aggregate: boolean;
}

export type TradeFlow = 'exports' | 'imports' | 'balance';
export const TRADE_FLOWS: readonly TradeFlow[] = ['exports', 'imports', 'balance'];

/** One customs trade figure; `partner` "WLD" and `hs_code` "TOTAL" are the totals. */
export interface TradeObservation {
  period: string;
  flow: TradeFlow;
  partner: string;
  hs_code: string;
  value: number | null;
  ytd_value: number | null;
}

export interface TradeData {
  name: string;
  last_updated: string;
  unit: string;
  /** Sorted by period, then flow. */
  rows: TradeObservation[];
  partners: Set<string>;
  hsCodes: Set<string>;
  periods: string[];
}

export interface PriceBar {
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
}

export interface MarketData {
  name: string;
  last_updated: string;
  /** Symbol -> daily bars sorted by date (prices in thousand VND). */
  stocks: Map<string, PriceBar[]>;
  /** Index code as in the file (VNINDEX, HNXINDEX, UPCOMINDEX, VN30) -> daily bars (points). */
  indices: Map<string, PriceBar[]>;
}

export interface Dataset {
  /** True for the generated demo pack. */
  demo: boolean;
  /** What the banner says it serves: the folder path, or `DEMO DATA (generated)`. */
  label: string;
  sources: Map<SourceCode, SourceData>;
  /** ISO2 -> country or aggregate, sorted by code. */
  countries: Map<string, Country>;
  /** Where the country list comes from, for `metadata` of GET /countries. */
  countryList: { name: string; last_updated: string };
  trade: TradeData;
  market: MarketData;
  /** HS code -> description (for trade records with an HS breakdown). */
  hs: Map<string, string>;
}

/** The key of `SourceData.series`. */
export function seriesKey(indicator: string, country: string): string {
  return `${indicator}|${country}`;
}
