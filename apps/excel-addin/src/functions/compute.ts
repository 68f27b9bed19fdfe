/**
 * What each ECON.* formula computes, given the runtime: arguments to queries, queries through the
 * shared collector, Series to a spill. The spill is sheets' values-only rendering of the same Grid
 * an inserted block writes (same headers, period cells and order; no formats, which custom
 * functions cannot set). No Office API here (src/functions/functions.ts is the glue), so tests
 * call these, and the registered functions, without Excel.
 */
import { fetchDerived, fetchShown, type DerivedRequest, type PlanOptions, type SeriesFetch, type ShownOptions, type Transform } from '@econdata/analysis';
import { EconError, type QuotaStatus, type Series, type SeriesQuery } from '@econdata/core';
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
 * The formulas' fetch, shaped like core's `fetchSeries`: each query through the runtime's shared
 * collector (one collector job with every other formula of the recalculation; core's planner packs
 * them into the fewest requests), last good values offline included.
 */
function collectorFetch(rt: AddinRuntime, ctx: CallContext): SeriesFetch<unknown> {
  const options = { ...(ctx.address ? { address: ctx.address } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) };
  return async (queries) => (await Promise.allSettled(queries.map((q) => rt.load(q, options)))).map((s) => (s.status === 'fulfilled' ? { ok: true, series: s.value } : { ok: false, error: s.reason as unknown }));
}

/**
 * How a formula's series are named: in the language the Connection tab chose (read while the
 * collector waits), from the runtime's catalogue; a catalogue that cannot be had leaves the names
 * as sent, so the cell still shows its data (last good values included) rather than failing for a
 * header. ECON.VALUE shows a number, no name: English, nothing asked.
 */
function formulaNames(rt: AddinRuntime, named: boolean): Pick<ShownOptions, 'names'> & Pick<PlanOptions, 'language'> {
  if (!named) return {};
  return { language: rt.nameLanguage(), names: { catalogue: (o) => rt.catalogue(o), unavailable: 'keep' } };
}

/**
 * Loads a formula's queries as they are shown (@econdata/analysis's `fetchShown`, the one path the
 * explorer and the taskpane take): widened for the transform, through the shared collector, named,
 * transformed back to the asked range. Each series keeps its own frequency (a spill lays mixed
 * frequencies out long). A refusal (a `Per` above the data, a Rebase period without a value) is its
 * query's failure, which fails the cell.
 */
export async function loadAll(rt: AddinRuntime, queries: readonly SeriesQuery[], t: Transform, ctx: CallContext, names = true): Promise<Loaded[]> {
  const results = await fetchShown(collectorFetch(rt, ctx), queries, t, { calendar: 'own', ...formulaNames(rt, names) });
  return results.map((r, i): Loaded => (r.ok ? { query: queries[i]!, series: r.series } : { query: queries[i]!, error: r.error }));
}

/** Derived series through the same path (analysis's `fetchDerived`): every operand through the collector, named, computed. */
export async function loadDerived(rt: AddinRuntime, request: DerivedRequest, ctx: CallContext): Promise<Series> {
  const operands = new Map<unknown, SeriesQuery>();
  const load = collectorFetch(rt, ctx);
  // Remember which operand a failure came from, so the cell's message can name its source.
  const fetch: SeriesFetch<unknown> = async (queries, options) => {
    const results = await load(queries, options);
    results.forEach((r, i) => { if (!r.ok) operands.set(r, queries[i]!); });
    return results;
  };
  const [result] = await fetchDerived(fetch, [request], formulaNames(rt, true));
  if (!result?.ok) throw new FormulaError(result?.error, result ? operands.get(result) : undefined);
  return result.series;
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

/** =ECON.INDICATOR(source, indicator, country, [start_year], [end_year], [frequency], [options]) */
export async function indicatorFormula(rt: AddinRuntime, args: [CellValue, CellRange, CellRange, CellValue?, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  const [source, indicator, country, start, end, frequency, options] = placeOptions(args, 3, 6);
  const queries = parse(() => indicatorQueries(source, indicator, country, start, end, frequency));
  const { transform: t, arrangement } = parse(() => optionsArg(options));
  const loaded = await loadAll(rt, queries, t, ctx);
  const label = (q: SeriesQuery): string => (q.kind === 'indicator' ? `${q.indicator}${q.country ? `: ${q.country}` : ''}` : q.kind);
  return parse(() => spillOf(seriesOrFail(loaded, label), arrangement));
}

/** =ECON.TRADE([flow], [partner], [hs_code], [period], [options]) */
export async function tradeFormula(rt: AddinRuntime, args: [CellValue?, CellValue?, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  const [flow, partner, hsCode, period, options] = placeOptions(args, 0, 4);
  const query = parse(() => tradeQuery(flow, partner, hsCode, period));
  const { transform: t, arrangement } = parse(() => optionsArg(options));
  const [loaded] = await loadAll(rt, [query], t, ctx);
  if (!loaded || 'error' in loaded) throw new FormulaError(loaded?.error, query);
  return parse(() => spillOf([loaded.series], arrangement));
}

/** =ECON.STOCK(symbol_or_index, [start_date], [end_date], [field], [options]) */
export async function stockFormula(rt: AddinRuntime, args: [CellRange, CellValue?, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  const [symbols, startDate, endDate, field, options] = placeOptions(args, 1, 4);
  const { queries, fields } = parse(() => stockQueries(symbols, startDate, endDate, field));
  const { transform: t, arrangement } = parse(() => optionsArg(options));
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
