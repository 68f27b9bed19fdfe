/**
 * Where each period of a series sits in time: the UTC seconds of its first day ('2024-Q2' ->
 * 2024-04-01T00:00:00Z), the x a chart draws it at. One Float64Array per axis, made once: a
 * transform that read its periods into calendar positions records them from those (no second read
 * of 100,000 period strings), and anything else reads them from the strings the first time it is
 * asked. They are kept beside the axis (its periods array), never written into the Series: files,
 * JSON and a spread of the series see nothing new, and series sharing one axis share one array.
 */
import { PERIOD_PATTERNS, type Frequency } from '@econdata/core';
import { dayNumber, dayRange } from './calendar.ts';

interface Kept {
  frequency: Frequency;
  starts: Float64Array;
}

// By periods array: a Series is never changed in place, so its axis's starts never go stale.
const kept = new WeakMap<readonly string[], Kept>();

const DAY = 86400;

/** An axis: a series, or any periods of one frequency (ascending, canonical). */
interface Axis {
  readonly periods: readonly string[];
  readonly frequency: Frequency;
}

/** A decimal digit at `i`, or NaN. */
function digitAt(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
}

/**
 * A daily period read digit by digit as y * 10000 + m * 100 + d, or NaN when it is not in core's
 * daily form (YYYY-MM-DD, month 01-12, day 01-31): a pattern test, slices and Date.UTC each cost
 * several times more, 100,000 times over.
 */
function dayDigits(p: string): number {
  const y = digitAt(p, 0) * 1000 + digitAt(p, 1) * 100 + digitAt(p, 2) * 10 + digitAt(p, 3);
  const m = digitAt(p, 5) * 10 + digitAt(p, 6);
  const d = digitAt(p, 8) * 10 + digitAt(p, 9);
  return p.length === 10 && p.charCodeAt(4) === 45 && p.charCodeAt(7) === 45 && m >= 1 && m <= 12 && d >= 1 && d <= 31 ? y * 10000 + m * 100 + d : NaN;
}

const notA = (period: string, frequency: Frequency): Error => new Error(`Period "${period}" is not a ${frequency} period.`);

/**
 * UTC seconds of a period's first day ('2024-Q2' -> 2024-04-01); anything not in its frequency's
 * one form (core's PERIOD_PATTERNS) is refused.
 *
 * @example periodStart('2024-Q2', 'quarterly') // 1711929600
 */
export function periodStart(period: string, frequency: Frequency): number {
  if (frequency === 'daily') {
    const v = dayDigits(period);
    if (v !== v) throw notA(period, frequency);
    return dayNumber(Math.floor(v / 10000), Math.floor(v / 100) % 100, v % 100) * DAY;
  }
  if (!PERIOD_PATTERNS[frequency].test(period)) throw notA(period, frequency);
  const year = Number(period.slice(0, 4));
  const month = frequency === 'annual' ? 1 : frequency === 'quarterly' ? (Number(period[6]) - 1) * 3 + 1 : Number(period.slice(5, 7));
  return dayNumber(year, month, 1) * DAY;
}

/** Starts read from the strings. A daily axis (100,000 days of a stock) in one loop, its month's first day counted once a month. */
function readStarts(periods: readonly string[], frequency: Frequency): Float64Array {
  const x = new Float64Array(periods.length);
  if (frequency !== 'daily') {
    for (let i = 0; i < periods.length; i += 1) x[i] = periodStart(periods[i]!, frequency);
    return x;
  }
  let month = -1;
  let start = 0;
  for (let i = 0; i < periods.length; i += 1) {
    const p = periods[i]!;
    const v = dayDigits(p);
    if (v !== v) throw notA(p, frequency);
    const d = v % 100;
    if (v - d !== month) {
      month = v - d;
      start = dayNumber(Math.floor(v / 10000), Math.floor(v / 100) % 100, 1) * DAY;
    }
    x[i] = start + (d - 1) * DAY;
  }
  return x;
}

/**
 * The UTC seconds each period of a series starts at, ascending with its periods (read only: series
 * on one axis share the array). Made once per axis: recorded by the transform that made the series,
 * or read from the period strings the first time it is asked.
 *
 * @example periodStarts(gdpQuarterly)[0] // 946684800 for '2000-Q1'
 */
export function periodStarts(series: Axis): Float64Array {
  const known = kept.get(series.periods);
  if (known && known.frequency === series.frequency) return known.starts;
  const starts = readStarts(series.periods, series.frequency);
  kept.set(series.periods, { frequency: series.frequency, starts });
  return starts;
}

/**
 * Records an axis's starts from the calendar positions a transform already read (calendar.ts's
 * periodPosition of each period): no period string is read again. Nothing is done when they are
 * known already (a batch's results over one axis share it).
 */
export function recordStarts(periods: readonly string[], frequency: Frequency, positions: Int32Array): void {
  if (kept.get(periods)?.frequency === frequency) return;
  const n = periods.length;
  const starts = new Float64Array(n);
  if (frequency === 'daily') for (let i = 0; i < n; i += 1) starts[i] = positions[i]! * DAY;
  else for (let i = 0; i < n; i += 1) starts[i] = dayRange(positions[i]!, frequency).first * DAY;
  kept.set(periods, { frequency, starts });
}

/**
 * Keeps starts that came with a series from elsewhere (the explorer's main process sends them beside
 * the series it transformed), when they fit its axis: a Float64Array of one value per period.
 * Anything else is ignored (they are then read from the strings when asked).
 */
export function keepStarts(series: Axis, starts: unknown): void {
  if (!(starts instanceof Float64Array) || starts.length !== series.periods.length) return;
  if (kept.get(series.periods)?.frequency === series.frequency) return;
  kept.set(series.periods, { frequency: series.frequency, starts });
}
