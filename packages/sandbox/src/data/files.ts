/**
 * Where the loader reads CSV files from: a data folder on disk, or the generated demo pack.
 * Every file is optional; a file that is there must have the columns the loader needs.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eachCsvRecord, eachCsvRow } from './csv.ts';

export interface DataFiles {
  /** What the banner and `metadata` call this data: a folder path, or `DEMO DATA (generated)`. */
  label: string;
  demo: boolean;
  /** The text of a file, or undefined when the folder does not have it. */
  read(name: string): string | undefined;
  /** The file's last modification date, `YYYY-MM-DD`. */
  modified(name: string): string | undefined;
}

/** The period and date forms of the data files. */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const QUARTER = /^\d{4}-Q[1-4]$/;
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A problem in a data file, with the file and the row. */
export class DataError extends Error {
  override name = 'DataError';
}

export function folderFiles(dir: string): DataFiles {
  return {
    label: dir,
    demo: false,
    read: (name) => {
      const path = join(dir, name);
      return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    },
    modified: (name) => {
      const path = join(dir, name);
      return existsSync(path) ? statSync(path).mtime.toISOString().slice(0, 10) : undefined;
    },
  };
}

/** A file whose columns are looked up by name and whose rows are read once, in order. */
export interface Table {
  file: string;
  /** Index of a column the loader required. */
  col(name: string): number;
  /** Index of an optional column, or -1. */
  optional(name: string): number;
  /** Calls `onRow` with each data row and its row number (2 = the first data row). */
  each(onRow: (row: string[], rowNumber: number) => void): void;
}

/** Opens a file, checking it has the required columns; undefined when the file is absent. */
export function readTable(files: DataFiles, file: string, required: readonly string[]): Table | undefined {
  const text = files.read(file);
  if (text === undefined) return undefined;
  let header: string[] = [];
  eachCsvRow(text, file, (row) => {
    header = row;
    return false; // the header only: the rows are read by each()
  });
  const index = new Map(header.map((h, i) => [h.trim(), i]));
  const missing = required.filter((c) => !index.has(c));
  if (missing.length > 0) {
    throw new DataError(`${file}: missing column(s) ${missing.join(', ')} (it has ${header.join(', ')})`);
  }
  return {
    file,
    col: (name) => index.get(name)!,
    optional: (name) => index.get(name) ?? -1,
    each: (onRow) => void eachCsvRecord(text, file, onRow),
  };
}

/** A number cell: empty means "no value" (null); anything else must be a finite number. */
export function numberCell(table: Table, rowNumber: number, cell: string | undefined): number | null {
  if (cell === undefined || cell === '') return null;
  const value = Number(cell);
  if (!Number.isFinite(value)) {
    throw new DataError(`${table.file} row ${rowNumber}: "${cell}" is not a number`);
  }
  return value;
}

/** A whole-number cell (a year), required. */
export function yearCell(table: Table, rowNumber: number, cell: string | undefined): number {
  const value = Number(cell);
  if (!cell || !Number.isInteger(value)) {
    throw new DataError(`${table.file} row ${rowNumber}: "${cell ?? ''}" is not a year`);
  }
  return value;
}

/** A required text cell matching a pattern (a period or a date). */
export function patternCell(table: Table, rowNumber: number, cell: string | undefined, pattern: RegExp, what: string): string {
  if (cell === undefined || !pattern.test(cell)) {
    throw new DataError(`${table.file} row ${rowNumber}: "${cell ?? ''}" is not ${what}`);
  }
  return cell;
}
