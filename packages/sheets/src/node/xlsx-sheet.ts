/**
 * One worksheet streamed into rows of cells, as exceljs' in-memory model gave them to readXlsx
 * before (values, number formats, merged ranges), without ever holding the sheet: each `<row>` is
 * built, handed to the sink, and let go. Rows skipped in the file come as empty rows so that row
 * numbers in errors stay right; cells may skip columns or have no `r` (the next column).
 */
import type { SheetsError } from '../errors.ts';
import { excelSerialToDate } from '../grid/excel-epoch.ts';
import type { Cell, CellValue } from '../grid/types.ts';
import { CELL_TEXT_LIMIT, unescapeRunText, type Styles } from './xlsx-parts.ts';
import { XmlError, XmlScanner, decodeText, nameKey, plainDecimal, type XmlHandler } from './xml-scan.ts';

/** Excel's last row and column (1,048,576 and XFD): a sheet past them was not written by a spreadsheet. */
const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;

/** The most merged ranges one sheet may have (ours have a few per series), and the most cells they may cover together. */
const MAX_MERGES = 1_000_000;
const MAX_MERGED_CELLS = 16 * 2 ** 20;

const K_ROW = nameKey('row');
const K_C = nameKey('c');
const K_V = nameKey('v');
const K_F = nameKey('f');
const K_IS = nameKey('is');
const K_T = nameKey('t');
const K_R = nameKey('r');
const K_RPH = nameKey('rPh');

const enum Kind {
  Number,
  Shared,
  Str,
  Inline,
  Bool,
  Error,
  Date,
}

const KINDS: Record<string, Kind> = { n: Kind.Number, s: Kind.Shared, str: Kind.Str, inlineStr: Kind.Inline, b: Kind.Bool, e: Kind.Error, d: Kind.Date };

/** The cell type of a `t` attribute's bytes (an unknown one reads as a number, as exceljs does). */
function kindOf(buf: Buffer, start: number, end: number): Kind {
  if (end - start === 1) {
    const b = buf[start];
    return b === 0x73 ? Kind.Shared : b === 0x62 ? Kind.Bool : b === 0x65 ? Kind.Error : b === 0x64 ? Kind.Date : Kind.Number;
  }
  return KINDS[buf.toString('latin1', start, end)] ?? Kind.Number;
}

/** A style index's digits (0 when not digits, as exceljs' parseInt of nothing gives no style). */
function digitsOf(buf: Buffer, start: number, end: number): number {
  let v = 0;
  for (let p = start; p < end; p += 1) {
    const d = (buf[p] ?? 0) - 0x30;
    if (d < 0 || d > 9 || p - start > 9) return 0;
    v = v * 10 + d;
  }
  return v;
}

/** Zero-based column of a cell reference's letters ("AB12" -> 27); -1 when it has none. */
function columnOf(buf: Buffer, start: number, end: number): number {
  let col = 0;
  let p = start;
  if (buf[p] === 0x24) p += 1; // $A$1
  for (; p < end; p += 1) {
    const b = buf[p] ?? 0;
    const letter = b >= 0x41 && b <= 0x5a ? b - 0x40 : b >= 0x61 && b <= 0x7a ? b - 0x60 : 0;
    if (!letter) break;
    col = col * 26 + letter;
    if (col > MAX_COLUMN) return MAX_COLUMN;
  }
  return col - 1;
}

/** Merged ranges of a sheet: [top row (1-based), left column, bottom row, right column (0-based)] each. */
export class Merges {
  readonly ranges: number[] = [];
  private cells = 0;

  constructor(private readonly refuse: (why: string) => SheetsError) {}

  /** Adds a range given as "B2:D3" (or one cell, "B2"). */
  add(ref: string): void {
    const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?$/.exec(ref.trim());
    if (!m) return;
    const col = (letters: string): number => columnOf(Buffer.from(letters, 'latin1'), 0, letters.length);
    const [r1, c1, r2, c2] = [Number(m[2]), col(m[1] ?? 'A'), Number(m[4] ?? m[2]), col(m[3] ?? m[1] ?? 'A')];
    const range = [Math.min(r1, r2), Math.min(c1, c2), Math.max(r1, r2), Math.max(c1, c2)] as [number, number, number, number];
    this.ranges.push(...range);
    this.cells += (range[2] - range[0] + 1) * (range[3] - range[1] + 1);
    if (this.ranges.length / 4 > MAX_MERGES) throw this.refuse(`more than ${MAX_MERGES.toLocaleString('en')} merged ranges`);
    if (this.cells > MAX_MERGED_CELLS) throw this.refuse(`merged ranges covering more than ${MAX_MERGED_CELLS.toLocaleString('en')} cells`);
  }
}

