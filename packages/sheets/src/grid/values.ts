/**
 * The values-only rendering of a Grid: the header row and the data rows as plain values, what a
 * sink that cannot carry number formats, styles or the provenance block shows (the add-in's
 * `=ECON.*` formulas spill it; custom functions cannot set formats). Period cells are the serial
 * days an inserted block holds, or, for a sink without formats, the period's text the Grid carries.
 */
import { dateToExcelSerial } from './excel-epoch.ts';
import type { CellValue, Grid } from './types.ts';

/** A cell as a plain value: a Date becomes its Excel serial day, a missing value an empty string (never 0). */
export type PlainValue = string | number | boolean;

/** One Grid value as a plain value (see PlainValue). */
export function plainValue(v: CellValue | undefined): PlainValue {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Math.round(dateToExcelSerial(v));
  if (typeof v === 'number' && !Number.isFinite(v)) return '';
  return v;
}

export interface GridValuesOptions {
  /**
   * 'serial' (default): period cells are serial days, as in a block (whose number formats show
   * them as dates). 'text': the period's own text ('2015', '2024-Q1', '2024-03'), for sinks that
   * cannot carry a number format: an unformatted serial reads 42005, not 2015.
   */
  periods?: 'serial' | 'text';
}

/**
 * The header row (when the Grid has one: `Header=N` leaves it out), then every data row, as plain
 * values: no provenance block, no formats. Every row has the same width.
 *
 * @example const spill = gridValues(layoutSeries(series, { provenance: false }), { periods: 'text' });
 */
export function gridValues(grid: Grid, options: GridValuesOptions = {}): PlainValue[][] {
  const { top, bottom } = grid.regions.header;
  const header = bottom >= top ? (grid.rows[top] ?? []) : undefined;
  const width = Math.max(header?.length ?? 0, grid.body.columns.length);
  const out: PlainValue[][] = header ? [Array.from({ length: width }, (_, c) => plainValue(header[c]?.v))] : [];
  const cols = grid.body.columns;
  const asText = options.periods === 'text';
  for (let r = 0; r < grid.body.rowCount; r += 1) {
    const row = new Array<PlainValue>(width);
    for (let c = 0; c < width; c += 1) {
      const col = cols[c];
      const v = col?.values[r];
      const text = asText ? col?.texts?.[r] : undefined;
      row[c] = text ?? plainValue(v);
    }
    out.push(row);
  }
  return out;
}
