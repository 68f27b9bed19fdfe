/**
 * A small streaming XML tokenizer for the parts of a workbook, working on the inflated bytes as
 * they come (UTF-8, as OPC requires). It reports start tags (local name, attributes read on
 * demand), end tags and text, with no object per tag: the handler asks the scanner what it needs.
 * It decodes the five XML entities and character references, normalizes line ends (XML 1.0 2.11),
 * skips comments and processing instructions, passes CDATA as text, and refuses a DTD (OPC
 * forbids them; they are how entity bombs are made).
 *
 * Memory is bounded whatever the input: a start tag may hold at most MAX_TAG bytes, text is handed
 * over in pieces (never split inside a character, an entity or a CR LF), comments are skipped as
 * they stream. What a handler keeps of the text is its own bound.
 *
 * saxes (exceljs' parser) was measured first: 4.6 s to tokenize the 246 MB sheet of the 1M-row
 * benchmark, before any cell was built; this scanner reads the whole workbook in less.
 */

/** The most one start tag (its name and attributes) may weigh: 1 MiB. Sheets' tags are tens of bytes. */
const MAX_TAG = 2 ** 20;

/** Text longer than this at the end of a chunk is handed over in pieces rather than held. */
const HOLD_TEXT = 64 * 1024;

export class XmlError extends Error {}

export interface XmlHandler {
  /** A start tag (also of an empty element, followed at once by `close`). */
  open(x: XmlScanner): void;
  close(x: XmlScanner): void;
  /** Text (or a piece of it) between tags; `decodeText` turns it into a string. */
  text(x: XmlScanner, buf: Buffer, start: number, end: number, cdata: boolean): void;
}

const enum Skip {
  None,
  Comment,
  Pi,
  Cdata,
}

const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x09 || b === 0x0d;

/** A number naming a local name of up to 4 ASCII characters (the hot element names: c, v, row, si, t, r, is, f). */
export function nameKey(name: string): number {
  let packed = 0;
  for (let i = 0; i < name.length; i += 1) packed = packed * 256 + name.charCodeAt(i);
  return name.length * 2 ** 32 + packed;
}

export class XmlScanner {
  /** nameKey of the current tag's local name when it has up to 4 characters; -1 otherwise. */
  key = -1;
  private buf: Buffer = Buffer.alloc(0);
  private nameStart = 0;
  private nameEnd = 0;
  private attrs = new Int32Array(64);
  private attrCount = 0;
  private rest: Buffer | null = null;
  private skip = Skip.None;
  private depth = 0;
  private rootSeen = false;

  /** `fragment`: the bytes start inside a document (no check that elements balance). */
  constructor(
    private readonly handler: XmlHandler,
    private readonly fragment = false,
  ) {}

  /** The next chunk of the document's bytes. */
  push(chunk: Buffer): void {
    let buf = chunk;
    if (this.rest) {
      buf = Buffer.concat([this.rest, chunk]);
      this.rest = null;
    }
    this.buf = buf;
    const n = buf.length;
    let i = 0;
    if (this.skip !== Skip.None) {
      i = this.skipSpecial(0);
      if (i < 0) return;
    }
    while (i < n) {
      let j = i;
      while (j < n && buf[j] !== 0x3c) j += 1;
      if (j > i) {
        if (j === n) {
          this.partialText(i);
          return;
        }
        this.handler.text(this, buf, i, j, false);
      }
      if (j + 1 >= n) return this.keep(j);
      const c = buf[j + 1];
      if (c === 0x2f) {
        // </name>
        let k = j + 2;
        while (k < n && buf[k] !== 0x3e && !isSpace(buf[k] ?? 0)) k += 1;
        const nameEnd = k;
        while (k < n && buf[k] !== 0x3e) k += 1;
        if (k >= n) return this.keep(j);
        this.setName(j + 2, nameEnd);
        this.attrCount = 0;
        this.depth -= 1;
        if (this.depth < 0 && !this.fragment) throw new XmlError('an end tag without its start tag');
        this.handler.close(this);
        i = k + 1;
        continue;
      }
      if (c === 0x21) {
        // <!-- -->, <![CDATA[ ]]>, <!DOCTYPE
        if (j + 4 > n) return this.keep(j);
        if (buf[j + 2] === 0x2d && buf[j + 3] === 0x2d) {
          this.skip = Skip.Comment;
          i = this.skipSpecial(j + 4);
        } else if (j + 9 > n) {
          return this.keep(j);
        } else if (buf.toString('latin1', j + 2, j + 9) === '[CDATA[') {
          this.skip = Skip.Cdata;
          i = this.skipSpecial(j + 9);
        } else {
          throw new XmlError('it holds a DTD (<!DOCTYPE), which workbook parts may not');
        }
        if (i < 0) return;
        continue;
      }
      if (c === 0x3f) {
        this.skip = Skip.Pi;
        i = this.skipSpecial(j + 2);
        if (i < 0) return;
        continue;
      }
      const end = this.startTag(j + 1);
      if (end < 0) return this.keep(j);
      i = end;
    }
  }

