/**
 * `SA=stl` and `SA=tet`: seasonal adjustment of a frame, column by column.
 *
 * - The span: SA runs on the longest stretch of consecutive observations that holds the asked
 *   range (seasonalSpan, on the data as fetched, before Level and Per); a gap inside the asked
 *   range is refused, never filled.
 * - Each column is multiplicative (STL of ln y, adjusted = exp(ln y − seasonal)) when every value
 *   is above zero, otherwise additive (y − seasonal).
 * - `SA=tet` first estimates the Lunar New Year's effect on STL's remainder (two centred
 *   regressors, OLS without intercept), takes it out, and adjusts what is left.
 */
import { InvalidParameterError, type Frequency } from '@econdata/core';
import { coarsenPeriod, periodAt } from '../calendar/calendar.ts';
import { framePositions, withColumns, type Frame } from '../frame/frame.ts';
import type { Transform } from '../transform/spec.ts';
import { stl, stlParams, type StlParams } from './stl.ts';
import { tetDay } from './tet.ts';

const PERIOD: Partial<Record<Frequency, number>> = { monthly: 12, quarterly: 4 };
/** The frequencies SA adjusts (the apps offer it for these only). */
export const SEASONAL_FREQUENCIES: readonly Frequency[] = ['monthly', 'quarterly'];
const DEFAULT_SEASONAL = 7;
const DEFAULT_TET: [number, number] = [10, 7];

const refuse = (message: string): InvalidParameterError => new InvalidParameterError('SA', message);

/** The Tết windows of a transform: [w, v]. */
function tetWindows(t: Transform): [number, number] {
  if (t.tet === undefined) return DEFAULT_TET;
  const [w, v] = t.tet.split(',').map(Number) as [number, number];
  return [w, v];
}

/**
 * What an SA transform runs with, defaults filled in, for code that restates it elsewhere (the
 * Python snippets of @econdata/ui): STL's seasonal smoother and robust fit (statsmodels' STL
 * computes the rest from the period), and the Tết windows (null for SA=stl).
 * @example seasonalSettings(parseTransform('SA=tet')) // { seasonal: 7, robust: false, tet: [10, 7] }
 */
export function seasonalSettings(t: Transform): { seasonal: number; robust: boolean; tet: [number, number] | null } {
  return { seasonal: t.seasonal ?? DEFAULT_SEASONAL, robust: t.robust === 'Y', tet: t.sa === 'tet' ? tetWindows(t) : null };
}

/** Refuses a frequency SA cannot adjust (annual: no seasons; daily: no fixed period). */
export function checkSeasonalFrequency(frequency: Frequency): void {
  if (PERIOD[frequency] === undefined) {
    throw refuse(`SA adjusts monthly and quarterly series; this one is ${frequency}${frequency === 'daily' ? ' (convert it first, e.g. "Per=M SA=stl")' : ' (a year has no seasons to take out)'}.`);
  }
}

/** The period where column `col` first breaks the run rows a..b: a missing value or a period absent from the axis. */
function firstBreak(col: Float64Array, pos: Int32Array, a: number, b: number, frequency: Frequency): string | null {
  for (let r = a; r <= b; r++) {
    if (r > a && pos[r]! - pos[r - 1]! !== 1) return periodAt(pos[r - 1]! + 1, frequency);
    if (col[r] !== col[r]) return periodAt(pos[r]!, frequency);
  }
  return null;
}

const gapRefusal = (label: string, period: string, asked: boolean): InvalidParameterError =>
  refuse(`SA needs consecutive observations: ${label} has no value for ${period}${asked ? ' (inside the asked range)' : ''}. Ask for a range without the gap, or leave out SA.`);

/**
 * The data SA may use: in each column, the longest stretch of consecutive observations holding
 * the asked range [lo, hi] (positions at the frame's frequency), every other value made missing.
 * A gap inside the asked range is refused. Daily frames are left as they are (their stretch is
 * judged after Per converts them).
 */
