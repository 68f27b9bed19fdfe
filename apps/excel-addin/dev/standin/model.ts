/**
 * An in-memory workbook: sheets of cells (value, formula, number format, fill, font), tables,
 * settings and custom XML parts. It is the document behind both test doubles of Excel: the in-page
 * stand-in (Chromium, benchmark) and the office-addin-mock document (unit tests). It applies what
 * a request asks and records what each request cost (sync count, payload bytes), so tests can
 * assert exact cells and exact request counts, and scan everything for a secret.
 */
import { columnIndex, columnName } from '../../src/office/a1.ts';
import type { XValue } from '../../src/office/excel-api.ts';

export interface CellState {
  value: XValue;
  formula?: string;
  numberFormat: string;
  fill?: string;
  bold?: boolean;
  italic?: boolean;
  fontColor?: string;
}

/** A rectangle on a sheet, zero-based. */
export interface Rect {
  sheet: SheetModel;
  top: number;
  left: number;
  rows: number;
  cols: number;
}

export class SheetModel {
  readonly cells = new Map<string, CellState>();
  readonly columnWidths = new Map<number, number>();
  constructor(public name: string) {}

  /** The cell at (row, col), created empty when asked for writing. */
  cell(row: number, col: number, create = false): CellState | undefined {
    const key = `${row},${col}`;
    let c = this.cells.get(key);
    if (!c && create) {
      c = { value: '', numberFormat: 'General' };
      this.cells.set(key, c);
    }
    return c;
  }

  /** Rows and columns in use: [rows, cols]. */
  extent(): [number, number] {
    let rows = 0;
    let cols = 0;
    for (const key of this.cells.keys()) {
      const [r, c] = key.split(',').map(Number);
      rows = Math.max(rows, (r ?? 0) + 1);
      cols = Math.max(cols, (c ?? 0) + 1);
    }
    return [rows, cols];
  }
}

export interface TableModel {
  id: string;
  name: string;
  style: string;
  rect: Rect;
}

/** One line of a chart: its name and the cells of its values and of its axis. */
export interface ChartSeriesModel {
  name: string;
  values?: Rect;
  x?: Rect;
}

/** A chart floating over a sheet: placed in points, its series reading cells (so it follows them). */
export interface ChartModel {
  name: string;
  type: string;
  sheet: SheetModel;
  title: string;
  top: number;
  left: number;
  width: number;
  height: number;
  /** The cell its top-left corner was set to (setPosition), if any. */
  anchor?: { row: number; col: number };
  /** A part of the title in another font (the source line, smaller and grey). */
  titleRun?: { start: number; length: number; size?: number; color?: string };
  /** The legend's position ('Right', Excel's default). */
  legend: string;
  /** The value axis' title ('' for none). */
  valueAxisTitle: string;
  series: ChartSeriesModel[];
}

/** Column letters of a zero-based column index (0 -> A, 26 -> AA). */
export const columnLetters = columnName;

/** 'Sheet1!B2:D10' (or 'Sheet1!B2' for one cell); sheet names with spaces are quoted as Excel does. */
export function addressOf(r: Rect): string {
  const sheet = /^[A-Za-z_][\w.]*$/.test(r.sheet.name) ? r.sheet.name : `'${r.sheet.name.replace(/'/g, "''")}'`;
  const a = `${columnLetters(r.left)}${r.top + 1}`;
  const b = `${columnLetters(r.left + r.cols - 1)}${r.top + r.rows}`;
  return `${sheet}!${r.rows === 1 && r.cols === 1 ? a : `${a}:${b}`}`;
}

/** Parses 'B2' or 'B2:D10' (no sheet) to a zero-based rectangle on `sheet`. */
export function parseAddress(sheet: SheetModel, address: string): Rect {
  const m = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(address.replace(/\$/g, '').toUpperCase());
  if (!m) throw new Error(`The address ${JSON.stringify(address)} is not an A1 reference such as B2 or B2:D10.`);
  const col = columnIndex;
  const top = Number(m[2]) - 1;
  const left = col(m[1] ?? 'A');
  const bottom = m[4] ? Number(m[4]) - 1 : top;
  const right = m[3] ? col(m[3]) : left;
  return { sheet, top, left, rows: bottom - top + 1, cols: right - left + 1 };
}

export class WorkbookModel {
  readonly sheets: SheetModel[] = [];
  readonly tables = new Map<string, TableModel>();
  readonly settings = new Map<string, unknown>();
  readonly customXmlParts: string[] = [];
  readonly names = new Map<string, string>();
  readonly charts: ChartModel[] = [];
  /** Each formula cell's last spill: rows and columns. */
  private readonly spills = new Map<string, [number, number]>();
  selection: Rect;
  /** Called for every formula written (the browser stand-in evaluates ECON formulas and spills them). */
  onFormula: ((sheet: SheetModel, row: number, col: number, formula: string) => void) | undefined;
  /** Called for a full calculation (Application.calculate('Full')): every ECON formula calculates again. */
  onCalculateAll: (() => void) | undefined;
  /** Called after values (not formulas' results) were written: formulas that read them calculate again. */
  onValues: ((r: Rect) => void) | undefined;
  /** Requests sent (context.sync calls that carried or awaited anything) and their payload bytes. */
  readonly requests: number[] = [];
  private nextTableId = 1;

