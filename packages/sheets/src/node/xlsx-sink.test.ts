/**
 * The sink of a worksheet's data rows (xlsx-sink.ts): rows written straight into the zip entry's
 * deflate stream through buffers it reuses, and the numbers' text (xlsx-body.ts) that keeps V8's
 * number-string cache out of a million-row write. The memory it saves is measured by
 * `pnpm bench sheets`; here, that the direct path is taken and writes exactly what it is given.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decimalTexts } from './xlsx-body.ts';
import { SINK_BUFFER_BYTES, worksheetSink } from './xlsx-sink.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** A workbook whose sheet has one head row written by exceljs, then `body(rows)` through the sink. */
async function workbook(direct: boolean, body: (write: (rows: string[]) => Promise<void>) => Promise<void>): Promise<{ file: string; kind: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'sheets-sink-'));
  dirs.push(dir);
  const file = join(dir, 'sink.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(file), useStyles: true, useSharedStrings: true });
  const ws = wb.addWorksheet('Data');
  ws.getRow(1).getCell(1).value = 'head';
  ws.getRow(1).commit();
  const sink = await worksheetSink(ws, { direct, signal: new AbortController().signal });
  await body((rows) => sink.write(rows));
  await sink.end();
  // exceljs writes again after the sink: the second sheet's rows and the closing tags.
  ws.commit();
  const second = wb.addWorksheet('Second');
  second.getRow(1).getCell(1).value = 'after';
  second.getRow(1).commit();
  second.commit();
  await wb.commit();
  return { file, kind: sink.kind };
}

const row = (r: number, cells: string): string => `<row r="${r}">${cells}</row>`;

describe('the direct sink', () => {
  it('takes the direct path and writes 60,000 rows (its buffers reused many times over) and a row larger than a buffer, in order', async () => {
    const ROWS = 60_000;
    // 16,000 cells (Excel's limit is 16,384 columns) of about 40 bytes: one row bigger than a buffer.
    const wide = Array.from({ length: 16_000 }, (_, c) => `<c r="${columnName(c)}${ROWS + 2}"><v>${c + 0.123456789}</v></c>`).join('');
    expect(wide.length).toBeGreaterThan(SINK_BUFFER_BYTES);
    const { file, kind } = await workbook(true, async (write) => {
      for (let from = 2; from < ROWS + 2; from += 1000) {
        await write(Array.from({ length: 1000 }, (_, i) => row(from + i, `<c r="A${from + i}"><v>${from + i}</v></c><c r="B${from + i}" t="inlineStr"><is><t>Việt Nam ${from + i}</t></is></c>`)));
      }
      await write([row(ROWS + 2, wide), row(ROWS + 3, `<c r="A${ROWS + 3}"><v>-1</v></c>`)]);
    });
    expect(kind).toBe('direct');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('Data')!;
    expect(ws.getCell('A1').value).toBe('head');
    for (let r = 2; r < ROWS + 2; r += 1) {
      if (ws.getCell(r, 1).value !== r || ws.getCell(r, 2).value !== `Việt Nam ${r}`) throw new Error(`row ${r}: ${String(ws.getCell(r, 1).value)}, ${String(ws.getCell(r, 2).value)}`);
    }
    expect(ws.getRow(ROWS + 2).cellCount).toBe(16_000);
    expect([ws.getCell(ROWS + 2, 1).value, ws.getCell(ROWS + 2, 16_000).value]).toEqual([0.123456789, 15_999.123456789]);
    expect(ws.getCell(ROWS + 3, 1).value).toBe(-1);
    expect(ws.rowCount).toBe(ROWS + 3);
    expect(wb.getWorksheet('Second')!.getCell('A1').value).toBe('after');
  });

  it("without the direct path, the rows go through exceljs' own stream and read the same", async () => {
    const { file, kind } = await workbook(false, (write) => write([row(2, '<c r="A2"><v>42</v></c>')]));
    expect(kind).toBe('queued');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect([wb.getWorksheet('Data')!.getCell('A1').value, wb.getWorksheet('Data')!.getCell('A2').value]).toEqual(['head', 42]);
  });
});

function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

describe("numbers' text for the XML", () => {
  it('is exactly String(v) for every finite number, null for a missing one', () => {
    const edge = [0, -0, 1e21, 1e-7, 123456789012345680000, 5e-324, Number.MAX_VALUE, -1.5, 0.1 + 0.2, 2 ** 53 + 2, 100_000, null];
    expect(decimalTexts(edge)).toEqual(edge.map((v) => (v === null ? null : String(v))));
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constant(null))), (values) => {
        expect(decimalTexts(values)).toEqual(values.map((v) => (v === null ? null : String(v))));
      }),
    );
  });

  it('declines a list holding anything but numbers and nulls (the caller writes those one by one)', () => {
    expect(decimalTexts([1, 'a,b', null])).toBeNull();
    expect(decimalTexts([new Date(0)])).toBeNull();
    expect(decimalTexts([true])).toBeNull();
    expect(decimalTexts([])).toEqual([]);
  });
});