  /** The end of the document: refuses one cut short. */
  end(): void {
    if (this.rest !== null && this.rest.some((b) => !isSpace(b))) throw new XmlError('it ends inside a tag');
    if (this.skip !== Skip.None) throw new XmlError('it ends inside a comment or CDATA section');
    if (this.depth !== 0 || !this.rootSeen) throw new XmlError('it ends before its last element closes');
  }

  private keep(from: number): void {
    if (this.buf.length - from > MAX_TAG) throw new XmlError(`it holds a tag of more than ${MAX_TAG / 2 ** 20} MiB`);
    this.rest = this.buf.subarray(from);
  }

  /** Text running to the end of the chunk: held when short, else handed over up to a safe cut. */
  private partialText(from: number): void {
    const buf = this.buf;
    const n = buf.length;
    if (n - from <= HOLD_TEXT) {
      this.rest = buf.subarray(from);
      return;
    }
    const cut = safeCut(buf, from, n);
    this.handler.text(this, buf, from, cut, false);
    this.rest = buf.subarray(cut);
  }

  /** Skips (or, in CDATA, passes as text) up to the end of a comment, PI or CDATA section; -1 when the chunk ends first. */
  private skipSpecial(from: number): number {
    const buf = this.buf;
    const terminator = this.skip === Skip.Comment ? '-->' : this.skip === Skip.Pi ? '?>' : ']]>';
    const at = buf.indexOf(terminator, from, 'latin1');
    if (at >= 0) {
      if (this.skip === Skip.Cdata && at > from) this.handler.text(this, buf, from, at, true);
      this.skip = Skip.None;
      return at + terminator.length;
    }
    // Keep what could begin the terminator; in CDATA hand the text over up to a safe cut.
    const keepFrom = Math.max(from, buf.length - 2);
    if (this.skip === Skip.Cdata) {
      const cut = safeCut(buf, from, keepFrom);
      if (cut > from) this.handler.text(this, buf, from, cut, true);
      this.rest = buf.subarray(cut);
    } else {
      this.rest = buf.subarray(keepFrom);
    }
    return -1;
  }

  /** Reads a start tag whose name begins at `p`; returns where it ends, or -1 when the chunk ends first. */
  private startTag(p: number): number {
    const buf = this.buf;
    const n = buf.length;
    let k = p;
    while (k < n && !isSpace(buf[k] ?? 0) && buf[k] !== 0x3e && buf[k] !== 0x2f) k += 1;
    if (k >= n) return -1;
    if (k === p) throw new XmlError('a tag without a name');
    const nameEnd = k;
    let count = 0;
    let selfClosing = false;
    for (;;) {
      while (k < n && isSpace(buf[k] ?? 0)) k += 1;
      if (k >= n) return -1;
      const b = buf[k];
      if (b === 0x3e) {
        k += 1;
        break;
      }
      if (b === 0x2f) {
        if (k + 1 >= n) return -1;
        if (buf[k + 1] !== 0x3e) throw new XmlError('a "/" inside a tag');
        selfClosing = true;
        k += 2;
        break;
      }
      const as = k;
      while (k < n && buf[k] !== 0x3d && !isSpace(buf[k] ?? 0) && buf[k] !== 0x3e && buf[k] !== 0x2f) k += 1;
      const ae = k;
      while (k < n && isSpace(buf[k] ?? 0)) k += 1;
      if (k >= n) return -1;
      if (buf[k] !== 0x3d || ae === as) throw new XmlError('an attribute without a value');
      k += 1;
      while (k < n && isSpace(buf[k] ?? 0)) k += 1;
      if (k >= n) return -1;
      const q = buf[k];
      if (q !== 0x22 && q !== 0x27) throw new XmlError('an attribute value without quotes');
      k += 1;
      const vs = k;
      while (k < n && buf[k] !== q) {
        if (buf[k] === 0x3c) throw new XmlError('a "<" inside an attribute value');
        k += 1;
      }
      if (k >= n) return -1;
      if (count * 4 + 4 > this.attrs.length) {
        const grown = new Int32Array(this.attrs.length * 2);
        grown.set(this.attrs);
        this.attrs = grown;
      }
      const a = this.attrs;
      a[count * 4] = as;
      a[count * 4 + 1] = ae;
      a[count * 4 + 2] = vs;
      a[count * 4 + 3] = k;
      count += 1;
      k += 1;
    }
    this.setName(p, nameEnd);
    this.attrCount = count;
    if (this.depth === 0 && !this.fragment) {
      if (this.rootSeen) throw new XmlError('a second root element');
      this.rootSeen = true;
    }
    this.depth += 1;
    this.handler.open(this);
    if (selfClosing) {
      this.depth -= 1;
      this.handler.close(this);
    }
    return k;
  }

