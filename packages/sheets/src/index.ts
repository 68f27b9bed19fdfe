/**
 * @econdata/sheets: Series laid out once as a Grid that every sink renders the same way, and the
 * revision diff between two fetches of the same queries. File I/O lives in '@econdata/sheets/node'.
 */
export { type Arrangement, type Cell, type CellValue, type Grid } from './grid/types.ts';
export { layoutSeries } from './grid/layout.ts';
export { bodyRow, gridRowCount, gridColumnCount } from './grid/cells.ts';
export { periodToSerial, dateToPeriod } from './grid/periods.ts';
export { excelSerialToDate } from './grid/excel-epoch.ts';
export { displayText, moreDecimals } from './grid/display.ts';
export { gridValues, plainValue, type PlainValue } from './grid/values.ts';
export { monthsRange, monthsText, queryLine } from './grid/provenance.ts';
export { SheetsError, isSheetsError, type SheetsErrorCode } from './errors.ts';
export { compareSeries, type RevisionDiff } from './diff/compare.ts';
export { readArrangement, formatArrangement, LAYOUT_OPTION_NAMES } from './grid/arrange.ts';
export { EXPORT_NAME_MAX, exportNameProblem, proposeExportName, fileStem } from './naming/export-name.ts';
export { checkWatch, seriesWithNewData, watchKey, type WatchedSeries } from './watch/watch.ts';
export { VintageStore, MemoryVintageStorage, VINTAGE_MAX_BYTES, type VintageRelease, type VintageStorage } from './vintage/vintages.ts';
