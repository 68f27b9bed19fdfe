/**
 * XLSX from Grids with exceljs' streaming WorkbookWriter: rows are committed to the zip as they
 * are written, so memory stays flat however many rows there are. One worksheet per Grid; the
 * file is written atomically (see atomic.ts).
 */
import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Series } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import { sheetName } from '../grid/cells.ts';
import { layoutSeries, type LayoutOptions } from '../grid/layout.ts';
import { metadataGrid } from '../grid/metadata.ts';
import { groupByFrequency } from '../grid/wide.ts';
import type { Cell, CellStyle, Grid } from '../grid/types.ts';
import { writeAtomic } from './atomic.ts';
import { PACKAGE_VERSION } from './version.ts';
import { bodyXmlRenderer } from './xlsx-body.ts';
import { worksheetSink } from './xlsx-sink.ts';
import { WorkbookTables } from './xlsx-table.ts';

/** Excel's row limit per worksheet. */
export const EXCEL_MAX_ROWS = 1_048_576;

type Style = Partial<ExcelJS.Style>;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
// A named font everywhere: a cell font without a name falls back to a serif face in LibreOffice.
const FONT = { name: 'Calibri', family: 2, size: 11 } as const;
const GREY = { argb: 'FF404040' };
const BASE: Record<CellStyle, Style> = {
  title: { font: { ...FONT, bold: true, size: 13 } },
  label: { font: { ...FONT, bold: true, color: GREY }, alignment: { vertical: 'top' } },
  // Provenance text wraps within the series' columns instead of widening them.
  meta: { font: { ...FONT, color: GREY }, alignment: { horizontal: 'left', vertical: 'top', wrapText: true } },
  header: { font: { ...FONT, bold: true }, fill: HEADER_FILL, border: { bottom: { style: 'thin' } }, alignment: { horizontal: 'center', vertical: 'middle', wrapText: true } },
  text: { font: { ...FONT, color: GREY }, alignment: { horizontal: 'left' } },
  period: { font: FONT, alignment: { horizontal: 'left' } },
  value: { font: FONT },
  warning: { font: { ...FONT, bold: true, color: { argb: 'FFC00000' } }, alignment: { horizontal: 'left', vertical: 'top', wrapText: true } },
};

/**
 * Style objects are shared per (style, format): exceljs caches style ids by object identity, so a
 * million cells cost one lookup each instead of one style computation each.
 */
class StyleCache {
  private readonly cache = new Map<string, Style>();
  get(style: CellStyle | undefined, fmt: string | undefined): Style | undefined {
    if (style === undefined && fmt === undefined) return undefined;
    const key = `${style ?? ''}|${fmt ?? ''}`;
    let s = this.cache.get(key);
    if (!s) this.cache.set(key, (s = { ...(style ? BASE[style] : {}), ...(fmt ? { numFmt: fmt } : {}) }));
    return s;
  }
}

function putRow(ws: ExcelJS.Worksheet, rowNumber: number, cells: Cell[], styles: StyleCache, notes?: Map<string, string>, height?: number): void {
  const row = ws.getRow(rowNumber);
  if (height !== undefined) row.height = height;
  cells.forEach((c, i) => {
    if (c === undefined) return;
    const style = styles.get(c.style, c.fmt);
    if (c.v === null && style === undefined) return;
    const target = row.getCell(i + 1);
    if (c.v !== null) target.value = c.v;
    if (style) target.style = style;
    const note = notes?.get(`${rowNumber - 1}:${i}`);
    if (note !== undefined) target.note = note;
  });
  row.commit();
}

/**
 * Every exceljs row starts with its own empty style object, which defeats the style cache and
 * costs one style computation per row; one frozen shared object is computed once.
 */
const NO_ROW_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

/** One body row through exceljs' own rows and cells (the slow path). */
function putBodyRow(ws: ExcelJS.Worksheet, grid: Grid, r: number, rowNumber: number, styles: StyleCache): void {
  const row = ws.getRow(rowNumber);
  (row as unknown as { style: Partial<ExcelJS.Style> }).style = NO_ROW_STYLE;
  grid.body.columns.forEach((col, c) => {
    const v = col.values[r] ?? null;
    if (v === null) return;
    const target = row.getCell(c + 1);
    target.value = v;
    const style = styles.get(col.style, col.formats?.[r] ?? col.fmt);
    if (style) target.style = style;
  });
  row.commit();
}

