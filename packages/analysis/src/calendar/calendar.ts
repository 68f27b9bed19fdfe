/**
 * The calendar arithmetic every transform shares: a period string as an integer position on its
 * frequency's axis, so that "one step back" and "a year back" are subtractions, and a higher
 * frequency's period maps onto the lower frequency's period that contains it.
 *
 * Positions: annual = year; quarterly = year*4 + quarter-1; monthly = year*12 + month-1;
 * daily = days since 1970-01-01. Periods are canonical (core's PERIOD_PATTERNS), so they are read
 * by character position: no regular expression and no allocation per period.
 */
import type { Frequency } from '@econdata/core';

/** How many periods make a year, as FRED counts them for `pca`/`cca` (daily: 260 business days). */
export const PERIODS_PER_YEAR: Readonly<Record<Frequency, number>> = { annual: 1, quarterly: 4, monthly: 12, daily: 260 };

/** Lower is coarser: conversion may only go to a lower rank. */
export const FREQUENCY_RANK: Readonly<Record<Frequency, number>> = { annual: 0, quarterly: 1, monthly: 2, daily: 3 };

const digit = (s: string, at: number): number => s.charCodeAt(at) - 48;
const year = (s: string): number => digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3);
const two = (s: string, at: number): number => digit(s, at) * 10 + digit(s, at + 1);

/** Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil: exact, integer only). */
export function dayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day number (inverse of dayNumber). */
function civilDate(days: number): { y: number; m: number; d: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/** The position of a canonical period on its frequency's axis. */
export function periodPosition(period: string, frequency: Frequency): number {
  switch (frequency) {
    case 'annual': return year(period);
    case 'quarterly': return year(period) * 4 + digit(period, 6) - 1;
    case 'monthly': return year(period) * 12 + two(period, 5) - 1;
    case 'daily': return dayNumber(year(period), two(period, 5), two(period, 8));
  }
}

/** Positions of every period of an axis (one typed array, no per-period allocation). */
export function positions(periods: readonly string[], frequency: Frequency): Int32Array {
  const out = new Int32Array(periods.length);
  for (let i = 0; i < periods.length; i++) out[i] = periodPosition(periods[i]!, frequency);
  return out;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** The canonical period string at a position (inverse of periodPosition). */
export function periodAt(position: number, frequency: Frequency): string {
  switch (frequency) {
    case 'annual': return String(position);
    case 'quarterly': return `${Math.floor(position / 4)}-Q${(position % 4) + 1}`;
    case 'monthly': return `${Math.floor(position / 12)}-${pad2((position % 12) + 1)}`;
    case 'daily': {
      const { y, m, d } = civilDate(position);
      return `${y}-${pad2(m)}-${pad2(d)}`;
    }
  }
}

/** The first and last day numbers of a period at position `p` (for date ranges of stock queries). */
export function dayRange(p: number, frequency: Frequency): { first: number; last: number } {
  if (frequency === 'daily') return { first: p, last: p };
  let y: number;
  let m0: number;
  let months: number;
  if (frequency === 'annual') [y, m0, months] = [p, 0, 12];
  else if (frequency === 'quarterly') [y, m0, months] = [Math.floor(p / 4), (p % 4) * 3, 3];
  else [y, m0, months] = [Math.floor(p / 12), p % 12, 1];
  const first = dayNumber(y, m0 + 1, 1);
  const endMonth = m0 + months; // 0-based month after the period
  const last = dayNumber(y + Math.floor(endMonth / 12), (endMonth % 12) + 1, 1) - 1;
  return { first, last };
}

/**
 * The position at the coarser frequency `to` of a canonical period of frequency `from`, read from
 * the string (no allocation: this runs once per observation in frequency conversion).
 */
export function coarsenPeriod(period: string, from: Frequency, to: Frequency): number {
  if (from === to) return periodPosition(period, from);
  const y = year(period);
  if (to === 'annual') return y;
  const m0 = from === 'quarterly' ? (digit(period, 6) - 1) * 3 : two(period, 5) - 1;
  return to === 'quarterly' ? y * 4 + Math.floor(m0 / 3) : y * 12 + m0;
}

/** Day numbers of the same date a year before each daily period (29 February looks at 28 February). */
export function yearBackDays(periods: readonly string[]): Int32Array {
  const out = new Int32Array(periods.length);
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i]!;
    const m = two(p, 5);
    const d = two(p, 8);
    out[i] = dayNumber(year(p) - 1, m, m === 2 && d === 29 ? 28 : d);
  }
  return out;
}

/**
 * Every period from the first of `periods` to the last, ascending: the axis on which a period no
 * series has shows as missing (a chart breaks its line there) instead of being skipped. Daily axes
 * are returned as given: markets close on weekends and holidays, and those days are not missing.
 * `periods` must be canonical and ascending.
 *
 * @example completePeriods(['2014-01', '2014-03'], 'monthly') // ['2014-01', '2014-02', '2014-03']
 */
export function completePeriods(periods: readonly string[], frequency: Frequency): readonly string[] {
  const first = periods[0];
  const last = periods[periods.length - 1];
  if (frequency === 'daily' || first === undefined || last === undefined) return periods;
  const from = periodPosition(first, frequency);
  const to = periodPosition(last, frequency);
  if (to - from + 1 === periods.length) return periods;
  const out: string[] = [];
  for (let p = from; p <= to; p += 1) out.push(periodAt(p, frequency));
  return out;
}
