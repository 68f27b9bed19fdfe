import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { gdp, gdpNamibia, gsoQuarterly, inflation, stock, tradeBalance } from '../../test/fixtures.ts';
import { layoutSeries } from '../grid/layout.ts';
import type { Grid } from '../grid/types.ts';
import { readCsv } from './csv-read.ts';
import { writeCsv } from './csv-write.ts';
import { readXlsx } from './xlsx-read.ts';
import { EXCEL_MAX_ROWS, writeSeriesXlsx, writeXlsx } from './xlsx-write.ts';

const run = promisify(execFile);
const all: Series[] = [gdp, gdpNamibia, inflation, gsoQuarterly, tradeBalance, stock];

describe('XLSX round trip', () => {
  it('reads every series of a wide workbook back exactly (one sheet per kind and frequency)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-xlsx-'));
    const file = join(dir, 'all.xlsx');
    const grids = await writeSeriesXlsx(file, all, { createdAt: '2026-11-22T00:00:00.000Z', productVersion: '9.9.9' });
    expect(grids.map((g) => g.name)).toEqual(['Indicators (annual)', 'Indicators (quarterly)', 'Trade', 'Stocks']);
    expect(await readXlsx(file)).toStrictEqual(all);
  });

  it.each(['Asia/Ho_Chi_Minh', 'America/Los_Angeles'])('round-trips XLSX and CSV without a date shift in %s', async (zone) => {
    const saved = process.env['TZ'];
    process.env['TZ'] = zone;
    try {
      expect(new Date(2024, 0, 1).getTimezoneOffset()).toBe(zone === 'Asia/Ho_Chi_Minh' ? -420 : 480);
      const dir = await mkdtemp(join(tmpdir(), 'sheets-tz-'));
      await writeSeriesXlsx(join(dir, 'tz.xlsx'), all);
      expect(await readXlsx(join(dir, 'tz.xlsx'))).toStrictEqual(all);
      await writeCsv(join(dir, 'tz.csv'), layoutSeries(all, { orientation: 'long' }));
      expect(await readCsv(join(dir, 'tz.csv'))).toStrictEqual(all);
    } finally {
      if (saved === undefined) delete process.env['TZ'];
      else process.env['TZ'] = saved;
    }
  });

  it('writes the same cells through the direct XML path and through exceljs rows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-xlsx-'));
    const grids = [layoutSeries([gdp, gdpNamibia, inflation]), layoutSeries(all, { orientation: 'long' })];
    await writeXlsx(join(dir, 'fast.xlsx'), grids);
    await writeXlsx(join(dir, 'slow.xlsx'), grids, { fastBody: false });
    const cells = async (file: string): Promise<unknown[]> => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const out: unknown[] = [];
      wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => out.push([ws.name, c.address, c.value, c.numFmt, c.font?.bold]))));
      return out;
    };
    const fast = await cells(join(dir, 'fast.xlsx'));
    expect(fast.length).toBeGreaterThan(300);
    expect(fast).toEqual(await cells(join(dir, 'slow.xlsx')));
  });

  it('reads a long workbook back exactly', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-xlsx-'));
    const file = join(dir, 'long.xlsx');
    await writeSeriesXlsx(file, all, { orientation: 'long' });
    expect(await readXlsx(file)).toStrictEqual(all);
  });

  it('stores periods as date cells, numbers as numbers, missing values as no cell, and freezes and prints the header', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-xlsx-'));
    const file = join(dir, 'q.xlsx');
    await writeXlsx(file, [layoutSeries([gsoQuarterly])]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    const header = (ws?.getColumn(1).values ?? []).findIndex((v) => v === 'Period'); // values are 1-based
    const q1 = ws?.getRow(header + 2);
    expect(q1?.getCell(1).value).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect(q1?.getCell(1).numFmt).toBe('yyyy"-Q1"');
    expect(q1?.getCell(2).value).toBe(5.87);
    expect(q1?.getCell(2).numFmt).toBe('0.00"%"');
    expect(ws?.getRow(header + 3).getCell(2).value).toBeNull();
    expect(ws?.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: header });
    expect(ws?.pageSetup.printTitlesRow).toBe(`${header}:${header}`); // every printed page repeats the header
    expect(wb.worksheets.map((w) => w.name)).toEqual(['GDP_YOY']);
  });

  it('names this package\'s version on the Metadata sheet unless told another', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-xlsx-'));
    const version = (JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    const shown = async (options: { productVersion?: string }): Promise<unknown> => {
      const file = join(dir, `${options.productVersion ?? 'default'}.xlsx`);
      await writeSeriesXlsx(file, [gdp], options);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const rows = (wb.getWorksheet('Metadata')?.getSheetValues() ?? []) as unknown[][];
      return rows.find((r) => r?.[1] === 'Product version')?.[2];
    };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await shown({})).toBe(version);
    expect(await shown({ productVersion: '9.9.9' })).toBe('9.9.9');
  });

  it('refuses a sheet beyond Excel\'s row limit before writing anything', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-xlsx-'));
    const big: Grid = { ...layoutSeries([gdp]), body: { rowCount: EXCEL_MAX_ROWS, columns: [] } };
    await expect(writeXlsx(join(dir, 'big.xlsx'), [big])).rejects.toMatchObject({ code: 'too_many_rows', message: expect.stringMatching(/allows 1048576\. Export this data as CSV/) });
  });
});

