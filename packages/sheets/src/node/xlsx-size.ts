/**
 * What reading a workbook will cost, measured before exceljs sees it. exceljs' in-memory reader
 * inflates every zip entry into a string and holds a model of every cell: about XML_TO_HEAP bytes of
 * heap per byte of worksheet XML, about OTHER_TO_HEAP per byte of any other entry. A file that needs
 * more than the process may use would otherwise crash Node (a fatal out-of-memory, not an error
 * anyone can catch), and a zip bomb (a small file that unzips to gigabytes, whether its directory
 * states those sizes or lies about them, in a worksheet or in an entry such as customXml/item1.xml)
 * would take the process down the same way.
 *
 * So the zip's directory is read from the end of the file, and every entry is then inflated as a
 * stream through zlib with a running count of the bytes it really produces, nothing kept: counting
 * stops as soon as the total passes `maxUnzippedBytes` or the heap the count implies passes what the
 * process has left. Memory stays bounded (a 256 KB chunk in and out, and zlib's window) whatever the file.
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { createInflateRaw } from 'node:zlib';
import { SheetsError } from '../errors.ts';

/** Heap bytes per byte of worksheet XML with exceljs 4.4.0: our wide sheets needed 8-10, long ones 10-13 (bisected with --max-old-space-size). */
const XML_TO_HEAP = 13;

/** Heap bytes per byte of any other entry: exceljs holds it inflated and as a string (up to two bytes a character). */
const OTHER_TO_HEAP = 3;

/**
 * The most an XLSX may unzip to, all entries together (1 GiB): some 4 times the XML of the largest
 * workbook read here (1M rows x 6 columns, a 43 MB file), and more than exceljs can hold in a default
 * Node heap anyway, so the heap check below usually refuses first.
 */
const MAX_UNZIPPED_BYTES = 2 ** 30;

/**
 * The most the entries around the cells (styles, theme, workbook, properties, custom XML: all but
 * the worksheets and shared strings) may unzip to together: 64 MiB. Ours and the service's hold
 * under 100 KB of them; only a crafted file needs more.
 */
const MAX_OTHER_BYTES = 64 * 2 ** 20;

/** heap_size_limit counts the young generation (3 semi-spaces of 16 MB on 64-bit), which cannot hold the cell model. */
const YOUNG_GENERATION = 48 * 2 ** 20;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64 = 0xffffffff;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