/** Where a `<mergeCell` or `<prefix:mergeCell` tag starts in `buf` at or after `from`, or -1. */
function mergeTagAt(buf: Buffer, from: number): number {
  for (let at = buf.indexOf('mergeCell', from, 'latin1'); at >= 0; at = buf.indexOf('mergeCell', at + 1, 'latin1')) {
    if (buf[at - 1] === 0x3c) return at - 1;
    if (buf[at - 1] === 0x3a) {
      let p = at - 2;
      while (p >= 0 && p > at - 12 && buf[p] !== 0x3c && buf[p] !== 0x20 && buf[p] !== 0x3e) p -= 1;
      if (buf[p] === 0x3c) return p;
    }
  }
  return -1;
}

/**
 * Looks for `<mergeCells>` in a worksheet's bytes as the zip survey inflates them (a byte search
 * for the tag; once found, the rest of the part goes through the XML scanner, which collects the
 * ranges). Text that only looks like the tag (in CDATA or a comment) cannot make the file refused:
 * should the scanner stumble, the search starts again.
 */
export class MergeFinder {
  private tail: Buffer = Buffer.alloc(0);
  private scanner: XmlScanner | null = null;

  constructor(readonly merges: Merges) {}

  look(chunk: Buffer): void {
    if (this.scanner) {
      try {
        this.scanner.push(chunk);
      } catch (error) {
        if (!(error instanceof XmlError)) throw error;
        this.scanner = null;
        this.tail = Buffer.alloc(0);
      }
      return;
    }
    // A tag cut in two by the chunks comes first; the tail alone was searched with the last chunk.
    let all = chunk;
    let at = this.tail.length > 0 ? mergeTagAt(Buffer.concat([this.tail, chunk.subarray(0, 64)]), 0) : -1;
    if (at >= 0) all = Buffer.concat([this.tail, chunk]);
    else at = mergeTagAt(chunk, 0);
    if (at < 0) {
      this.tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - 64)));
      return;
    }
    const merges = this.merges;
    this.scanner = new XmlScanner(
      {
        open(x) {
          if (x.is('mergeCell')) merges.add(x.attrText('ref') ?? '');
        },
        close() {},
        text() {},
      },
      true,
    );
    this.look(all.subarray(at));
  }
}

/** What a sheet's cells are read with. */
export interface SheetContext {
  shared: ReadonlyArray<string | null>;
  styles: Styles;
  date1904: boolean;
  merges: Merges | undefined;
  /** Refuses the file, naming the problem (`unreadable_file`). */
  damaged: (reason: string) => SheetsError;
  /** Refuses the file as too large to read (`file_too_large`). */
  tooLarge: (what: string) => SheetsError;
}

const NULL_CELL: Cell = Object.freeze({ v: null }) as Cell;

/** The XML handler that turns a worksheet's `<sheetData>` into rows pushed to `sink`. */
export class SheetRows implements XmlHandler {
  private lastRow = 0;
  private rowNumber = 0;
  private cells: Cell[] = [];
  private inRow = false;
  // The cell being read.
  private inCell = false;
  private col = -1;
  private style = 0;
  private kind = Kind.Number;
  private formula = false;
  private capture = false;
  private captured: string | undefined;
  private numberAt: Buffer | null = null;
  private readonly texts = new Map<string, string>();
  private numberStart = 0;
  private numberEnd = 0;
  private inline: string | undefined;
  private inIs = false;
  private inRun = false;
  private phonetic = 0;
  // Merged ranges, by top row, and those that reach the current row.
  private readonly ranges: number[];
  private nextRange = 0;
  private active: number[] = [];

  constructor(
    private readonly ctx: SheetContext,
    private readonly sink: (row: Cell[]) => void,
  ) {
    const r = ctx.merges?.ranges ?? [];
    const order = Array.from({ length: r.length / 4 }, (_, i) => i).sort((a, b) => (r[a * 4] ?? 0) - (r[b * 4] ?? 0));
    this.ranges = order.flatMap((i) => r.slice(i * 4, i * 4 + 4));
  }

