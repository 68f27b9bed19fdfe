/**
 * Writes the add-in's icons (public/assets/icon-<size>.png: 16, 32, 64 and 80 px, the sizes the
 * manifest and ribbon ask for): a rising bar chart in white on Fluent's brand blue. Drawn per pixel
 * and encoded as PNG with node:zlib, so the icons are reproducible without an image tool.
 * Run: pnpm --filter @econdata/excel-addin icons
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

export const ICON_SIZES = [16, 32, 64, 80] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA image as PNG bytes. */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * size * 4, size * 4).copy(rows, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const BLUE = [0x0f, 0x6c, 0xbd, 0xff];
const WHITE = [0xff, 0xff, 0xff, 0xff];

/** The icon at one size: a rounded blue square, three white bars rising left to right. */
export function drawIcon(size: number): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const r = Math.max(2, Math.round(size * 0.18)); // corner radius
  const inside = (x: number, y: number): boolean => {
    const cx = Math.min(Math.max(x, r - 0.5), size - r - 0.5);
    const cy = Math.min(Math.max(y, r - 0.5), size - r - 0.5);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
  const margin = size * 0.2;
  const gap = size * 0.08;
  const barW = (size - 2 * margin - 2 * gap) / 3;
  const heights = [0.3, 0.5, 0.7];
  const bottom = size - margin;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let color = inside(x, y) ? BLUE : [0, 0, 0, 0];
      heights.forEach((h, i) => {
        const left = margin + i * (barW + gap);
        if (x >= Math.floor(left) && x < Math.floor(left + barW) && y >= Math.round(bottom - h * size) && y < bottom) color = WHITE;
      });
      px.set(color, (y * size + x) * 4);
    }
  }
  return px;
}

/** Writes every icon into `dir`; returns the file names. */
export function writeIcons(dir: string): string[] {
  return ICON_SIZES.map((size) => {
    const name = `icon-${size}.png`;
    writeFileSync(join(dir, name), encodePng(size, drawIcon(size)));
    return name;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../public/assets');
  console.log(`wrote ${writeIcons(dir).join(', ')} in ${dir}`);
}
