/**
 * The new-data watch: which watched series have newer data, asked of the catalogue alone (each
 * source's `last_updated`), and a refresh of exactly those, with the revision diff of what changed.
 * Keyed by the connection profile and the query (never by the service's address: the embedded
 * sandbox's port changes at every start). `last_updated` is a date: a revision made later on the
 * day of the last look is seen from the next day on.
 */
import { seriesId, type SeriesQuery, type SeriesResult, type Series, type SourceInfo } from '@econdata/core';
import { compareSeries, type RevisionDiff } from '../diff/compare.ts';

/** One watched series as last seen. */
export interface WatchedSeries {
  /** `watchKey(profile, query, transform)`. */
  key: string;
  query: SeriesQuery;
  /** The source's `last_updated` when the series was last fetched; null when the service gave none. */
  lastUpdated: string | null;
  /**
   * Where only the moment of the last look is known (an add-in block's last write), instead of
   * `lastUpdated`: a source dated that day or later may be newer (a same-day revision is fetched
   * rather than missed).
   */
  lookedAt?: string;
}

/** A watched series' key: the profile's name and the query (with its transform), never the address. */
export function watchKey(profile: string, query: SeriesQuery, transform?: string): string {
  return `${profile}|${seriesId(query)}${transform ? `~${transform}` : ''}`;
}

/**
 * The catalogue source a query's data comes from (indicators: its source code); null for trade
 * and stocks, which the catalogue does not list: a watch cannot tell their news, so it refreshes
 * them every check.
 */
function catalogueSource(query: SeriesQuery): string | null {
  return query.kind === 'indicator' ? query.source.toUpperCase() : null;
}

/**
 * The watched series whose source's `last_updated` in the catalogue is newer than the one they
 * were fetched with (or that the catalogue cannot tell: trade, stocks, a source without a date).
 */
export function seriesWithNewData(watched: readonly WatchedSeries[], sources: readonly SourceInfo[]): WatchedSeries[] {
  const updated = new Map(sources.map((s) => [s.code.toUpperCase(), s.last_updated ?? null]));
  return watched.filter((w) => {
    const source = catalogueSource(w.query);
    if (source === null) return true;
    const now = updated.get(source) ?? null;
    if (now === null) return true;
    if (w.lastUpdated !== null) return now > w.lastUpdated;
    return w.lookedAt === undefined || now >= w.lookedAt.slice(0, 10);
  });
}

/** What a check did. */
export interface WatchCheck {
  /** The series refreshed (their source had newer data), with the new answers. */
  refreshed: WatchedSeries[];
  /** The watched series the check did not fetch: the requests it saved. */
  skipped: number;
  /** Old values against the new ones (sheets' revision diff): values added and revised. */
  diff: RevisionDiff;
  /** The watch as it stands after the check (each refreshed series with its new `last_updated`). */
  watched: WatchedSeries[];
  /** Fresh series by key. */
  series: Map<string, Series>;
}

export interface WatchIo {
  /** The catalogue's sources, past any cache (the client's one-hour cache would hide the news). */
  listSources(): Promise<readonly SourceInfo[]>;
  /** Fetches queries past any cache, one result per query in order. */
  fetchSeries(queries: SeriesQuery[]): Promise<SeriesResult[]>;
}

/**
 * One check: the catalogue once, then only the series with newer data, compared with `before`
 * (the series as last seen, by key). A failed fetch keeps that series as it was.
 * @example const check = await checkWatch(io, watched, lastSeen); check.diff.changed
 */
export async function checkWatch(io: WatchIo, watched: readonly WatchedSeries[], before: ReadonlyMap<string, Series>): Promise<WatchCheck> {
  const due = seriesWithNewData(watched, await io.listSources());
  const results = due.length > 0 ? await io.fetchSeries(due.map((w) => w.query)) : [];
  const series = new Map<string, Series>();
  const now = new Map<string, WatchedSeries>();
  const refreshed: WatchedSeries[] = [];
  due.forEach((w, i) => {
    const r = results[i];
    if (!r?.ok) return;
    series.set(w.key, r.series);
    const next = { ...w, lastUpdated: r.series.provenance.last_updated };
    now.set(w.key, next);
    refreshed.push(next);
  });
  const old = refreshed.flatMap((w) => before.get(w.key) ?? []);
  return {
    refreshed,
    skipped: watched.length - due.length,
    diff: compareSeries(old, [...series.values()]),
    watched: watched.map((w) => now.get(w.key) ?? w),
    series,
  };
}
