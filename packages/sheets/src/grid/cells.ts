/** Small helpers to build and read Grids, shared by the layouts and every renderer. */
import type { Cell, CellStyle, CellValue, Grid, Range } from './types.ts';

/** A cell with an optional style and format (omitting what is not set, for exact optional types). */
export function cell(v: CellValue, style?: CellStyle, fmt?: string): Cell {
  const c: Cell = { v };
  if (style !== undefined) c.style = style;
  if (fmt !== undefined) c.fmt = fmt;
  return c;
}

/** The number of rows of a Grid, head and body. */
export function gridRowCount(grid: Grid): number {
  return grid.rows.length + grid.body.rowCount;
}

/** The number of columns of a Grid (the widest of head and body). */
export function gridColumnCount(grid: Grid): number {
  return Math.max(grid.columns.length, grid.body.columns.length, ...grid.rows.map((r) => r.length));
}

/** Body row `r` as cells (format and style filled in from the column). */
export function bodyRow(grid: Grid, r: number): Cell[] {
  return grid.body.columns.map((col) => {
    const c: Cell = { v: col.values[r] ?? null };
    const fmt = col.formats?.[r] ?? col.fmt;
    if (fmt !== undefined) c.fmt = fmt;
    const text = col.texts?.[r];
    if (text !== undefined) c.text = text;
    if (col.style !== undefined) c.style = col.style;
    return c;
  });
}

/**
 * Every row of a Grid, head then body, as cells: what a renderer that writes row by row iterates
 * (the Office.js writer writes these in chunks).
 */
export function* gridRows(grid: Grid): Generator<Cell[]> {
  yield* grid.rows;
  for (let r = 0; r < grid.body.rowCount; r += 1) yield bodyRow(grid, r);
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ and not blank. */
export function sheetName(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^'+|'+$/g, '');
  return (clean || 'Data').slice(0, 31).trim();
}

/** Width in characters of a value as text, for column sizing (clamped by the caller). */
export function textWidth(value: CellValue): number {
  if (value === null) return 0;
  if (typeof value === 'string') return Math.max(...value.split('\n').map((l) => l.length));
  if (value instanceof Date) return 10;
  if (typeof value === 'boolean') return 5;
  return String(value).length;
}

/** Points per line of 11-point text. */
const LINE_POINTS = 15;
/** Wrapping breaks at word and punctuation boundaries, wasting part of each line: a margin. */
const WRAP_WASTE = 1.15;

/**
 * Heights for the head rows whose text wraps: each wrapping cell needs ceil(text / room) lines,
 * where room is the width of its column, or of its merged range.
 */
export function wrappedRowHeights(rows: Cell[][], widths: readonly number[], merges: readonly Range[], wraps: (c: Cell) => boolean): Record<number, number> {
  const heights: Record<number, number> = {};
  rows.forEach((row, r) => {
    let lines = 1;
    row.forEach((c, col) => {
      if (c === undefined || typeof c.v !== 'string' || !wraps(c)) return;
      const merge = merges.find((m) => m.top === r && m.left === col);
      let width = 0;
      for (let i = col; i <= (merge?.right ?? col); i += 1) width += widths[i] ?? 10;
      const room = Math.max(1, width - 1);
      const needed = c.v.length <= room ? 1 : Math.ceil((c.v.length / room) * WRAP_WASTE);
      lines = Math.max(lines, needed);
    });
    if (lines > 1) heights[r] = lines * LINE_POINTS;
  });
  return heights;
}
