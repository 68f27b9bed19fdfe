/** @econdata/sheets/node: file I/O (CSV, XLSX, atomic writes) and the saved-exports library. */
export { writeCsv, gridToCsv } from './csv-write.ts';
export { readCsv } from './csv-read.ts';
export { writeDataCsv } from './data-csv.ts';
export { writeXlsx, writeSeriesXlsx, seriesSheets } from './xlsx-write.ts';
export { readXlsx } from './xlsx-read.ts';
export { ExportLibrary } from './library/library.ts';
export { type ExportManifest, type SavedChart } from './library/manifest.ts';
export { FileVintageStorage } from './vintage-files.ts';
