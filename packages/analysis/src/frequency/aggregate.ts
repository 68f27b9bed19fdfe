/**
 * Frequency conversion on a Frame: periods of a higher frequency combined into the lower-frequency
 * period that holds them, with FRED's rules for partial first and last periods (see the README).
 */
import { InvalidParameterError, type Frequency, type Series, type SeriesKind } from '@econdata/core';
import { coarsenPeriod, FREQUENCY_RANK, periodAt } from '../calendar/calendar.ts';
import { fromAxis } from '../frame/axis-memo.ts';
import type { Frame } from '../frame/frame.ts';
import { scratchColumn } from '../frame/scratch.ts';
import type { Agg } from '../transform/spec.ts';

/** How the periods of one column are combined: the three of `Agg`, plus the stock columns' own. */
export type Aggregation = Agg | 'first' | 'max' | 'min';

/**
 * The fewest observations FRED requires in the first and last period of a conversion (fewer: the
 * period is not kept). Inner periods need one (avg, eop) or all (sum) of theirs.
 */
const MINIMUM_COUNT: Readonly<Record<string, number>> = {
  'monthly>quarterly': 3, 'monthly>annual': 12, 'quarterly>annual': 4,
  'daily>monthly': 17, 'daily>quarterly': 52, 'daily>annual': 208,
};

/** Periods of `from` in a complete period of `to` (undefined for daily: a month has no fixed count of trading days). */
const COMPLETE: Readonly<Record<string, number>> = { 'monthly>quarterly': 3, 'monthly>annual': 12, 'quarterly>annual': 4 };

/**
 * FRED's counts for a conversion, for code that re-states the rule in another language (the
 * Python snippets of @econdata/ui): the fewest values a first or last period needs, and the
 * periods of a complete one (undefined from daily data).
 * @example conversionCounts('monthly', 'annual') // { minimum: 12, complete: 12 }
 */
export function conversionCounts(from: Frequency, to: Frequency): { minimum: number; complete: number | undefined } | undefined {
  const minimum = MINIMUM_COUNT[`${from}>${to}`];
  return minimum === undefined ? undefined : { minimum, complete: COMPLETE[`${from}>${to}`] };
}

const STOCK_DEFAULT: Readonly<Record<string, Aggregation>> = { open: 'first', high: 'max', low: 'min', close: 'eop', volume: 'sum' };

/** The aggregation a column gets when no Agg is given: trade values sum, year-to-date values eop, stock OHLCV their own, indicators avg. */
export function defaultAggregation(kind: SeriesKind, columnKey: string): Aggregation {
  if (kind === 'trade') return columnKey === 'ytd_value' || columnKey.endsWith('.ytd_value') ? 'eop' : 'sum';
  if (kind === 'stock') return STOCK_DEFAULT[columnKey] ?? 'avg';
  return 'avg';
}

/** Refuses a conversion to a higher frequency (no disaggregation). */
export function checkConversion(from: Frequency, to: Frequency): void {
  if (FREQUENCY_RANK[to] > FREQUENCY_RANK[from]) {
    throw new InvalidParameterError('Per', `Per=${to.charAt(0).toUpperCase()} asks for ${to} data from a ${from} series: conversion goes only to a lower frequency (no disaggregation). Pick a frequency at or below ${from}, or no Per.`);
  }
}

/** Runs of consecutive source periods that fall into the same target period: run g is rows starts[g]..starts[g+1]-1, at position target[g]. */
interface Groups {
  starts: Int32Array;
  target: Int32Array;
  groups: number;
  /** The first run's position, and the positions from it to the last run's. */
  first: number;
  width: number;
}

