/**
 * The parts of a workbook around its worksheets, read with random access from the zip: the sheets
 * in order (xl/workbook.xml and its relationships), the date system, the number format of each
 * cell style (xl/styles.xml) and the shared strings (xl/sharedStrings.xml, read before any sheet
 * wherever it sits in the zip: exceljs' streaming writer, ours included, puts it after the sheets).
 */
import { SheetsError } from '../errors.ts';
import { XmlError, XmlScanner, decodeText, nameKey, type XmlHandler } from './xml-scan.ts';
import type { XlsxZip, ZipEntry } from './xlsx-zip.ts';

/**
 * The most text the shared strings may hold in memory: 128 Mi, counted as characters plus 16 per
 * string (a string's own cost). A 1M-row service export with a distinct 40-character text in every
 * row needs 56 Mi; only a crafted file needs more.
 */
const SHARED_TEXT_LIMIT = 128 * 2 ** 20;

/** The most characters one cell or shared string may hold while read: 1 Mi (Excel's own limit is 32,767). */
export const CELL_TEXT_LIMIT = 2 ** 20;

/** Reads one part through `handler`; a part that is not well-formed XML is `unreadable_file` naming it. */
export async function scanPart(zip: XlsxZip, entry: ZipEntry, size: number | undefined, handler: XmlHandler): Promise<void> {
  const scanner = new XmlScanner(handler);
  try {
    for await (const chunk of zip.inflate(entry, size)) scanner.push(chunk);
    scanner.end();
  } catch (error) {
    if (error instanceof XmlError) throw zip.damaged(`${entry.name}: ${error.message}`, error);
    throw error;
  }
}

// ---- Workbook and relationships -------------------------------------------------------------

export interface BookSheet {
  name: string;
  /** The worksheet's part, or undefined when the workbook points at none (a chart sheet, a missing part). */
  entry: ZipEntry | undefined;
}

export interface Book {
  sheets: BookSheet[];
  date1904: boolean;
  styles: ZipEntry | undefined;
  sharedStrings: ZipEntry | undefined;
}

