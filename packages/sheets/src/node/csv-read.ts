/** Reading CSV files (ours, and the service's /export/csv) back into Series, row by row. */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Series } from '@econdata/core';
import { csvRows } from '../read/csv-parse.ts';
import type { ServerExportOptions } from '../read/records.ts';
import { SheetReader } from '../read/sheet-reader.ts';
import { unescapeCsvText } from './csv-write.ts';

/** Series from CSV text (`file` names it in errors). */
export function csvTextToSeries(text: string, file: string, options: ServerExportOptions & { retrievedAt: string }): Series[] {
  const reader = new SheetReader({ file, unescape: unescapeCsvText }, { ...options, endpoint: options.endpoint ?? '/export/csv' });
  for (const row of csvRows(text)) reader.push(row.map((v) => ({ v: v === '' ? null : v })));
  return reader.finish();
}

/** Every series of a CSV file: one of our layouts, or a service export. */
export async function readCsv(path: string, options: ServerExportOptions = {}): Promise<Series[]> {
  const text = await readFile(path, 'utf8');
  const retrievedAt = options.retrievedAt ?? (await stat(path)).mtime.toISOString();
  return csvTextToSeries(text, basename(path), { ...options, retrievedAt });
}
