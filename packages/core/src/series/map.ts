/**
 * Records to Series: the one normalized shape every sink consumes. Indicator records are grouped
 * by (indicator, country); trade records become one column per flow; stock records become the
 * open/high/low/close/volume columns. This is the boundary: periods are read into their canonical
 * form (periods.ts), sorted, repeated ones merged or refused (axis.ts), the records' identity, unit
 * and frequency checked (consistency.ts), and every Series built passes `assertSeries`.
 */
import type { SeriesQuery } from '../query.ts';
import type { Frequency, Provenance, Series, SeriesColumn } from '../series.ts';
import type { IndicatorRecord, ResponseMetadata, StockRecord, TradeRecord } from '../wire/records.ts';
import { assertSeries } from './assert.ts';
import { conflict, describeRecord, refusal, settleAxis } from './axis.ts';
import { describeIndicator, indicatorFrequency, indicatorIdentity, oneUnit, rawPeriod, unreadablePeriod } from './consistency.ts';
import { isCanonicalPeriod, normalizePeriod, yearPeriod } from './periods.ts';

/** What every mapping needs besides the records. */
export interface MapContext {
  metadata: ResponseMetadata;
  retrievedAt: string;
  endpoint: string;
  stale?: boolean;
}

/** The fields that name a record in messages. */
const TRADE_FIELDS = ['flow', 'partner', 'hs_code', 'period'] as const;
const STOCK_FIELDS = ['symbol', 'index', 'date'] as const;
const OHLCV = ['open', 'high', 'low', 'close', 'volume'] as const;

function provenance(ctx: MapContext, query: SeriesQuery): Provenance {
  const p: Provenance = { source: ctx.metadata.source, last_updated: ctx.metadata.last_updated ?? null, retrieved_at: ctx.retrievedAt, endpoint: ctx.endpoint, query };
  if (ctx.stale) p.stale = true;
  return p;
}


/** `text.toUpperCase()`, without the call when it would change nothing (codes and sources mostly come upper-case). */
function upper(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c > 127) return text.toUpperCase();
  }
  return text;
}

/** Stable identity of the Series a query yields. */
export function seriesId(q: SeriesQuery): string {
  if (q.kind === 'indicator') {
    const years = q.start_year !== undefined || q.end_year !== undefined ? `:${q.start_year ?? ''}-${q.end_year ?? ''}` : '';
    return `indicator:${upper(q.source)}:${q.indicator}:${upper(q.country ?? '')}${q.frequency ? `:${q.frequency}` : ''}${years}`;
  }
  if (q.kind === 'trade') {
    const months = q.start_period !== undefined || q.end_period !== undefined ? `:${q.start_period ?? ''}..${q.end_period ?? ''}` : '';
    return `trade:${q.flow ?? '*'}:${q.partner ?? 'WLD'}:${q.hs_code ?? 'TOTAL'}${q.period ? `:${q.period}` : ''}${months}`;
  }
  const range = q.start_date !== undefined || q.end_date !== undefined ? `:${q.start_date ?? ''}..${q.end_date ?? ''}` : '';
  return `stock:${q.symbol ? q.symbol.toUpperCase() : q.index ?? ''}${range}`;
}

/** The period axis of one indicator Series, with what its records agree on. */
interface IndicatorAxis {
  unit: string | null;
  frequency: Frequency;
  periods: string[];
  values: Array<number | null>;
  projections: Array<boolean | null> | undefined;
}

/** The (unfilled) values array for the records' values. */
function valuesFor(records: readonly IndicatorRecord[]): Array<number | null> {
  const n = records.length;
  const values = new Array<number | null>(n);
  // With a null among them, the array is made for any value from the start (a null first, which
  // every slot's value then overwrites): the numbers are kept as JSON.parse made them, not first
  // copied into a number-only array and then boxed again when the null comes.
  for (let i = 0; i < n; i++) {
    if (records[i]!.value === null) {
      values[0] = null;
      break;
    }
  }
  return values;
}

/**
 * The service's common answer in one pass over the records: annual records without `period` or a
 * projection flag, of the asked country as given, one indicator, country and unit. Returns the axis
 * `readAxis` would build for them (sorted by `settleAxis` only when the years are not already
 * ascending), or undefined at the first record outside that case: `readAxis` then reads them all,
 * and refuses what it must with its own messages. Decides nothing `readAxis` would not.
 */
