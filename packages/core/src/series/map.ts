/**
 * Records to Series: the one normalized shape every sink consumes. Indicator records are grouped
 * by (indicator, country); trade records become one column per flow; stock records become the
 * open/high/low/close/volume columns.
 */
import type { SeriesQuery } from '../query.ts';
import { frequencyOfPeriod, type Provenance, type Series, type SeriesColumn } from '../series.ts';
import type { IndicatorRecord, ResponseMetadata, StockRecord, TradeRecord } from '../wire/records.ts';

/** What every mapping needs besides the records. */
export interface MapContext {
  metadata: ResponseMetadata;
  retrievedAt: string;
  endpoint: string;
  stale?: boolean;
}

function provenance(ctx: MapContext, query: SeriesQuery): Provenance {
  const p: Provenance = { source: ctx.metadata.source, last_updated: ctx.metadata.last_updated ?? null, retrieved_at: ctx.retrievedAt, endpoint: ctx.endpoint, query };
  if (ctx.stale) p.stale = true;
  return p;
}


/** Stable identity of the Series a query yields. */
export function seriesId(q: SeriesQuery): string {
  if (q.kind === 'indicator') {
    const years = q.start_year !== undefined || q.end_year !== undefined ? `:${q.start_year ?? ''}-${q.end_year ?? ''}` : '';
    return `indicator:${q.source.toUpperCase()}:${q.indicator}:${(q.country ?? '').toUpperCase()}${q.frequency ? `:${q.frequency}` : ''}${years}`;
  }
  if (q.kind === 'trade') return `trade:${q.flow ?? '*'}:${q.partner ?? 'WLD'}:${q.hs_code ?? 'TOTAL'}${q.period ? `:${q.period}` : ''}`;
  const range = q.start_date !== undefined || q.end_date !== undefined ? `:${q.start_date ?? ''}..${q.end_date ?? ''}` : '';
  return `stock:${q.symbol ? q.symbol.toUpperCase() : q.index ?? ''}${range}`;
}

/** Sorts a period axis with its values when the service did not (it promises sorted records). */
function ensureAscending(periods: string[], columns: Array<Array<number | null>>, flags?: boolean[]): void {
  let sorted = true;
  for (let i = 1; i < periods.length; i++) if (periods[i - 1]! > periods[i]!) { sorted = false; break; }
  if (sorted) return;
  const order = periods.map((_, i) => i).sort((a, b) => (periods[a]! < periods[b]! ? -1 : periods[a]! > periods[b]! ? 1 : 0));
  const p = order.map((i) => periods[i]!);
  periods.splice(0, periods.length, ...p);
  for (const col of columns) {
    const c = order.map((i) => col[i] ?? null);
    col.splice(0, col.length, ...c);
  }
  if (flags) {
    const f = order.map((i) => flags[i] ?? false);
    flags.splice(0, flags.length, ...f);
  }
}

/** One Series from the records of one (indicator, country); `records` may be empty. */
export function indicatorSeries(records: readonly IndicatorRecord[], query: Extract<SeriesQuery, { kind: 'indicator' }>, ctx: MapContext): Series {
  const first = records[0];
  const periods = new Array<string>(records.length);
  const values = new Array<number | null>(records.length);
  let projections: boolean[] | undefined;
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    periods[i] = r.period ?? String(r.year);
    values[i] = r.value;
    // The flag marks what the IMF calls projections. null means the IMF gives no last-actual year
    // (PPP series, country groups, fiscal-year reporters): a series of nulls gets no flag at all,
    // rather than one saying "actual" for years that may well be projections.
    if (r.is_projection === true || r.is_projection === false) (projections ??= new Array<boolean>(records.length).fill(false))[i] = r.is_projection;
  }
  ensureAscending(periods, [values], projections);
  const name = first?.indicator_name ?? query.indicator;
  const country = (query.country ?? first?.country_code ?? '').toUpperCase();
  const dimensions: Record<string, string> = { source: query.source.toUpperCase(), indicator: query.indicator, indicator_name: name };
  if (country) dimensions['country'] = country;
  if (first?.country_name) dimensions['country_name'] = first.country_name;
  const series: Series = {
    id: seriesId(query),
    kind: 'indicator',
    title: first?.country_name ? `${name}: ${first.country_name}` : name,
    frequency: query.frequency ?? (first?.period === undefined ? null : frequencyOfPeriod(first.period)) ?? 'annual',
    dimensions,
    columns: [{ key: 'value', label: name, unit: first?.unit ?? null }],
    periods,
    values: [values],
    provenance: provenance(ctx, query),
  };
  if (projections) series.flags = { is_projection: projections };
  return series;
}

