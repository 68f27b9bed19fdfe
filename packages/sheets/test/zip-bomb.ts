/**
 * XLSX zip bombs for the hostile-file tests, generated in a temp folder (never committed): a real
 * workbook written by our writer, with one entry swapped for a bulk of spaces that deflates about
 * 1,000 to 1. `lie` writes a small uncompressed size into the entry's local header and the central
 * directory (what a reader trusting the directory would believe); otherwise the sizes are honest.
 */
import { readFile } from 'node:fs/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import { XlsxZip } from '../src/node/xlsx-zip.ts';
import { writeZip, type ZipPart } from './xlsx-build.ts';

/** The entries of a small zip (our own workbook), inflated by the reader's own zip reader. */
async function entriesOf(path: string): Promise<Array<{ name: string; content: Buffer }>> {
  const zip = await XlsxZip.open(path);
  if (!zip) throw new Error(`${path} is no zip`);
  try {
    const out: Array<{ name: string; content: Buffer }> = [];
    for (const e of zip.entries) {
      const chunks: Buffer[] = [];
      for await (const chunk of zip.inflate(e)) chunks.push(chunk);
      out.push({ name: e.name, content: Buffer.concat(chunks) });
    }
    return out;
  } finally {
    await zip.close();
  }
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

/** `megabytes` MB of spaces (or of another 1 MB piece), in 1 MB pieces, between a head and a tail. */
function* bulk(head: string, megabytes: number, tail: string, piece: Buffer = Buffer.alloc(2 ** 20, 0x20)): Generator<Buffer> {
  yield Buffer.from(head);
  for (let i = 0; i < megabytes; i += 1) yield piece;
  yield Buffer.from(tail);
}

/**
 * A bomb made from the workbook at `workbook`: `where` is the first worksheet (spaces inside its
 * sheetData), `customXml/item1.xml` (a part our reader never needed), or the shared strings (16
 * strings of 65,520 characters a MB, after the workbook's own); `megabytes` of bulk.
 */
export async function writeXlsxBomb(path: string, workbook: string, options: { where: 'sheet' | 'customXml' | 'sharedStrings'; megabytes: number; lie: boolean; repeat?: string }): Promise<{ bytes: number }> {
  // `repeat`: the bulk of a worksheet is this XML (whole rows), repeated, instead of spaces.
  const piece = options.repeat === undefined ? undefined : Buffer.from(options.repeat.repeat(Math.floor(2 ** 20 / Buffer.byteLength(options.repeat))));
  const parts = await entriesOf(workbook);
  const entries: ZipPart[] = [];
  for (const { name, content } of parts) {
    if (options.where === 'sheet' && name === 'xl/worksheets/sheet1.xml') {
      const xml = content.toString('utf8');
      const at = xml.indexOf('<sheetData>') + '<sheetData>'.length;
      const packed = await deflate(bulk(xml.slice(0, at), options.megabytes, xml.slice(at), piece));
      entries.push({ name, ...packed, stated: options.lie ? content.length : packed.size });
      continue;
    }
    if (options.where === 'sharedStrings' && name === 'xl/sharedStrings.xml') {
      const xml = content.toString('utf8');
      const at = xml.lastIndexOf('</sst>');
      const strings = Buffer.from(`<si><t>${'x'.repeat(65_536 - 16)}</t></si>`.repeat(16));
      const packed = await deflate(bulk(xml.slice(0, at), options.megabytes, xml.slice(at), strings));
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
