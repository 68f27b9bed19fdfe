/**
 * Queries through an @econdata/analysis transform, for the taskpane's blocks (insert and refresh):
 * fetch what `widenQuery` says (2000's growth needs 1999), then `applyTransform` back to the range
 * the user asked for. The same engine and steps as the ECON.* formulas; an empty text is no
 * transform (the queries go as they are).
 */
import { applyTransform, widenQuery } from '@econdata/analysis';
import { isEconError, type SeriesQuery, type SeriesResult } from '@econdata/core';

export type FetchSeries = (queries: SeriesQuery[]) => Promise<SeriesResult[]>;

/**
 * The queries to fetch for `asked` under `transform`. Throws core's InvalidParameterError before
 * any request for a transform the queries cannot take (`Per=M` on annual data).
 */
export function queriesToFetch(asked: readonly SeriesQuery[], transform: string | undefined): SeriesQuery[] {
  return transform ? asked.map((q) => widenQuery(q, transform)) : [...asked];
}

/** A fetched answer as the user asked for it: transformed to the asked range; a transform the data refuses (a Rebase period without a value) is that query's failure. */
export function askedResult(result: SeriesResult, asked: SeriesQuery, transform: string | undefined): SeriesResult {
  if (!transform || !result.ok) return result;
  try {
    return { ok: true, series: applyTransform(result.series, transform, asked) };
  } catch (error) {
    if (!isEconError(error)) throw error;
    return { ok: false, error };
  }
}

/**
 * Fetches `asked` through `transform`, one result per asked query.
 *
 * @example const results = await fetchTransformed((q) => client.fetchSeries(q), [gdpQuery], 'Units=pc1');
 */
export async function fetchTransformed(fetchSeries: FetchSeries, asked: readonly SeriesQuery[], transform: string | undefined): Promise<SeriesResult[]> {
  const results = await fetchSeries(queriesToFetch(asked, transform));
  // fetchSeries answers every query, in order.
  return results.map((r, i) => askedResult(r, asked[i]!, transform));
}
