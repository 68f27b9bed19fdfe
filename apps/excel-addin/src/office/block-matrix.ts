/**
 * A sheets Grid as the 2-D arrays Office.js takes, cut into chunks whose request payload stays
 * under Excel's limit. The body stays column-major in the Grid; rows are built one chunk at a time,
 * so a 100,000-row block never holds a second full copy of itself as row objects.
 */
import { gridColumnCount, plainValue, type CellValue, type Grid } from '@econdata/sheets';
import { EXCEL_PAYLOAD_LIMIT, type XValue } from './excel-api.ts';

/**
 * Payload kept per chunk: Excel's limit less room for the other calls of the same request
 * (formats, table, binding, highlight). The serialized request is a little larger than its values.
 */
export const CHUNK_PAYLOAD_BYTES = Math.floor(EXCEL_PAYLOAD_LIMIT * 0.8);

/** Text that Excel would read as a formula or number when written as a value gets an apostrophe. */
function textValue(s: string): string {
  return /^[=+\-@]/.test(s) ? `'${s}` : s;
}

/** One Grid cell value as Office.js takes it: sheets' plain value (dates as serial days, missing as ''), text kept as text. */
function officeValue(v: CellValue | undefined): XValue {
  const plain = plainValue(v);
  return typeof plain === 'string' ? textValue(plain) : plain;
}

/** Bytes a value takes in the JSON of a request (an estimate: ASCII digits, quotes, separator). */
function valueBytes(v: XValue): number {
  if (typeof v === 'number') return String(v).length + 1;
  if (typeof v === 'boolean') return v ? 5 : 6;
  return JSON.stringify(v).length + 1;
}

/** The head rows (provenance block, blank row, header row) as a full-width matrix. */
export function headMatrix(grid: Grid): XValue[][] {
  const width = gridColumnCount(grid);
  return grid.rows.map((row) => Array.from({ length: width }, (_, c) => officeValue(row[c]?.v)));
}

/** Body rows [start, end) as a full-width matrix. */
export function bodyMatrix(grid: Grid, start: number, end: number): XValue[][] {
  const width = gridColumnCount(grid);
  const cols = grid.body.columns;
  const out: XValue[][] = new Array<XValue[]>(end - start);
  for (let r = start; r < end; r += 1) {
    const row = new Array<XValue>(width);
    for (let c = 0; c < width; c += 1) row[c] = officeValue(cols[c]?.values[r]);
    out[r - start] = row;
  }
  return out;
}

/** Body rows [start, end) of the columns that carry a format per row (quarters), else undefined. */
export function rowFormats(grid: Grid, start: number, end: number): Array<{ column: number; formats: string[][] }> {
  const out: Array<{ column: number; formats: string[][] }> = [];
  grid.body.columns.forEach((col, c) => {
    if (!col.formats) return;
    const formats: string[][] = [];
    for (let r = start; r < end; r += 1) formats.push([col.formats[r] ?? col.fmt ?? 'General']);
    out.push({ column: c, formats });
  });
  return out;
}

export interface Chunk {
  /** Body rows [start, end). */
  start: number;
  end: number;
  /** Estimated request bytes of its values (and per-row formats). */
  bytes: number;
}

/** Estimated bytes of body row r (values plus any per-row format). */
function rowBytes(grid: Grid, r: number, width: number): number {
  let bytes = 2;
  for (let c = 0; c < width; c += 1) {
    const col = grid.body.columns[c];
    bytes += valueBytes(officeValue(col?.values[r]));
    const perRow = col?.formats?.[r];
    if (perRow !== undefined) bytes += perRow.length + 5;
  }
  return bytes;
}

/**
 * Cuts the body into chunks of at most `limit` estimated bytes each (the head rows count toward
 * the first). A block under the limit is one chunk: one request.
 */
export function planChunks(grid: Grid, limit = CHUNK_PAYLOAD_BYTES): Chunk[] {
  const width = gridColumnCount(grid);
  const head = headMatrix(grid).reduce((sum, row) => sum + row.reduce<number>((s, v) => s + valueBytes(v), 2), 0);
  const chunks: Chunk[] = [];
  let start = 0;
  let bytes = head;
  for (let r = 0; r < grid.body.rowCount; r += 1) {
    const b = rowBytes(grid, r, width);
    if (bytes + b > limit && r > start) {
      chunks.push({ start, end: r, bytes });
      start = r;
      bytes = 0;
    }
    bytes += b;
  }
  chunks.push({ start, end: grid.body.rowCount, bytes });
  return chunks;
}