export function seasonalSpan(frame: Frame, lo: number, hi: number, asked: boolean, labels: readonly string[]): Frame {
  if (frame.frequency === 'daily') return frame;
  const n = frame.periods.length;
  const pos = framePositions(frame);
  const cols = frame.cols.map((src, c) => {
    let first = 0;
    while (first < n && src[first] !== src[first]) first++;
    let last = n - 1;
    while (last >= first && src[last] !== src[last]) last--;
    if (first > last) return src;
    let a = first;
    while (a <= last && pos[a]! < lo) a++;
    let b = last;
    while (b >= a && pos[b]! > hi) b--;
    const out = new Float64Array(n).fill(NaN);
    if (a > b) return out; // no observation in the asked range: nothing to adjust
    const gap = firstBreak(src, pos, a, b, frame.frequency);
    if (gap !== null) throw gapRefusal(labels[c]!, gap, asked);
    while (a > first && src[a - 1] === src[a - 1] && pos[a]! - pos[a - 1]! === 1) a--;
    while (b < last && src[b + 1] === src[b + 1] && pos[b + 1]! - pos[b]! === 1) b++;
    for (let r = a; r <= b; r++) out[r] = src[r]!;
    return out;
  });
  return withColumns(frame, cols);
}

/** Regressors of the Tết windows over monthly positions `first..first+n-1`: days in each month / window length. */
function tetRegressors(first: number, n: number, w: number, v: number): [Float64Array, Float64Array] {
  const before = new Float64Array(n);
  const after = new Float64Array(n);
  const add = (into: Float64Array, fromDay: number, days: number, weight: number): void => {
    for (let d = fromDay; d < fromDay + days; d++) {
      const i = coarsenPeriod(periodAt(d, 'daily'), 'daily', 'monthly') - first;
      if (i >= 0 && i < n) into[i]! += weight;
    }
  };
  // A window reaches back to late December and forward to late March: every Tết from the first
  // year to the year after the last can touch the series.
  const y0 = Math.floor(first / 12);
  const y1 = Math.floor((first + n - 1) / 12) + 1;
  for (let y = y0; y <= y1; y++) {
    const d = tetDay(y);
    add(before, d - w, w, 1 / w);
    add(after, d, v, 1 / v);
  }
  // Centred on each calendar month's mean over the series' own observations.
  for (const x of [before, after]) {
    for (let m = 0; m < 12; m++) {
      let sum = 0;
      let count = 0;
      for (let i = (((m - first) % 12) + 12) % 12; i < n; i += 12) {
        sum += x[i]!;
        count++;
      }
      const mean = sum / count;
      for (let i = (((m - first) % 12) + 12) % 12; i < n; i += 12) x[i] = x[i]! - mean;
    }
  }
  return [before, after];
}

/** The Tết effects: OLS of r on [B, A] without intercept, with t-statistics. */
interface TetFit {
  betaBefore: number;
  betaAfter: number;
  tBefore: number;
  tAfter: number;
}

