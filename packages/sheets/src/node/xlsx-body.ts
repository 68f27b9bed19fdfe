/**
 * The fast path for the data block of a worksheet: rows rendered straight to SpreadsheetML and
 * written into exceljs' worksheet stream, instead of one exceljs Row and Cell object per value.
 * exceljs still writes everything else (workbook, styles, shared strings, head rows, merges, zip);
 * this only replaces its per-cell object model, which costs about 1.5 µs a cell, for the rows a
 * million-row export is made of.
 *
 * It reaches three exceljs 4.4.0 internals (the version is pinned): the worksheet's `stream`, the
 * workbook's `styles.addStyleModel` and `sharedStrings.add`. `bodyXmlWriter` returns null when
 * any is missing, and the caller falls back to exceljs rows.
 */
import type ExcelJS from 'exceljs';
import type { CellStyle, Grid } from '../grid/types.ts';
import { dateToExcelSerial } from '../grid/excel-epoch.ts';

interface Internals {
  stream: { write(chunk: string): unknown };
  styles: { addStyleModel(model: object, cellType?: number): number };
  sharedStrings?: { add(value: string): number };
}

/** Excel's letters for a zero-based column index: 0 -> A, 26 -> AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

// What exceljs' xmlEncode does: escape markup, drop characters XML 1.0 cannot hold.
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
export function xmlText(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    // eslint-disable-next-line no-control-regex
    .replace(/[\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g, '');
}

const VALUE_TYPE_NUMBER = 2; // exceljs Enums.ValueType.Number

export type StyleFor = (style: CellStyle | undefined, fmt: string | undefined) => Partial<ExcelJS.Style> | undefined;

/**
 * A function that renders body rows [from, to) of `grid` as XML, rows numbered from `firstRow`,
 * and writes them to the worksheet; or null when exceljs' internals are not as expected.
 */
export function bodyXmlWriter(wb: ExcelJS.stream.xlsx.WorkbookWriter, ws: ExcelJS.Worksheet, grid: Grid, firstRow: number, styleFor: StyleFor): ((from: number, to: number) => void) | null {
  const w = wb as unknown as Partial<Internals>;
  const sheet = ws as unknown as Partial<Internals>;
  if (typeof sheet.stream?.write !== 'function' || typeof w.styles?.addStyleModel !== 'function') return null;
  const stream = sheet.stream;
  const styles = w.styles;
  const shared = typeof w.sharedStrings?.add === 'function' ? w.sharedStrings : undefined;

  const columns = grid.body.columns;
  const letters = columns.map((_, c) => columnLetters(c));
  const idCache = new Map<string, number>();
  const styleId = (style: CellStyle | undefined, fmt: string | undefined): number => {
    const key = `${style ?? ''}|${fmt ?? ''}`;
    let id = idCache.get(key);
    if (id === undefined) {
      const model = styleFor(style, fmt);
      id = model ? styles.addStyleModel(model, VALUE_TYPE_NUMBER) : 0;
      idCache.set(key, id);
    }
    return id;
  };
  const fixed = columns.map((col) => (col.formats ? -1 : styleId(col.style, col.fmt)));
  const attr = (id: number): string => (id > 0 ? ` s="${id}"` : '');

  return (from, to) => {
    let xml = '';
    for (let r = from; r < to; r += 1) {
      const n = firstRow + r;
      xml += `<row r="${n}">`;
      for (let c = 0; c < columns.length; c += 1) {
        const col = columns[c];
        const v = col?.values[r] ?? null;
        if (v === null || col === undefined) continue;
        const f = fixed[c] ?? 0;
        const s = attr(f >= 0 ? f : styleId(col.style, col.formats?.[r] ?? col.fmt));
        const ref = `${letters[c] ?? 'A'}${n}`;
        if (typeof v === 'number') {
          if (Number.isFinite(v)) xml += `<c r="${ref}"${s}><v>${v}</v></c>`;
        } else if (typeof v === 'boolean') {
          xml += `<c r="${ref}"${s} t="b"><v>${v ? 1 : 0}</v></c>`;
        } else if (v instanceof Date) {
          xml += `<c r="${ref}"${s}><v>${dateToExcelSerial(v)}</v></c>`;
        } else if (shared) {
          xml += `<c r="${ref}"${s} t="s"><v>${shared.add(v)}</v></c>`;
        } else {
          xml += `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(v)}</t></is></c>`;
        }
      }
      xml += '</row>';
    }
    stream.write(xml);
  };
}
