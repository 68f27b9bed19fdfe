/**
 * Series for tests, built the way the client builds them: from wire records, through core's own
 * mappers (indicatorSeries, tradeSeries, stockSeries). So every fixture is a Series the product
 * could really hold: canonical periods, ids from the query, titles and labels as the mapping makes
 * them, `assertSeries` passed. Describe the data; the mapping decides the shape.
 */
import type { SeriesQuery } from '../query.ts';
import type { Series } from '../series.ts';
import { indicatorSeries, stockSeries, tradeSeries, type MapContext } from '../series/map.ts';
import type { IndicatorRecord, StockRecord, TradeRecord } from '../wire/records.ts';

type IndicatorQuery = Extract<SeriesQuery, { kind: 'indicator' }>;
type TradeQuery = Extract<SeriesQuery, { kind: 'trade' }>;
type StockQuery = Extract<SeriesQuery, { kind: 'stock' }>;

/** Where the answer came from (the response's metadata) and when. */
interface FixtureProvenance {
  /** metadata.source: the provider's name (default: the source code, or the kind's provider). */
  sourceName?: string;
  /** metadata.last_updated (default null). */
  lastUpdated?: string | null;
  /** Default 2026-11-22T10:00:00.000Z. */
  retrievedAt?: string;
  /** Answered from a cache entry past its time to live. */
  stale?: boolean;
}

const RETRIEVED_AT = '2026-11-22T10:00:00.000Z';

function context(endpoint: string, sourceName: string, p: FixtureProvenance, records: number): MapContext {
  return {
    metadata: { source: p.sourceName ?? sourceName, last_updated: p.lastUpdated ?? null, total_records: records },
    retrievedAt: p.retrievedAt ?? RETRIEVED_AT,
    endpoint,
    ...(p.stale ? { stale: true } : {}),
  };
}

/** One indicator for one country (or none: GSO), period by period. */
export interface IndicatorFixture extends FixtureProvenance {
  query: IndicatorQuery;
  /** indicator_name: the column's label and the title's first half (default: the code). */
  name?: string;
  /** country_name: the title's second half (default: none). */
  countryName?: string | null;
  unit?: string | null;
  /** Periods as the service writes them ('2020', '2024-03', '2024-Q1', '2024M03' ...). */
  periods: readonly string[];
  values: ReadonlyArray<number | null>;
  /** IMF's is_projection per period. */
  projections?: ReadonlyArray<boolean | null>;
}

/** A Series of one indicator, through `indicatorSeries`. */
export function indicatorFixture(f: IndicatorFixture): Series {
  const country = f.query.country ?? null;
  const records: IndicatorRecord[] = f.periods.map((period, i) => {
    const annual = /^\d{4}$/.test(period);
    const r: IndicatorRecord = {
      indicator_code: f.query.indicator, indicator_name: f.name ?? f.query.indicator,
      country_code: country, country_name: f.countryName ?? null,
      year: Number(period.slice(0, 4)), value: f.values[i] ?? null, unit: f.unit ?? null,
    };
    if (!annual) r.period = period;
    if (f.projections) r.is_projection = f.projections[i] ?? null;
    return r;
  });
  return indicatorSeries(records, f.query, context('/indicators', f.query.source, f, records.length));
}

/** One trade flow with one partner and HS code (the query's, default all partners and all goods), month by month. */
export interface TradeFixture extends FixtureProvenance {
  query: TradeQuery;
  /** The records' flow when the query names none (default exports). */
  flow?: NonNullable<TradeQuery['flow']>;
  partnerName?: string | null;
  hsDescription?: string | null;
  unit?: string | null;
  /** YYYY-MM */
  periods: readonly string[];
  values: ReadonlyArray<number | null>;
  ytd?: ReadonlyArray<number | null>;
}

/** A Series of one trade flow, through `tradeSeries`. */
export function tradeFixture(f: TradeFixture): Series {
  const records: TradeRecord[] = f.periods.map((period, i) => ({
    period, flow: f.query.flow ?? f.flow ?? 'exports', partner: f.query.partner ?? 'WLD', partner_name: f.partnerName ?? null,
    hs_code: f.query.hs_code ?? 'TOTAL', hs_description: f.hsDescription ?? null,
    value: f.values[i] ?? null, ytd_value: f.ytd?.[i] ?? null, unit: f.unit ?? null,
  }));
  return tradeSeries(records, f.query, context('/trade/vietnam', 'Vietnam Customs', f, records.length));
}

/** One trading day: open, high, low, close, volume. */
export type Ohlcv = readonly [number | null, number | null, number | null, number | null, number | null];

/** A stock or an index, day by day. */
export interface StockFixture extends FixtureProvenance {
  query: StockQuery;
  /** Of the prices (default 'thousand VND'; volume is in shares). */
  unit?: string | null;
  /** YYYY-MM-DD */
  periods: readonly string[];
  days: readonly Ohlcv[];
}

/** A Series of daily prices, through `stockSeries`. */
export function stockFixture(f: StockFixture): Series {
  const who = f.query.symbol !== undefined ? { symbol: f.query.symbol } : f.query.index !== undefined ? { index: f.query.index } : {};
  const records: StockRecord[] = f.periods.map((date, i) => {
    const [open, high, low, close, volume] = f.days[i] ?? [null, null, null, null, null];
    return { ...who, date, open, high, low, close, volume, unit: f.unit === undefined ? 'thousand VND' : f.unit };
  });
  return stockSeries(records, f.query, context('/stocks/vietnam', 'Vietnam stock exchanges (HOSE, HNX, UPCOM)', f, records.length));
}
