/**
 * Reading XLSX files (ours, and the service's /export/excel) back into Series. exceljs loads the
 * workbook in memory (its streaming WorkbookReader was tried: on files whose sheets precede the
 * shared strings, as exceljs' own streaming writer makes them, it returned unresolved strings and
 * no sheet names in some runs); rows then go to a SheetReader one at a time.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import ExcelJS from 'exceljs';
import type { Series } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import type { Cell, CellValue } from '../grid/types.ts';
import type { ServerExportOptions } from '../read/records.ts';
import { SheetReader } from '../read/sheet-reader.ts';
import { errorAnswerFile } from './error-answer-file.ts';
import { readingFile } from './file-errors.ts';
import { checkXlsxSize } from './xlsx-size.ts';

function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('result' in value) return plain(value.result as ExcelJS.CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text;
  return null; // an error value (#N/A) reads as missing
}

/** One worksheet row as cells (values and number formats), zero-based columns. */
function rowCells(row: ExcelJS.Row): Cell[] {
  const cells: Cell[] = [];
  row.eachCell({ includeEmpty: false }, (c, i) => {
    // exceljs repeats a merged range's value in every cell of it; only the top-left one holds it.
    const cell: Cell = { v: c.isMerged && c.master.address !== c.address ? null : plain(c.value) };
    if (c.numFmt) cell.fmt = c.numFmt;
    cells[i - 1] = cell;
  });
  for (let i = 0; i < cells.length; i += 1) cells[i] ??= { v: null };
  return cells;
}

/** What the About sheet of a service export says: source name, last update, and the source code of its query. */
function aboutFields(rows: Cell[][]): Pick<ServerExportOptions, 'sourceName' | 'lastUpdated' | 'source'> {
  const out: Pick<ServerExportOptions, 'sourceName' | 'lastUpdated' | 'source'> = {};
  for (const row of rows) {
    const [label, value] = [row[0]?.v, row[1]?.v];
    if (typeof value !== 'string' || value === '') continue;
    if (label === 'Source') out.sourceName = value;
    if (label === 'Last updated') out.lastUpdated = value;
    // '/api/v1/export/excel?source=GSO&indicator=...': the code ids and re-runs need.
    const code = label === 'Query' ? new URLSearchParams(value.split('?')[1] ?? '').get('source') : null;
    if (code) out.source = code;
  }
  return out;
}

/**
 * Every series of a workbook: each data sheet is read as one of our layouts or as a service
 * export; our Metadata sheet is skipped, and a service export's About sheet supplies the source
 * (name and code) and last update unless the options give them.
 */
export function readXlsx(path: string, options: XlsxReadOptions = {}): Promise<Series[]> {
  return readingFile(path, () => readXlsxFile(path, options));
}

/** How to read a workbook: a service export's details, and the most it may unzip to. */
interface XlsxReadOptions extends ServerExportOptions {
  /** All entries together, inflated (default MAX_UNZIPPED_BYTES, 1 GiB); past it, `file_too_large`. */
  maxUnzippedBytes?: number;
}

async function readXlsxFile(path: string, options: XlsxReadOptions): Promise<Series[]> {
  const file = basename(path);
  const retrievedAt = options.retrievedAt ?? (await stat(path)).mtime.toISOString();
  const endpoint = options.endpoint ?? '/export/excel';
  // A workbook too big for this process's heap, or a zip bomb, would crash Node while loading:
  // every entry is inflated and counted first (a stream, nothing kept), and such a file refused.
  await checkXlsxSize(path, options.maxUnzippedBytes);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.readFile(path);
  } catch (error) {
    const answer = await errorAnswerFile(path);
    if (answer) throw answer;
    throw new SheetsError('unreadable_file', `${file} is not a readable XLSX workbook (${error instanceof Error ? error.message : String(error)}): it is damaged or not a workbook. Export or download it again.`, { file: path, cause: error });
  }
  // The About sheet of a service export (after the data in the service's files) says where the
  // data came from; what the caller said wins.
  const about: Cell[][] = [];
  wb.getWorksheet('About')?.eachRow((row) => about.push(rowCells(row)));
  const fromAbout = aboutFields(about);
  const { maxUnzippedBytes: _limit, ...exported } = options;
  const server: ServerExportOptions & { retrievedAt: string; endpoint: string } = { ...exported, retrievedAt, endpoint };
  if (options.sourceName === undefined && fromAbout.sourceName !== undefined) server.sourceName = fromAbout.sourceName;
  if (options.lastUpdated === undefined && fromAbout.lastUpdated !== undefined) server.lastUpdated = fromAbout.lastUpdated;
  if (options.source === undefined && fromAbout.source !== undefined) server.source = fromAbout.source;

  const series: Series[] = [];
  for (const ws of wb.worksheets) {
    if (ws.name === 'Metadata' || ws.name === 'About') continue;
    const sheet = new SheetReader({ file, unescape: (t) => t }, server);
    let expected = 1;
    ws.eachRow((row, number) => {
      // eachRow skips empty rows: push blanks so row numbers in errors stay right.
      for (; expected < number; expected += 1) sheet.push([]);
      sheet.push(rowCells(row));
      expected = number + 1;
    });
    series.push(...sheet.finish());
  }
  return series;
}
