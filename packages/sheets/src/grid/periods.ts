/**
 * Periods as real spreadsheet dates. A period string ('2024', '2024-Q1', '2024-03', '2024-03-15')
 * becomes the UTC midnight of its first day, shown with a number format chosen by frequency.
 *
 * Quarters: no Excel or LibreOffice number format can compute a quarter from a date, so each
 * quarterly cell carries its own format with the quarter as a literal, `yyyy"-Q1"` .. `yyyy"-Q4"`.
 * The value stays a real date (the first day of the quarter): it sorts, filters and charts as a
 * date in both programs, and the label moves with the cell when rows are sorted. A text label
 * ('2024-Q1') would also sort, but would not be a date for charts and date arithmetic.
 */
import { PERIOD_PATTERNS, type Frequency } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import { DAY_MS, excelSerialToDate, utcMsToExcelSerial } from './excel-epoch.ts';

// The period forms are core's (the Series model defines them); sheets readers use the same guess.
export { frequencyOfPeriod } from '@econdata/core';

/** The number format that displays a period of this frequency (quarterly needs the period itself). */
export function periodFormat(frequency: Frequency, period?: string): string {
  switch (frequency) {
    case 'annual':
      return 'yyyy';
    case 'monthly':
      return 'yyyy-mm';
    case 'daily':
      return 'yyyy-mm-dd';
    case 'quarterly': {
      const quarter = period === undefined ? null : PERIOD_PATTERNS.quarterly.exec(period)?.[2];
      if (!quarter) throw new SheetsError('invalid_period', `A quarterly format needs a period such as 2024-Q1, got ${JSON.stringify(period)}`);
      return `yyyy"-Q${quarter}"`;
    }
  }
}

/**
 * The Excel serial day of a period's first day: days since 1899-12-30, the number Excel,
 * LibreOffice and Office.js store for a date. Computed from UTC arithmetic, so no time zone can
 * shift it. Throws when the string is not of the frequency's form.
 */
export function periodToSerial(period: string, frequency: Frequency): number {
  const m = PERIOD_PATTERNS[frequency].exec(period);
  if (!m) {
    throw new SheetsError('invalid_period', `Period ${JSON.stringify(period)} is not a ${frequency} period (expected ${EXAMPLES[frequency]})`);
  }
  const year = Number(m[1]);
  let month = 0;
  let day = 1;
  if (frequency === 'quarterly') month = (Number(m[2]) - 1) * 3;
  if (frequency === 'monthly' || frequency === 'daily') month = Number(m[2]) - 1;
  if (frequency === 'daily') {
    day = Number(m[3]);
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month] ?? 31;
    if (day > days) throw new SheetsError('invalid_period', `Period ${JSON.stringify(period)} is not a real calendar day`);
  }
  // Date.UTC maps years 0-99 to 1900-1999; shift such years by 400 (same calendar) and back.
  const shift = year < 100 ? 400 : 0;
  return utcMsToExcelSerial(Date.UTC(year + shift, month, day) - (shift > 0 ? YEARS_400_MS : 0));
}

/** The UTC midnight of a period's first day, as a Date (see periodToSerial). */
export function periodToDate(period: string, frequency: Frequency): Date {
  return excelSerialToDate(periodToSerial(period, frequency));
}

const EXAMPLES: Record<Frequency, string> = { annual: '2024', quarterly: '2024-Q1', monthly: '2024-03', daily: '2024-03-15' };

/** The period string of a date in the given frequency, read in UTC (the inverse of periodToDate). */
export function dateToPeriod(date: Date, frequency: Frequency): string {
  const y = String(date.getUTCFullYear()).padStart(4, '0');
  const m = date.getUTCMonth();
  const mm = String(m + 1).padStart(2, '0');
  switch (frequency) {
    case 'annual':
      return y;
    case 'quarterly':
      return `${y}-Q${Math.floor(m / 3) + 1}`;
    case 'monthly':
      return `${y}-${mm}`;
    case 'daily':
      return `${y}-${mm}-${String(date.getUTCDate()).padStart(2, '0')}`;
  }
}


const YEARS_400_MS = 146_097 * DAY_MS;

/** Whether a number format is one of the period (date) formats this package writes. */
export function isPeriodFormat(fmt: string | undefined): boolean {
  return fmt === 'yyyy' || fmt === 'yyyy-mm' || fmt === 'yyyy-mm-dd' || (fmt !== undefined && /^yyyy"-Q[1-4]"$/.test(fmt));
}

/** Renders a date with one of the period formats this package writes, for text sinks (CSV, table). */
export function formatDate(date: Date, fmt: string): string {
  const quarter = /"-Q([1-4])"/.exec(fmt)?.[1];
  const y = String(date.getUTCFullYear()).padStart(4, '0');
  if (quarter) return `${y}-Q${quarter}`;
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  if (fmt === 'yyyy') return y;
  if (fmt === 'yyyy-mm') return `${y}-${mm}`;
  return `${y}-${mm}-${dd}`;
}