/** The entries of a zip's central directory; null when it is not a zip we can read. */
async function zipEntries(handle: FileHandle, size: number): Promise<ZipEntry[] | null> {
  // The end-of-central-directory record is in the last 22 bytes plus a comment of up to 64 KB.
  const tailLength = Math.min(size, 22 + 0xffff);
  if (tailLength < 22) return null;
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  let at = tailLength - 22;
  while (at >= 0 && tail.readUInt32LE(at) !== EOCD) at -= 1;
  if (at < 0) return null;
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  if (cdOffset + cdSize > size) return null;
  const cd = Buffer.alloc(cdSize);
  await handle.read(cd, 0, cdSize, cdOffset);
  const entries: ZipEntry[] = [];
  for (let p = 0; p + 46 <= cdSize && cd.readUInt32LE(p) === CENTRAL; ) {
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    entries.push({
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      declaredSize: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's data starts (after its local header), or null when the header is not there. */
async function dataStart(handle: FileHandle, entry: ZipEntry, size: number): Promise<number | null> {
  if (entry.localOffset + 30 > size) return null;
  const header = Buffer.alloc(30);
  await handle.read(header, 0, 30, entry.localOffset);
  if (header.readUInt32LE(0) !== LOCAL) return null;
  return entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/**
 * Inflates `length` bytes at `start` as raw deflate, counting what comes out and keeping none of it;
 * stops (and destroys the streams) once `stop(bytesSoFar)` says so. Resolves with the count.
 */
async function countInflated(path: string, start: number, length: number, stop: (bytes: number) => boolean): Promise<number> {
  if (length <= 0) return 0;
  const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
  const source = createReadStream(path, { start, end: start + length - 1, highWaterMark: 256 * 1024 });
  source.on('error', (error) => inflate.destroy(error));
  source.pipe(inflate);
  let bytes = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (stop(bytes)) break;
    }
  } finally {
    source.destroy();
    inflate.destroy();
  }
  return bytes;
}

const isSheetXml = (name: string): boolean => /^xl\/worksheets\/[^/]+\.xml$/.test(name) || name === 'xl/sharedStrings.xml';

function sizeText(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(1)} GB`;
  return `${Math.ceil(bytes / 2 ** 20)} MB`;
}

/**
 * Refuses, with `file_too_large` naming the limit, a workbook that unzips to more than
 * `maxUnzippedBytes` or whose read would need more heap than this process has left; measured by
 * inflating every entry as a stream (see above), before exceljs gets the file. A file that is not a
 * zip, or an entry that does not inflate, is left to exceljs, which reports it as unreadable.
 */
export async function checkXlsxSize(path: string, maxUnzippedBytes: number = MAX_UNZIPPED_BYTES): Promise<void> {
  const file = basename(path);
  const heap = getHeapStatistics();
  const available = Math.max(0, heap.heap_size_limit - YOUNG_GENERATION - heap.used_heap_size);
  const tooMuchMemory = (needed: number, atLeast: boolean): SheetsError =>
    new SheetsError(
      'file_too_large',
      `${file} is too large to read as XLSX here: it needs ${atLeast ? 'more than' : 'about'} ${sizeText(needed)} of memory and this process has ${sizeText(available)} left. Export the data as CSV (read as a stream), or give Node more memory (node --max-old-space-size=${Math.ceil((needed * 1.25) / 2 ** 20)}).`,
      { file: path },
    );
  const tooBig = (entry: string, other: boolean): SheetsError =>
    new SheetsError(
      'file_too_large',
      other
        ? `${file} unzips to more than ${sizeText(MAX_OTHER_BYTES)} outside its worksheets (the limit for the parts around the cells; passed in its entry ${entry}), so reading stopped there: no workbook Econdata or the service writes holds that. Check where the file came from, or export the data again.`
        : `${file} unzips to more than ${sizeText(maxUnzippedBytes)} (the limit for reading an XLSX; passed in its entry ${entry}), so reading stopped there. Export the data as CSV (read as a stream), or check where the file came from.`,
      { file: path },
    );

  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const entries = await zipEntries(handle, size);
    if (!entries) return;
    // What the directory states already decides an honest file, without inflating anything.
    let stated = 0;
    let statedOther = 0;
    let statedHeap = 0;
    for (const e of entries) {
      const declared = e.declaredSize === ZIP64 ? Number.MAX_SAFE_INTEGER : e.declaredSize;
      const sheet = isSheetXml(e.name);
      stated += declared;
      if (!sheet) statedOther += declared;
      statedHeap += declared * (sheet ? XML_TO_HEAP : OTHER_TO_HEAP);
      if (statedOther > MAX_OTHER_BYTES) throw tooBig(e.name, true);
      if (stated > maxUnzippedBytes) throw tooBig(e.name, false);
    }
    if (statedHeap > available) throw tooMuchMemory(statedHeap, false);
    // Then what each entry really inflates to: the directory may lie.
    let total = 0;
    let other = 0;
    let needed = 0;
    for (const e of entries) {
      const sheet = isSheetXml(e.name);
      if (e.compressedSize === ZIP64 || e.localOffset === ZIP64) throw tooBig(e.name, !sheet);
      const start = await dataStart(handle, e, size);
      if (start === null) return;
      const length = Math.min(e.compressedSize, size - start);
      const factor = sheet ? XML_TO_HEAP : OTHER_TO_HEAP;
      const refusal: { error?: SheetsError } = {};
      const stop = (bytes: number): boolean => {
        if (!sheet && other + bytes > MAX_OTHER_BYTES) refusal.error = tooBig(e.name, true);
        else if (total + bytes > maxUnzippedBytes) refusal.error = tooBig(e.name, false);
        else if (needed + bytes * factor > available) refusal.error = tooMuchMemory(needed + bytes * factor, true);
        return refusal.error !== undefined;
      };
      let bytes: number;
      if (e.method === 0) {
        bytes = length;
        stop(bytes);
      } else {
        try {
          bytes = await countInflated(path, start, length, stop);
        } catch {
          return; // damaged data: exceljs says so
        }
      }
      if (refusal.error) throw refusal.error;
      total += bytes;
      if (!sheet) other += bytes;
      needed += bytes * factor;
    }
    if (needed > available) throw tooMuchMemory(needed, false);
  } finally {
    await handle.close();
  }
}
