/**
 * XLSX zip bombs for the hostile-file tests, generated in a temp folder (never committed): a real
 * workbook written by our writer, with one entry swapped for a bulk of spaces that deflates about
 * 1,000 to 1. `lie` writes a small uncompressed size into the entry's local header and the central
 * directory (what a reader trusting the directory would believe); otherwise the sizes are honest.
 */
import { open, readFile } from 'node:fs/promises';
import { crc32, createDeflateRaw, inflateRawSync } from 'node:zlib';

interface Entry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
  /** The uncompressed size to write down (the real one unless the bomb lies). */
  stated: number;
}

/** The entries of a small zip (our own workbook), inflated. */
async function entriesOf(path: string): Promise<Array<{ name: string; content: Buffer }>> {
  const zip = await readFile(path);
  let eocd = zip.length - 22;
  while (zip.readUInt32LE(eocd) !== 0x06054b50) eocd -= 1;
  const out: Array<{ name: string; content: Buffer }> = [];
  for (let p = zip.readUInt32LE(eocd + 16); zip.readUInt32LE(p) === 0x02014b50; ) {
    const [method, compressed] = [zip.readUInt16LE(p + 10), zip.readUInt32LE(p + 20)];
    const [nameLength, extraLength, commentLength] = [zip.readUInt16LE(p + 28), zip.readUInt16LE(p + 30), zip.readUInt16LE(p + 32)];
    const name = zip.toString('utf8', p + 46, p + 46 + nameLength);
    const local = zip.readUInt32LE(p + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    out.push({ name, content: method === 0 ? Buffer.from(raw) : inflateRawSync(raw) });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** Deflates the pieces as a stream (the bulk never sits in memory whole). */
async function deflate(pieces: Iterable<Buffer>): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    crc = crc32(piece, crc);
    size += piece.length;
    if (!deflater.write(piece)) await new Promise<void>((resolve) => deflater.once('drain', () => resolve()));
  }
  deflater.end();
  await done;
  return { data: Buffer.concat(out), crc, size };
}

/** `megabytes` MB of spaces, in 1 MB pieces, between a head and a tail. */
function* bulk(head: string, megabytes: number, tail: string): Generator<Buffer> {
  yield Buffer.from(head);
  const spaces = Buffer.alloc(2 ** 20, 0x20);
  for (let i = 0; i < megabytes; i += 1) yield spaces;
  yield Buffer.from(tail);
}

/** Writes a zip of the entries (deflated, method 8), with each entry's stated size. */
async function writeZip(path: string, entries: Entry[]): Promise<void> {
  const file = await open(path, 'w');
  try {
    const central: Buffer[] = [];
    let offset = 0;
    for (const e of entries) {
      const name = Buffer.from(e.name);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(8, 8);
      local.writeUInt32LE(e.crc >>> 0, 14);
      local.writeUInt32LE(e.data.length, 18);
      local.writeUInt32LE(e.stated, 22);
      local.writeUInt16LE(name.length, 26);
      await file.write(Buffer.concat([local, name, e.data]));
      const cd = Buffer.alloc(46);
      cd.writeUInt32LE(0x02014b50, 0);
      cd.writeUInt16LE(20, 4);
      cd.writeUInt16LE(20, 6);
      cd.writeUInt16LE(8, 10);
      cd.writeUInt32LE(e.crc >>> 0, 16);
      cd.writeUInt32LE(e.data.length, 20);
      cd.writeUInt32LE(e.stated, 24);
      cd.writeUInt16LE(name.length, 28);
      cd.writeUInt32LE(offset, 42);
      central.push(cd, name);
      offset += 30 + name.length + e.data.length;
    }
    const cd = Buffer.concat(central);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(entries.length, 8);
    eocd.writeUInt16LE(entries.length, 10);
    eocd.writeUInt32LE(cd.length, 12);
    eocd.writeUInt32LE(offset, 16);
    await file.write(Buffer.concat([cd, eocd]));
  } finally {
    await file.close();
  }
}

/**
 * A bomb made from the workbook at `workbook`: `where` is the first worksheet (spaces inside its
 * sheetData) or `customXml/item1.xml` (a part our reader never needed); `megabytes` of bulk.
 */
export async function writeXlsxBomb(path: string, workbook: string, options: { where: 'sheet' | 'customXml'; megabytes: number; lie: boolean }): Promise<{ bytes: number }> {
  const parts = await entriesOf(workbook);
  const entries: Entry[] = [];
  for (const { name, content } of parts) {
    if (options.where === 'sheet' && name === 'xl/worksheets/sheet1.xml') {
      const xml = content.toString('utf8');
      const at = xml.indexOf('<sheetData>') + '<sheetData>'.length;
      const packed = await deflate(bulk(xml.slice(0, at), options.megabytes, xml.slice(at)));
      entries.push({ name, ...packed, stated: options.lie ? content.length : packed.size });
      continue;
    }
    const packed = await deflate([content]);
    entries.push({ name, ...packed, stated: packed.size });
  }
  if (options.where === 'customXml') {
    const packed = await deflate(bulk('<?xml version="1.0" encoding="UTF-8"?><root>', options.megabytes, '</root>'));
    entries.push({ name: 'customXml/item1.xml', ...packed, stated: options.lie ? 64 : packed.size });
  }
  await writeZip(path, entries);
  return { bytes: (await readFile(path)).length };
}