function plainAnnualAxis(records: readonly IndicatorRecord[], asked: string | undefined, id: string): IndicatorAxis | undefined {
  const first = records[0];
  if (first === undefined || (asked !== undefined && first.country_code !== asked)) return undefined;
  const code = first.indicator_code;
  const country = first.country_code;
  const n = records.length;
  const periods = new Array<string>(n);
  const values = valuesFor(records);
  let unit: string | null = null;
  let previous = 0;
  let ordered = true;
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    const year = r.year;
    if (r.indicator_code !== code || r.country_code !== country || r.period !== undefined || !(year >= 1000 && year <= 9999)) return undefined;
    if (r.is_projection === true || r.is_projection === false) return undefined;
    const u = r.unit;
    if (u !== null && u !== undefined) {
      if (unit === null) unit = u;
      else if (u !== unit) return undefined;
    }
    if (year <= previous) ordered = false;
    previous = year;
    periods[i] = yearPeriod(year);
    values[i] = r.value;
  }
  if (!ordered) settleAxis({ periods, columns: [values], flags: undefined, records, describe: describeIndicator }, id);
  return { unit, frequency: 'annual', periods, values, projections: undefined };
}

/** Any indicator answer: identity, unit and frequency checked (consistency.ts), periods read into their canonical form, the axis settled. */
function readAxis(records: readonly IndicatorRecord[], query: Extract<SeriesQuery, { kind: 'indicator' }>, id: string): IndicatorAxis {
  const unit = indicatorIdentity(records, query.country, id);
  const frequency = indicatorFrequency(records, query.frequency, id);
  const n = records.length;
  const periods = new Array<string>(n);
  const values = valuesFor(records);
  let projections: Array<boolean | null> | undefined;
  for (let i = 0; i < n; i++) {
    const r = records[i]!;
    // The common case first: an annual record without `period` is its four-digit year.
    if (r.period === undefined && frequency === 'annual' && r.year >= 1000 && r.year <= 9999) periods[i] = yearPeriod(r.year);
    else {
      const raw = rawPeriod(r);
      const period = normalizePeriod(raw, frequency);
      if (period === null) throw unreadablePeriod(describeIndicator(r), raw, frequency);
      periods[i] = period;
    }
    values[i] = r.value;
    // The flag marks what the IMF calls projections. null means the IMF gives no last-actual year
    // (PPP series, country groups, fiscal-year reporters): a series of nulls gets no flag at all,
    // rather than one saying "actual" for years that may well be projections.
    if (r.is_projection === true || r.is_projection === false) (projections ??= new Array<boolean | null>(n).fill(null))[i] = r.is_projection;
  }
  settleAxis({ periods, columns: [values], flags: projections, records, describe: describeIndicator }, id);
  return { unit, frequency, periods, values, projections };
}

/** One Series from the records of one (indicator, country); `records` may be empty. */
export function indicatorSeries(records: readonly IndicatorRecord[], query: Extract<SeriesQuery, { kind: 'indicator' }>, ctx: MapContext): Series {
  const id = seriesId(query);
  const plain = query.frequency === undefined || query.frequency === 'annual' ? plainAnnualAxis(records, query.country, id) : undefined;
  const { unit, frequency, periods, values, projections } = plain ?? readAxis(records, query, id);
  const first = records[0];
  const name = first?.indicator_name ?? query.indicator;
  const country = upper(query.country ?? first?.country_code ?? '');
  const source = upper(query.source);
  const countryName = first?.country_name;
  // Each combination is one object literal rather than keys added afterwards: an object grown key by
  // key takes shapes nothing else holds, which a collection drops along with the compiled mapping.
  const dimensions: Record<string, string> = country
    ? countryName
      ? { source, indicator: query.indicator, indicator_name: name, country, country_name: countryName }
      : { source, indicator: query.indicator, indicator_name: name, country }
    : countryName
      ? { source, indicator: query.indicator, indicator_name: name, country_name: countryName }
      : { source, indicator: query.indicator, indicator_name: name };
  const series: Series = {
    id,
    kind: 'indicator',
    title: countryName ? `${name}: ${countryName}` : name,
    frequency,
    dimensions,
    columns: [{ key: 'value', label: name, unit }],
    periods,
    values: [values],
    provenance: provenance(ctx, query),
  };
  if (projections) series.flags = { is_projection: projections.map((f) => f === true) };
  return assertSeries(series);
}

/** Groups indicator records by `indicator_code|country_code` (one pass, order kept). */
export function groupIndicatorRecords(records: readonly IndicatorRecord[]): Map<string, IndicatorRecord[]> {
  const groups = new Map<string, IndicatorRecord[]>();
  // The service sends a series' records together: each run of records of one series is copied
  // into its group at once (one array of the right size), without a key built per record.
  const n = records.length;
  let start = 0;
  while (start < n) {
    const first = records[start]!;
    const code = first.indicator_code;
    const country = first.country_code;
    let end = start + 1;
    while (end < n && records[end]!.indicator_code === code && records[end]!.country_code === country) end++;
    const k = `${code}|${country ?? ''}`;
    const g = groups.get(k);
    if (g === undefined) groups.set(k, records.slice(start, end));
    else for (let i = start; i < end; i++) g.push(records[i]!);
    start = end;
  }
  return groups;
}

/**
 * One Series of trade: a `value` and `ytd_value` column per flow present ('exports.value', ...).
 * When the records span several partners or HS codes, each combination gets its own columns
 * ('exports.US.TOTAL.value'), so no value overwrites another.
 */
