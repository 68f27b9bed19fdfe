/**
 * The engine's working form of a Series: one Float64Array per column with NaN for a missing value,
 * and the axis as integer positions. Every step reads and writes whole typed arrays (no object per
 * observation); the Series shape (number | null) is met only on the way in and out.
 */
import type { Frequency, Series } from '@econdata/core';
import { positions } from '../calendar/calendar.ts';

export interface Frame {
  frequency: Frequency;
  periods: string[];
  /** periodPosition of each period. */
  pos: Int32Array;
  /** cols[c][p]; NaN is missing. */
  cols: Float64Array[];
  /** Per-period flags (e.g. is_projection), carried through. */
  flags?: Record<string, boolean[]>;
}

/** A column as a Float64Array with NaN for null. */
export function toColumn(values: ReadonlyArray<number | null>): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    out[i] = v === null || v === undefined ? NaN : v;
  }
  return out;
}

/** A column back in the Series shape: NaN (and an infinity from an overflow) becomes null. */
export function fromColumn(col: Float64Array): Array<number | null> {
  const n = col.length;
  const out = new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    const v = col[i]!;
    out[i] = v - v === 0 ? v : null; // false for NaN and for +-Infinity
  }
  return out;
}

/** The frame of a Series (its arrays are read, never written). */
export function toFrame(series: Series): Frame {
  const frame: Frame = {
    frequency: series.frequency,
    periods: series.periods,
    pos: positions(series.periods, series.frequency),
    cols: series.values.map(toColumn),
  };
  if (series.flags) frame.flags = series.flags;
  return frame;
}

/** The rows at `rows` (ascending indices) of a frame. */
export function selectRows(frame: Frame, rows: Int32Array): Frame {
  const n = rows.length;
  const periods = new Array<string>(n);
  const pos = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    periods[i] = frame.periods[rows[i]!]!;
    pos[i] = frame.pos[rows[i]!]!;
  }
  const cols = frame.cols.map((col) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = col[rows[i]!]!;
    return out;
  });
  const out: Frame = { frequency: frame.frequency, periods, pos, cols };
  if (frame.flags) {
    const flags: Record<string, boolean[]> = {};
    for (const [k, f] of Object.entries(frame.flags)) flags[k] = Array.from(rows, (r) => f[r] === true);
    out.flags = flags;
  }
  return out;
}

/** Indices of the rows whose position lies in [lo, hi]; null when that is every row. */
export function rowsWithin(frame: Frame, lo: number, hi: number): Int32Array | null {
  const { pos } = frame;
  let first = 0;
  while (first < pos.length && pos[first]! < lo) first++;
  let last = pos.length - 1;
  while (last >= first && pos[last]! > hi) last--;
  if (first === 0 && last === pos.length - 1) return null;
  const rows = new Int32Array(Math.max(0, last - first + 1));
  for (let i = 0; i < rows.length; i++) rows[i] = first + i;
  return rows;
}
