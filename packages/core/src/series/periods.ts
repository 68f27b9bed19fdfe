/**
 * Period spellings. A Series holds each period in its frequency's one form (PERIOD_PATTERNS); the
 * service's spec shows those forms but does not promise them, and statistical services write
 * periods in several ways. The alternatives below are read into the canonical form at the
 * boundary (Series mapping); anything else is refused there, naming the record.
 *
 * A date (`2024-03-01`) can stand for a year, a quarter or a month only as its first day, so it
 * fits several frequencies at once: the frequency comes from the query or from the other records.
 */
import { frequencyOfPeriod, PERIOD_PATTERNS, type Frequency } from '../series.ts';

/** The spellings accepted at each frequency, canonical form first (for messages and the README). */
export const PERIOD_SPELLINGS: Readonly<Record<Frequency, readonly string[]>> = {
  annual: ['2024', '2024-01-01'],
  quarterly: ['2024-Q1', '2024Q1', 'Q1 2024', '2024-01-01 (the quarter\'s first day)'],
  monthly: ['2024-03', '2024M03', '202403', '2024-03-01'],
  daily: ['2024-03-15'],
};

/** 'an annual period', 'a monthly period': for messages. */
export const aPeriodOf = (frequency: Frequency): string => `${frequency === 'annual' ? 'an' : 'a'} ${frequency} period`;

const MONTH_M = /^(\d{4})M(0[1-9]|1[0-2])$/;
const MONTH_DIGITS = /^(\d{4})(0[1-9]|1[0-2])$/;
const QUARTER_Q = /^(\d{4})Q([1-4])$/;
const QUARTER_FIRST = /^Q([1-4]) (\d{4})$/;
const DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether year-month-day is a real calendar day (2024-02-29 is, 2023-02-29 and 2024-04-31 are not). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** The value of the `count` ASCII digits of `text` from `at`, or -1 when one of them is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The year a canonical annual period stands for, or -1 when the text is not one: a year is four
 * ASCII digits (PERIOD_PATTERNS.annual), read by character (the commonest period, once per record
 * and once per Series period). Two canonical annual periods compare as their years do.
 */
export function yearOfAnnualPeriod(period: string): number {
  return period.length === 4 ? digitsAt(period, 0, 4) : -1;
}

/**
 * Whether a text is a canonical daily period: PERIOD_PATTERNS.daily (YYYY-MM-DD in ASCII digits)
 * and a real calendar day, read by character (every record of a stock answer and every period of
 * a daily axis is checked: a regular expression and its match took 0.14 s a million).
 */
function isCanonicalDay(period: string): boolean {
  if (period.length !== 10 || period.charCodeAt(4) !== 45 || period.charCodeAt(7) !== 45) return false;
  const year = digitsAt(period, 0, 4);
  const month = digitsAt(period, 5, 2);
  return year >= 0 && month >= 1 && month <= 12 && isCalendarDay(year, month, digitsAt(period, 8, 2));
}

const YEAR_PERIODS = new Array<string | undefined>(9000);

/**
 * The annual period of a year from 1000 to 9999 (its four digits), each made once: a year is the
 * period of most records, and a shared text costs no number-to-text conversion per record.
 */
export function yearPeriod(year: number): string {
  return (YEAR_PERIODS[year - 1000] ??= String(year));
}

/** Whether a period string is in its frequency's canonical form (a daily one also a real day). */
export function isCanonicalPeriod(period: string, frequency: Frequency): boolean {
  if (frequency === 'annual') return yearOfAnnualPeriod(period) >= 0;
  // test() allocates no match.
  if (frequency !== 'daily') return PERIOD_PATTERNS[frequency].test(period);
  return isCanonicalDay(period);
}

/**
 * The canonical form of `raw` at `frequency`, or null when `raw` is no spelling of a period of that
 * frequency. `normalizePeriod('2024M03', 'monthly')` is '2024-03'; `normalizePeriod('2024-04-01',
 * 'quarterly')` is '2024-Q2'; `normalizePeriod('2024-04-02', 'quarterly')` is null.
 */
export function normalizePeriod(raw: string, frequency: Frequency): string | null {
  if (isCanonicalPeriod(raw, frequency)) return raw;
  let m: RegExpExecArray | null;
  switch (frequency) {
    case 'monthly':
      if ((m = MONTH_M.exec(raw) ?? MONTH_DIGITS.exec(raw))) return `${m[1]}-${m[2]}`;
      break;
    case 'quarterly':
      if ((m = QUARTER_Q.exec(raw))) return `${m[1]}-Q${m[2]}`;
      if ((m = QUARTER_FIRST.exec(raw))) return `${m[2]}-Q${m[1]}`;
      break;
    default:
      break;
  }
  const d = DATE.exec(raw);
  if (!d || d[3] !== '01') return null; // daily dates were handled as canonical above
  const [year, month] = [d[1]!, Number(d[2])];
  if (frequency === 'monthly') return `${year}-${d[2]}`;
  if (frequency === 'quarterly') return (month - 1) % 3 === 0 ? `${year}-Q${(month - 1) / 3 + 1}` : null;
  if (frequency === 'annual') return month === 1 ? year : null;
  return null;
}

const ORDER: readonly Frequency[] = ['annual', 'quarterly', 'monthly', 'daily'];

/** Every frequency `raw` can be read at (empty when it is no period at all). */
export function possibleFrequencies(raw: string): Frequency[] {
  return ORDER.filter((f) => normalizePeriod(raw, f) !== null);
}

/** Whether `raw` is a period at some frequency (the wire checks' cheap test; mapping decides which). */
export function isReadablePeriod(raw: string): boolean {
  if (frequencyOfPeriod(raw) !== null) return true; // the canonical forms, the common case, first
  for (const f of ORDER) if (normalizePeriod(raw, f) !== null) return true;
  return false;
}
