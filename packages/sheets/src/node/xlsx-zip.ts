/**
 * The zip reader under readXlsx: the one place a workbook's zip is parsed. The central directory
 * is read from the end of the file; an entry is opened by its local header's offset (random access,
 * so the order of the entries in the file does not matter) and inflated as a stream through zlib,
 * stored (method 0) or deflated (8); any other method, encryption, or a directory that points
 * outside the file is refused as `unreadable_file`.
 *
 * A zip bomb (a small file that unzips to gigabytes, whether its directory states those sizes or
 * lies about them, in a worksheet or in an entry such as customXml/item1.xml) is stopped by
 * counting what each entry really inflates: `survey` inflates every entry once, nothing kept (a
 * 256 KB chunk in and out, and zlib's window), and refuses with `file_too_large` as soon as all
 * entries together pass `maxUnzippedBytes` or the entries around the cells pass 64 MiB. An honest
 * directory is refused from its sizes alone, before anything is inflated. The survey also notes
 * where each worksheet's `<mergeCells>` are (they follow the cells, so they are found first).
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { TransformOptions } from 'node:stream';
import { createInflateRaw, type ZlibOptions } from 'node:zlib';
import { SheetsError } from '../errors.ts';

/**
 * The most an XLSX may unzip to, all entries together (1 GiB): some 4 times the XML of the largest
 * workbook read here (1M rows x 6 columns, a 43 MB file holding 246 MB of worksheet XML).
 */
const MAX_UNZIPPED_BYTES = 2 ** 30;

/**
 * The most the entries around the cells (styles, theme, workbook, properties, custom XML: all but
 * the worksheets and shared strings) may unzip to together: 64 MiB. Ours and the service's hold
 * under 100 KB of them; only a crafted file needs more.
 */
const MAX_OTHER_BYTES = 64 * 2 ** 20;

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64 = 0xffffffff;
const CHUNK = 256 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  /** General purpose flags (bit 0: encrypted). */
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

/** A workbook's entries that hold cells (worksheets and shared strings): the rest is "around the cells". */
export const holdsCells = (name: string): boolean => /^xl\/worksheets\/[^/]+\.xml$/i.test(name) || /^xl\/sharedStrings\.xml$/i.test(name);

