/**
 * How the GSO frequency switch rewrites queries, and a fetch's name. Pure, so the rewrites are
 * unit-tested. (When to show the cost preview is ui's `needsCostPreview`, the rule both apps ask.)
 */
import { sharedFrequencies, type GsoFrequency, type IndicatorInfo, type SeriesQuery } from '@econdata/core';

/** Whether a set of queries are GSO indicators, whose frequency the series view can switch. */
export function isGsoFetch(queries: readonly SeriesQuery[]): boolean {
  return queries.length > 0 && queries.every((q) => q.kind === 'indicator' && q.source === 'GSO');
}

/**
 * The frequencies the switch offers for some GSO queries: the ones every indicator has, by the
 * indicator list (core's catalogue entries); null while that is unknown (then all three are offered).
 */
export function gsoFrequencies(queries: readonly SeriesQuery[], entries: ReadonlyArray<IndicatorInfo & { source: string }> | undefined): GsoFrequency[] | null {
  if (!entries) return null;
  const codes = [...new Set(queries.flatMap((q) => (q.kind === 'indicator' && q.source.toUpperCase() === 'GSO' ? [q.indicator.toUpperCase()] : [])))];
  const infos = codes.map((code) => entries.find((e) => e.source === 'GSO' && e.code.toUpperCase() === code));
  return infos.every((i) => i !== undefined) ? sharedFrequencies(infos as IndicatorInfo[]) : null;
}

/** The same GSO queries at another frequency. */
export function withFrequency(queries: readonly SeriesQuery[], frequency: GsoFrequency): SeriesQuery[] {
  return queries.map((q) => (q.kind === 'indicator' && q.source === 'GSO' ? { ...q, frequency } : q));
}

/**
 * A short name for a fetch, used as the default export name ("GDP (current US$): Viet Nam, Thailand");
 * with `words` (a transform in words, as analysis ends each title with it) said once at the end.
 */
export function fetchName(titles: readonly string[], words = ''): string {
  const suffix = words ? `, ${words}` : '';
  if (suffix && titles.length > 0 && titles.every((t) => t.endsWith(suffix))) return `${fetchName(titles.map((t) => t.slice(0, -suffix.length)))}${suffix}`;
  if (titles.length === 0) return 'Export';
  const parts = titles.map((t) => t.split(': '));
  const head = parts[0]?.[0] ?? '';
  if (parts.length > 1 && parts.every((p) => p.length === 2 && p[0] === head)) return `${head}: ${parts.map((p) => p[1]).join(', ')}`;
  return titles.length === 1 ? (titles[0] ?? 'Export') : `${titles[0]} and ${titles.length - 1} more`;
}