export function tradeSeries(records: readonly TradeRecord[], query: Extract<SeriesQuery, { kind: 'trade' }>, ctx: MapContext): Series {
  const id = seriesId(query);
  const describe = (r: TradeRecord): string => describeRecord(r, TRADE_FIELDS);
  const combos = new Set(records.map((r) => `${r.partner}|${r.hs_code}`));
  const split = combos.size > 1;
  const groupOf = (r: TradeRecord): string => (split ? `${r.flow}.${r.partner}.${r.hs_code}` : r.flow);
  const groups = [...new Set(records.map(groupOf))];
  const flows = [...new Set(records.map((r) => r.flow))];
  if (groups.length === 0 && query.flow) groups.push(query.flow);
  const recordPeriods = records.map((r) => {
    const period = normalizePeriod(r.period, 'monthly');
    if (period === null) throw unreadablePeriod(describe(r), r.period, 'monthly');
    return period;
  });
  const periods = [...new Set(recordPeriods)].sort();
  const at = new Map(periods.map((p, i) => [p, i]));
  const columns: SeriesColumn[] = [];
  const values: Array<Array<number | null>> = [];
  for (const group of groups) {
    const [flow = group, ...rest] = group.split('.');
    const label = `${flow.charAt(0).toUpperCase()}${flow.slice(1)}${rest.length ? ` (${rest.join(', ')})` : ''}`;
    const members = records.map((r, k) => k).filter((k) => groupOf(records[k]!) === group);
    // Each column pair carries its own records' unit: one unit per column, refused when they disagree.
    const unit = oneUnit(members.map((k) => records[k]!), id, describe);
    columns.push({ key: `${group}.value`, label, unit }, { key: `${group}.ytd_value`, label: `${label}, year to date`, unit });
    const v = new Array<number | null>(periods.length).fill(null);
    const ytd = new Array<number | null>(periods.length).fill(null);
    const from = new Array<number>(periods.length).fill(-1);
    for (const k of members) {
      const r = records[k]!;
      const i = at.get(recordPeriods[k]!)!;
      const ytdValue = r.ytd_value ?? null;
      const seen = from[i]!;
      if (seen >= 0) {
        // The same month of the same flow twice: the same figures are one observation, different ones a conflict.
        if (v[i] === r.value && ytd[i] === ytdValue) continue;
        throw conflict(id, periods[i]!, `${v[i]}/${ytd[i]} in ${describe(records[seen]!)}`, `${r.value}/${ytdValue} in ${describe(r)}`);
      }
      from[i] = k;
      v[i] = r.value;
      ytd[i] = ytdValue;
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
  return assertSeries({
    id, kind: 'trade',
    title: `Vietnam trade: ${flows.join(', ') || 'no data'} (${what})`,
    frequency: 'monthly', dimensions, columns, periods, values, provenance: provenance(ctx, query),
  });
}


/** One Series of daily prices: open, high, low, close (in the record's unit) and volume (shares). */
export function stockSeries(records: readonly StockRecord[], query: Extract<SeriesQuery, { kind: 'stock' }>, ctx: MapContext): Series {
  const id = seriesId(query);
  const describe = (r: StockRecord): string => describeRecord(r, STOCK_FIELDS);
  const first = records[0];
  for (const r of records) {
    // Daily periods are taken as given: a real calendar day written YYYY-MM-DD, nothing else.
    if (!isCanonicalPeriod(r.date, 'daily')) throw unreadablePeriod(describe(r), r.date, 'daily');
    if (first && ((r.symbol ?? null) !== (first.symbol ?? null) || (r.index ?? null) !== (first.index ?? null))) {
      throw refusal(`series ${JSON.stringify(id)} holds records of different symbols: ${describe(first)} and ${describe(r)}`);
    }
    const asked = query.symbol ?? query.index;
    const said = query.symbol !== undefined ? r.symbol : r.index;
    if (asked !== undefined && said !== undefined && said.toUpperCase() !== asked.toUpperCase()) {
      throw refusal(`series ${JSON.stringify(id)} asked for ${asked}, but ${describe(r)} is for ${said}`);
    }
  }
  const unit = oneUnit(records, id, describe);
  const periods = records.map((r) => r.date);
  const values = OHLCV.map((f) => records.map((r) => (r[f] === undefined ? null : r[f])));
  settleAxis({ periods, columns: values, records, describe }, id);
  const columns: SeriesColumn[] = OHLCV.map((f) => ({ key: f, label: f.charAt(0).toUpperCase() + f.slice(1), unit: f === 'volume' ? 'shares' : unit }));
  const what = query.symbol ? query.symbol.toUpperCase() : query.index ?? '';
  const dimensions: Record<string, string> = query.symbol ? { symbol: what } : { index: what };
  return assertSeries({ id, kind: 'stock', title: `${what} daily prices`, frequency: 'daily', dimensions, columns, periods, values, provenance: provenance(ctx, query) });
}
