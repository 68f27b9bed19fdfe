/**
 * The values-only rendering of a Grid: the header row and the data rows as plain values, what a
 * sink that cannot carry number formats, styles or the provenance block shows (the add-in's
 * `=ECON.*` formulas spill it; custom functions cannot set formats). Period cells are the same
 * serial days an inserted block holds, so a formula and a block of one series show the same cells.
 */
import type { CellValue, Grid } from './types.ts';

/** A cell as a plain value: a Date becomes its Excel serial day, a missing value an empty string (never 0). */
export type PlainValue = string | number | boolean;

const DAY_MS = 86_400_000;
/** Serial day of 1970-01-01 (Excel's 1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569;

/** One Grid value as a plain value (see PlainValue). */
export function plainValue(v: CellValue | undefined): PlainValue {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Math.round(v.getTime() / DAY_MS) + UNIX_EPOCH_SERIAL;
  if (typeof v === 'number' && !Number.isFinite(v)) return '';
  return v;
}

/**
 * The header row, then every data row, as plain values: no provenance block, no formats. Row r + 1
 * is body row r; every row has the header's width.
 *
 * @example const spill = gridValues(layoutSeries(series, { provenance: false }));
 */
export function gridValues(grid: Grid): PlainValue[][] {
  const header = grid.rows[grid.regions.header.top] ?? [];
  const width = Math.max(header.length, grid.body.columns.length);
  const out: PlainValue[][] = [Array.from({ length: width }, (_, c) => plainValue(header[c]?.v))];
  const cols = grid.body.columns;
  for (let r = 0; r < grid.body.rowCount; r += 1) {
    const row = new Array<PlainValue>(width);
    for (let c = 0; c < width; c += 1) row[c] = plainValue(cols[c]?.values[r]);
    out.push(row);
  }
  return out;
}
