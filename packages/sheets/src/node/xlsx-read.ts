/** Reading XLSX files (ours, and the service's /export/excel) back into Series. */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import ExcelJS from 'exceljs';
import type { Series } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import type { Cell, CellValue } from '../grid/types.ts';
import { matrixToSeries } from '../read/matrix.ts';
import type { ServerExportOptions } from '../read/records.ts';

function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('result' in value) return plain(value.result as ExcelJS.CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return null;
  return null;
}

/** The cells of a worksheet as a matrix (values and number formats). */
export function worksheetMatrix(ws: ExcelJS.Worksheet): Cell[][] {
  const matrix: Cell[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, r) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (c, i) => {
      // exceljs repeats a merged range's value in every cell of it; only the top-left one holds it.
      const cellOut: Cell = { v: c.isMerged && c.master.address !== c.address ? null : plain(c.value) };
      if (c.numFmt) cellOut.fmt = c.numFmt;
      cells[i - 1] = cellOut;
    });
    for (let i = 0; i < cells.length; i += 1) cells[i] ??= { v: null };
    matrix[r - 1] = cells;
  });
  for (let i = 0; i < matrix.length; i += 1) matrix[i] ??= [];
  return matrix;
}

/** The source name and last update from the About sheet of a service export, when there is one. */
function aboutSheet(ws: ExcelJS.Worksheet | undefined): Pick<ServerExportOptions, 'sourceName' | 'lastUpdated'> {
  const out: Pick<ServerExportOptions, 'sourceName' | 'lastUpdated'> = {};
  if (!ws) return out;
  for (const row of worksheetMatrix(ws)) {
    const [label, value] = [row[0]?.v, row[1]?.v];
    if (typeof value !== 'string' || value === '') continue;
    if (label === 'Source') out.sourceName = value;
    if (label === 'Last updated') out.lastUpdated = value;
  }
  return out;
}

/**
 * Every series of a workbook: each data sheet (the Metadata sheet is skipped) is read as one of
 * our layouts or as a service export.
 */
export async function readXlsx(path: string, options: ServerExportOptions = {}): Promise<Series[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.readFile(path);
  } catch (error) {
    throw new SheetsError('unreadable_file', `${basename(path)} is not a readable XLSX workbook (${error instanceof Error ? error.message : String(error)}).`, { file: path, cause: error });
  }
  const retrievedAt = options.retrievedAt ?? (await stat(path)).mtime.toISOString();
  const about = wb.getWorksheet('About');
  const server = { ...aboutSheet(about), ...options, retrievedAt, endpoint: options.endpoint ?? '/export/excel' };
  const series: Series[] = [];
  for (const ws of wb.worksheets) {
    // Metadata (ours) and About (the service's export) describe the data sheets; they hold no series.
    if (ws.name === 'Metadata' || ws === about) continue;
    series.push(...matrixToSeries(worksheetMatrix(ws), { file: basename(path), unescape: (t) => t }, server));
  }
  return series;
}
