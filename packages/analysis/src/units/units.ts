/**
 * FRED's units on a Frame. x(t-k) is the period k calendar steps back (a period absent from the
 * axis is a missing lag, never skipped over); for daily data one step back is the previous
 * observation and a year back is the last observation on or before the same date a year earlier.
 */
import type { Frequency } from '@econdata/core';
import { PERIODS_PER_YEAR, positions, yearBackDays } from '../calendar/calendar.ts';
import { fromAxis } from '../frame/axis-memo.ts';
import { framePositions, isContiguous, mapColumns, type Frame } from '../frame/frame.ts';
import { scratchColumn } from '../frame/scratch.ts';
import type { Units } from '../transform/spec.ts';

/** The units that compare with a year back (the others with one step back; `lin`/`log` with none). */
const YEAR_BACK: ReadonlySet<Units> = new Set(['ch1', 'pc1']);

/** For each row, the row `steps` calendar periods earlier, or -1 when the axis does not hold it. */
function calendarLag(pos: Int32Array, steps: number): Int32Array {
  const n = pos.length;
  const lag = new Int32Array(n);
  let j = 0;
  for (let i = 0; i < n; i++) {
    const want = pos[i]! - steps;
    while (j < i && pos[j]! < want) j++;
    lag[i] = j < i && pos[j] === want ? j : -1;
  }
  return lag;
}

// The lags of a calendar axis with gaps (no closure per call: see fromAxis).
const yearLag = (periods: readonly string[], frequency: Frequency): Int32Array => calendarLag(fromAxis(periods, frequency, 'positions', positions), PERIODS_PER_YEAR[frequency]);
const stepLag = (periods: readonly string[], frequency: Frequency): Int32Array => calendarLag(fromAxis(periods, frequency, 'positions', positions), 1);

/** For each daily row, the last row on or before the same date a year earlier, or -1 when there is none. */
function dailyYearLag(periods: readonly string[]): Int32Array {
  const back = yearBackDays(periods);
  const pos = fromAxis(periods, 'daily', 'positions', positions);
  const n = pos.length;
  const lag = new Int32Array(n);
  let j = -1;
  for (let i = 0; i < n; i++) {
    const want = back[i]!;
    while (j + 1 < i && pos[j + 1]! <= want) j++;
    lag[i] = j;
  }
  return lag;
}

/**
 * The row each row is compared with under `units`: a number k when it is always k rows back (an
 * axis without gaps, or the previous daily observation: no array needed), else one row per row
 * (-1: none). null for `lin` and `log`, which compare with nothing.
 */
function unitsLag(frame: Frame, units: Units): Int32Array | number | null {
  if (units === 'lin' || units === 'log') return null;
  const yearBack = YEAR_BACK.has(units);
  // The lag depends on the axis alone: the series of a batch over one axis share it. A lag read
  // from positions leaves them on the frame (the result's starts are made from them: applyTransform).
  if (frame.frequency === 'daily') {
    if (!yearBack) return 1;
    framePositions(frame);
    return fromAxis(frame.periods, 'daily', 'year lag', dailyYearLag);
  }
  const steps = yearBack ? PERIODS_PER_YEAR[frame.frequency] : 1;
  if (isContiguous(frame)) return steps;
  framePositions(frame);
  return fromAxis(frame.periods, frame.frequency, yearBack ? 'lag year' : 'lag 1', yearBack ? yearLag : stepLag);
}

/** FRED's formula for one value `x` over its base `b` (NaN in, NaN out). */
function change(units: Units, x: number, b: number, n: number): number {
  switch (units) {
    case 'chg': case 'ch1': return x - b;
    case 'pch': case 'pc1': return b > 0 ? (x / b - 1) * 100 : NaN;
    // A negative value over a positive base has no compounded rate (an even power would hide the sign).
    case 'pca': return b > 0 && x >= 0 ? ((x / b) ** n - 1) * 100 : NaN;
    case 'cch': return x > 0 && b > 0 ? (Math.log(x) - Math.log(b)) * 100 : NaN;
    case 'cca': return x > 0 && b > 0 ? (Math.log(x) - Math.log(b)) * 100 * n : NaN;
    case 'log': return x > 0 ? Math.log(x) : NaN;
    default: return x;
  }
}

/**
 * The first `len` values of one column under FRED's `units`; `lag` from unitsLag, `n` periods per
 * year. A missing lag, a log of a value <= 0 and a percentage over a base <= 0 give NaN, never a number.
 */
function unitsColumn(src: Float64Array, len: number, lag: Int32Array | number | null, units: Units, n: number): Float64Array {
  const out = scratchColumn(len);
  if (lag === null) {
    for (let i = 0; i < len; i++) out[i] = change(units, src[i]!, NaN, n);
  } else if (typeof lag === 'number') {
    for (let i = 0; i < len; i++) out[i] = change(units, src[i]!, i >= lag ? src[i - lag]! : NaN, n);
  } else {
    for (let i = 0; i < len; i++) {
      const k = lag[i]!;
      out[i] = change(units, src[i]!, k >= 0 ? src[k]! : NaN, n);
    }
  }
  return out;
}

/** Every column of a frame under `units` (the lag worked out once for all columns). */
export function unitsFrame(frame: Frame, units: Units): Frame {
  return mapColumns(frame, unitsColumn, unitsLag(frame, units), units, PERIODS_PER_YEAR[frame.frequency]);
}
