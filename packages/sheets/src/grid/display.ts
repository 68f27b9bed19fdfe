/**
 * A cell as the text a spreadsheet shows for it, for sinks that render text (the desktop table,
 * previews): the same number formats the XLSX carries, so a value reads the same everywhere.
 * Covers the formats this package writes; any other format shows the plain value.
 */
import { formatDate, isPeriodFormat } from './periods.ts';
import { excelSerialToDate } from './excel-epoch.ts';
import type { Cell } from './types.ts';

// '#,##0', '#,##0.00', '0.0', '0.00"%"': grouping, decimals, a literal suffix.
const NUMBER_FORMAT = /^(#,##)?0(?:\.(0+))?(?:"([^"]*)")?$/;
const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(grouping: boolean, decimals: number): Intl.NumberFormat {
  const key = `${grouping}|${decimals}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat('en-US', { useGrouping: grouping, minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return f;
}

/** The text a spreadsheet shows for a cell (en-US conventions: comma groups, point decimals). */
export function displayText(cell: Cell): string {
  const v = cell.v;
  if (v === null) return '';
  // A period laid out from a Series carries its own text; a date cell read from a sheet has only its serial and format.
  if (cell.text !== undefined) return cell.text;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  if (v instanceof Date) return formatDate(v, cell.fmt ?? 'yyyy-mm-dd');
  if (!Number.isFinite(v)) return '';
  if (isPeriodFormat(cell.fmt)) return formatDate(excelSerialToDate(v), cell.fmt ?? 'yyyy-mm-dd');
  const m = cell.fmt ? NUMBER_FORMAT.exec(cell.fmt) : null;
  if (!m) return String(v);
  const text = numberFormat(m[1] !== undefined, m[2]?.length ?? 0).format(v);
  // Rounding can leave "-0.00": spreadsheets show it without the sign.
  return (/^-[0.,]*$/.test(text) ? text.slice(1) : text) + (m[3] ?? '');
}

/**
 * A number format with `extra` more decimals, for a reader who wants to see more than the unit's
 * usual precision ("More decimals" in the explorer's table): '#,##0' + 2 is '#,##0.00', '0.00"%"'
 * + 1 is '0.000"%"'. General (already every digit), dates and formats not written here stay as
 * they are.
 *
 * @example displayText({ v: 3.14159, fmt: moreDecimals('0.00"%"', 2) }) // '3.1416%'
 */
export function moreDecimals(fmt: string, extra: number): string;
export function moreDecimals(fmt: string | undefined, extra: number): string | undefined;
export function moreDecimals(fmt: string | undefined, extra: number): string | undefined {
  const m = fmt === undefined || extra <= 0 ? null : NUMBER_FORMAT.exec(fmt);
  if (!m) return fmt;
  const decimals = (m[2]?.length ?? 0) + extra;
  return `${m[1] ?? ''}0.${'0'.repeat(decimals)}${m[3] === undefined ? '' : `"${m[3]}"`}`;
}
