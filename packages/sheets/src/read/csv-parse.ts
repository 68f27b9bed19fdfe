/** An RFC 4180 CSV parser (quotes, doubled quotes, CRLF or LF, a leading byte order mark). */
import { SheetsError } from '../errors.ts';

/** Parses CSV text into rows of fields (strings, unquoted). */
export function parseCsv(text: string): string[][] {
  return [...csvRows(text)];
}

/** The rows of CSV text one at a time, so a big file never becomes one array of every field. */
export function* csvRows(text: string): Generator<string[]> {
  let row: string[] = [];
  let field = '';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let quoted = false;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      // Copy up to the next quote in one slice: fields can be long.
      const next = text.indexOf('"', i);
      if (next < 0) throw new SheetsError('unreadable_file', 'The CSV ends inside a quoted field: the file is truncated or not CSV.');
      field += text.slice(i, next);
      i = next;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      row.push(field);
      yield row;
      row = [];
      field = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}
