/**
 * An RFC 4180 CSV parser (quotes, doubled quotes, CRLF or LF, a leading byte order mark) that
 * takes the text in chunks: a file is read piece by piece, so its size is not bounded by the
 * longest string V8 can hold (~512 M characters), and no copy of the whole text is kept.
 */
import { SheetsError } from '../errors.ts';

const COMMA = 44;
const CR = 13;
const LF = 10;
const QUOTE = 34;

/** Parses CSV text pushed in chunks of any size; hands each row (fields, unquoted) to `onRow`. */
export class CsvParser {
  private row: string[] = [];
  private field = '';
  private quoted = false;
  /** Inside a quoted field, the previous chunk ended on a quote: closing, or the first of a doubled one. */
  private quoteAtEnd = false;
  /** The previous chunk ended a row on CR: a LF starting this chunk belongs to it. */
  private crAtEnd = false;
  private started = false;

  /** `file` names the text in errors. */
  constructor(
    private readonly onRow: (row: string[]) => void,
    private readonly file = 'The CSV',
  ) {}

  /** The next piece of the text. */
  push(chunk: string): void {
    const n = chunk.length;
    if (n === 0) return;
    let i = 0;
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) i = 1;
    }
    if (this.crAtEnd) {
      this.crAtEnd = false;
      if (chunk.charCodeAt(i) === LF) i += 1;
    }
    if (this.quoteAtEnd) {
      this.quoteAtEnd = false;
      if (chunk.charCodeAt(i) === QUOTE) {
        this.field += '"';
        i += 1;
      } else this.quoted = false;
    }
    while (i < n) {
      if (this.quoted) {
        // Copy up to the next quote in one slice: fields can be long.
        const next = chunk.indexOf('"', i);
        if (next < 0) {
          this.field += chunk.slice(i);
          return;
        }
        this.field += chunk.slice(i, next);
        if (next + 1 === n) {
          this.quoteAtEnd = true;
          return;
        }
        if (chunk.charCodeAt(next + 1) === QUOTE) {
          this.field += '"';
          i = next + 2;
        } else {
          this.quoted = false;
          i = next + 1;
        }
        continue;
      }
      const ch = chunk.charCodeAt(i);
      if (ch === QUOTE && this.field === '') {
        this.quoted = true;
        i += 1;
      } else if (ch === COMMA) {
        this.row.push(this.field);
        this.field = '';
        i += 1;
      } else if (ch === CR || ch === LF) {
        this.endRow();
        i += 1;
        if (ch === CR) {
          if (i === n) this.crAtEnd = true;
          else if (chunk.charCodeAt(i) === LF) i += 1;
        }
      } else {
        // A run of plain characters in one slice (a quote inside an unquoted field is plain).
        let j = i + 1;
        for (; j < n; j += 1) {
          const c = chunk.charCodeAt(j);
          if (c === COMMA || c === CR || c === LF || c === QUOTE) break;
        }
        this.field += chunk.slice(i, j);
        i = j;
      }
    }
  }

  /** The end of the text: hands over the last row (a final line break is optional). */
  end(): void {
    if (this.quoteAtEnd) this.quoted = false;
    if (this.quoted) throw new SheetsError('unreadable_file', `${this.file} ends inside a quoted field: the file is truncated or not CSV.`);
    if (this.field !== '' || this.row.length > 0) this.endRow();
  }

  private endRow(): void {
    this.row.push(this.field);
    this.onRow(this.row);
    this.row = [];
    this.field = '';
  }
}

/** Parses CSV text into rows of fields (strings, unquoted). */
export function parseCsv(text: string): string[][] {
  return [...csvRows(text)];
}

/** The rows of CSV text, a chunk at a time, so a big text never becomes one array of every field. */
export function* csvRows(text: string, chunkSize = 1 << 16): Generator<string[]> {
  let rows: string[][] = [];
  const parser = new CsvParser((row) => rows.push(row));
  for (let at = 0; at < text.length; at += chunkSize) {
    parser.push(text.slice(at, at + chunkSize));
    yield* rows;
    rows = [];
  }
  parser.end();
  yield* rows;
}
