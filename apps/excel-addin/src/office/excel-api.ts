/**
 * The part of Office.js (Excel JavaScript API 1.4+) the add-in's writer uses, as narrow structural
 * types. Real `Excel` objects fit them; so do the in-page stand-in (Chromium, benchmark) and the
 * office-addin-mock document (unit tests). Keeping the surface this small is what lets all three
 * run the same writer code.
 */

/** A cell value as Office.js takes it: '' empties a cell (null would leave it unchanged). */
export type XValue = string | number | boolean;

interface XFont {
  bold: boolean;
  italic: boolean;
  color: string;
}

export interface XRangeFormat {
  fill: { color: string };
  font: XFont;
  wrapText: boolean;
  /** Points. */
  columnWidth: number;
}

/** Excel.Range, the subset we use. */
export interface XRange {
  /** Loaded: 'Sheet1!B2:F20'. */
  readonly address: string;
  readonly rowIndex: number;
  readonly columnIndex: number;
  readonly rowCount: number;
  readonly columnCount: number;
  values: XValue[][];
  formulas: XValue[][];
  /**
   * A 2-D array, or one format code for every cell of the range: Office.js applies a single value
   * set on a range to all its cells ("Update all cells in a range", Excel JavaScript API advanced
   * concepts); one string instead of 100,000 keeps the request small. To confirm in Excel on the web.
   */
  numberFormat: string | string[][];
  readonly format: XRangeFormat;
  readonly worksheet: XWorksheet;
  getCell(row: number, column: number): XRange;
  getOffsetRange(rowOffset: number, columnOffset: number): XRange;
  getResizedRange(deltaRows: number, deltaColumns: number): XRange;
  getColumn(column: number): XRange;
  getRow(row: number): XRange;
  /** The smallest range around the cells of this range that hold values; a null object when none do. */
  getUsedRangeOrNullObject(valuesOnly?: boolean): XRange & { readonly isNullObject: boolean };
  clear(): void;
  /** Selects the range in Excel's UI (ExcelApi 1.1). */
  select(): void;
  load(properties: string): XRange;
}

export interface XTable {
  readonly id: string;
  name: string;
  style: string;
  readonly isNullObject: boolean;
  readonly worksheet: XWorksheet;
  getRange(): XRange;
  getHeaderRowRange(): XRange;
  getDataBodyRange(): XRange;
  delete(): void;
  load(properties: string): XTable;
}

/** Excel.ChartSeries, the subset we use (ExcelApi 1.7). */
export interface XChartSeries {
  setValues(source: XRange): void;
  setXAxisValues(source: XRange): void;
}

/** Excel.Chart, the subset we use: where it sits, its title, its data. */
export interface XChart {
  name: string;
  /** Points, from the sheet's top-left corner. */
  top: number;
  left: number;
  width: number;
  height: number;
  readonly isNullObject: boolean;
  /** The title; a part of it can be set in a smaller font (getSubstring: ExcelApi 1.7). */
  readonly title: { text: string; getSubstring(start: number, length: number): { readonly font: { size: number; color: string } } };
  /** Where the legend sits (ExcelApi 1.1): below the plot, so long names keep the plot's width. */
  readonly legend: { position: 'Bottom' | 'Right' | 'Top' | 'Left' };
  /** The value axis' title (ExcelApi 1.1): the units the lines are in. */
  readonly axes: { readonly valueAxis: { readonly title: { text: string } } };
  readonly series: { add(name: string): XChartSeries; getItemAt(index: number): XChartSeries };
  /** Moves the chart's top-left corner to a cell (ExcelApi 1.1). */
  setPosition(startCell: XRange | string): void;
  delete(): void;
  load(properties: string): XChart;
}

/** The chart types the add-in draws ('Line'; 'StockOHLC' needs date, open, high, low, close columns in that order). */
export type XChartType = 'Line' | 'StockOHLC';

export interface XWorksheet {
  readonly name: string;
  readonly tables: { add(address: XRange | string, hasHeaders: boolean): XTable };
  readonly charts: { add(type: XChartType, source: XRange, seriesBy: 'Columns'): XChart; getItemOrNullObject(name: string): XChart };
  getRange(address: string): XRange;
  /** Shows this sheet (ExcelApi 1.1). */
  activate(): void;
  load(properties: string): XWorksheet;
}

export interface XSetting {
  readonly key: string;
  readonly value: unknown;
  delete(): void;
}

export interface XSettings {
  readonly items: XSetting[];
  add(key: string, value: unknown): XSetting;
  getItemOrNullObject(key: string): XSetting & { readonly isNullObject: boolean };
  load(properties: string): XSettings;
}

export interface XWorkbook {
  getSelectedRange(): XRange;
  readonly worksheets: { getItem(name: string): XWorksheet };
  readonly tables: { getItemOrNullObject(name: string): XTable };
  readonly settings: XSettings;
  readonly application: {
    suspendApiCalculationUntilNextSync(): void;
    /** Excel.Application.calculate (ExcelApi 1.1): 'Full' calculates every formula, the add-in's included. */
    calculate(calculationType: 'Full'): void;
  };
}

export interface XContext {
  readonly workbook: XWorkbook;
  sync(): Promise<void>;
}

/** The `Excel` namespace's entry point: `Excel.run(async (context) => ...)`. */
export interface ExcelHost {
  run<T>(batch: (context: XContext) => Promise<T>): Promise<T>;
}

/** Excel's limit on one request's payload (Excel on the web: 5 MB; RequestPayloadSizeLimitExceeded). */
export const EXCEL_PAYLOAD_LIMIT = 5 * 1024 * 1024;