function fitTet(r: Float64Array, b: Float64Array, a: Float64Array, n: number, label: string): TetFit {
  let bb = 0;
  let aa = 0;
  let ba = 0;
  let br = 0;
  let ar = 0;
  for (let i = 0; i < n; i++) {
    bb += b[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    ba += b[i]! * a[i]!;
    br += b[i]! * r[i]!;
    ar += a[i]! * r[i]!;
  }
  const cannot = `SA=tet cannot estimate the Lunar New Year's effect on ${label}`;
  if (bb < 1e-12 || aa < 1e-12) {
    throw refuse(`${cannot}: its ${bb < 1e-12 ? 'before-Tết' : 'from-Tết'} window falls on the same days of the same months in every year of the series, so its effect cannot be told apart from the seasonal pattern. Use SA=stl, or a longer series.`);
  }
  const det = bb * aa - ba * ba;
  if (det <= 1e-10 * bb * aa) {
    throw refuse(`${cannot}: its two windows move together in every year of the series, so their effects cannot be told apart. Change their lengths (Tet=w,v), use SA=stl, or a longer series.`);
  }
  const betaBefore = (aa * br - ba * ar) / det;
  const betaAfter = (bb * ar - ba * br) / det;
  let sse = 0;
  for (let i = 0; i < n; i++) {
    const e = r[i]! - betaBefore * b[i]! - betaAfter * a[i]!;
    sse += e * e;
  }
  const s2 = sse / (n - 2);
  return { betaBefore, betaAfter, tBefore: betaBefore / Math.sqrt((s2 * aa) / det), tAfter: betaAfter / Math.sqrt((s2 * bb) / det) };
}

const signed = (x: number, digits: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;

/** One column adjusted: `src` over rows first..last (consecutive, no missing value). */
interface Adjusted {
  values: Float64Array;
  note: string;
}

function adjustColumn(src: Float64Array, first: number, n: number, firstPos: number, frequency: Frequency, t: Transform, p: StlParams, label: string, unit: string | null): Adjusted {
  let positive = true;
  for (let i = 0; i < n; i++) if (!(src[first + i]! > 0)) positive = false;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = positive ? Math.log(src[first + i]!) : src[first + i]!;
  const span = `${periodAt(firstPos, frequency)} to ${periodAt(firstPos + n - 1, frequency)}`;
  const how = positive ? 'multiplicative (on natural logarithms: every value is above zero)' : 'additive (the series has values at or below zero)';
  let note = `${label}: seasonally adjusted with STL, ${how}; period ${p.period}, seasonal ${p.seasonal}, trend ${p.trend}, low-pass ${p.lowPass}, ${p.outer > 0 ? 'robust' : 'not robust'}; on ${span}.`;
  let adjusted = x;
  if (t.sa === 'tet' && frequency === 'monthly') {
    const [w, v] = tetWindows(t);
    const [b, a] = tetRegressors(firstPos, n, w, v);
    const first = stl(x, n, p);
    const r = new Float64Array(n);
    for (let i = 0; i < n; i++) r[i] = x[i]! - first.seasonal[i]! - first.trend[i]!;
    const fit = fitTet(r, b, a, n, label);
    adjusted = new Float64Array(n);
    for (let i = 0; i < n; i++) adjusted[i] = x[i]! - fit.betaBefore * b[i]! - fit.betaAfter * a[i]!;
    const effect = (beta: number): string => (positive ? `${signed(100 * Math.expm1(beta), 2)} %` : `${signed(beta, 4)}${unit ? ` ${unit}` : ''}`);
    note += ` Tết effect (the ${w} days before the Lunar New Year, and the ${v} days from it, as a share of each window falling in a month): before ${effect(fit.betaBefore)} (t = ${signed(fit.tBefore, 2)}), from Tết ${effect(fit.betaAfter)} (t = ${signed(fit.tAfter, 2)}); taken out before the seasonal adjustment.`;
  } else if (t.sa === 'tet') {
    note += ' Tết always falls in the first quarter: on a quarterly series SA=tet is STL alone (its effect is part of the first quarter\'s seasonal pattern).';
  }
  const s = stl(adjusted, n, p).seasonal;
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = positive ? Math.exp(adjusted[i]! - s[i]!) : adjusted[i]! - s[i]!;
  return { values, note };
}

/**
 * Every column of a frame seasonally adjusted (after Level and Per): the notes say, per column,
 * multiplicative or additive, the STL parameters, the span, and for SA=tet the Tết effects.
 */
export function adjustFrame(frame: Frame, t: Transform, labels: readonly string[], units: ReadonlyArray<string | null>): { frame: Frame; notes: string[] } {
  checkSeasonalFrequency(frame.frequency);
  const period = PERIOD[frame.frequency]!;
  const settings = seasonalSettings(t);
  const p = stlParams(period, settings.seasonal, settings.robust);
  const n = frame.periods.length;
  const pos = framePositions(frame);
  const notes: string[] = [];
  const cols = frame.cols.map((src, c) => {
    let first = 0;
    while (first < n && src[first] !== src[first]) first++;
    let last = n - 1;
    while (last >= first && src[last] !== src[last]) last--;
    const out = new Float64Array(n).fill(NaN);
    if (first > last) return out;
    const gap = firstBreak(src, pos, first, last, frame.frequency);
    if (gap !== null) throw gapRefusal(labels[c]!, gap, false);
    const count = last - first + 1;
    if (count < 3 * period) {
      throw refuse(`SA needs at least three years of consecutive observations (${3 * period} ${frame.frequency === 'monthly' ? 'months' : 'quarters'}); ${labels[c]!} has ${count} (${frame.periods[first]!} to ${frame.periods[last]!}).`);
    }
    const adjusted = adjustColumn(src, first, count, pos[first]!, frame.frequency, t, p, labels[c]!, units[c] ?? null);
    out.set(adjusted.values, first);
    notes.push(adjusted.note);
    return out;
  });
  return { frame: withColumns(frame, cols), notes };
}
