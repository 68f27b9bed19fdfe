/**
 * What each ECON.* formula computes, given the runtime: arguments to queries, queries through the
 * shared collector, Series to a spill. The spill is sheets' values-only rendering of the same Grid
 * an inserted block writes (same headers, period cells and order; no formats, which custom
 * functions cannot set). No Office API here (src/functions/functions.ts is the glue), so tests
 * call these, and the registered functions, without Excel.
 */
import { applyTransform, isIdentity, widenQuery, type Transform } from '@econdata/analysis';
import { EconError, seriesNamer, type QuotaStatus, type Series, type SeriesQuery } from '@econdata/core';
import { gridValues, layoutSeries, type Arrangement, type PlainValue } from '@econdata/sheets';
import type { AddinRuntime } from '../runtime/types.ts';
import { indicatorQueries, stockQueries, tradeQuery, optionsArg, placeOptions, type CellRange, type CellValue, type StockField } from './args.ts';

/** What a formula spills: a header row, then one row per period; a missing value is an empty cell (never 0). */
export type SpillMatrix = PlainValue[][];

/** A formula's failure, with the query that failed (for the message). */
export class FormulaError extends Error {
  override readonly name = 'FormulaError';
  constructor(readonly error: unknown, readonly query: SeriesQuery | undefined) {
    super(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

export interface CallContext {
  address?: string;
  signal?: AbortSignal;
}

type Loaded = { query: SeriesQuery; series: Series } | { query: SeriesQuery; error: unknown };

/**
 * Loads every query at once (one collector job with every other formula of the recalculation).
 * With a transform, each query is widened first (analysis's widenQuery: 2000's growth needs 1999;
 * the same range for queries the planner batches together, so no extra request) and the answer
 * transformed back to the asked range. A transform that fails on the data (a Rebase period
 * without a value) fails only this formula's cell. Series are named in the language the Connection
 * tab chose (core's `seriesNamer`) before the transform adds to their titles, unless `names` is
 * false (ECON.VALUE shows a number, no name).
 */
export async function loadAll(rt: AddinRuntime, queries: readonly SeriesQuery[], t: Transform, ctx: CallContext, names = true): Promise<Loaded[]> {
  const options = { ...(ctx.address ? { address: ctx.address } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) };
  const plain = isIdentity(t);
  const fetched = parse(() => (plain ? queries : queries.map((q) => widenQuery(q, t))));
  const settled = await Promise.allSettled(fetched.map((q) => rt.load(q, options)));
  const name = names ? await namer(rt, settled) : (s: Series): Series => s;
  return settled.map((s, i): Loaded => {
    const query = queries[i]!;
    if (s.status === 'rejected') return { query, error: s.reason as unknown };
    if (plain) return { query, series: name(s.value) };
    try {
      return { query, series: applyTransform(name(s.value), t, query) };
    } catch (error) {
      throw new FormulaError(error, query);
    }
  });
}

/**
 * How the loaded series are named: English as the service sends them, or the chosen language from
 * the catalogue (core fetches it once and keeps it in the cache; only asked when an indicator
 * series is there to name). A catalogue that cannot be had leaves the names as sent: the cell
 * still shows its data (last good values included) rather than failing for a header.
 */
async function namer(rt: AddinRuntime, settled: ReadonlyArray<PromiseSettledResult<Series>>): Promise<(s: Series) => Series> {
  const same = (s: Series): Series => s;
  if (!settled.some((s) => s.status === 'fulfilled' && s.value.kind === 'indicator')) return same;
  const language = await rt.nameLanguage();
  const client = rt.client;
  if (language === 'en' || !client) return same;
  try {
    return seriesNamer(await client.catalogue(), language);
  } catch {
    return same;
  }
}

const isNoData = (e: unknown): boolean => e instanceof EconError && e.code === 'not_found';

/**
 * The series of a multi-series formula, or its failure: a query without data keeps its place as an
 * empty column (its neighbours still show); any other failure fails the cell, since a partial
 * block would look complete.
 */
function seriesOrFail(loaded: readonly Loaded[], missingHeader: (q: SeriesQuery) => string, shape: (s: Series) => Series = (s) => s): Series[] {
  const failed = loaded.filter((l): l is Extract<Loaded, { error: unknown }> => 'error' in l);
  const hard = failed.find((l) => !isNoData(l.error));
  if (hard) throw new FormulaError(hard.error, hard.query);
  if (failed.length === loaded.length) throw new FormulaError(failed[0]!.error, failed[0]!.query);
  const shaped = loaded.map((l) => ('series' in l ? shape(l.series) : undefined));
  const frequency = shaped.find((s) => s !== undefined)!.frequency;
  return loaded.map((l, i) => shaped[i] ?? noDataSeries(l.query, `${missingHeader(l.query)} (no data)`, frequency));
}

/**
 * A placeholder for a query without data: no periods, one column, so the layout gives it an empty
 * column headed by `title` on the shared axis. Only ever laid out, never shown as a Series.
 */
function noDataSeries(query: SeriesQuery, title: string, frequency: Series['frequency']): Series {
  return {
    id: `no-data:${title}`, kind: query.kind, title, frequency, dimensions: {},
    columns: [{ key: 'value', label: title, unit: null }], periods: [], values: [[]],
    provenance: { source: '', last_updated: null, retrieved_at: '', endpoint: '', query },
  };
}

/**
 * The spill of some Series: the header and data rows of the Grid an inserted block would hold,
 * arranged by the formula's layout options. Periods are their text ('2015', '2024-Q1'): a custom
 * function cannot set a number format, and a bare serial day reads 42005, not 2015.
 */
export function spillOf(series: readonly Series[], arrangement?: Arrangement): SpillMatrix {
  return gridValues(layoutSeries(series, { orientation: 'auto', provenance: false, ...(arrangement ? { arrangement } : {}) }), { periods: 'text' });
}

/**
 * A stock series with only the chosen fields. With one field left, its title is what a block's
 * header calls that column ('VNM: Close'), since a one-column series is headed by its title.
 */
function withFields(series: Series, fields: readonly StockField[]): Series {
  const keep = series.columns.map((c, i) => i).filter((i) => fields.includes(series.columns[i]!.key as StockField));
  if (keep.length === series.columns.length) return series;
  const who = series.dimensions['symbol'] ?? series.dimensions['index'] ?? series.title;
  const only = keep.length === 1 ? series.columns[keep[0]!]! : undefined;
  return {
    ...series,
    ...(only ? { title: `${who}: ${only.label}` } : {}),
    columns: keep.map((i) => series.columns[i]!),
    values: keep.map((i) => series.values[i]!),
  };
}

/** Runs argument parsing inside the formula's error handling: a bad argument fails this cell only. */
function parse<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    throw error instanceof FormulaError ? error : new FormulaError(error, undefined);
  }
}

/** =ECON.INDICATOR(source, indicator, country, [start_year], [end_year], [frequency], [transform]) */
export async function indicatorFormula(rt: AddinRuntime, args: [CellValue, CellRange, CellRange, CellValue?, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  const [source, indicator, country, start, end, frequency, transform] = placeOptions(args, 3, 6);
  const queries = parse(() => indicatorQueries(source, indicator, country, start, end, frequency));
  const { transform: t, arrangement } = parse(() => optionsArg(transform));
  const loaded = await loadAll(rt, queries, t, ctx);
  const label = (q: SeriesQuery): string => (q.kind === 'indicator' ? `${q.indicator}${q.country ? `: ${q.country}` : ''}` : q.kind);
  return parse(() => spillOf(seriesOrFail(loaded, label), arrangement));
}

/** =ECON.TRADE([flow], [partner], [hs_code], [period], [transform]) */
export async function tradeFormula(rt: AddinRuntime, args: [CellValue?, CellValue?, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  const [flow, partner, hsCode, period, transform] = placeOptions(args, 0, 4);
  const query = parse(() => tradeQuery(flow, partner, hsCode, period));
  const { transform: t, arrangement } = parse(() => optionsArg(transform));
  const [loaded] = await loadAll(rt, [query], t, ctx);
  if (!loaded || 'error' in loaded) throw new FormulaError(loaded?.error, query);
  return parse(() => spillOf([loaded.series], arrangement));
}

/** =ECON.STOCK(symbol_or_index, [start_date], [end_date], [field], [transform]) */
export async function stockFormula(rt: AddinRuntime, args: [CellRange, CellValue?, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  const [symbols, startDate, endDate, field, transform] = placeOptions(args, 1, 4);
  const { queries, fields } = parse(() => stockQueries(symbols, startDate, endDate, field));
  const { transform: t, arrangement } = parse(() => optionsArg(transform));
  const loaded = await loadAll(rt, queries, t, ctx);
  const name = (q: SeriesQuery): string => (q.kind === 'stock' ? (q.symbol ?? q.index ?? 'stock') : q.kind);
  return parse(() => spillOf(seriesOrFail(loaded, name, (s) => withFields(s, fields)), arrangement));
}

/** When a window next gains room, as Excel-friendly UTC text. */
function resetText(at: Date | null): string {
  return at ? `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
}

/** =ECON.QUOTA(): the ledger's windows as a small table. */
export function quotaMatrix(status: QuotaStatus): SpillMatrix {
  const row = (name: string, w: QuotaStatus['minute']): SpillMatrix[number] => [name, w.used, w.limit ?? 'unlimited', w.remaining ?? '', resetText(w.resetAt)];
  return [
    ['Window', 'Used', 'Limit', 'Remaining', 'Next room'],
    row('This minute', status.minute),
    row('Last 24 hours', status.day),
    ['Plan', status.plan, '', '', status.exhausted ? 'Daily limit reached' : ''],
  ];
}
