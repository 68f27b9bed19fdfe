/**
 * LibreOffice opens an XLSX whose data is an Excel table (a part exceljs' streaming writer does not
 * make; ours adds it) without complaint, and shows every header whole: the data rows and headers
 * read back exactly. exceljs, reading the same file, finds the table and its columns.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { writeSeriesXlsx } from './xlsx-write.ts';
import { inflation, stock } from '../../test/fixtures.ts';
import { hasLibreOffice, libreOfficeSheets } from '../../test/libreoffice.ts';

const longTitle: Series = { ...inflation, id: 'indicator:IMF:PCPIPCH:VN', title: 'Inflation, average consumer prices (annual percent change): Việt Nam' };

describe.skipIf(!hasLibreOffice)('LibreOffice reads an XLSX with Excel tables', () => {
  it('headers whole, values exact, the table found by exceljs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-lo-table-'));
    const path = join(dir, 'tables.xlsx');
    await writeSeriesXlsx(path, [longTitle, stock], { createdAt: '2026-11-25T00:00:00.000Z', productVersion: '0.1.0' });
    const book = (await libreOfficeSheets([path], false, join(dir, 'profile'))).get(path)!;
    const indicators = book.get('Indicators')!;
    const header = indicators.find((r) => r[0] === 'Period')!;
    expect(header.slice(0, 3)).toEqual(['Period', longTitle.title, 'is_projection']);
    const stocks = book.get('Stocks')!;
    const at = stocks.findIndex((r) => r[0] === 'Period');
    expect(stocks[at]).toEqual(['Period', 'ACB: Open', 'ACB: High', 'ACB: Low', 'ACB: Close', 'ACB: Volume']);
    expect(stocks.slice(at + 1).map((r) => Number(r[4]))).toEqual(stock.values[3]!.map((v) => v ?? 0));

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const tables = (name: string) => Object.values((wb.getWorksheet(name) as unknown as { tables: Record<string, { table: { columns: Array<{ name: string }> } }> }).tables)
      .map((t) => t.table.columns.map((c) => c.name));
    expect(tables('Indicators')).toEqual([['Period', longTitle.title, 'is_projection']]);
    // A header longer than 60 characters makes its column 60 wide and wraps (the layout's cap).
    expect(wb.getWorksheet('Indicators')!.getColumn(2).width).toBe(60);
  }, 120_000);
});
