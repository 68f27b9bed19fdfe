/**
 * Reading XLSX files (ours, and the service's /export/excel) back into Series, streaming: the zip
 * is read with random access (xlsx-zip.ts: every entry inflated once and counted first, so a zip
 * bomb is refused before any parsing), the parts around the cells are read first (xlsx-parts.ts:
 * sheets in order, date system, number formats, shared strings, wherever they sit in the zip), and
 * then each worksheet is inflated again and streamed through a small XML scanner (xml-scan.ts),
 * one row at a time into a SheetReader (xlsx-sheet.ts). No sheet is ever held: what stays in memory
 * is the shared strings (bounded, SHARED_TEXT_LIMIT), the merged ranges (bounded), the rows above a
 * sheet's header (bounded by the SheetReader) and the Series read. exceljs is not used to read.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Series } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import type { Cell } from '../grid/types.ts';
import type { ServerExportOptions } from '../read/records.ts';
import { SheetReader } from '../read/sheet-reader.ts';
import { errorAnswerFile } from './error-answer-file.ts';
import { readingFile } from './file-errors.ts';
import { readBook, readSharedStrings, readStyles, scanPart, type BookSheet } from './xlsx-parts.ts';
import { MergeFinder, Merges, SheetRows, type SheetContext } from './xlsx-sheet.ts';
import { holdsCells, XlsxZip, type ZipEntry } from './xlsx-zip.ts';

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
  const zip = await XlsxZip.open(path, options.maxUnzippedBytes);
  if (!zip) {
    throw (await errorAnswerFile(path)) ?? new SheetsError('unreadable_file', `${file} is not a readable XLSX workbook (it is no zip file: no zip directory at its end): it is damaged or not a workbook. Export or download it again.`, { file: path });
  }
  try {
    // Every entry inflated once and counted (zip bombs), the merged ranges of each worksheet noted.
    const finders = new Map<ZipEntry, MergeFinder>();
    const sizes = await zip.survey((entry, chunk) => {
      if (!holdsCells(entry.name) || /sharedStrings/i.test(entry.name)) return;
      let finder = finders.get(entry);
      if (!finder) {
        finder = new MergeFinder(new Merges((why) => new SheetsError('file_too_large', `${file} has ${why} in ${entry.name}, more than reading an XLSX keeps in memory, so reading stopped there. Check where the file came from, or export the data again.`, { file: path })));
        finders.set(entry, finder);
      }
      finder.look(chunk);
    });
    const book = await readBook(zip, sizes);
    const styles = await readStyles(zip, book.styles, sizes);
    const shared = await readSharedStrings(zip, book.sharedStrings, sizes, file);
    const context = (sheet: BookSheet): SheetContext => ({
      shared,
      styles,
      date1904: book.date1904,
      merges: sheet.entry ? finders.get(sheet.entry)?.merges : undefined,
      damaged: (reason) => zip.damaged(`sheet ${JSON.stringify(sheet.name)}: ${reason}`),
      tooLarge: (what) => new SheetsError('file_too_large', `${file} has ${what} (sheet ${JSON.stringify(sheet.name)}), more than reading an XLSX keeps in memory, so reading stopped there. Check where the file came from, or export the data again.`, { file: path }),
    });
    const readRows = async (sheet: BookSheet, sink: (row: Cell[]) => void): Promise<void> => {
      if (sheet.entry) await scanPart(zip, sheet.entry, sizes.get(sheet.entry), new SheetRows(context(sheet), sink));
    };

    // The About sheet of a service export (after the data in the service's files) says where the
    // data came from; what the caller said wins.
    const about: Cell[][] = [];
    const aboutSheet = book.sheets.find((s) => s.name === 'About');
    if (aboutSheet) await readRows(aboutSheet, (row) => about.push(row));
    const fromAbout = aboutFields(about);
    const { maxUnzippedBytes: _limit, ...exported } = options;
    const server: ServerExportOptions & { retrievedAt: string; endpoint: string } = { ...exported, retrievedAt, endpoint };
    if (options.sourceName === undefined && fromAbout.sourceName !== undefined) server.sourceName = fromAbout.sourceName;
    if (options.lastUpdated === undefined && fromAbout.lastUpdated !== undefined) server.lastUpdated = fromAbout.lastUpdated;
    if (options.source === undefined && fromAbout.source !== undefined) server.source = fromAbout.source;

    const series: Series[] = [];
    for (const sheet of book.sheets) {
      if (sheet.name === 'Metadata' || sheet.name === 'About' || !sheet.entry) continue;
      const reader = new SheetReader({ file, unescape: (t) => t }, server);
      await readRows(sheet, (row) => reader.push(row));
      series.push(...reader.finish());
    }
    return series;
  } finally {
    await zip.close();
  }
}
