/**
 * The revision diff: what changed between two fetches of the same queries. Per series and column,
 * periods whose value appeared (added), disappeared (removed) or changed (revised, with old value,
 * new value and the change); and series that appeared or disappeared. A missing value is null
 * wherever it comes from (absent period or empty cell), so a period that is null on both sides
 * is no change.
 */
import type { Series } from '@econdata/core';

/** One value that appeared or disappeared. */
interface ValueChange {
  period: string;
  /** The SeriesColumn key ('value', 'close'). */
  column: string;
  value: number;
}

/** One value the source revised. */
interface Revision {
  period: string;
  column: string;
  old: number;
  new: number;
  /** new - old. */
  change: number;
}

/** What changed in one series present in both exports. */
interface SeriesDiff {
  id: string;
  title: string;
  added: ValueChange[];
  removed: ValueChange[];
  revised: Revision[];
}

interface SeriesSummary {
  id: string;
  title: string;
}

/** The whole difference between two sets of Series. */
export interface RevisionDiff {
  seriesAdded: SeriesSummary[];
  seriesRemoved: SeriesSummary[];
  /** Series in both with at least one change, in the order of the newer set. */
  changed: SeriesDiff[];
  /** Ids of series in both without any change. */
  unchanged: string[];
}

function valuesByColumn(s: Series): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  s.columns.forEach((c, ci) => {
    const m = new Map<string, number>();
    const values = s.values[ci] ?? [];
    s.periods.forEach((p, pi) => {
      const v = values[pi];
      if (typeof v === 'number') m.set(p, v);
    });
    out.set(c.key, m);
  });
  return out;
}

/** Compares one series as it was (`before`) with how it is now (`after`). */
function compareOne(before: Series, after: Series): SeriesDiff {
  const old = valuesByColumn(before);
  const now = valuesByColumn(after);
  const keys = [...new Set([...after.columns.map((c) => c.key), ...before.columns.map((c) => c.key)])];
  const diff: SeriesDiff = { id: after.id, title: after.title, added: [], removed: [], revised: [] };
  for (const column of keys) {
    const o = old.get(column) ?? new Map<string, number>();
    const n = now.get(column) ?? new Map<string, number>();
    const periods = [...new Set([...o.keys(), ...n.keys()])].sort();
    for (const period of periods) {
      const a = o.get(period);
      const b = n.get(period);
      if (a === undefined && b !== undefined) diff.added.push({ period, column, value: b });
      else if (a !== undefined && b === undefined) diff.removed.push({ period, column, value: a });
      else if (a !== undefined && b !== undefined && !Object.is(a, b)) diff.revised.push({ period, column, old: a, new: b, change: b - a });
    }
  }
  return diff;
}

/**
 * Compares two sets of Series by id.
 *
 * @example const diff = compareSeries(lastMonth, today); diff.changed[0]?.revised
 */
export function compareSeries(before: readonly Series[], after: readonly Series[]): RevisionDiff {
  const old = new Map(before.map((s) => [s.id, s]));
  const now = new Map(after.map((s) => [s.id, s]));
  const result: RevisionDiff = { seriesAdded: [], seriesRemoved: [], changed: [], unchanged: [] };
  for (const s of after) {
    const prior = old.get(s.id);
    if (!prior) {
      result.seriesAdded.push({ id: s.id, title: s.title });
      continue;
    }
    const d = compareOne(prior, s);
    if (d.added.length + d.removed.length + d.revised.length === 0) result.unchanged.push(s.id);
    else result.changed.push(d);
  }
  for (const s of before) if (!now.has(s.id)) result.seriesRemoved.push({ id: s.id, title: s.title });
  return result;
}
