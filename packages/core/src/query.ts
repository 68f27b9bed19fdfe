/**
 * Queries: plain objects that use the service's own parameter names (spec section 4), one per
 * kind of data. UIs build them, core validates and plans them, and every Series carries the query
 * that produced it.
 */

/** A source code: the spec names WB, IMF and GSO and leaves the list open. */
type SourceCode = 'WB' | 'IMF' | 'GSO' | (string & {});

export type GsoFrequency = 'monthly' | 'quarterly' | 'annual';
export type TradeFlow = 'exports' | 'imports' | 'balance';
export type StockIndex = 'VNINDEX' | 'HNX' | 'UPCOM';

/** GET /api/v1/indicators (spec 4.1). */
export interface IndicatorQuery {
  source: SourceCode;
  indicator: string;
  /** ISO 2-letter code; may be omitted for GSO (Vietnam). */
  country?: string;
  start_year?: number;
  end_year?: number;
  /** Only with source GSO. */
  frequency?: GsoFrequency;
}

/** POST /api/v1/indicators/batch (spec 4.2). */
export interface BatchIndicatorQuery {
  source: SourceCode;
  indicators: string[];
  /** ISO 2-letter codes; may be omitted for GSO only (the service answers for Vietnam). */
  countries?: string[];
  start_year?: number;
  end_year?: number;
  frequency?: GsoFrequency;
}

/** GET /api/v1/trade/vietnam (spec 4.5). */
export interface TradeQuery {
  flow?: TradeFlow;
  partner?: string;
  hs_code?: string;
  /** YYYY-MM: one month, the service's own parameter. */
  period?: string;
  /**
   * YYYY-MM: the first month of a range. Not a service parameter (the service takes one month or
   * every month): core asks for every month in one request and keeps the range (see series/trade-months.ts).
   */
  start_period?: string;
  /** YYYY-MM: the last month of a range (client side, like `start_period`). */
  end_period?: string;
}

/** The date range of a stock query. */
interface StockDates {
  /** YYYY-MM-DD */
  start_date?: string;
  /** YYYY-MM-DD */
  end_date?: string;
}

/** GET /api/v1/stocks/vietnam (spec 4.6): exactly one of symbol or index (both, or neither, does not compile). */
export type StockQuery =
  | ({ symbol: string; index?: never } & StockDates)
  | ({ index: StockIndex; symbol?: never } & StockDates);

/** GET /api/v1/sources/{source_code}/indicators: the indicators of one source, `q` filtering by code or name. */
export interface SourceIndicatorsQuery {
  source_code: SourceCode;
  q?: string;
}

/** The query of a route that takes no parameters (listSources, listCountries): an empty object, or nothing. */
export type EmptyQuery = Record<string, never>;

/** Any query that yields a Series, tagged by kind so planners and sinks can tell them apart. */
export type SeriesQuery =
  | ({ kind: 'indicator' } & IndicatorQuery)
  | ({ kind: 'trade' } & TradeQuery)
  | ({ kind: 'stock' } & StockQuery);