/** A relationship target, relative to the workbook's folder (xl/) or absolute from the package root. */
function resolveTarget(target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `xl/${target}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

const TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';

/** The sheets of xl/workbook.xml in their order, the date system, and where styles and shared strings are. */
export async function readBook(zip: XlsxZip, sizes: Map<ZipEntry, number>): Promise<Book> {
  const workbook = zip.entry('xl/workbook.xml');
  if (!workbook) throw zip.damaged('it has no xl/workbook.xml');
  const listed: Array<{ name: string; rid: string }> = [];
  let date1904 = false;
  await scanPart(zip, workbook, sizes.get(workbook), {
    open(x) {
      if (x.is('sheet')) listed.push({ name: x.attrText('name') ?? '', rid: x.attrText('id') ?? '' });
      else if (x.is('workbookPr')) {
        const v = x.attrText('date1904');
        date1904 = v === '1' || v === 'true';
      }
    },
    close() {},
    text() {},
  });
  const targets = new Map<string, { type: string; target: string }>();
  const rels = zip.entry('xl/_rels/workbook.xml.rels');
  if (rels) {
    await scanPart(zip, rels, sizes.get(rels), {
      open(x) {
        if (!x.is('Relationship') || x.attrText('TargetMode') === 'External') return;
        targets.set(x.attrText('Id') ?? '', { type: x.attrText('Type') ?? '', target: resolveTarget(x.attrText('Target') ?? '') });
      },
      close() {},
      text() {},
    });
  }
  const ofType = (type: string): ZipEntry | undefined => {
    for (const t of targets.values()) if (t.type === TYPE + type) return zip.entry(t.target);
    return undefined;
  };
  return {
    sheets: listed.map(({ name, rid }) => {
      const rel = targets.get(rid);
      return { name, entry: rel && rel.type === `${TYPE}worksheet` ? zip.entry(rel.target) : undefined };
    }),
    date1904,
    styles: ofType('styles') ?? zip.entry('xl/styles.xml'),
    sharedStrings: ofType('sharedStrings') ?? zip.entry('xl/sharedStrings.xml'),
  };
}

// ---- Styles: the number format of each cell style ------------------------------------------

/** Excel's built-in number formats, by id, as exceljs 4.4.0 names them (lib/xlsx/defaultnumformats.js, the entries with a format). */
const BUILT_IN_FORMATS: Record<number, string> = {
  0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 9: '0%', 10: '0.00%', 11: '0.00E+00', 12: '# ?/?', 13: '# ??/??',
  14: 'mm-dd-yy', 15: 'd-mmm-yy', 16: 'd-mmm', 17: 'mmm-yy', 18: 'h:mm AM/PM', 19: 'h:mm:ss AM/PM', 20: 'h:mm', 21: 'h:mm:ss',
  22: 'm/d/yy "h":mm', 37: '#,##0 ;(#,##0)', 38: '#,##0 ;[Red](#,##0)', 39: '#,##0.00 ;(#,##0.00)', 40: '#,##0.00 ;[Red](#,##0.00)',
  45: 'mm:ss', 46: '[h]:mm:ss', 47: 'mmss.0', 48: '##0.0E+0', 49: '@',
};

/** exceljs' rule for a date format (utils.isDateFmt): date or time letters outside quotes and brackets. */
function isDateFormat(fmt: string | undefined): boolean {
  if (!fmt) return false;
  return /[ymdhMsb]+/.test(fmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

export interface Styles {
  /** The number format code of each cell style (cellXfs index); undefined for General (id 0) or none. */
  fmt: Array<string | undefined>;
  /** Whether a number in that style is a date. */
  date: boolean[];
}

export async function readStyles(zip: XlsxZip, entry: ZipEntry | undefined, sizes: Map<ZipEntry, number>): Promise<Styles> {
  const custom = new Map<number, string>();
  const ids: number[] = [];
  if (entry) {
    let inCellXfs = false;
    await scanPart(zip, entry, sizes.get(entry), {
      open(x) {
        if (x.is('numFmt')) {
          // exceljs drops the backslash of an escaped character (numfmt-xform.js).
          const code = x.attrText('formatCode');
          if (code !== undefined) custom.set(x.attrInt('numFmtId'), code.replace(/[\\](.)/g, '$1'));
        } else if (x.is('cellXfs')) inCellXfs = true;
        else if (inCellXfs && x.is('xf')) ids.push(Math.max(0, x.attrInt('numFmtId')));
      },
      close(x) {
        if (x.is('cellXfs')) inCellXfs = false;
      },
      text() {},
    });
  }
  // exceljs takes an empty custom code as none (styles-xform.js getStyleModel): hence not `??`.
  const fmt = ids.map((id) => (id ? (custom.get(id) || BUILT_IN_FORMATS[id]) : undefined));
  return { fmt, date: fmt.map(isDateFormat) };
}

// ---- Shared strings ------------------------------------------------------------------------

/** exceljs' reading of `<t>` in shared strings and rich text runs: `_xHHHH_` is the character HHHH. */
export const unescapeRunText = (text: string): string => (text.includes('_x') ? text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text);

const K_SI = nameKey('si');
const K_T = nameKey('t');
const K_R = nameKey('r');
const K_RPH = nameKey('rPh');

/**
 * Every shared string, rich text runs joined (phonetic runs left out); an `<si>` with no text at all
 * is null, as exceljs reads it. Past SHARED_TEXT_LIMIT or CELL_TEXT_LIMIT, `file_too_large`.
 */
export async function readSharedStrings(zip: XlsxZip, entry: ZipEntry | undefined, sizes: Map<ZipEntry, number>, file: string): Promise<Array<string | null>> {
  const list: Array<string | null> = [];
  if (!entry) return list;
  let weight = 0;
  let current: string | null = null;
  let inT = false;
  let phonetic = 0;
  let t = '';
  const tooMuch = (what: string): SheetsError =>
    new SheetsError('file_too_large', `${file} holds ${what} in its shared strings (${entry.name}), more than reading an XLSX keeps in memory, so reading stopped there: no workbook Econdata or the service writes holds that. Export the data as CSV (read as a stream), or check where the file came from.`, { file });
  await scanPart(zip, entry, sizes.get(entry), {
    open(x) {
      const k = x.key;
      if (k === K_SI) current = null;
      else if (k === K_RPH) phonetic += 1;
      else if (k === K_T && phonetic === 0) {
        inT = true;
        t = '';
      } else if (k === K_R) current ??= '';
    },
    text(_x, buf, start, end, cdata) {
      if (!inT) return;
      t += decodeText(buf, start, end, cdata);
      if (t.length > CELL_TEXT_LIMIT) throw tooMuch(`a text of more than ${CELL_TEXT_LIMIT / 2 ** 20} Mi characters (Excel's limit for a cell is 32,767)`);
    },
    close(x) {
      const k = x.key;
      if (k === K_T && inT) {
        inT = false;
        current = (current ?? '') + unescapeRunText(t);
      } else if (k === K_RPH) phonetic -= 1;
      else if (k === K_SI) {
        list.push(current);
        weight += 16 + (current?.length ?? 0);
        if (weight > SHARED_TEXT_LIMIT) throw tooMuch(`more than ${SHARED_TEXT_LIMIT / 2 ** 20} Mi of text (its first ${list.length.toLocaleString('en')} strings)`);
      }
    },
  });
  return list;
}