/** Groups indicator records by `indicator_code|country_code` (one pass, order kept). */
export function groupIndicatorRecords(records: readonly IndicatorRecord[]): Map<string, IndicatorRecord[]> {
  const groups = new Map<string, IndicatorRecord[]>();
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    const k = `${r.indicator_code}|${r.country_code ?? ''}`;
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  return groups;
}

/**
 * One Series of trade: a `value` and `ytd_value` column per flow present ('exports.value', ...).
 * When the records span several partners or HS codes, each combination gets its own columns
 * ('exports.US.TOTAL.value'), so no value overwrites another.
 */
export function tradeSeries(records: readonly TradeRecord[], query: Extract<SeriesQuery, { kind: 'trade' }>, ctx: MapContext): Series {
  const combos = new Set(records.map((r) => `${r.partner}|${r.hs_code}`));
  const split = combos.size > 1;
  const groupOf = (r: TradeRecord): string => (split ? `${r.flow}.${r.partner}.${r.hs_code}` : r.flow);
  const groups = [...new Set(records.map(groupOf))];
  const flows = [...new Set(records.map((r) => r.flow))];
  if (groups.length === 0 && query.flow) groups.push(query.flow);
  const periods = [...new Set(records.map((r) => r.period))].sort();
  const at = new Map(periods.map((p, i) => [p, i]));
  const unit = records[0]?.unit ?? null;
  const columns: SeriesColumn[] = [];
  const values: Array<Array<number | null>> = [];
  for (const group of groups) {
    const [flow = group, ...rest] = group.split('.');
    const label = `${flow.charAt(0).toUpperCase()}${flow.slice(1)}${rest.length ? ` (${rest.join(', ')})` : ''}`;
    columns.push({ key: `${group}.value`, label, unit }, { key: `${group}.ytd_value`, label: `${label}, year to date`, unit });
    const v = new Array<number | null>(periods.length).fill(null);
    const ytd = new Array<number | null>(periods.length).fill(null);
    for (const r of records) {
      if (groupOf(r) !== group) continue;
      const i = at.get(r.period)!;
      v[i] = r.value;
      ytd[i] = r.ytd_value ?? null;
    }
    values.push(v, ytd);
  }
  const first = records[0];
  const partner = query.partner ?? (split ? [...new Set(records.map((r) => r.partner))].join(',') : first?.partner ?? 'WLD');
  const hs = query.hs_code ?? (split ? [...new Set(records.map((r) => r.hs_code))].join(',') : first?.hs_code ?? 'TOTAL');
  const dimensions: Record<string, string> = { flow: query.flow ?? flows.join(','), partner, hs_code: hs };
  if (!split && first?.partner_name) dimensions['partner_name'] = first.partner_name;
  if (!split && first?.hs_description) dimensions['hs_description'] = first.hs_description;
  const what = split ? `${partner}; ${hs}` : `${first?.partner_name ?? partner}, ${first?.hs_description ?? hs}`;
  return {
    id: seriesId(query), kind: 'trade',
    title: `Vietnam trade: ${flows.join(', ') || 'no data'} (${what})`,
    frequency: 'monthly', dimensions, columns, periods, values, provenance: provenance(ctx, query),
  };
}

const OHLCV = ['open', 'high', 'low', 'close', 'volume'] as const;

/** One Series of daily prices: open, high, low, close (in the record's unit) and volume (shares). */
export function stockSeries(records: readonly StockRecord[], query: Extract<SeriesQuery, { kind: 'stock' }>, ctx: MapContext): Series {
  const periods = records.map((r) => r.date);
  const values = OHLCV.map((f) => records.map((r) => (r[f] === undefined ? null : r[f])));
  ensureAscending(periods, values);
  const unit = records[0]?.unit ?? null;
  const columns: SeriesColumn[] = OHLCV.map((f) => ({ key: f, label: f.charAt(0).toUpperCase() + f.slice(1), unit: f === 'volume' ? 'shares' : unit }));
  const what = query.symbol ? query.symbol.toUpperCase() : query.index ?? '';
  const dimensions: Record<string, string> = query.symbol ? { symbol: what } : { index: what };
  return { id: seriesId(query), kind: 'stock', title: `${what} daily prices`, frequency: 'daily', dimensions, columns, periods, values, provenance: provenance(ctx, query) };
}
