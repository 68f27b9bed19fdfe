/**
 * Frequency conversion on a Frame: periods of a higher frequency combined into the lower-frequency
 * period that holds them, with FRED's rules for partial first and last periods (see the README).
 */
import { InvalidParameterError, type Frequency, type SeriesKind } from '@econdata/core';
import { coarsenPeriod, FREQUENCY_RANK, periodAt } from '../calendar/calendar.ts';
import { fromAxis } from '../frame/axis-memo.ts';
import type { Frame } from '../frame/frame.ts';
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

// The count of values the last combine() call saw: a module slot rather than a returned object,
// so a conversion allocates nothing per period.
let combinedCount = 0;

/** One period's combination of src[from..to) ignoring NaN; NaN when it holds no value (count in combinedCount). One loop per aggregation: this runs over every observation. */
function combine(src: Float64Array, from: number, to: number, how: Aggregation): number {
  let count = 0;
  let acc = -0; // -0 + v is v for every v (a sum of one -0 stays -0)
  switch (how) {
    case 'avg': case 'sum':
      for (let i = from; i < to; i++) {
        const v = src[i]!;
        if (v === v) { acc += v; count++; }
      }
      combinedCount = count;
      return count === 0 ? NaN : how === 'avg' ? acc / count : acc;
    case 'eop': case 'first': {
      let at = -1;
      for (let i = from; i < to; i++) {
        if (src[i] === src[i]) {
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
        const v = src[i]!;
        if (v !== v) continue;
        if (count === 0 || (how === 'max' ? v > acc : v < acc)) acc = v;
        count++;
      }
      combinedCount = count;
      return acc;
    }
  }
}

/**
 * Converts a frame to the lower frequency `to`, each column combined as `aggs[c]` says. The axis
 * runs over every period from the first to the last that some column keeps; inside it, a period a
 * column does not keep (or that holds no data) is NaN.
 */
export function aggregateFrame(frame: Frame, to: Frequency, aggs: readonly Aggregation[]): Frame {
  const from = frame.frequency;
  checkConversion(from, to);
  if (from === to) return frame;
  const key = `${from}>${to}`;
  const minimum = MINIMUM_COUNT[key]!;
  const complete = COMPLETE[key];
  const { starts, target, groups, first, width } = fromAxis(frame.periods, from, `groups ${to}`, () => groupsOf(frame.periods, from, to));
  const cols = frame.cols.map((src, c) => {
    const how = aggs[c]!;
    const out = new Float64Array(width).fill(NaN);
    const counts = new Int32Array(width);
    let firstKept = -1;
    let lastKept = -1;
    for (let g = 0; g < groups; g++) {
      const at = target[g]! - first;
      out[at] = combine(src, starts[g]!, starts[g + 1]!, how);
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
  });
  const names = fromAxis(frame.periods, from, `names ${to}`, () => Array.from({ length: width }, (_, i) => periodAt(first + i, to)));
  return trimEmptyEnds(frame, to, first, width, cols, starts, target, groups, names);
}

/** Whether some column has a value at `at`. */
function anyValue(cols: readonly Float64Array[], at: number): boolean {
  for (const col of cols) if (col[at] === col[at]) return true;
  return false;
}

/** The converted frame without leading and trailing periods where no column kept a value. */
function trimEmptyEnds(frame: Frame, to: Frequency, first: number, width: number, cols: Float64Array[],
  starts: Int32Array, target: Int32Array, groups: number, names: readonly string[]): Frame {
  let lo = 0;
  while (lo < width && !anyValue(cols, lo)) lo++;
  let hi = width - 1;
  while (hi >= lo && !anyValue(cols, hi)) hi--;
  const size = Math.max(0, hi - lo + 1);
  const periods = names.slice(lo, lo + size);
  const pos = new Int32Array(size);
  for (let i = 0; i < size; i++) pos[i] = first + lo + i;
  const out: Frame = { frequency: to, periods, pos, cols: cols.map((col) => col.slice(lo, lo + size)) };
  if (frame.flags) {
    // A converted period is flagged (e.g. a projection) when any period it combines is.
    const flags: Record<string, boolean[]> = {};
    for (const [name, src] of Object.entries(frame.flags)) {
      const f = new Array<boolean>(size).fill(false);
      for (let g = 0; g < groups; g++) {
        const at = target[g]! - first - lo;
        if (at < 0 || at >= size) continue;
        for (let i = starts[g]!; i < starts[g + 1]!; i++) if (src[i]) f[at] = true;
      }
      flags[name] = f;
    }
    out.flags = flags;
  }
  return out;
}
