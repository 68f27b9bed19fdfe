/**
 * When to show the cost preview before a fetch, and how the GSO frequency switch rewrites queries.
 * Pure, so the thresholds and rewrites are unit-tested.
 */
import type { Estimate, GsoFrequency, SeriesQuery } from '@econdata/core';

/** Above this many requests a fetch asks first, even when the quota has room. */
const LARGE_FETCH_REQUESTS = 5;

/** The cost preview is shown when the fetch is large or does not fit the quota left. */
export function needsConfirmation(estimate: Estimate): boolean {
  if (estimate.requests > LARGE_FETCH_REQUESTS) return true;
  const q = estimate.quota;
  return q !== undefined && (!q.fitsToday || !q.fitsThisMinute);
}

/** Whether a set of queries are GSO indicators, whose frequency the series view can switch. */
export function isGsoFetch(queries: readonly SeriesQuery[]): boolean {
  return queries.length > 0 && queries.every((q) => q.kind === 'indicator' && q.source === 'GSO');
}

/** The same GSO queries at another frequency. */
export function withFrequency(queries: readonly SeriesQuery[], frequency: GsoFrequency): SeriesQuery[] {
  return queries.map((q) => (q.kind === 'indicator' && q.source === 'GSO' ? { ...q, frequency } : q));
}

/** A short name for a fetch, used as the default export name ("GDP (current US$): Viet Nam, Thailand"). */
export function fetchName(titles: readonly string[]): string {
  if (titles.length === 0) return 'Export';
  const parts = titles.map((t) => t.split(': '));
  const head = parts[0]?.[0] ?? '';
  if (parts.length > 1 && parts.every((p) => p.length === 2 && p[0] === head)) return `${head}: ${parts.map((p) => p[1]).join(', ')}`;
  return titles.length === 1 ? (titles[0] ?? 'Export') : `${titles[0]} and ${titles.length - 1} more`;
}