  open(x: XmlScanner): void {
    const k = x.key;
    if (k === K_C) {
      if (!this.inRow) return;
      this.inCell = true;
      // One pass over the attributes: r (the column), s (the style), t (the type); no strings made.
      let col = -1;
      let style = 0;
      let kind = Kind.Number;
      const buf = x.buffer;
      for (let i = 0; i < x.attributeCount; i += 1) {
        const letter = x.attrLetter(i);
        if (letter === 0x72) col = columnOf(buf, x.valueStart(i), x.valueEnd(i));
        else if (letter === 0x73) style = digitsOf(buf, x.valueStart(i), x.valueEnd(i));
        else if (letter === 0x74) kind = kindOf(buf, x.valueStart(i), x.valueEnd(i));
      }
      this.col = col >= 0 ? col : this.col + 1;
      if (this.col >= MAX_COLUMN) throw this.ctx.damaged(`a cell in row ${this.rowNumber} lies past Excel's last column, XFD`);
      this.style = style;
      this.kind = kind;
      this.numberAt = null;
      this.formula = false;
      this.captured = undefined;
      this.inline = undefined;
    } else if (k === K_V) {
      this.capture = this.inCell;
    } else if (k === K_ROW) {
      const r = x.attrInt('r');
      this.rowNumber = r > 0 ? r : this.rowNumber + 1;
      if (this.rowNumber > MAX_ROW) throw this.ctx.damaged(`row ${this.rowNumber} lies past Excel's last row, ${MAX_ROW.toLocaleString('en')}`);
      if (this.rowNumber <= this.lastRow) throw this.ctx.damaged(`row ${this.rowNumber} comes after row ${this.lastRow}: rows must be in order, once each`);
      this.inRow = true;
      this.cells = [];
      this.col = -1;
    } else if (k === K_F) {
      if (this.inCell) this.formula = true;
    } else if (k === K_IS) {
      this.inIs = this.inCell;
    } else if (k === K_T) {
      if (this.inIs && this.phonetic === 0) {
        this.capture = true;
        this.captured = undefined;
      }
    } else if (k === K_R) {
      if (this.inIs) {
        this.inRun = true;
        this.inline ??= '';
      }
    } else if (k === K_RPH) {
      if (this.inIs) this.phonetic += 1;
    }
  }

  text(_x: XmlScanner, buf: Buffer, start: number, end: number, cdata: boolean): void {
    if (!this.capture) return;
    // A number's text (the bulk of a sheet), or a shared string's index, is kept as where it lies
    // and read from the bytes at </c>; the buffer is not written again once the scanner has it.
    if ((this.kind === Kind.Number || this.kind === Kind.Shared) && !cdata && this.captured === undefined && this.numberAt === null) {
      this.numberAt = buf;
      this.numberStart = start;
      this.numberEnd = end;
      return;
    }
    this.flushNumber();
    const piece = decodeText(buf, start, end, cdata);
    this.captured = this.captured === undefined ? piece : this.captured + piece;
    if (this.captured.length > CELL_TEXT_LIMIT) throw this.ctx.tooLarge(`a cell in row ${this.rowNumber} with more than ${CELL_TEXT_LIMIT / 2 ** 20} Mi characters (Excel's limit is 32,767)`);
  }

  /** Turns a number's text kept as bytes into text (a second piece of it came). */
  private flushNumber(): void {
    if (this.numberAt === null) return;
    this.captured = decodeText(this.numberAt, this.numberStart, this.numberEnd, false);
    this.numberAt = null;
  }

  close(x: XmlScanner): void {
    const k = x.key;
    if (k === K_V) {
      this.capture = false;
    } else if (k === K_C) {
      if (this.inCell) this.endCell();
      this.inCell = false;
      this.inIs = false;
    } else if (k === K_ROW) {
      if (this.inRow) this.emit(this.rowNumber, this.cells);
      this.inRow = false;
    } else if (k === K_T) {
      if (this.inIs && this.capture) {
        // exceljs decodes _xHHHH_ in a rich text run, not in a plain inline string.
        const t = this.captured ?? '';
        if (this.inRun) this.inline = (this.inline ?? '') + unescapeRunText(t);
        else if (this.captured !== undefined) this.inline = (this.inline ?? '') + t;
        this.captured = undefined;
        this.capture = false;
      }
    } else if (k === K_R) {
      this.inRun = false;
    } else if (k === K_RPH) {
      if (this.inIs) this.phonetic -= 1;
    } else if (k === K_IS) {
      this.inIs = false;
    }
  }

