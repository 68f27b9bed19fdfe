/**
 * The steps after Units: the trailing moving average (`MA`), rebasing to 100 (`Rebase`) and the
 * last N periods with a value (`Points`), each over a Frame.
 */
import { frequencyOfPeriod, InvalidParameterError, type SeriesColumn } from '@econdata/core';
import { coarsenPeriod, FREQUENCY_RANK, periodPosition } from '../calendar/calendar.ts';
import { framePositions, isContiguous, mapColumns, withColumns, type Frame } from '../frame/frame.ts';
import { scratchColumn } from '../frame/scratch.ts';

/**
 * Trailing mean over `m` periods: missing when any of them is missing. For annual, quarterly and
 * monthly data the window is m calendar periods (a period absent from the axis is missing); for
 * daily data it is the last m observations.
 */
function movingAverageColumn(src: Float64Array, n: number, pos: Int32Array | null, m: number): Float64Array {
  const out = scratchColumn(n);
  let sum = 0;
  let missing = 0;
  for (let i = 0; i < n; i++) {
    const x = src[i]!;
    if (x === x) sum += x;
    else missing++;
    if (i >= m) {
      const old = src[i - m]!;
      if (old === old) sum -= old;
      else missing--;
    }
    // A running sum drifts by rounding: add the window up afresh now and then (m <= 60 values).
    if ((i & 255) === 255) {
      sum = 0;
      for (let k = Math.max(0, i - m + 1); k <= i; k++) if (src[k] === src[k]) sum += src[k]!;
    }
    const full = i >= m - 1 && missing === 0 && (pos === null || pos[i]! - pos[i - m + 1]! === m - 1);
    out[i] = full ? sum / m : NaN;
  }
  return out;
}

/** Every column of a frame under MA=m. */
export function movingAverageFrame(frame: Frame, m: number): Frame {
  // Calendar windows need positions only when the axis has gaps (daily windows count observations).
  const pos = frame.frequency === 'daily' || isContiguous(frame) ? null : framePositions(frame);
  return mapColumns(frame, movingAverageColumn, pos, m, undefined);
}

/**
 * Every column divided by its value at `base` and times 100. A base period coarser than the data
 * (a year for monthly data) uses the mean of the values inside it. Refused when the base is finer
 * than the data or a column has no value (or a zero one) there.
 */
export function rebaseFrame(frame: Frame, base: string, columns: readonly SeriesColumn[]): Frame {
  const baseFrequency = frequencyOfPeriod(base)!;
  if (FREQUENCY_RANK[baseFrequency] > FREQUENCY_RANK[frame.frequency]) {
    throw new InvalidParameterError('Rebase', `Rebase=${base} is a ${baseFrequency} period but the series is ${frame.frequency}: give a ${frame.frequency} period or a coarser one (e.g. a year).`);
  }
  const at = periodPosition(base, baseFrequency);
  const n = frame.periods.length;
  const cols = frame.cols.map((src, c) => {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const v = src[i]!;
      if (v === v && coarsenPeriod(frame.periods[i]!, frame.frequency, baseFrequency) === at) {
        sum += v;
        count++;
      }
    }
    const label = columns[c]?.label ?? `column ${c + 1}`;
    if (count === 0) throw new InvalidParameterError('Rebase', `Rebase=${base}: ${label} has no value in ${base}; pick a period the data covers.`);
    const level = sum / count;
    if (level === 0) throw new InvalidParameterError('Rebase', `Rebase=${base}: ${label} is 0 in ${base}, so no index can be based on it; pick another period.`);
    const out = scratchColumn(n);
    const scale = 100 / level;
    for (let i = 0; i < n; i++) out[i] = src[i]! * scale;
    return out;
  });
  return withColumns(frame, cols);
}

/** Indices of the last `n` rows where any column has a value (all rows with a value when fewer). */
export function lastPointsRows(frame: Frame, n: number): Int32Array {
  const picked: number[] = [];
  for (let i = frame.periods.length - 1; i >= 0 && picked.length < n; i--) {
    if (frame.cols.some((col) => col[i] === col[i])) picked.push(i);
  }
  return Int32Array.from(picked.reverse());
}