  /** Sets the current local name (the part after a namespace prefix) and its key. */
  private setName(start: number, end: number): void {
    const buf = this.buf;
    let s = start;
    for (let i = start; i < end; i += 1) if (buf[i] === 0x3a) s = i + 1;
    this.nameStart = s;
    this.nameEnd = end;
    const length = end - s;
    if (length > 4 || length === 0) {
      this.key = -1;
      return;
    }
    let packed = 0;
    for (let i = s; i < end; i += 1) packed = packed * 256 + (buf[i] ?? 0);
    this.key = length * 2 ** 32 + packed;
  }

  /** Whether the current tag's local name is `name`. */
  is(name: string): boolean {
    if (this.nameEnd - this.nameStart !== name.length) return false;
    for (let i = 0; i < name.length; i += 1) if (this.buf[this.nameStart + i] !== name.charCodeAt(i)) return false;
    return true;
  }

  /** The index of the current tag's attribute whose local name is `name`, or -1. */
  attr(name: string): number {
    const a = this.attrs;
    const buf = this.buf;
    for (let i = 0; i < this.attrCount; i += 1) {
      const end = a[i * 4 + 1] ?? 0;
      const qualified = a[i * 4] ?? 0;
      let s = qualified;
      for (let p = s; p < end; p += 1) if (buf[p] === 0x3a) s = p + 1;
      // A namespace declaration (xmlns, xmlns:r) is no attribute of the element.
      if (buf[qualified] === 0x78 && buf[qualified + 1] === 0x6d && buf[qualified + 2] === 0x6c && buf[qualified + 3] === 0x6e && buf[qualified + 4] === 0x73 && (end === qualified + 5 || s === qualified + 6)) continue;
      if (end - s !== name.length) continue;
      let same = true;
      for (let p = 0; p < name.length && same; p += 1) same = buf[s + p] === name.charCodeAt(p);
      if (same) return i;
    }
    return -1;
  }

  /** The attribute's value as text (entities decoded, white space normalized), or undefined. */
  attrText(name: string): string | undefined {
    const i = this.attr(name);
    if (i < 0) return undefined;
    return decodeText(this.buf, this.attrs[i * 4 + 2] ?? 0, this.attrs[i * 4 + 3] ?? 0, false, true);
  }

  /** The attribute's value as a non-negative decimal integer; -1 when absent, -2 when not digits. */
  attrInt(name: string): number {
    const i = this.attr(name);
    if (i < 0) return -1;
    const s = this.attrs[i * 4 + 2] ?? 0;
    const e = this.attrs[i * 4 + 3] ?? 0;
    if (e === s || e - s > 15) return -2;
    let v = 0;
    for (let p = s; p < e; p += 1) {
      const d = (this.buf[p] ?? 0) - 0x30;
      if (d < 0 || d > 9) return -2;
      v = v * 10 + d;
    }
    return v;
  }

  /** How many attributes the current tag has (namespace declarations included); read them with the methods below. */
  get attributeCount(): number {
    return this.attrCount;
  }

