/**
 * Reading CSV files (ours, and the service's /export/csv) back into Series. The file is streamed
 * through the parser a chunk at a time and rows go straight into column arrays, so neither the
 * file's text nor a matrix of its cells is ever held whole.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Series } from '@econdata/core';
import { isSheetsError } from '../errors.ts';
import { CsvParser } from '../read/csv-parse.ts';
import type { ServerExportOptions } from '../read/records.ts';
import { SheetReader } from '../read/sheet-reader.ts';
import { unescapeCsvText } from './csv-write.ts';
import { errorAnswerFile } from './error-answer-file.ts';
import { readingFile } from './file-errors.ts';

type ReadOptions = ServerExportOptions & { retrievedAt: string };

/** A parser whose rows feed a SheetReader of CSV cells (empty fields are missing values). */
function csvSheet(file: string, options: ReadOptions): { parser: CsvParser; reader: SheetReader } {
  const reader = new SheetReader({ file, unescape: unescapeCsvText }, { ...options, endpoint: options.endpoint ?? '/export/csv' });
  const parser = new CsvParser((row) => reader.push(row.map((v) => ({ v: v === '' ? null : v }))), file);
  return { parser, reader };
}

/** Series from CSV text (`file` names it in errors). */
export function csvTextToSeries(text: string, file: string, options: ReadOptions): Series[] {
  const { parser, reader } = csvSheet(file, options);
  parser.push(text);
  parser.end();
  return reader.finish();
}

/** Every series of a CSV file: one of our layouts, or a service export. */
export function readCsv(path: string, options: ServerExportOptions = {}): Promise<Series[]> {
  return readingFile(path, () => readCsvFile(path, options));
}

async function readCsvFile(path: string, options: ServerExportOptions): Promise<Series[]> {
  const retrievedAt = options.retrievedAt ?? (await stat(path)).mtime.toISOString();
  const { parser, reader } = csvSheet(basename(path), { ...options, retrievedAt });
  try {
    // utf8 decoding in the stream keeps a character split between two chunks whole.
    for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) parser.push(chunk as string);
    parser.end();
    return reader.finish();
  } catch (error) {
    // A file that is the service's error answer says so, rather than "no header row found".
    if (isSheetsError(error, 'unreadable_file')) throw (await errorAnswerFile(path)) ?? error;
    throw error;
  }
}