/** Cells rendered per chunk of the fast path (about 200 KB of XML for numbers; xlsx-sink.ts's buffers hold 512 KB). */
const CELLS_PER_CHUNK = 6000;
/** Rows written through exceljs rows between checks of the compressor's backlog (the slow path). */
const ROWS_PER_YIELD = 1000;

async function writeSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, grid: Grid, name: string, styles: StyleCache, fastBody: boolean, tables: WorkbookTables, signal: AbortSignal): Promise<void> {
  const total = grid.rows.length + grid.body.rowCount;
  if (total > EXCEL_MAX_ROWS) {
    throw new SheetsError('too_many_rows', `Sheet "${name}" would have ${total} rows; Excel allows ${EXCEL_MAX_ROWS}. Export this data as CSV, or narrow the query (fewer series or a shorter period).`);
  }
  const views: Array<Partial<ExcelJS.WorksheetView>> = grid.frozenRows > 0 || grid.frozenColumns > 0 ? [{ state: 'frozen', xSplit: grid.frozenColumns, ySplit: grid.frozenRows }] : [];
  // Printed (or saved as PDF), a sheet fits its columns on the page width and every page repeats
  // the header row. (exceljs writes the sheet name into that defined name unescaped: skip it for a
  // name with an apostrophe rather than write a workbook Excel must repair.)
  const headerRow = grid.regions.header.top + 1;
  const printTitles = name.includes("'") ? {} : { printTitlesRow: `${headerRow}:${headerRow}` };
  const ws = wb.addWorksheet(name, {
    views,
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, ...printTitles },
    properties: { outlineLevelRow: grid.regions.provenance ? 1 : 0 },
  });
  ws.columns = grid.columns.map((c) => ({ width: c.width }));
  for (const m of grid.merges) ws.mergeCells(m.top + 1, m.left + 1, m.bottom + 1, m.right + 1);
  // Notes go on head cells (headers, provenance); body cells are written without a lookup.
  const notes = new Map(grid.notes.map((n) => [`${n.row}:${n.col}`, n.text]));
  // The provenance rows form an outline group: one click folds them away to give the data room
  // under the frozen header.
  const block = grid.regions.provenance;
  grid.rows.forEach((cells, r) => {
    if (block && r >= block.top && r <= block.bottom) ws.getRow(r + 1).outlineLevel = 1;
    putRow(ws, r + 1, cells, styles, notes, grid.rowHeights[r]);
  });
  // The body is read column-major straight from the Grid: rendered as XML directly (xlsx-body.ts)
  // or, if exceljs' internals are not as expected, through exceljs rows and cells.
  const offset = grid.rows.length + 1;
  // The direct path needs <sheetData> opened, which exceljs does when it writes the first head row.
  const fast = fastBody && grid.rows.length > 0 ? bodyXmlRenderer(wb, grid, offset, (style, fmt) => styles.get(style, fmt)) : null;
  const sink = grid.body.rowCount > 0 ? await worksheetSink(ws, { direct: fast !== null, signal }) : null;
  const step = fast ? Math.max(1, Math.floor(CELLS_PER_CHUNK / Math.max(1, grid.body.columns.length))) : ROWS_PER_YIELD;
  for (let from = 0; from < grid.body.rowCount; from += step) {
    const to = Math.min(from + step, grid.body.rowCount);
    if (fast) await sink?.write(fast(from, to));
    else {
      for (let r = from; r < to; r += 1) putBodyRow(ws, grid, r, offset + r, styles);
      await sink?.end();
    }
  }
  await sink?.end();
  // The data block is an Excel table (filters, banding, a name to refer to), when its header allows one.
  tables.add(ws, grid);
  ws.commit();
}

export interface XlsxOptions {
  /** A Metadata sheet written last (see metadataGrid). */
  metadata?: Grid;
  /** Render data rows directly as XML (default true, ~3x faster); false uses exceljs rows (xlsx-body.ts). */
  fastBody?: boolean;
}