  constructor(sheetNames: string[] = ['Sheet1']) {
    for (const n of sheetNames) this.sheets.push(new SheetModel(n));
    const first = this.sheets[0] ?? new SheetModel('Sheet1');
    this.selection = { sheet: first, top: 0, left: 0, rows: 1, cols: 1 };
  }

  get syncs(): number {
    return this.requests.length;
  }

  sheet(name: string): SheetModel {
    const s = this.sheets.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!s) throw new Error(`No sheet named ${name}`);
    return s;
  }

  /** Selects a cell or range, e.g. select('Sheet1', 'B3'). */
  select(sheetName: string, address: string): void {
    this.selection = parseAddress(this.sheet(sheetName), address);
  }

  private each(r: Rect, fn: (cell: CellState, i: number, j: number) => void): void {
    for (let i = 0; i < r.rows; i += 1) for (let j = 0; j < r.cols; j += 1) fn(r.sheet.cell(r.top + i, r.left + j, true) as CellState, i, j);
  }

  /** Writes a matrix (or one value for every cell) of values; '' empties a cell. */
  setValues(r: Rect, values: XValue[][] | XValue, formulas = false): void {
    if (Array.isArray(values) && (values.length !== r.rows || values.some((row) => row.length !== r.cols))) {
      throw new Error(`InvalidArgument: the values are ${values.length}x${values[0]?.length ?? 0} but the range ${addressOf(r)} is ${r.rows}x${r.cols}`);
    }
    this.each(r, (cell, i, j) => {
      const v = Array.isArray(values) ? (values[i]?.[j] ?? '') : values;
      if (formulas && typeof v === 'string' && v.startsWith('=')) {
        cell.formula = v;
        cell.value = '';
        this.onFormula?.(r.sheet, r.top + i, r.left + j, v);
      } else {
        delete cell.formula;
        cell.value = typeof v === 'string' && v.startsWith("'") ? v.slice(1) : v;
      }
    });
    this.onValues?.(r);
  }

  setNumberFormat(r: Rect, fmt: string | string[][]): void {
    if (Array.isArray(fmt) && (fmt.length !== r.rows || fmt.some((row) => row.length !== r.cols))) {
      throw new Error(`InvalidArgument: the number formats are ${fmt.length}x${fmt[0]?.length ?? 0} but the range ${addressOf(r)} is ${r.rows}x${r.cols}`);
    }
    this.each(r, (cell, i, j) => (cell.numberFormat = Array.isArray(fmt) ? (fmt[i]?.[j] ?? 'General') : fmt));
  }

  /** Shows a formula's result from its cell down and to the right, as Excel spills a dynamic array. */
  spill(sheet: SheetModel, row: number, col: number, result: XValue[][]): void {
    // A smaller result leaves no old values behind (Excel spills the new array only).
    const key = `${sheet.name}!${row},${col}`;
    const before = this.spills.get(key);
    if (before) {
      for (let i = 0; i < before[0]; i += 1) {
        for (let j = 0; j < before[1]; j += 1) {
          if ((i === 0 && j === 0) || (i < result.length && j < (result[i]?.length ?? 0))) continue;
          if (sheet.cell(row + i, col + j)?.formula === undefined) sheet.cells.delete(`${row + i},${col + j}`);
        }
      }
    }
    this.spills.set(key, [result.length, Math.max(0, ...result.map((l) => l.length))]);
    result.forEach((line, i) => line.forEach((v, j) => {
      const cell = sheet.cell(row + i, col + j, true) as CellState;
      if (i === 0 && j === 0) cell.value = v;
      else if (cell.formula === undefined) cell.value = v;
    }));
  }

  setFormat(r: Rect, patch: Partial<Pick<CellState, 'fill' | 'bold' | 'italic' | 'fontColor'>>): void {
    this.each(r, (cell) => Object.assign(cell, patch));
  }

  setColumnWidth(r: Rect, points: number): void {
    for (let j = 0; j < r.cols; j += 1) r.sheet.columnWidths.set(r.left + j, points);
  }

  clear(r: Rect): void {
    for (let i = 0; i < r.rows; i += 1) for (let j = 0; j < r.cols; j += 1) r.sheet.cells.delete(`${r.top + i},${r.left + j}`);
  }

  /** The bounding box of the cells of `r` that hold a value or formula, or undefined when none do. */
  usedWithin(r: Rect): Rect | undefined {
    let top = Infinity, left = Infinity, bottom = -1, right = -1;
    for (const [key, c] of r.sheet.cells) {
      if (c.value === '' && c.formula === undefined) continue;
      const [row = 0, col = 0] = key.split(',').map(Number);
      if (row < r.top || row >= r.top + r.rows || col < r.left || col >= r.left + r.cols) continue;
      top = Math.min(top, row); left = Math.min(left, col); bottom = Math.max(bottom, row); right = Math.max(right, col);
    }
    return bottom < 0 ? undefined : { sheet: r.sheet, top, left, rows: bottom - top + 1, cols: right - left + 1 };
  }

  values(r: Rect): XValue[][] {
    return Array.from({ length: r.rows }, (_, i) => Array.from({ length: r.cols }, (_, j) => r.sheet.cell(r.top + i, r.left + j)?.value ?? ''));
  }

  addTable(r: Rect): TableModel {
    for (const t of this.tables.values()) {
      const overlap = t.rect.sheet === r.sheet && t.rect.top < r.top + r.rows && r.top < t.rect.top + t.rect.rows && t.rect.left < r.left + r.cols && r.left < t.rect.left + t.rect.cols;
      if (overlap) throw new Error(`InvalidOperation: a table cannot overlap another table (${t.name} at ${addressOf(t.rect)})`);
    }
    const headers = this.values({ ...r, rows: 1 })[0] ?? [];
    const seen = new Set<string>();
    for (const h of headers) {
      const text = String(h).toLowerCase();
      if (text === '' || seen.has(text)) throw new Error(`InvalidArgument: table headers must be unique and not empty (${JSON.stringify(h)})`);
      seen.add(text);
    }
    const id = String(this.nextTableId++);
    const t: TableModel = { id, name: `Table${id}`, style: 'TableStyleMedium2', rect: r };
    this.tables.set(t.name, t);
    return t;
  }

  renameTable(t: TableModel, name: string): void {
    if (!/^[A-Za-z_\\][\w.]*$/.test(name) || name.length > 255) throw new Error(`InvalidArgument: ${JSON.stringify(name)} is not a valid table name`);
    const other = this.table(name);
    if (other && other !== t) throw new Error(`InvalidArgument: a table named ${name} already exists`);
    this.tables.delete(t.name);
    t.name = name;
    this.tables.set(name, t);
  }

  table(name: string): TableModel | undefined {
    for (const t of this.tables.values()) if (t.name.toLowerCase() === name.toLowerCase()) return t;
    return undefined;
  }

  deleteTable(t: TableModel): void {
    this.tables.delete(t.name);
  }

  /**
   * charts.add(type, source, 'Columns'): with a header row, one series per column named by its
   * header; the first column is the axis when it holds no header text of its own series' kind
   * (a period column) and the source has more than one column, as Excel guesses.
   */
  addChart(sheet: SheetModel, type: string, source: Rect): ChartModel {
    if (source.sheet !== sheet) throw new Error('InvalidArgument: the chart source is on another sheet');
    const header = this.values({ ...source, rows: 1 })[0] ?? [];
    const body = (j: number): Rect => ({ sheet, top: source.top + 1, left: source.left + j, rows: source.rows - 1, cols: 1 });
    const hasAxis = source.cols > 1;
    const series: ChartSeriesModel[] = [];
    for (let j = hasAxis ? 1 : 0; j < source.cols; j += 1) series.push({ name: String(header[j] ?? ''), values: body(j), ...(hasAxis ? { x: body(0) } : {}) });
    const chart: ChartModel = { name: `Chart ${this.charts.length + 1}`, type, sheet, title: '', top: 0, left: 0, width: 360, height: 216, legend: 'Right', valueAxisTitle: '', series };
    this.charts.push(chart);
    return chart;
  }

  chart(sheet: SheetModel, name: string): ChartModel | undefined {
    return this.charts.find((c) => c.sheet === sheet && c.name.toLowerCase() === name.toLowerCase());
  }

  /** Moves a chart's top-left corner to a cell: points from the column widths (48 by default) and 15-point rows. */
  placeChart(chart: ChartModel, at: Rect): void {
    let left = 0;
    for (let c = 0; c < at.left; c += 1) left += at.sheet.columnWidths.get(c) ?? 48;
    chart.left = left;
    chart.top = at.top * 15;
    chart.anchor = { row: at.top, col: at.left };
  }

  renameChart(chart: ChartModel, name: string): void {
    const other = this.chart(chart.sheet, name);
    if (other && other !== chart) throw new Error(`InvalidArgument: a chart named ${name} already exists on ${chart.sheet.name}`);
    chart.name = name;
  }

  deleteChart(chart: ChartModel): void {
    const i = this.charts.indexOf(chart);
    if (i >= 0) this.charts.splice(i, 1);
  }

  /** Everything the document holds, as one text: what a secret scan searches. */
  dump(): string {
    const parts: string[] = [];
    for (const s of this.sheets) {
      parts.push(`sheet ${s.name}`);
      for (const [k, c] of s.cells) parts.push(`${k}=${JSON.stringify(c)}`);
    }
    for (const t of this.tables.values()) parts.push(`table ${t.name} ${addressOf(t.rect)}`);
    for (const c of this.charts) parts.push(`chart ${c.name} ${c.type} ${c.title} ${c.series.map((x) => x.name).join('|')}`);
    for (const [k, v] of this.settings) parts.push(`setting ${k}=${JSON.stringify(v)}`);
    for (const [k, v] of this.names) parts.push(`name ${k}=${v}`);
    parts.push(...this.customXmlParts);
    return parts.join('\n');
  }
}
