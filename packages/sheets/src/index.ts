/**
 * @econdata/sheets: Series laid out once as a Grid that every sink renders the same way, and the
 * revision diff between two fetches of the same queries. File I/O lives in '@econdata/sheets/node'.
 */
export * from './grid/types.ts';
export { layoutSeries, type LayoutOptions } from './grid/layout.ts';
export { groupByFrequency } from './grid/wide.ts';
export { bodyRow, gridRows, gridRowCount, gridColumnCount, sheetName } from './grid/cells.ts';
export { periodToDate, periodToSerial, isPeriodFormat, dateToPeriod, periodFormat, formatDate, excelSerialToDate, frequencyOfPeriod } from './grid/periods.ts';
export { valueFormat } from './grid/formats.ts';
export { displayText } from './grid/display.ts';
export { gridValues, plainValue, type PlainValue } from './grid/values.ts';
export { metadataGrid, type MetadataInfo } from './grid/metadata.ts';
export { queryText, parseQueryText } from './grid/provenance.ts';
export { SheetsError, isSheetsError, type SheetsErrorCode } from './errors.ts';
export { compareSeries, compareOne, type RevisionDiff, type SeriesDiff, type Revision, type ValueChange, type SeriesSummary } from './diff/compare.ts';
