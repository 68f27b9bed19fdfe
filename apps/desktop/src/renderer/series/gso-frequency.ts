/**
 * The series view's GSO frequency switch: which queries it applies to, the frequencies it offers
 * (core's catalogue says which each indicator has), and the queries at another frequency. Pure.
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
