/**
 * The Grid: one spreadsheet-shaped layout of Series that every sink renders the same way (the
 * Excel add-in's Office.js writer, the XLSX and CSV files, the desktop table). Plain data only: no
 * Office.js or exceljs types, so it can cross IPC and be rendered anywhere.
 */

/**
 * A Grid's arrangement (read from the layout options by `readArrangement` in arrange.ts); the
 * default is `{ dir: 'V', sort: 'A', header: true, dates: true }`.
 */
export interface Arrangement {
  dir: 'V' | 'H';
  sort: 'A' | 'D';
  header: boolean;
  dates: boolean;
}

/**
 * A cell's value. Periods in the data block are spreadsheet dates: the Excel serial day (days
 * since 1899-12-30, what Excel, LibreOffice and Office.js store; excel-epoch.ts owns the
 * conversion) with a date format, computed in UTC so no time zone can shift them, and each carries
 * its period's own text beside it (`Cell.text`, `BodyColumn.texts`) for the sinks that show text.
 * A Date value is also accepted (written as its UTC day).
 */
export type CellValue = number | string | Date | boolean | null;

/** How a renderer should present a cell; renderers map these to their own styling. */
/** 'meta' (provenance values) wraps within its column; 'text' is plain, unwrapped text. */
export type CellStyle = 'title' | 'label' | 'meta' | 'text' | 'header' | 'period' | 'value' | 'warning';

/** One cell. `fmt` is an Excel number format code (LibreOffice reads the same codes). */
export interface Cell {
  v: CellValue;
  /**
   * A period cell's own text, as the Series has it ('2000', '2000-Q1', '2000-01'): what a text
   * sink (CSV, a spilled formula, the desktop table, a header row of `Dir=H`) shows, so a period
   * never makes the round trip serial -> Date -> text.
   */
  text?: string;
  fmt?: string;
  style?: CellStyle;
}

/** A rectangle, zero-based and inclusive, rows and columns of the Grid. */
export interface Range {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** A comment attached to a cell (Excel note), e.g. the series' full title or the query. */
interface Note {
  row: number;
  col: number;
  text: string;
}

/** The parts of a Grid that sinks and readers need to find: named rectangles. */
interface GridRegions {
  /** The provenance block above the data; absent when laid out without provenance. */
  provenance?: Range;
  /** The header row of the data block (one row). */
  header: Range;
  /** The data rows (may be empty: bottom = top - 1). */
  data: Range;
}

/** What a column of the data block holds. */
export type ColumnRole = 'period' | 'value' | 'flag' | 'series' | 'dimension' | 'field' | 'label' | 'unit';

/** What each column of a Grid holds, for readers and for sinks that size columns. */
export interface GridColumn {
  /** Width in characters (Excel's unit), chosen from the content. */
  width: number;
  role: ColumnRole;
  /** The series this column belongs to (index into the laid-out series), for wide value and flag columns. */
  series?: number;
  /** The SeriesColumn key ('value', 'close'), the flag name, or the dimension key. */
  key?: string;
}

/**
 * One column of the data block, column-major like Series (so a million rows need no million row
 * objects, and wide value columns share the Series' own arrays). Row r of the block is
 * `columns.map((c) => c.values[r])`; a missing value is null and renders as an empty cell.
 */
export interface BodyColumn {
  values: ReadonlyArray<CellValue>;
  /** The number format of every cell of the column... */
  fmt?: string;
  /** ...or one per row, where it varies (quarter labels, long layouts mixing units). */
  formats?: ReadonlyArray<string>;
  /** The period column's texts, one per row (the Series' period strings): see `Cell.text`. */
  texts?: ReadonlyArray<string>;
  style?: CellStyle;
}

/** The data block: `rowCount` rows below the header row. */
interface GridBody {
  rowCount: number;
  columns: BodyColumn[];
}

export type Orientation = 'wide' | 'long';

/**
 * A laid-out sheet: the head rows (provenance block, blank separator, header row) as cells, then
 * the data block column-major. Row indexes in merges, notes and regions count the head rows first,
 * then the body rows: body row r is Grid row `rows.length + r`.
 */
export interface Grid {
  /** Suggested sheet name (at most 31 characters, none of []:*?/\). */
  name: string;
  orientation: Orientation;
  rows: Cell[][];
  body: GridBody;
  columns: GridColumn[];
  merges: Range[];
  notes: Note[];
  /**
   * Heights in points of rows whose wrapped text needs more than one line (by Grid row index).
   * Spreadsheets do not grow rows to fit wrapped text when they open a file, so the layout says.
   */
  rowHeights: Record<number, number>;
  /** Rows frozen at the top when the sheet is scrolled: everything down to the header row. */
  frozenRows: number;
  /** Columns frozen at the left (the period column in wide layouts). */
  frozenColumns: number;
  regions: GridRegions;
  /**
   * The layout options the Grid was arranged with (`Dir`, `Sort`, `Header`, `Dates`; see
   * arrange.ts); absent for the default arrangement. Without a header row, `regions.header` is
   * empty (bottom = top - 1).
   */
  arrangement?: Arrangement;
}