  private endCell(): void {
    if (this.numberAt !== null && this.kind === Kind.Shared) {
      const i = plainDecimal(this.numberAt, this.numberStart, this.numberEnd);
      if (Number.isInteger(i) && i >= 0 && i < this.ctx.shared.length) {
        this.numberAt = null;
        const fmt = this.ctx.styles.fmt[this.style];
        const v = this.ctx.shared[i] ?? null;
        this.cells[this.col] = fmt === undefined ? { v } : { v, fmt };
        return;
      }
      this.flushNumber(); // refused below, naming the index
    }
    if (this.numberAt !== null) {
      let n = plainDecimal(this.numberAt, this.numberStart, this.numberEnd);
      if (Number.isNaN(n)) n = parseFloat(decodeText(this.numberAt, this.numberStart, this.numberEnd, false));
      this.numberAt = null;
      const fmt = this.ctx.styles.fmt[this.style];
      const v = this.ctx.styles.date[this.style] ? excelSerialToDate(n, this.ctx.date1904) : n;
      this.cells[this.col] = fmt === undefined ? { v } : { v, fmt };
      return;
    }
    const text = this.captured;
    let v: CellValue;
    switch (this.kind) {
      case Kind.Inline:
        if (this.inline === undefined && !this.formula) return;
        v = this.inline === undefined ? null : this.intern(this.inline);
        break;
      case Kind.Shared: {
        if (text === undefined) {
          if (!this.formula) return;
          v = null;
          break;
        }
        const i = Number(text);
        if (!Number.isInteger(i) || i < 0 || i >= this.ctx.shared.length) throw this.ctx.damaged(`a cell in row ${this.rowNumber} refers to shared string ${text.slice(0, 20)}, which the file does not have`);
        v = this.ctx.shared[i] ?? null;
        break;
      }
      default: {
        if (text === undefined) {
          if (!this.formula) return;
          v = null;
          break;
        }
        if (this.kind === Kind.Str) v = this.intern(text);
        else if (this.kind === Kind.Bool) v = parseInt(text, 10) !== 0;
        else if (this.kind === Kind.Error) v = null; // an error value (#N/A) reads as missing
        else if (this.kind === Kind.Date) {
          // An ISO 8601 date cell (strict OOXML); without a zone it is the sheet's wall time, read as UTC.
          const d = new Date(/T/.test(text) && !/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? `${text}Z` : text);
          v = Number.isNaN(d.getTime()) ? text : d;
        } else {
          const n = parseFloat(text);
          v = this.ctx.styles.date[this.style] ? excelSerialToDate(n, this.ctx.date1904) : n;
        }
      }
    }
    const fmt = this.ctx.styles.fmt[this.style];
    this.cells[this.col] = fmt === undefined ? { v } : { v, fmt };
  }

  /**
   * One string for every cell of the same short text written inline (SheetJS and exceljs without
   * shared strings write every text inline: a long sheet repeats its ids and labels in every row).
   */
  private intern(text: string): string {
    if (text.length > 32) return text;
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    if (this.texts.size < 65_536) this.texts.set(text, text);
    return text;
  }

  /** Hands row `r` to the sink, after the empty rows before it; merged ranges applied. */
  private emit(r: number, cells: Cell[]): void {
    for (let gap = this.lastRow + 1; gap < r; gap += 1) this.sink(this.merged(gap, []));
    this.lastRow = r;
    this.sink(this.merged(r, cells));
  }

  /** Only a merged range's top-left cell holds its value (exceljs repeats it in every cell of the range). */
  private merged(r: number, cells: Cell[]): Cell[] {
    const ranges = this.ranges;
    while (this.nextRange * 4 < ranges.length && (ranges[this.nextRange * 4] ?? 0) <= r) this.active.push(this.nextRange++);
    if (this.active.length > 0) {
      this.active = this.active.filter((m) => (ranges[m * 4 + 2] ?? 0) >= r);
      for (const m of this.active) {
        const [top, left, right] = [ranges[m * 4] ?? 0, ranges[m * 4 + 1] ?? 0, ranges[m * 4 + 3] ?? 0];
        for (let c = left; c <= right; c += 1) if (r !== top || c !== left) cells[c] = NULL_CELL;
      }
    }
    for (let i = 0; i < cells.length; i += 1) cells[i] ??= NULL_CELL;
    return cells;
  }
}