function sizeText(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(1)} GB`;
  return `${Math.ceil(bytes / 2 ** 20)} MB`;
}

/** The zip64 extra field's sizes and offset, for the fields the entry marks 0xffffffff. */
function zip64Fields(cd: Buffer, at: number, length: number, e: ZipEntry): void {
  for (let p = at; p + 4 <= at + length; ) {
    const id = cd.readUInt16LE(p);
    const size = cd.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const next = (): number => {
        const v = q + 8 <= p + 4 + size ? Number(cd.readBigUInt64LE(q)) : ZIP64;
        q += 8;
        return v;
      };
      if (e.declaredSize === ZIP64) e.declaredSize = next();
      if (e.compressedSize === ZIP64) e.compressedSize = next();
      if (e.localOffset === ZIP64) e.localOffset = next();
      return;
    }
    p += 4 + size;
  }
}

/** An open workbook zip: its entries, and streams of their inflated bytes. */
export class XlsxZip {
  private readonly byName = new Map<string, ZipEntry>();

  private constructor(
    private readonly path: string,
    private readonly handle: FileHandle,
    private readonly size: number,
    readonly entries: ZipEntry[],
    private readonly maxUnzippedBytes: number,
  ) {
    // Part names are case-insensitive (OPC).
    for (const e of entries) this.byName.set(e.name.replace(/^\//, '').toLowerCase(), e);
  }

  /** Opens `path`; null when it has no zip directory (not a zip, or cut short). */
  static async open(path: string, maxUnzippedBytes: number = MAX_UNZIPPED_BYTES): Promise<XlsxZip | null> {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      const entries = await readDirectory(handle, size, basename(path));
      if (!entries) {
        await handle.close();
        return null;
      }
      return new XlsxZip(path, handle, size, entries, maxUnzippedBytes);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  close(): Promise<void> {
    return this.handle.close();
  }

  private get file(): string {
    return basename(this.path);
  }

  entry(name: string): ZipEntry | undefined {
    return this.byName.get(name.toLowerCase());
  }

  private tooBig(entry: string, other: boolean): SheetsError {
    return new SheetsError(
      'file_too_large',
      other
        ? `${this.file} unzips to more than ${sizeText(MAX_OTHER_BYTES)} outside its worksheets (the limit for the parts around the cells; passed in its entry ${entry}), so reading stopped there: no workbook Econdata or the service writes holds that. Check where the file came from, or export the data again.`
        : `${this.file} unzips to more than ${sizeText(this.maxUnzippedBytes)} (the limit for reading an XLSX; passed in its entry ${entry}), so reading stopped there. Export the data as CSV (read as a stream), or check where the file came from.`,
      { file: this.path },
    );
  }

  damaged(reason: string, cause?: unknown): SheetsError {
    return new SheetsError('unreadable_file', `${this.file} is not a readable XLSX workbook (${reason}): it is damaged or not a workbook. Export or download it again.`, { file: this.path, cause });
  }

  /**
   * Inflates every entry once, counting what it really produces and keeping nothing, and refuses
   * the file past the limits (see above). Calls `look(entry, chunk)` on each chunk (the merges of a
   * worksheet are looked for there). Returns each entry's real size.
   */
  async survey(look: (entry: ZipEntry, chunk: Buffer) => void): Promise<Map<ZipEntry, number>> {
    // What the directory states already decides an honest file, without inflating anything.
    let stated = 0;
    let statedOther = 0;
    for (const e of this.entries) {
      const declared = e.declaredSize === ZIP64 ? Number.MAX_SAFE_INTEGER : e.declaredSize;
      stated += declared;
      if (!holdsCells(e.name)) statedOther += declared;
      if (statedOther > MAX_OTHER_BYTES) throw this.tooBig(e.name, true);
      if (stated > this.maxUnzippedBytes) throw this.tooBig(e.name, false);
    }
    // Then what each entry really inflates to: the directory may lie.
    const sizes = new Map<ZipEntry, number>();
    let total = 0;
    let other = 0;
    for (const e of this.entries) {
      const cells = holdsCells(e.name);
      let bytes = 0;
      for await (const chunk of this.inflate(e)) {
        bytes += chunk.length;
        if (!cells && other + bytes > MAX_OTHER_BYTES) throw this.tooBig(e.name, true);
        if (total + bytes > this.maxUnzippedBytes) throw this.tooBig(e.name, false);
        look(e, chunk);
      }
      total += bytes;
      if (!cells) other += bytes;
      sizes.set(e, bytes);
    }
    return sizes;
  }

  /**
   * The inflated bytes of one entry, a chunk at a time; stops with `unreadable_file` past `limit`
   * bytes (the entry's size found by the survey: the file changed since) or when the data is damaged.
   */
  async *inflate(e: ZipEntry, limit = Number.MAX_SAFE_INTEGER): AsyncGenerator<Buffer> {
    if (e.flags & 1) throw this.damaged(`its entry ${e.name} is encrypted`);
    if (e.method !== 0 && e.method !== 8) throw this.damaged(`its entry ${e.name} uses zip compression method ${e.method}; XLSX files use 0 (stored) or 8 (deflate)`);
    if (e.compressedSize === ZIP64 || e.localOffset === ZIP64) throw this.damaged(`its entry ${e.name} has a zip64 size without the zip64 field`);
    const start = await this.dataStart(e);
    if (e.compressedSize === 0) return;
    if (start + e.compressedSize > this.size) throw this.damaged(`its entry ${e.name} runs past the end of the file`);
    const source = createReadStream(this.path, { start, end: start + e.compressedSize - 1, highWaterMark: CHUNK });
    // Room for a few chunks ahead: zlib inflates on the thread pool while this thread parses the last one.
    // (zlib passes stream options on to its Transform; its types only list zlib's own.)
    const options: ZlibOptions & TransformOptions = { chunkSize: CHUNK, readableHighWaterMark: 4 * CHUNK };
    const inflate = e.method === 8 ? createInflateRaw(options) : null;
    if (inflate) {
      source.on('error', (error) => inflate.destroy(error));
      source.pipe(inflate);
    }
    let bytes = 0;
    try {
      for await (const chunk of (inflate ?? source) as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > limit) throw this.damaged(`its entry ${e.name} unzipped to more than it did a moment before: the file changed while read`);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof SheetsError) throw error;
      throw this.damaged(`its entry ${e.name} does not unzip: ${error instanceof Error ? error.message : String(error)}`, error);
    } finally {
      source.destroy();
      inflate?.destroy();
    }
  }

  /** Where an entry's data starts (after its local header). */
  private async dataStart(e: ZipEntry): Promise<number> {
    const header = Buffer.alloc(30);
    if (e.localOffset + 30 > this.size) throw this.damaged(`its entry ${e.name} points past the end of the file`);
    await this.handle.read(header, 0, 30, e.localOffset);
    if (header.readUInt32LE(0) !== LOCAL) throw this.damaged(`its entry ${e.name} has no local header where the directory says`);
    return e.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  }
}

/** The entries of a zip's central directory; null when it is not a zip. */
async function readDirectory(handle: FileHandle, size: number, file: string): Promise<ZipEntry[] | null> {
  // The end-of-central-directory record is in the last 22 bytes plus a comment of up to 64 KB.
  const tailLength = Math.min(size, 22 + 0xffff);
  if (tailLength < 22) return null;
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  let at = tailLength - 22;
  while (at >= 0 && tail.readUInt32LE(at) !== EOCD) at -= 1;
  if (at < 0) return null;
  let cdSize = tail.readUInt32LE(at + 12);
  let cdOffset = tail.readUInt32LE(at + 16);
  // A zip64 file keeps the real values in its zip64 end record, found through the locator before the EOCD.
  if ((cdSize === ZIP64 || cdOffset === ZIP64) && at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR) {
    const recordAt = Number(tail.readBigUInt64LE(at - 20 + 8));
    const record = Buffer.alloc(56);
    if (recordAt + 56 <= size) {
      await handle.read(record, 0, 56, recordAt);
      if (record.readUInt32LE(0) === ZIP64_EOCD) {
        cdSize = Number(record.readBigUInt64LE(40));
        cdOffset = Number(record.readBigUInt64LE(48));
      }
    }
  }
  // A directory of more than 64 MiB is no workbook's (ours hold a dozen entries).
  if (cdOffset + cdSize > size || cdSize > 64 * 2 ** 20) {
    throw new SheetsError('unreadable_file', `${file} is not a readable XLSX workbook (its zip directory points outside the file): it is damaged or not a workbook. Export or download it again.`, { file });
  }
  const cd = Buffer.alloc(cdSize);
  await handle.read(cd, 0, cdSize, cdOffset);
  const entries: ZipEntry[] = [];
  for (let p = 0; p + 46 <= cdSize && cd.readUInt32LE(p) === CENTRAL; ) {
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const e: ZipEntry = {
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      method: cd.readUInt16LE(p + 10),
      flags: cd.readUInt16LE(p + 8),
      compressedSize: cd.readUInt32LE(p + 20),
      declaredSize: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
    };
    if (e.compressedSize === ZIP64 || e.declaredSize === ZIP64 || e.localOffset === ZIP64) zip64Fields(cd, p + 46 + nameLength, extraLength, e);
    entries.push(e);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
