/**
 * LibreOffice as the independent reader of the XLSX files we write: converts workbooks to CSV
 * (every sheet, UTF-8) with a private profile, so tests see what a person opening the file sees.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { parseCsv } from '../src/read/csv-parse.ts';

const run = promisify(execFile);

/** Whether soffice is installed (tests that need it are skipped, with a reason, when not). */
export const hasLibreOffice = ['/usr/bin/soffice', '/usr/local/bin/soffice'].some((p) => existsSync(p));

/**
 * The CSV filter options: comma, double quote, UTF-8 (76), from line 1, system language,
 * quoted fields not as text, detect numbers, `asShown` (formatted text or raw values), no formulas,
 * no space trimming, and -1 = every sheet, each to `<file>-<sheet>.csv`.
 */
function csvFilter(asShown: boolean): string {
  return `csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,${asShown},false,false,-1`;
}

/** Sheets of one converted workbook: sheet name to rows of fields. */
export type ConvertedBook = Map<string, string[][]>;

/**
 * Converts workbooks to CSV with LibreOffice in one run (one start-up for all files): for each
 * file, each sheet as LibreOffice shows it (`asShown`: formatted text) or its raw values.
 */
export async function libreOfficeSheets(files: readonly string[], asShown: boolean, profileDir?: string): Promise<Map<string, ConvertedBook>> {
  const profile = profileDir ?? (await mkdtemp(join(tmpdir(), 'sheets-lo-profile-')));
  const out = await mkdtemp(join(tmpdir(), 'sheets-lo-out-'));
  await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', csvFilter(asShown), '--outdir', out, ...files], { timeout: 120_000 });
  const produced = await readdir(out);
  const books = new Map<string, ConvertedBook>();
  for (const file of files) {
    const stem = basename(file).replace(/\.xlsx$/, '');
    const book: ConvertedBook = new Map();
    for (const name of produced.filter((p) => p.startsWith(`${stem}-`) && p.endsWith('.csv'))) {
      book.set(name.slice(stem.length + 1, -4), parseCsv(await readFile(join(out, name), 'utf8')));
    }
    if (book.size === 0) throw new Error(`LibreOffice produced no CSV for ${file} (files: ${produced.join(', ')})`);
    books.set(file, book);
  }
  return books;
}

