/**
 * The series table's model: sheets lays the Series out wide once (the same Grid the XLSX and CSV
 * files render), and the table reads cells from it on demand, so 100,000 rows cost no row objects:
 * only the rows on screen are ever turned into text (`displayText`, the spreadsheet's own formatting).
 */
import type { Series } from '@econdata/core';
import { displayText, layoutSeries, moreDecimals, type Cell, type Grid } from '@econdata/sheets';
import { distinctLabels, sharedName } from '@econdata/ui';

/** One table column: its header and what it holds. */
export interface TableColumn {
  /** The whole header, as the files have it (the table shows `headerLabels` of it). */
  header: string;
  role: 'period' | 'value' | 'flag' | 'other';
  /** The series this column belongs to (index into the series given), for value and flag columns. */
  series?: number;
  /** The series' own id and column key, for finding revisions. */
  seriesId?: string;
  key?: string;
  /** Right-aligned numbers. */
  numeric: boolean;
}

/** Rows on demand over a wide Grid. */
export interface TableModel {
  columns: TableColumn[];
  rowCount: number;
  /**
   * The text a spreadsheet shows for row r, column c: the unit's precision (sheets' number format:
   * 2 decimals for %, whole US$), or `extra` decimals more ("More decimals").
   */
  text(r: number, c: number, extra?: number): string;
  /** The period string of row r ('2020', '2024-Q1'). */
  period(r: number): string;
  /** The value itself of row r, column c (a number at full precision), for copies and tooltips. */
  value(r: number, c: number): Cell['v'];
}

function cellAt(grid: Grid, r: number, c: number, extra = 0): Cell {
  const col = grid.body.columns[c];
  if (!col) return { v: null };
  const cell: Cell = { v: col.values[r] ?? null };
  const fmt = moreDecimals(col.formats?.[r] ?? col.fmt, extra);
  if (fmt !== undefined) cell.fmt = fmt;
  const text = col.texts?.[r];
  if (text !== undefined) cell.text = text;
  return cell;
}

/**
 * The table of series of one frequency (sheets refuses to put a month beside a quarter).
 *
 * @example const t = tableModel([gdpVN, gdpTH]); t.text(0, 1) // '31,172,518,849'
 */
export function tableModel(series: readonly Series[]): TableModel {
  const grid = layoutSeries(series, { provenance: false });
  const headerRow = grid.rows[grid.regions.header.top] ?? [];
  const columns: TableColumn[] = grid.columns.map((gc, i) => {
    const header = displayText(headerRow[i] ?? { v: null });
    const role = gc.role === 'period' || gc.role === 'value' || gc.role === 'flag' ? gc.role : 'other';
    const col: TableColumn = { header, role, numeric: role === 'value' };
    if (gc.series !== undefined) {
      col.series = gc.series;
      const s = series[gc.series];
      if (s) col.seriesId = s.id;
    }
    if (gc.key !== undefined) col.key = gc.key;
    return col;
  });
  const periodColumn = Math.max(0, columns.findIndex((c) => c.role === 'period'));
  return {
    columns,
    rowCount: grid.body.rowCount,
    text: (r, c, extra = 0) => displayText(cellAt(grid, r, c, c === periodColumn ? 0 : extra)),
    period: (r) => displayText(cellAt(grid, r, periodColumn)),
    value: (r, c) => grid.body.columns[c]?.values[r] ?? null,
  };
}

/** The table's headings: what every column's name shares, said once above it, and each header's own part. */
export interface TableHeaders {
  /** "GDP growth (annual %)" for five countries' growth; null when the names share no phrase. */
  shared: string | null;
  /** The header each column shows ("Vietnam"), at most the `max` characters asked. */
  labels: string[];
}

/**
 * The headers shown: the phrases every series column's name shares go above the table once (ui's
 * sharedName), each header keeps the part that differs, and where those parts are still long and
 * share their start (GSO's), ui's distinctLabels shortens the shared words so columns stay apart.
 * The whole header stays the column's tooltip and is what every copy and export writes.
 */
export function tableHeaders(columns: readonly TableColumn[], max: number): TableHeaders {
  const named = columns.map((c, i) => ({ c, i })).filter(({ c }) => c.role !== 'period');
  const { shared, parts } = sharedName(named.map(({ c }) => c.header));
  const labels = columns.map((c) => c.header);
  distinctLabels(parts, max).forEach((l, k) => { const at = named[k]?.i; if (at !== undefined) labels[at] = l.short; });
  return { shared, labels };
}