function groupsOf(periods: readonly string[], from: Frequency, to: Frequency): Groups {
  const n = periods.length;
  const starts = new Int32Array(n + 1);
  const target = new Int32Array(n);
  let groups = 0;
  let last = NaN;
  for (let i = 0; i < n; i++) {
    const t = coarsenPeriod(periods[i]!, from, to);
    if (t !== last) {
      target[groups] = t;
      starts[groups++] = i;
      last = t;
    }
  }
  starts[groups] = n;
  const first = groups > 0 ? target[0]! : 0;
  const width = groups > 0 ? target[groups - 1]! - first + 1 : 0;
  return { starts, target, groups, first, width };
}

/**
 * A column as aggregation reads it: a Series' own values (number | null, read in place: no copy
 * into a typed column first) or a frame's column (NaN for missing).
 */
type Values = ArrayLike<number | null | undefined>;

// The count of values the last combine() call saw: a module slot rather than a returned object,
// so a conversion allocates nothing per period.
let combinedCount = 0;

/**
 * One period's combination of src[from..to) ignoring missing values (null, undefined, NaN); NaN
 * when it holds none (count in combinedCount). One loop per aggregation: this runs over every
 * observation.
 */
function combine(src: Values, from: number, to: number, how: Aggregation): number {
  let count = 0;
  let acc = -0; // -0 + v is v for every v (a sum of one -0 stays -0)
  switch (how) {
    case 'avg': case 'sum':
      for (let i = from; i < to; i++) {
        const v = src[i];
        if (v != null && v === v) { acc += v; count++; }
      }
      combinedCount = count;
      return count === 0 ? NaN : how === 'avg' ? acc / count : acc;
    case 'eop': case 'first': {
      let at = -1;
      for (let i = from; i < to; i++) {
        const v = src[i];
        if (v != null && v === v) {
          if (at < 0 || how === 'eop') at = i;
          count++;
        }
      }
      combinedCount = count;
      return at < 0 ? NaN : src[at]!;
    }
    case 'max': case 'min': {
      acc = NaN;
      for (let i = from; i < to; i++) {
        const v = src[i];
        if (v == null || v !== v) continue;
        if (count === 0 || (how === 'max' ? v > acc : v < acc)) acc = v;
        count++;
      }
      combinedCount = count;
      return acc;
    }
  }
}

// Each period's count while one column is converted (reused: grown, never shrunk).
let counts = new Int32Array(64);

/** One column converted: `width` periods from the runs of `groups`, FRED's rule applied at the ends. */
function aggregateColumn(src: Values, g: Groups, how: Aggregation, minimum: number, complete: number | undefined): Float64Array {
  const { starts, target, groups, first, width } = g;
  const out = scratchColumn(width).fill(NaN, 0, width);
  if (counts.length < width) counts = new Int32Array(width);
  counts.fill(0, 0, width);
  let firstKept = -1;
  let lastKept = -1;
  for (let k = 0; k < groups; k++) {
    const at = target[k]! - first;
    out[at] = combine(src, starts[k]!, starts[k + 1]!, how);
    counts[at] = combinedCount;
    if (combinedCount > 0) {
      if (firstKept < 0) firstKept = at;
      lastKept = at;
    }
  }
  for (let at = firstKept; at >= 0 && at <= lastKept; at++) {
    const count = counts[at]!;
    const edge = at === firstKept || at === lastKept;
    const kept = how === 'sum' && complete !== undefined ? count === complete : edge ? count >= minimum : count > 0;
    if (!kept) out[at] = NaN;
  }
  return out;
}

/**
 * Converts a frame to the lower frequency `to`, each column combined as `aggs[c]` says. The axis
 * runs over every period from the first to the last that some column keeps; inside it, a period a
 * column does not keep (or that holds no data) is NaN.
 */
export function aggregateFrame(frame: Frame, to: Frequency, aggs: readonly Aggregation[]): Frame {
  checkConversion(frame.frequency, to);
  if (frame.frequency === to) return frame;
  return aggregateColumns(frame.cols, frame.periods, frame.frequency, frame.flags, to, aggs);
}

/**
 * aggregateFrame over a Series' own values (the first step of most conversions): each value is
 * read once, where it is, into its period's combination.
 */
