/**
 * What each ECON.* formula does, given the runtime: arguments to queries, queries through the
 * shared collector, Series to a spill. No Office API here (src/functions/functions.ts is the glue),
 * so tests call these, and the registered functions, without Excel.
 */
import { EconError, type QuotaStatus, type Series, type SeriesQuery } from '@econdata/core';
import type { AddinRuntime } from '../runtime/types.ts';
import { indicatorQueries, stockQueries, tradeQuery, type CellRange, type CellValue } from './args.ts';
import { missingColumn, seriesColumn, spill, stockColumns, tradeColumns, type SpillColumn, type SpillMatrix } from './spill.ts';

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

/** Loads every query at once (one collector job with every other formula of the recalculation). */
async function loadAll(rt: AddinRuntime, queries: readonly SeriesQuery[], ctx: CallContext): Promise<Loaded[]> {
  const options = { ...(ctx.address ? { address: ctx.address } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) };
  const settled = await Promise.allSettled(queries.map((q) => rt.load(q, options)));
  return settled.map((s, i) => (s.status === 'fulfilled' ? { query: queries[i]!, series: s.value } : { query: queries[i]!, error: s.reason as unknown }));
}

const isNoData = (e: unknown): boolean => e instanceof EconError && e.code === 'not_found';

/**
 * The series of a multi-series formula, or its failure: a query without data leaves an empty
 * column (its neighbours still show); any other failure fails the cell, since a partial block
 * would look complete.
 */
function columnsOrFail(loaded: readonly Loaded[], columnsOf: (l: Extract<Loaded, { series: Series }>) => SpillColumn[], missingHeader: (q: SeriesQuery) => string): SpillColumn[] {
  const failed = loaded.filter((l): l is Extract<Loaded, { error: unknown }> => 'error' in l);
  const hard = failed.find((l) => !isNoData(l.error));
  if (hard) throw new FormulaError(hard.error, hard.query);
  if (failed.length === loaded.length) throw new FormulaError(failed[0]!.error, failed[0]!.query);
  return loaded.flatMap((l) => ('series' in l ? columnsOf(l) : [missingColumn(missingHeader(l.query))]));
}

/** Runs argument parsing inside the formula's error handling: a bad argument fails this cell only. */
function parse<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    throw new FormulaError(error, undefined);
  }
}

/** =ECON.INDICATOR(...) */
export async function indicatorFormula(rt: AddinRuntime, args: [CellValue, CellRange, CellRange, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  const queries = parse(() => indicatorQueries(...args));
  const loaded = await loadAll(rt, queries, ctx);
  const label = (q: SeriesQuery): string => (q.kind === 'indicator' ? `${q.indicator}${q.country ? `: ${q.country}` : ''}` : q.kind);
  return spill(columnsOrFail(loaded, (l) => [seriesColumn(l.series, 0)], label));
}

/** =ECON.TRADE(...) */
export async function tradeFormula(rt: AddinRuntime, args: [CellValue?, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  const query = parse(() => tradeQuery(...args));
  const [loaded] = await loadAll(rt, [query], ctx);
  if (!loaded || 'error' in loaded) throw new FormulaError(loaded?.error, query);
  return spill(tradeColumns(loaded.series));
}

/** =ECON.STOCK(...) */
export async function stockFormula(rt: AddinRuntime, args: [CellRange, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  const { queries, fields } = parse(() => stockQueries(...args));
  const loaded = await loadAll(rt, queries, ctx);
  const several = queries.length > 1;
  const name = (q: SeriesQuery): string => (q.kind === 'stock' ? (q.symbol ?? q.index ?? 'stock') : q.kind);
  return spill(columnsOrFail(loaded, (l) => stockColumns(l.series, fields, several), name));
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
