/**
 * How much memory reading a workbook will take, known before reading it. exceljs' in-memory reader
 * holds a model of every cell: about XML_TO_HEAP bytes of heap per byte of worksheet XML. A file
 * that needs more than the process may use would otherwise crash Node (a fatal out-of-memory, not
 * an error anyone can catch), so readXlsx refuses it first with a message saying what to do.
 *
 * The worksheet XML sizes come from the zip's central directory (read from the end of the file),
 * without decompressing anything.
 */
import { open } from 'node:fs/promises';
import { getHeapStatistics } from 'node:v8';

/** Heap bytes per byte of worksheet XML with exceljs 4.4.0: our wide sheets needed 8-10, long ones 10-13 (bisected with --max-old-space-size). */
const XML_TO_HEAP = 13;

/** heap_size_limit counts the young generation (3 semi-spaces of 16 MB on 64-bit), which cannot hold the cell model. */
const YOUNG_GENERATION = 48 * 2 ** 20;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const ZIP64_SIZE = 0xffffffff;

/** Uncompressed sizes of the zip entries of a file, by name; null when it is not a zip we can read. */
async function zipEntrySizes(path: string): Promise<Map<string, number> | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    // The end-of-central-directory record is in the last 22 bytes plus a comment of up to 64 KB.
    const tailLength = Math.min(size, 22 + 0xffff);
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
    const sizes = new Map<string, number>();
    for (let p = 0; p + 46 <= cdSize && cd.readUInt32LE(p) === CENTRAL; ) {
      const uncompressed = cd.readUInt32LE(p + 24);
      const nameLength = cd.readUInt16LE(p + 28);
      const extraLength = cd.readUInt16LE(p + 30);
      const commentLength = cd.readUInt16LE(p + 32);
      const name = cd.toString('utf8', p + 46, p + 46 + nameLength);
      // A zip64 entry (4 GB or more) needs far more memory than any process has.
      sizes.set(name, uncompressed === ZIP64_SIZE ? Number.MAX_SAFE_INTEGER : uncompressed);
      p += 46 + nameLength + extraLength + commentLength;
    }
    return sizes;
  } finally {
    await handle.close();
  }
}

/** The heap a read of this workbook needs and the heap this process has left, in bytes; null if unknown. */
export async function xlsxReadMemory(path: string): Promise<{ needed: number; available: number } | null> {
  const sizes = await zipEntrySizes(path);
  if (!sizes) return null;
  let xml = 0;
  for (const [name, bytes] of sizes) if (/^xl\/worksheets\/[^/]+\.xml$/.test(name) || name === 'xl/sharedStrings.xml') xml += bytes;
  const heap = getHeapStatistics();
  return { needed: xml * XML_TO_HEAP, available: Math.max(0, heap.heap_size_limit - YOUNG_GENERATION - heap.used_heap_size) };
}