describe('XLSX text', () => {
  const withText = (title: string, description: string, label: string): Series => ({
    ...tradeBalance,
    title,
    dimensions: { ...tradeBalance.dimensions, hs_description: description },
    columns: [{ key: 'value', label, unit: label }, tradeBalance.columns[1] ?? { key: 'ytd_value', label: '', unit: null }],
  });

  it('gives back any text XML can hold exactly, in the head rows and (long) in the data rows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-xlsx-'));
    const chars = fc.constantFrom('=', '+', '-', '@', "'", '\t', '\n', '"', '<', '&', ' ', 'a', '1', 'ệ', '😀');
    const text = fc.oneof(fc.string({ minLength: 1, unit: chars }), fc.string({ minLength: 1 }));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(text, text, text, fc.constantFrom('wide' as const, 'long' as const), async (title, description, label, orientation) => {
        const s = withText(title, description, label);
        n += 1;
        const file = join(dir, `${n}.xlsx`);
        await writeXlsx(file, [layoutSeries([s], { orientation })]);
        expect(await readXlsx(file)).toStrictEqual([s]);
      }),
      { numRuns: 60 },
    );
  });

  it('cannot hold control characters: XML drops them, and reads a lone CR as LF (the README says so)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-xlsx-'));
    const file = join(dir, 'control.xlsx');
    await writeXlsx(file, [layoutSeries([withText('a\rb', 'c\u0001d', 'e\r\nf')], { orientation: 'long' })]);
    const [s] = await readXlsx(file);
    expect([s?.title, s?.dimensions['hs_description'], s?.columns[0]?.label]).toEqual(['a\nb', 'cd', 'e\nf']);
  });
});

describe('a workbook bigger than a small heap', () => {
  it('is read streaming: 30,000 rows in 64 MB of old space, where exceljs loading it whole died', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-big-'));
    const file = join(dir, 'big.xlsx');
    const periods = Array.from({ length: 30_000 }, (_, i) => new Date(Date.UTC(1950, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    await writeXlsx(file, [layoutSeries([{ ...stock, periods, values: stock.values.map((_, c) => periods.map((_, i) => i * 1.25 + c)) }])]);
    const child = fileURLToPath(new URL('../../test/read-child.ts', import.meta.url));
    const read = async (heapMb: number): Promise<unknown> => JSON.parse((await run(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', child, file])).stdout);
    // exceljs needed about 95 MB of heap for it (13 bytes per byte of its 7 MB of sheet XML).
    expect(await read(64)).toEqual({ periods: 30_000 });
  });
});

describe('files that are not exports', () => {
  it('says so instead of guessing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-bad-'));
    await writeFile(join(dir, 'notes.csv'), 'name,age\r\nAn,3\r\n');
    await writeFile(join(dir, 'fake.xlsx'), 'this is not a zip');
    await expect(readCsv(join(dir, 'notes.csv'))).rejects.toMatchObject({
      code: 'unreadable_file',
      message: 'notes.csv: no header row found (neither an Econdata export nor a service export file).',
    });
    await expect(readXlsx(join(dir, 'fake.xlsx'))).rejects.toMatchObject({ code: 'unreadable_file', message: expect.stringMatching(/^fake\.xlsx is not a readable XLSX workbook \(.*\): it is damaged or not a workbook\. Export or download it again\.$/) });
  });

  it('says when a downloaded file is the service\'s error answer or an HTML page, quoting it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-bad-'));
    const body = '{"success":false,"error":{"status":404,"code":"data_not_found","message":"Data not found: unknown GSO indicator \\"X\\""}}';
    const html = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
    for (const name of ['gso.csv', 'gso.xlsx']) await writeFile(join(dir, name), body);
    await writeFile(join(dir, 'proxy.xlsx'), html);
    const said = 'it holds the service\'s error answer "Data not found: unknown GSO indicator \\"X\\"". Fix the request if needed and download the export again.';
    await expect(readCsv(join(dir, 'gso.csv'))).rejects.toMatchObject({ code: 'unreadable_file', message: `gso.csv is not an export: ${said}` });
    await expect(readXlsx(join(dir, 'gso.xlsx'))).rejects.toMatchObject({ code: 'unreadable_file', message: `gso.xlsx is not an export: ${said}` });
    await expect(readXlsx(join(dir, 'proxy.xlsx'))).rejects.toMatchObject({
      message: 'proxy.xlsx is not an export: it holds an HTML page titled "502 Bad Gateway". Fix the request if needed and download the export again.',
    });
  });

  it('names the cell when a value was edited into text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-bad-'));
    const file = join(dir, 'edited.csv');
    await writeCsv(file, layoutSeries([gdp]));
    await writeFile(file, (await readFile(file, 'utf8')).replace('366474752771.4', 'n/a'));
    await expect(readCsv(file)).rejects.toMatchObject({ code: 'unreadable_file', message: expect.stringMatching(/^edited\.csv: expected a number at row 20, column 2, found "n\/a"/) });
  });
});
