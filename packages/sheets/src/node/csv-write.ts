/**
 * CSV from a Grid: RFC 4180 (comma, CRLF, double quotes), UTF-8 with an optional byte order mark
 * (Excel needs it to read Vietnamese text as UTF-8). Periods are written as the text the Grid
 * carries for them ('2024-Q1', the Series' own period), numbers in full precision, missing values as empty fields.
 *
 * Formula injection: a spreadsheet opening the file would run text starting with =, +, -, @, tab
 * or CR as a formula, so such text gets a leading apostrophe. Only text is escaped: numbers
 * (negative ones too) are written as numbers. Text that already starts with apostrophes before
 * such a character gets one more, so `unescapeCsvText` restores every text exactly.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { formatDate } from '../grid/periods.ts';
import { gridColumnCount } from '../grid/cells.ts';
import type { Cell, Grid } from '../grid/types.ts';
import { writeAtomic } from './atomic.ts';

const DANGEROUS = /^'*[=+\-@\t\r]/;
const ESCAPED = /^'+[=+\-@\t\r]/;

/** Text made safe from formula injection (see the module comment). */
export function escapeCsvText(text: string): string {
  return DANGEROUS.test(text) ? `'${text}` : text;
}

/** The inverse of escapeCsvText. */
export function unescapeCsvText(text: string): string {
  return ESCAPED.test(text) ? text.slice(1) : text;
}

/**
 * RFC 4180 quoting, and a field holding ';' too: Excel in a locale whose list separator is ';'
 * (most of Europe) splits unquoted fields there, so `x;=1+1;` would become a formula cell.
 */
function quote(field: string): string {
  return /[",;\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** One cell as a CSV field. */
export function csvField(cell: Cell | undefined): string {
  const v = cell?.v ?? null;
  if (v === null) return '';
  if (cell?.text !== undefined) return quote(escapeCsvText(cell.text));
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return formatDate(v, cell?.fmt ?? 'yyyy-mm-dd');
  return quote(escapeCsvText(v));
}

export interface CsvOptions {
  /** Start with a UTF-8 byte order mark so Excel reads the text as UTF-8 (default true). */
  bom?: boolean;
}

/** The CSV text of a Grid, in chunks of lines (every line padded to the grid's width). */
function* csvChunks(grid: Grid, options: CsvOptions = {}, linesPerChunk = 2000): Generator<string> {
  const width = gridColumnCount(grid);
  let chunk = options.bom ?? true ? '\uFEFF' : '';
  let lines = 0;
  const flush = (line: string): string | null => {
    chunk += line;
    lines += 1;
    if (lines < linesPerChunk) return null;
    const out = chunk;
    chunk = '';
    lines = 0;
    return out;
  };
  for (const row of grid.rows) {
    const fields: string[] = [];
    for (let c = 0; c < width; c += 1) fields.push(csvField(row[c]));
    const out = flush(`${fields.join(',')}\r\n`);
    if (out !== null) yield out;
  }
  // The body is read column-major, one reused cell per value: no Cell objects per row.
  const columns = grid.body.columns;
  const probe: Cell = { v: null };
  for (let r = 0; r < grid.body.rowCount; r += 1) {
    let line = '';
    for (let c = 0; c < width; c += 1) {
      const col = columns[c];
      if (c > 0) line += ',';
      if (col === undefined) continue;
      probe.v = col.values[r] ?? null;
      const fmt = col.formats?.[r] ?? col.fmt;
      if (fmt === undefined) delete probe.fmt;
      else probe.fmt = fmt;
      const text = col.texts?.[r];
      if (text === undefined) delete probe.text;
      else probe.text = text;
      line += csvField(probe);
    }
    const out = flush(`${line}\r\n`);
    if (out !== null) yield out;
  }
  if (chunk) yield chunk;
}

/** The whole CSV text of a Grid (small grids; files go through writeCsv). */
export function gridToCsv(grid: Grid, options: CsvOptions = {}): string {
  return [...csvChunks(grid, options)].join('');
}

/** Writes a Grid as a CSV file, atomically (see atomic.ts). */
export async function writeCsv(path: string, grid: Grid, options: CsvOptions = {}): Promise<void> {
  await writeCsvChunks(path, csvChunks(grid, options));
}

/** Writes CSV text chunks to a file atomically, honouring back-pressure. */
async function writeCsvChunks(path: string, chunks: Iterable<string>): Promise<void> {
  await writeAtomic(path, async (temp) => {
    const out = createWriteStream(temp, { encoding: 'utf8' });
    const failed = once(out, 'error').then(([error]) => Promise.reject(error as Error));
    failed.catch(() => undefined); // observed below through Promise.race
    try {
      for (const chunk of chunks) {
        if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
      }
    } catch (error) {
      out.destroy();
      await once(out, 'close');
      throw error;
    }
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
  });
}
