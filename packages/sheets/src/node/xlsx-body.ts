/**
 * The fast path for the data block of a worksheet: rows rendered straight to SpreadsheetML and
 * written into the worksheet's zip entry (xlsx-sink.ts), instead of one exceljs Row and Cell object per value.
 * exceljs still writes everything else (workbook, styles, shared strings, head rows, merges, zip);
 * this only replaces its per-cell object model, which costs about 1.5 µs a cell, for the rows a
 * million-row export is made of.
 *
 * It reaches two exceljs 4.4.0 internals (the version is pinned): the workbook's
 * `styles.addStyleModel` and `sharedStrings.add` (and xlsx-sink.ts the worksheet's stream).
 * `bodyXmlRenderer` returns null when any is missing, and the caller falls back to exceljs rows.
 */
import type ExcelJS from 'exceljs';
import type { CellStyle, CellValue, Grid } from '../grid/types.ts';
import { dateToExcelSerial } from '../grid/excel-epoch.ts';

interface Internals {
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
 * A function that renders body rows [from, to) of `grid` as the worksheet's XML, a string per row
 * (small strings: a chunk joined into one would be a large object V8 promotes whenever a collection
 * finds it alive), rows numbered from `firstRow`; or null when exceljs' internals are not as expected.
 */
export function bodyXmlRenderer(wb: ExcelJS.stream.xlsx.WorkbookWriter, grid: Grid, firstRow: number, styleFor: StyleFor): ((from: number, to: number) => string[]) | null {
  const w = wb as unknown as Partial<Internals>;
  if (typeof w.styles?.addStyleModel !== 'function') return null;
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
  const fixedAttr = fixed.map((id) => (id >= 0 ? attr(id) : ''));

  return (from, to) => {
    const rowTexts = decimalTexts(Array.from({ length: to - from }, (_, i) => firstRow + from + i)) ?? [];
    const valueTexts = columns.map((col) => decimalTexts(col.values.slice(from, to)));
    const out: string[] = [];
    for (let r = from; r < to; r += 1) {
      const n = rowTexts[r - from] ?? String(firstRow + r);
      let xml = `<row r="${n}">`;
      for (let c = 0; c < columns.length; c += 1) {
        const col = columns[c];
        const v = col?.values[r] ?? null;
        if (v === null || col === undefined) continue;
        const f = fixed[c] ?? 0;
        const s = f >= 0 ? (fixedAttr[c] ?? '') : attr(styleId(col.style, col.formats?.[r] ?? col.fmt));
        const ref = `${letters[c] ?? 'A'}${n}`;
        if (typeof v === 'number') {
          if (Number.isFinite(v)) xml += `<c r="${ref}"${s}><v>${valueTexts[c]?.[r - from] ?? String(v)}</v></c>`;
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
      out.push(`${xml}</row>`);
    }
    return out;
  };
}

/**
 * The text `String(v)` gives each number of `values` (null for a missing one), or null when
 * `values` holds anything but numbers and nulls. It comes from one `JSON.stringify` of the list,
 * whose numbers are by definition `ToString(v)` (ECMA-262, SerializeJSONProperty), because V8
 * caches every number it turns into a string one at a time, allocating that string straight in the
 * old generation: a million rows of numbers then left ~8 MB of garbage per young collection that only
 * a full collection frees (the writer's peak memory grew by some 60 MB; measured with --trace-gc).
 */
export function decimalTexts(values: ReadonlyArray<CellValue>): Array<string | null> | null {
  for (const v of values) if (v !== null && typeof v !== 'number') return null;
  const texts: Array<string | null> = JSON.stringify(values).slice(1, -1).split(',');
  // Non-finite numbers are JSON's null too: callers skip them by their value.
  for (let i = 0; i < texts.length; i += 1) if (values[i] === null) texts[i] = null;
  return values.length === 0 ? [] : texts;
}