  /** The byte of attribute `i`'s local name when that name is one character long (r, s, t), else -1. */
  attrLetter(i: number): number {
    const end = this.attrs[i * 4 + 1] ?? 0;
    const qualified = this.attrs[i * 4] ?? 0;
    let s = qualified;
    for (let p = s; p < end; p += 1) if (this.buf[p] === 0x3a) s = p + 1;
    if (end - s !== 1) return -1;
    // xmlns:r declares a prefix: no attribute r.
    if (s === qualified + 6 && this.buf.toString('latin1', qualified, qualified + 5) === 'xmlns') return -1;
    return this.buf[s] ?? -1;
  }

  /** The buffer holding the current tag (valid until the next chunk is pushed). */
  get buffer(): Buffer {
    return this.buf;
  }

  /** Where attribute `i`'s raw value starts in `buffer`. */
  valueStart(i: number): number {
    return this.attrs[i * 4 + 2] ?? 0;
  }

  /** Where attribute `i`'s raw value ends in `buffer`. */
  valueEnd(i: number): number {
    return this.attrs[i * 4 + 3] ?? 0;
  }
}

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * The number written in bytes [start, end) when it is a plain decimal of at most 15 significant
 * digits ("-12.5", "100000"): the integer of its digits divided by a power of ten, which IEEE
 * division rounds correctly (both are exact doubles: Clinger's fast path), so it is what parseFloat
 * gives. NaN for anything else (an exponent, more digits, entities): the caller then uses parseFloat.
 */
export function plainDecimal(buf: Buffer, start: number, end: number): number {
  let p = start;
  const negative = buf[p] === 0x2d;
  if (negative) p += 1;
  let m = 0;
  let digits = 0;
  let scale = -1;
  for (; p < end; p += 1) {
    const b = buf[p] ?? 0;
    if (b === 0x2e && scale < 0) {
      scale = 0;
      continue;
    }
    const d = b - 0x30;
    if (d < 0 || d > 9) return NaN;
    m = m * 10 + d;
    if (m !== 0) digits += 1;
    if (scale >= 0) scale += 1;
  }
  if (p === start + (negative ? 1 : 0) || digits > 15 || scale === 0) return NaN;
  const v = scale > 0 ? m / (POWERS_OF_TEN[scale] ?? NaN) : m;
  return negative ? -v : v;
}

/** Where text running from `from` to `n` can be cut: not inside a UTF-8 character, an entity or a CR LF. */
function safeCut(buf: Buffer, from: number, n: number): number {
  let cut = n;
  // An entity is at most a few dozen bytes: cut before an '&' whose ';' has not come.
  for (let p = n - 1; p >= Math.max(from, n - 40); p -= 1) {
    if (buf[p] === 0x3b) break;
    if (buf[p] === 0x26) {
      cut = p;
      break;
    }
  }
  if (cut > from && buf[cut - 1] === 0x0d) cut -= 1;
  // Back over a character whose bytes have not all come.
  let s = cut - 1;
  while (s > from && ((buf[s] ?? 0) & 0xc0) === 0x80) s -= 1;
  const lead = buf[s] ?? 0;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (s >= from && s + need > cut) cut = s;
  return cut;
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9._-]*)?;?/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function entity(match: string, ref: string | undefined): string {
  if (ref === undefined || !match.endsWith(';')) throw new XmlError(`a "&" that starts no entity (${JSON.stringify(match.slice(0, 12))})`);
  if (ref.startsWith('#')) {
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (!(code > 0 && code <= 0x10ffff)) throw new XmlError(`a character reference to no character (&${ref};)`);
    return String.fromCodePoint(code);
  }
  const named = NAMED[ref];
  if (named === undefined) throw new XmlError(`an entity XML does not define (&${ref};)`);
  return named;
}

/**
 * The text of bytes [start, end) of `buf`: UTF-8, line ends normalized, entities decoded (not in
 * CDATA); in an attribute value, tabs and line ends read as spaces (XML 1.0 3.3.3).
 */
export function decodeText(buf: Buffer, start: number, end: number, cdata: boolean, attribute = false): string {
  let text = buf.toString('utf8', start, end);
  const hasCr = text.includes('\r');
  if (cdata) return hasCr ? text.replace(/\r\n?/g, '\n') : text;
  const hasAmp = text.includes('&');
  if (!hasAmp && !hasCr && !attribute) return text;
  if (hasCr) text = text.replace(/\r\n?/g, '\n');
  if (attribute) text = text.replace(/[\t\n]/g, ' ');
  return hasAmp ? text.replace(ENTITY, entity) : text;
}