export function aggregateSeries(series: Series, to: Frequency, aggs: readonly Aggregation[]): Frame {
  return aggregateColumns(series.values, series.periods, series.frequency, series.flags, to, aggs);
}

function aggregateColumns(columns: readonly Values[], periods: string[], from: Frequency, flags: Frame['flags'], to: Frequency, aggs: readonly Aggregation[]): Frame {
  checkConversion(from, to);
  const key = `${from}>${to}`;
  const minimum = MINIMUM_COUNT[key]!;
  const complete = COMPLETE[key];
  // The runs depend on the axis alone: read from the period strings once per axis of a batch.
  const g = fromAxis(periods, from, GROUPS_KEY[to], GROUPS_OF[to]);
  const cols = new Array<Float64Array>(columns.length);
  for (let c = 0; c < cols.length; c++) cols[c] = aggregateColumn(columns[c]!, g, aggs[c]!, minimum, complete);
  return trimEmptyEnds(periods, from, flags, to, g, cols);
}

const GROUPS_KEY: Readonly<Record<Frequency, string>> = { annual: 'groups annual', quarterly: 'groups quarterly', monthly: 'groups monthly', daily: 'groups daily' };
// One function per target (no closure per call: see fromAxis).
const GROUPS_OF: Readonly<Record<Frequency, (periods: readonly string[], from: Frequency) => Groups>> = {
  annual: (periods, from) => groupsOf(periods, from, 'annual'),
  quarterly: (periods, from) => groupsOf(periods, from, 'quarterly'),
  monthly: (periods, from) => groupsOf(periods, from, 'monthly'),
  daily: (periods, from) => groupsOf(periods, from, 'daily'),
};

/** Whether some column has a value at `at`. */
function anyValue(cols: readonly Float64Array[], at: number): boolean {
  for (const col of cols) if (col[at] === col[at]) return true;
  return false;
}

/** The converted axis from period `lo` on, `size` periods: its names and positions (shared by the results of a batch, never written). */
interface Trimmed { periods: string[]; pos: Int32Array }

/** The converted frame without leading and trailing periods where no column kept a value. */
function trimEmptyEnds(source: string[], from: Frequency, flags: Frame['flags'], to: Frequency, g: Groups, cols: Float64Array[]): Frame {
  const { starts, target, groups, first, width } = g;
  let lo = 0;
  while (lo < width && !anyValue(cols, lo)) lo++;
  let hi = width - 1;
  while (hi >= lo && !anyValue(cols, hi)) hi--;
  const size = Math.max(0, hi - lo + 1);
  // The series of a batch over one axis mostly keep the same stretch: one copy of it for them all.
  const axis = fromAxis(source, from, `trimmed ${to} ${lo} ${size}`, () => trimmedAxis(first, lo, size, to));
  // Columns stay scratch (a frame's column may be longer than its axis), moved to start at `lo`.
  if (lo > 0) for (const col of cols) col.copyWithin(0, lo, lo + size);
  const out: Frame = { frequency: to, periods: axis.periods, pos: axis.pos, cols, flags: undefined };
  if (flags) {
    // A converted period is flagged (e.g. a projection) when any period it combines is.
    const converted: Record<string, boolean[]> = {};
    for (const [name, src] of Object.entries(flags)) {
      const f = new Array<boolean>(size).fill(false);
      for (let k = 0; k < groups; k++) {
        const at = target[k]! - first - lo;
        if (at < 0 || at >= size) continue;
        for (let i = starts[k]!; i < starts[k + 1]!; i++) if (src[i]) f[at] = true;
      }
      converted[name] = f;
    }
    out.flags = converted;
  }
  return out;
}

function trimmedAxis(first: number, lo: number, size: number, to: Frequency): Trimmed {
  const periods = new Array<string>(size);
  const pos = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    pos[i] = first + lo + i;
    periods[i] = periodAt(first + lo + i, to);
  }
  return { periods, pos };
}
