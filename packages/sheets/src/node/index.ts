/** @econdata/sheets/node: file I/O (CSV, XLSX, atomic writes) and the saved-exports library. */
export { writeAtomic, removeStaleTempFiles, isTempFile, tempPathFor } from './atomic.ts';
export { writeCsv, gridToCsv, csvChunks, escapeCsvText, unescapeCsvText, type CsvOptions } from './csv-write.ts';
export { readCsv, csvTextToSeries } from './csv-read.ts';
export { writeXlsx, writeSeriesXlsx, seriesSheets, EXCEL_MAX_ROWS, type XlsxOptions, type SeriesXlsxOptions } from './xlsx-write.ts';
export { readXlsx, rowCells } from './xlsx-read.ts';
export type { ServerExportOptions } from '../read/records.ts';
export { ExportLibrary, type LibraryOptions, type SaveOptions, type LibraryProblem, type OpenedExport } from './library/library.ts';
export { sha256File, canonicalQuery, type ExportManifest, type ExportFormat } from './library/manifest.ts';
