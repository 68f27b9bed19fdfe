/**
 * The engine's working form of a Series: one Float64Array per column with NaN for a missing value,
 * and the axis as integer positions. Every step reads and writes whole typed arrays (no object per
 * observation); the Series shape (number | null) is met only on the way in and out.
 */
import type { Frequency, Series } from '@econdata/core';
import { periodPosition, positions } from '../calendar/calendar.ts';
import { fromAxis } from './axis-memo.ts';
import { scratchColumn } from './scratch.ts';

export interface Frame {
  frequency: Frequency;
  periods: string[];
  /** periodPosition of each period, once a step has needed them (framePositions). */
  pos?: Int32Array | undefined;
  /** cols[c][p]; NaN is missing. A column may be longer than `periods` (a scratch column): only the first periods.length values count. */
  cols: Float64Array[];
  /** Per-period flags (e.g. is_projection), carried through. */
  flags?: Record<string, boolean[]> | undefined;
}

/** A column as a (scratch) Float64Array with NaN for null. */
function toColumn(values: ReadonlyArray<number | null>): Float64Array {
  const n = values.length;
  const out = scratchColumn(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    out[i] = v === null || v === undefined ? NaN : v;
  }
  return out;
}

/**
 * The first `n` values of a column in the Series shape: NaN (and an infinity from an overflow)
 * becomes null. A column without a missing value is written as numbers alone, so the array keeps
 * them unboxed (V8 holds a null-free number array as raw doubles: a tenth of the memory to collect).
 */
export function fromColumn(col: Float64Array, n: number): Array<number | null> {
  let missing = false;
  for (let i = 0; i < n && !missing; i++) missing = col[i]! - col[i]! !== 0; // true for NaN and +-Infinity
  if (!missing) {
    const numbers = new Array<number>(n);
    for (let i = 0; i < n; i++) numbers[i] = col[i]!;
    return numbers;
  }
  // A null first, so the array is made for any value at once (no double array built, then boxed).
  const out = new Array<number | null>(n).fill(null);
  for (let i = 0; i < n; i++) {
    const v = col[i]!;
    if (v - v === 0) out[i] = v;
  }
  return out;
}

/** The frame of a Series (its arrays are read, never written). */
export function toFrame(series: Series): Frame {
  const n = series.values.length;
  const cols = new Array<Float64Array>(n);
  for (let c = 0; c < n; c++) cols[c] = toColumn(series.values[c]!);
  // One literal of one shape for every frame (fields unset are undefined): the steps' reads of a
  // frame stay monomorphic, and no property is added later.
  return { frequency: series.frequency, periods: series.periods, pos: undefined, cols, flags: series.flags };
}

/**
 * The frame with other columns (same axis): the same frame, its columns replaced. A frame is the
 * private working form of one call (made by toFrame, or by a step that changes the axis) and no
 * step reads the columns it replaced, so no new frame is made per step of every series.
 */
export function withColumns(frame: Frame, cols: Float64Array[]): Frame {
  frame.cols = cols;
  return frame;
}

/**
 * Every column of a frame through `step(col, n, a, b, c)`, n the frame's length, in place (as
 * withColumns; no closure and no array made: this runs once per series of a batch).
 */
export function mapColumns<A, B, C>(frame: Frame, step: (col: Float64Array, n: number, a: A, b: B, c: C) => Float64Array, a: A, b: B, c: C): Frame {
  const n = frame.periods.length;
  const cols = frame.cols;
  for (let k = 0; k < cols.length; k++) cols[k] = step(cols[k]!, n, a, b, c);
  return frame;
}

/** The positions of a frame's periods, read from the strings the first time a step asks (once per axis in a batch). */
export function framePositions(frame: Frame): Int32Array {
  return (frame.pos ??= fromAxis(frame.periods, frame.frequency, 'positions', positions));
}

/**
 * Whether an annual, quarterly or monthly axis holds every period from its first to its last (then
 * row i is i steps after row 0 and no position needs reading). Daily axes never count as such.
 */
export function isContiguous(frame: Frame): boolean {
  const n = frame.periods.length;
  if (frame.frequency === 'daily') return false;
  if (n === 0) return true;
  return periodPosition(frame.periods[n - 1]!, frame.frequency) - periodPosition(frame.periods[0]!, frame.frequency) === n - 1;
}

/** The rows at `rows` (ascending indices) of a frame. */
export function selectRows(frame: Frame, rows: Int32Array): Frame {
  const n = rows.length;
  const periods = new Array<string>(n);
  for (let i = 0; i < n; i++) periods[i] = frame.periods[rows[i]!]!;
  const cols = frame.cols.map((col) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = col[rows[i]!]!;
    return out;
  });
  const out: Frame = { frequency: frame.frequency, periods, pos: undefined, cols, flags: undefined };
  // Positions already read stay read (the result's starts are made from them: applyTransform).
  if (frame.pos) {
    const pos = new Int32Array(n);
    for (let i = 0; i < n; i++) pos[i] = frame.pos[rows[i]!]!;
    out.pos = pos;
  }
  if (frame.flags) {
    const flags: Record<string, boolean[]> = {};
    for (const [k, f] of Object.entries(frame.flags)) flags[k] = Array.from(rows, (r) => f[r] === true);
    out.flags = flags;
  }
  return out;
}

/** The first row whose position is >= `at` (binary search over the sorted axis: no positions array needed). */
function firstAtOrAfter(frame: Frame, at: number): number {
  let lo = 0;
  let hi = frame.periods.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (periodPosition(frame.periods[mid]!, frame.frequency) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indices of the rows whose position lies in [lo, hi]; null when that is every row. */
export function rowsWithin(frame: Frame, lo: number, hi: number): Int32Array | null {
  const n = frame.periods.length;
  const first = firstAtOrAfter(frame, lo);
  const last = hi >= 2 ** 31 - 1 ? n - 1 : firstAtOrAfter(frame, hi + 1) - 1;
  if (first === 0 && last === n - 1) return null;
  const rows = new Int32Array(Math.max(0, last - first + 1));
  for (let i = 0; i < rows.length; i++) rows[i] = first + i;
  return rows;
}
