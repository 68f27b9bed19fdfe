/**
 * RFC 4180 CSV: a small reader and writer of our own, so the data loader has no dependency and
 * the exports and the loader agree on quoting.
 *
 * Reader: quoted fields with embedded commas, quotes ("") and line breaks; CRLF or LF line
 * endings; a leading UTF-8 byte order mark is ignored; a final line break is optional. Every
 * cell stays a string: `NA` is Namibia, not "missing" — an empty cell is the only "no value".
 */

/** One parsed table: the header row and the data rows, each row as long as the header. */
export interface CsvTable {
  header: string[];
  rows: string[][];
}

/** A CSV text that is not well formed (an unclosed quote, a stray quote, a ragged row). */
export class CsvError extends Error {
  override name = 'CsvError';
}

/**
 * Parses CSV text into rows of strings (RFC 4180).
 * @example parseCsvRows('a,b\n1,"x, ""y"""\n') // [['a','b'],['1','x, "y"']]
 */
export function parseCsvRows(text: string, fileName = 'CSV'): string[][] {
  const rows: string[][] = [];
  eachCsvRow(text, fileName, (row) => void rows.push(row));
  return rows;
}

/**
 * Calls `onRow` with each row of a CSV text, in order, until it returns false. Rows are not kept: a
 * large file's rows die young instead of filling the old generation (garbage collection was most of
 * the loading time).
 */
export function eachCsvRow(text: string, fileName: string, onRow: (row: string[]) => void | false): void {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let row: string[] = [];
  // Fast path: a whole line without a quote (most data lines) is split natively.
  let nextQuote = text.indexOf('"', i);
  let nextCr = text.indexOf('\r', i);

  while (i < n) {
    if (row.length === 0) {
      if (nextQuote !== -1 && nextQuote < i) nextQuote = text.indexOf('"', i);
      if (nextCr !== -1 && nextCr < i) nextCr = text.indexOf('\r', i);
      let eol = text.indexOf('\n', i);
      if (eol === -1) eol = n;
      const end = nextCr !== -1 && nextCr < eol ? nextCr : eol;
      // Not taken for a quote in the line or a lone CR inside it: the general parser below handles those.
      if ((nextQuote === -1 || nextQuote > end) && (end === eol || end === eol - 1)) {
        if (onRow(text.slice(i, end).split(',')) === false) return;
        i = eol + 1;
        line++;
        continue;
      }
    }
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      // Quoted field: runs to the closing quote; "" is one quote; commas and line breaks are data.
      let value = '';
      let start = i + 1;
      for (;;) {
        const q = text.indexOf('"', start);
        if (q < 0) throw new CsvError(`${fileName} line ${line}: a quoted field is never closed`);
        value += text.slice(start, q);
        if (text.charCodeAt(q + 1) === 34) {
          value += '"';
          start = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      for (let k = value.indexOf('\n'); k >= 0; k = value.indexOf('\n', k + 1)) line++;
      row.push(value);
      const next = text.charCodeAt(i);
      if (i < n && next !== 44 && next !== 10 && next !== 13) {
        throw new CsvError(`${fileName} line ${line}: unexpected text after a closing quote`);
      }
    } else {
      // Unquoted field: runs to the next comma or line break.
      let end = i;
      while (end < n) {
        const d = text.charCodeAt(end);
        if (d === 44 || d === 10 || d === 13) break;
        if (d === 34) throw new CsvError(`${fileName} line ${line}: a quote inside an unquoted field`);
        end++;
      }
      row.push(text.slice(i, end));
      i = end;
    }

    // After a field: a comma starts the next field, a line break (or the end) ends the row.
    const sep = text.charCodeAt(i);
    if (sep === 44) {
      i++;
      if (i === n) row.push(''); // "a,b," at the very end: the last field is empty
    } else {
      if (sep === 13 && text.charCodeAt(i + 1) === 10) i += 2;
      else if (sep === 13 || sep === 10) i++;
      if (onRow(row) === false) return;
      row = [];
      line++;
    }
  }
  if (row.length > 0) onRow(row);
}

/** Parses CSV text with a header row; every data row must have the header's length (blank lines are skipped). */
export function parseCsv(text: string, fileName = 'CSV'): CsvTable {
  const rows: string[][] = [];
  const header = eachCsvRecord(text, fileName, (row) => void rows.push(row));
  return { header, rows };
}

/**
 * Reads the header row, then calls `onRecord` with each data row and its row number (2 = the first
 * data row, as a spreadsheet shows it). Blank lines are skipped; a row of another length is an error.
 */
export function eachCsvRecord(text: string, fileName: string, onRecord: (row: string[], rowNumber: number) => void): string[] {
  let header: string[] | undefined;
  let rowNumber = 1;
  eachCsvRow(text, fileName, (row) => {
    if (!header) {
      header = row;
      return;
    }
    rowNumber++;
    if (row.length === 1 && row[0] === '') return;
    if (row.length !== header.length) {
      throw new CsvError(`${fileName} row ${rowNumber}: ${row.length} fields, the header has ${header.length}`);
    }
    onRecord(row, rowNumber);
  });
  if (!header) throw new CsvError(`${fileName} is empty: it needs a header row`);
  return header;
}

/** Quotes one CSV field when it needs it (comma, quote, line break, or leading/trailing space). */
function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Writes rows as RFC 4180 CSV with CRLF line endings. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
