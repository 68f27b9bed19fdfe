/**
 * How the explorer turns clicks into derived requests (@econdata/analysis's DerivedRequest): a
 * preset over every series on a chart, a new result transform over a derived view, and what a
 * derived view fetches and exports. Pure, so each rewrite is unit-tested; what a request means is
 * analysis's, and main computes it (series.derive).
 */
import { presetRequest, type DerivedRequest, type PresetId } from '@econdata/analysis';
import type { SeriesQuery } from '@econdata/core';

/**
 * A preset over each series shown: it is operand a, the preset's World Bank indicator for the same
 * country and years is b. The chart's transform becomes the result's, so "% change" of GDP per
 * capita is the growth of the per-capita value (`pc1(a/b)`), not a ratio of two growth rates.
 * @example presetRequests('per_capita', [gdpVN, gdpTH], 'Units=pc1') // two requests, a/b each, Units=pc1 on the result
 */
export function presetRequests(id: PresetId, queries: readonly SeriesQuery[], transform: string): DerivedRequest[] {
  return queries.map((query) => presetRequest(id, { query }, transform || undefined));
}

/** The same derived series under another result transform ('' for none). */
export function withResultTransform(requests: readonly DerivedRequest[], transform: string): DerivedRequest[] {
  return requests.map(({ transform: _old, ...rest }) => (transform ? { ...rest, transform } : rest));
}

/** The queries a derived view's operands ask (what an export of it names as fetched). */
export function operandQueries(requests: readonly DerivedRequest[]): SeriesQuery[] {
  return requests.flatMap((r) => r.operands.map((o) => o.query));
}

/** The result transform a derived view shows ('' when its requests differ or have none). */
export function resultTransform(requests: readonly DerivedRequest[]): string {
  const first = requests[0]?.transform ?? '';
  return requests.every((r) => (r.transform ?? '') === first) ? first : '';
}

/** The words every derived series of a view ends its title with ('per capita'), said once in the view's name; '' when they differ. */
export function derivedWords(requests: readonly DerivedRequest[]): string {
  const first = requests[0]?.words ?? '';
  return requests.every((r) => (r.words ?? '') === first) ? first : '';
}
