/**
 * The data block of a worksheet as an Excel table (Insert > Table): named columns, filter buttons,
 * banded rows, and a name formulas and Power Query can refer to (`Data_1[Close]`). exceljs' streaming
 * writer has no tables, so this adds the three parts a table needs through exceljs 4.4.0 internals
 * (pinned, like xlsx-body.ts): the table part in the zip, its relationship in the sheet's rels, the
 * `<tableParts>` element at the end of the sheet, and its content type. When any internal is
 * missing, the sheet is written without a table (the data is the same).
 *
 * A table's column names must be the header cells' text, unique and non-empty, or Excel "repairs"
 * the file: a block whose header does not qualify (two series with one label) gets no table.
 */
import type ExcelJS from 'exceljs';
import type { Grid } from '../grid/types.ts';
import { columnLetters, xmlText } from './xlsx-body.ts';

const TABLE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/table';

interface WorkbookInternals {
  zip: { append(source: string, options: { name: string }): unknown };
  addContentTypes(): Promise<void>;
}
interface WorksheetInternals {
  _sheetRelsWriter: { addRelationship(rel: { Type: string; Target: string }): string };
  _writeCloseWorksheet(): void;
  _write(text: string): void;
}

/** The header row's texts when they can name a table's columns, else null. */
function columnNames(grid: Grid): string[] | null {
  const { header, data } = grid.regions;
  if (data.bottom < data.top) return null; // a table needs a data row
  const row = grid.rows[header.top];
  if (!row) return null;
  const names: string[] = [];
  for (let c = header.left; c <= header.right; c += 1) {
    const v = row[c]?.v;
    if (typeof v !== 'string' || v.trim() === '' || v !== v.trim() || /[\r\n\t]/.test(v)) return null;
    names.push(v);
  }
  const seen = new Set(names.map((n) => n.toLowerCase()));
  if (seen.size !== names.length) return null;
  // No merged cell may reach into a table.
  const overlaps = grid.merges.some((m) => m.bottom >= header.top && m.top <= data.bottom);
  return overlaps ? null : names;
}

/** The tables added to one workbook, for its content types. */
export class WorkbookTables {
  readonly #targets: string[] = [];

  constructor(private readonly wb: ExcelJS.stream.xlsx.WorkbookWriter) {
    const internals = wb as unknown as Partial<WorkbookInternals>;
    if (typeof internals.addContentTypes !== 'function') return;
    const original = internals.addContentTypes.bind(wb);
    // exceljs' content types model knows tables (ContentTypesXform writes their overrides) but the
    // streaming writer never passes any: pass ours.
    internals.addContentTypes = () => {
      const zip = internals.zip!;
      const append = zip.append.bind(zip);
      if (this.#targets.length === 0) return original();
      zip.append = (source, options) => append(options.name === '[Content_Types].xml' ? withTables(source, this.#targets) : source, options);
      return original().finally(() => (zip.append = append));
    };
  }

  /**
   * Makes the grid's header row and data rows a table on `ws` (before `ws.commit()`); returns the
   * table's name, or null when the grid's header cannot name one or exceljs' internals differ.
   */
  add(ws: ExcelJS.Worksheet, grid: Grid): string | null {
    const names = columnNames(grid);
    const wbi = this.wb as unknown as Partial<WorkbookInternals>;
    const wsi = ws as unknown as Partial<WorksheetInternals>;
    if (!names || !wbi.zip || typeof wsi._sheetRelsWriter?.addRelationship !== 'function' || typeof wsi._writeCloseWorksheet !== 'function' || typeof wsi._write !== 'function') return null;
    const id = this.#targets.length + 1;
    const target = `table${id}.xml`;
    const name = `Data_${id}`;
    const { header, data } = grid.regions;
    const ref = `${columnLetters(header.left)}${header.top + 1}:${columnLetters(header.right)}${data.bottom + 1}`;
    const columns = names.map((n, i) => `<tableColumn id="${i + 1}" name="${xmlText(n)}"/>`).join('');
    wbi.zip.append(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        `<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="${id}" name="${name}" displayName="${name}" ref="${ref}" headerRowCount="1" totalsRowShown="0">` +
        `<autoFilter ref="${ref}"/><tableColumns count="${names.length}">${columns}</tableColumns>` +
        '<tableStyleInfo name="TableStyleLight9" showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/></table>',
      { name: `xl/tables/${target}` },
    );
    const rId = wsi._sheetRelsWriter.addRelationship({ Type: TABLE_REL, Target: `../tables/${target}` });
    const close = wsi._writeCloseWorksheet.bind(ws);
    // <tableParts> is the last element a worksheet may have before <extLst>: right before the close.
    wsi._writeCloseWorksheet = () => {
      wsi._write!(`<tableParts count="1"><tablePart r:id="${rId}"/></tableParts>`);
      close();
    };
    this.#targets.push(target);
    return name;
  }
}

/** [Content_Types].xml with an override for each table part. */
function withTables(xml: string, targets: readonly string[]): string {
  const overrides = targets.map((t) => `<Override PartName="/xl/tables/${t}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml"/>`).join('');
  return xml.replace('</Types>', `${overrides}</Types>`);
}
