/**
 * Series: the one normalized shape for indicator, trade and stock data. Every sink (the sheets
 * Grid, the XLSX/CSV writers, the desktop chart and table, the Excel writer) consumes only this.
 */
import type { SeriesQuery } from './query.ts';

export type SeriesKind = 'indicator' | 'trade' | 'stock';
export type Frequency = 'annual' | 'quarterly' | 'monthly' | 'daily';

/** One value column: `value` for an indicator or trade flow; open/high/low/close/volume for stocks. */
export interface SeriesColumn {
  /** The record field it comes from: 'value', 'close', 'volume', ... */
  key: string;
  /** What a person reads in a header: 'GDP (current US$)', 'Close'. */
  label: string;
  /** Unit of the values, as the service states it ('current US$', 'thousand VND', 'shares'); null if unknown. */
  unit: string | null;
}

/** Where a Series came from: enough to cite it and to fetch it again. */
export interface Provenance {
  /** metadata.source: the service's human-readable source name. */
  source: string;
  /** metadata.last_updated (YYYY-MM-DD), when the service gave one. */
  last_updated: string | null;
  /** When the client received the data (ISO 8601, UTC). */
  retrieved_at: string;
  /** The endpoint path below /api/v1, e.g. '/indicators'. */
  endpoint: string;
  /** The query that produced this Series. */
  query: SeriesQuery;
  /** True when the data came from a cache entry past its time to live (the service was unreachable). */
  stale?: boolean;
  /** The @econdata/analysis transform applied, in its canonical text form ('Per=Q Agg=avg Units=pc1'). */
  transform?: string;
  /**
   * The frequency the values were published in, when the transform's `Per` converted them to
   * another (a quarterly average of 'monthly' values): what the conversion is said to be made
   * from, even when the query named no frequency (a GSO series at the service's default).
   */
  converted_from?: Frequency;
  /** For a series computed from others (@econdata/analysis deriveSeries): the expression and its operands. */
  derivation?: Derivation;
  /** What a reader must see beside the values (e.g. 'Units=pc1 on a percentage: ch1 gives percentage points'). */
  warnings?: string[];
}

/** How a derived series was computed: `expression` over operands named a, b, c ... */
interface Derivation {
  expression: string;
  operands: DerivationOperand[];
}

/** One operand of a derived series: enough to cite it and to fetch it again. */
export interface DerivationOperand {
  /** The name the expression uses: 'a', 'b', ... */
  name: string;
  query: SeriesQuery;
  /** The operand's own transform, canonical text, applied before the expression. */
  transform?: string;
  source: string;
  last_updated: string | null;
}

/**
 * A time series with one or more value columns over a shared, ascending period axis.
 *
 * Periods are strings in the form their frequency implies: '2020' (annual), '2024-Q1' (quarterly),
 * '2024-03' (monthly), '2024-03-15' (daily). Values are column-major: `values[c][p]` is column `c`
 * at period `p`; a missing observation is null, never 0.
 *
 * @example
 * const gdp: Series = {
 *   id: 'indicator:WB:NY.GDP.MKTP.CD:VN', kind: 'indicator', frequency: 'annual',
 *   title: 'GDP (current US$): Viet Nam',
 *   dimensions: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', country_name: 'Viet Nam' },
 *   columns: [{ key: 'value', label: 'GDP (current US$)', unit: 'current US$' }],
 *   periods: ['2019', '2020'], values: [[3.3e11, 3.46e11]], provenance: { ... },
 * };
 */
export interface Series {
  /** Stable identity derived from the query, e.g. 'indicator:WB:NY.GDP.MKTP.CD:VN'. */
  id: string;
  kind: SeriesKind;
  title: string;
  frequency: Frequency;
  /** What the series is about, by spec field name: source, indicator, indicator_name, country, country_name;
   *  flow, partner, hs_code; symbol or index. */
  dimensions: Record<string, string>;
  columns: SeriesColumn[];
  periods: string[];
  values: Array<Array<number | null>>;
  /** Per-period flags the service gave, e.g. IMF projections: `flags.is_projection[p]`. */
  flags?: Record<string, boolean[]>;
  provenance: Provenance;
}

/**
 * The form of a period string at each frequency, with the year (and quarter, month, day) captured.
 * The one definition the client and every sink share.
 */
export const PERIOD_PATTERNS: Readonly<Record<Frequency, RegExp>> = {
  annual: /^(\d{4})$/,
  quarterly: /^(\d{4})-Q([1-4])$/,
  monthly: /^(\d{4})-(0[1-9]|1[0-2])$/,
  daily: /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
};

/** The frequency a period's form implies, or null when it has none of the four forms. */
export function frequencyOfPeriod(period: string): Frequency | null {
  for (const f of ['annual', 'quarterly', 'monthly', 'daily'] as const) if (PERIOD_PATTERNS[f].test(period)) return f;
  return null;
}
