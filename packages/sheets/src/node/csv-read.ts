/** Reading CSV files (ours, and the service's /export/csv) back into Series. */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Series } from '@econdata/core';
import type { Cell } from '../grid/types.ts';
import { parseCsv } from '../read/csv-parse.ts';
import { matrixToSeries } from '../read/matrix.ts';
import type { ServerExportOptions } from '../read/records.ts';
import { unescapeCsvText } from './csv-write.ts';

/** Series from CSV text (`file` names it in errors). */
export function csvTextToSeries(text: string, file: string, options: ServerExportOptions & { retrievedAt: string }): Series[] {
  const matrix: Cell[][] = parseCsv(text).map((row) => row.map((v) => ({ v: v === '' ? null : v })));
  return matrixToSeries(matrix, { file, unescape: unescapeCsvText }, { ...options, endpoint: options.endpoint ?? '/export/csv' });
}

/** Every series of a CSV file: one of our layouts, or a service export. */
export async function readCsv(path: string, options: ServerExportOptions = {}): Promise<Series[]> {
  const text = await readFile(path, 'utf8');
  const retrievedAt = options.retrievedAt ?? (await stat(path)).mtime.toISOString();
  return csvTextToSeries(text, basename(path), { ...options, retrievedAt });
}