/** Writes Grids as one workbook, a worksheet each (names made unique), atomically. */
export async function writeXlsx(path: string, grids: readonly Grid[], options: XlsxOptions = {}): Promise<void> {
  const all = options.metadata ? [...grids, options.metadata] : [...grids];
  const names = uniqueNames(all.map((g) => g.name));
  await writeAtomic(path, async (temp) => {
    const stream = createWriteStream(temp);
    // The file's first error (a folder that does not exist, a full disk) stops the writing wherever
    // it waits: archiver unpipes a failed stream, and the compressor would then wait for it forever.
    const failed = new AbortController();
    const failure = new Promise<never>((_, reject) => failed.signal.addEventListener('abort', () => reject(failed.signal.reason as Error)));
    failure.catch(() => undefined);
    stream.on('error', (error) => failed.abort(error));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true, zip: { zlib: { level: 1 } } });
    const styles = new StyleCache();
    const tables = new WorkbookTables(wb);
    // What is left behind when the file fails is abandoned quietly: the file's error is the one thrown.
    const unlessFailed = async (work: Promise<unknown>): Promise<void> => {
      work.catch(() => undefined);
      await Promise.race([work, failure]);
    };
    try {
      for (const [i, grid] of all.entries()) await unlessFailed(writeSheet(wb, grid, names[i] ?? grid.name, styles, options.fastBody ?? true, tables, failed.signal));
      await unlessFailed(wb.commit());
    } catch (error) {
      failed.abort(error);
      stream.destroy();
      if (!stream.closed) await new Promise<void>((resolve) => stream.once('close', () => resolve()));
      throw error;
    }
  });
}

function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw) => {
    let name = sheetName(raw);
    for (let n = 2; seen.has(name.toLowerCase()); n += 1) name = `${sheetName(raw).slice(0, 27)} (${n})`;
    seen.add(name.toLowerCase());
    return name;
  });
}

export interface SeriesXlsxOptions extends Omit<LayoutOptions, 'name'> {
  /** When the file is made (ISO 8601); default now. */
  createdAt?: string;
  /** Shown on the Metadata sheet; default this package's version. */
  productVersion?: string;
}

const KIND_NAMES = { indicator: 'Indicators', trade: 'Trade', stock: 'Stocks' } as const;

/**
 * Lays out Series and writes them as a workbook: wide layouts get one sheet per kind and
 * frequency (a wide sheet has one period axis), long layouts one sheet per kind; then Metadata.
 */
export async function writeSeriesXlsx(path: string, series: readonly Series[], options: SeriesXlsxOptions = {}): Promise<Grid[]> {
  const grids = seriesSheets(series, options);
  const sheetOf = new Map<string, string>();
  const names = uniqueNames([...grids.map((g) => g.grid.name), 'Metadata']);
  grids.forEach((g, i) => {
    g.grid.name = names[i] ?? g.grid.name;
    for (const s of g.series) sheetOf.set(s.id, g.grid.name);
  });
  const metadata = metadataGrid(series, { createdAt: options.createdAt ?? new Date().toISOString(), productVersion: options.productVersion ?? PACKAGE_VERSION, sheetOf });
  const list = grids.map((g) => g.grid);
  await writeXlsx(path, list, { metadata });
  return list;
}

/** The sheets writeSeriesXlsx makes, with the series each holds. */
export function seriesSheets(series: readonly Series[], options: Omit<LayoutOptions, 'name'> = {}): Array<{ grid: Grid; series: Series[] }> {
  const byKind = new Map<string, Series[]>();
  for (const s of series) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s]);
  const out: Array<{ grid: Grid; series: Series[] }> = [];
  for (const [kind, list] of byKind) {
    const base = KIND_NAMES[kind as keyof typeof KIND_NAMES] ?? kind;
    if (options.orientation === 'long') {
      out.push({ grid: layoutSeries(list, { ...options, name: base }), series: list });
      continue;
    }
    const groups = groupByFrequency(list);
    for (const g of groups) {
      const name = groups.length > 1 ? `${base} (${g.frequency})` : base;
      out.push({ grid: layoutSeries(g.series, { ...options, name }), series: g.series });
    }
  }
  return out;
}
