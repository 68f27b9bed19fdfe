/**
 * Every XLSX we write is read back by LibreOffice, an independent implementation: the values,
 * the dates (as shown and as values), and the Vietnamese text must be what we wrote, whatever the
 * writer's time zone. One LibreOffice run per mode converts all the workbooks of this file.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { bodyRow, displayText } from '@econdata/sheets';
import { gridToCsv, seriesSheets, writeSeriesXlsx } from '@econdata/sheets/node';
import { parseCsv } from '../../packages/sheets/src/read/csv-parse.ts';
import { gdp, gdpNamibia, gsoQuarterly, inflation, stock, tradeBalance } from '../../packages/sheets/test/fixtures.ts';
import { hasLibreOffice, libreOfficeSheets, type ConvertedBook } from '../../packages/sheets/test/libreoffice.ts';

const all: Series[] = [gdp, gdpNamibia, inflation, gsoQuarterly, tradeBalance, stock];
const zones = ['America/Los_Angeles', 'Asia/Ho_Chi_Minh'] as const;

/** LibreOffice's raw date text (en-US MM/DD/YYYY; ISO when the format is ISO) as YYYY-MM-DD. */
function isoOf(text: string): string {
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return us ? `${us[3]}-${us[1]}-${us[2]}` : text;
}

/** Our own period text ('2024-Q1', '2024-03', '2024') as the date of its first day. */
function firstDay(period: string): string {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  if (q) return `${q[1]}-${String((Number(q[2]) - 1) * 3 + 1).padStart(2, '0')}-01`;
  if (/^\d{4}$/.test(period)) return `${period}-01-01`;
  if (/^\d{4}-\d{2}$/.test(period)) return `${period}-01`;
  return period;
}

describe.skipIf(!hasLibreOffice)('LibreOffice reads our XLSX files back', () => {
  const files = new Map<string, string>();
  let shown = new Map<string, ConvertedBook>();
  let raw = new Map<string, ConvertedBook>();
  const savedTz = process.env['TZ'];

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-lo-'));
    const profile = join(dir, 'profile');
    for (const zone of zones) {
      process.env['TZ'] = zone; // Node re-reads TZ when it is assigned
      const file = join(dir, `wide-${zone.replace('/', '_')}.xlsx`);
      await writeSeriesXlsx(file, all, { createdAt: '2026-11-22T00:00:00.000Z', productVersion: '0.1.0' });
      files.set(zone, file);
    }
    process.env['TZ'] = zones[1];
    const long = join(dir, 'long.xlsx');
    await writeSeriesXlsx(long, all, { orientation: 'long', createdAt: '2026-11-22T00:00:00.000Z', productVersion: '0.1.0' });
    files.set('long', long);
    if (savedTz === undefined) delete process.env['TZ'];
    else process.env['TZ'] = savedTz;
    shown = await libreOfficeSheets([...files.values()], true, profile);
    raw = await libreOfficeSheets([...files.values()], false, profile);
  }, 120_000);

  afterAll(() => {
    if (savedTz === undefined) delete process.env['TZ'];
    else process.env['TZ'] = savedTz;
  });

  it('the time zones really differed while writing', () => {
    process.env['TZ'] = zones[0];
    const la = new Date(2024, 0, 1).getTimezoneOffset();
    process.env['TZ'] = zones[1];
    const hcm = new Date(2024, 0, 1).getTimezoneOffset();
    expect([la, hcm]).toEqual([480, -420]);
  });

  it.each([...zones, 'long'])('LibreOffice reads every cell of the XLSX as our CSV of the same Grid has it, provenance included (%s)', (which) => {
    const book = raw.get(files.get(which) ?? '');
    const sheets = seriesSheets(all, which === 'long' ? { orientation: 'long' } : {});
    expect([...(book?.keys() ?? [])].sort()).toEqual([...sheets.map((s) => s.grid.name), 'Metadata'].sort());
    let checked = 0;
    for (const { grid } of sheets) {
      const ours = parseCsv(gridToCsv(grid, { bom: false }));
      const theirs = book?.get(grid.name) ?? [];
      expect(theirs.length).toBe(ours.length);
      ours.forEach((row, r) => {
        row.forEach((expected, c) => {
          checked += 1;
          const got = theirs[r]?.[c] ?? '';
          const periodColumn = grid.columns[c]?.role === 'period' && r >= grid.rows.length;
          if (periodColumn) expect(isoOf(got), `${grid.name} R${r + 1}C${c + 1}`).toBe(firstDay(expected));
          else if (expected !== '' && !Number.isNaN(Number(expected)) && r >= grid.rows.length) expect(Number(got), `${grid.name} R${r + 1}C${c + 1}`).toBe(Number(expected));
          else expect(got, `${grid.name} R${r + 1}C${c + 1}`).toBe(expected.replace(/^'(?=[=+\-@])/, ''));
        });
      });
    }
    expect(checked).toBeGreaterThan(which === 'long' ? 600 : 150);
  });

  it('shows periods and numbers with the formats we chose', () => {
    for (const zone of zones) {
      const book = shown.get(files.get(zone) ?? '');
      const annual = book?.get('Indicators (annual)') ?? [];
      expect(annual.slice(-5)).toEqual([
        ['Period', 'GDP (current US$): Viet Nam', 'GDP (current US$): Namibia', 'Inflation, average consumer prices: Viet Nam', 'Inflation, average consumer prices: Viet Nam: is_projection'],
        ['2020', '346,615,750,001', '10,100,000,000', '3.22%', 'FALSE'],
        ['2021', '366,474,752,771', '12,300,000,000', '-0.13%', 'FALSE'],
        ['2022', '', '12,600,000,000', '3.16%', 'TRUE'],
        ['2023', '429,716,969,044', '', '3.52%', 'TRUE'],
      ]);
      expect((book?.get('Indicators (quarterly)') ?? []).slice(-4)).toEqual([
        ['2023-Q4', '6.72%'],
        ['2024-Q1', '5.87%'],
        ['2024-Q2', ''],
        ['2024-Q3', '7.40%'],
      ]);
      expect((book?.get('Trade') ?? []).slice(-3)).toEqual([
        ['2024-01', '2.92', '2.92'],
        ['2024-02', '-0.26', '2.66'],
        ['2024-03', '1.64', '4.30'],
      ]);
      expect((book?.get('Stocks') ?? []).slice(-3)).toEqual([
        ['2024-01-02', '23.10', '23.50', '22.95', '23.40', '3,421,555'],
        ['2024-01-03', '23.45', '23.90', '23.30', '23.85', ''],
        ['2024-12-31', '25.00', '25.35', '24.90', '25.20', '12,000,100'],
      ]);
    }
  });

  it('shows every data cell exactly as our own text renderer (displayText) does', () => {
    let checked = 0;
    for (const which of [...zones, 'long']) {
      const book = shown.get(files.get(which) ?? '');
      for (const { grid } of seriesSheets(all, which === 'long' ? { orientation: 'long' } : {})) {
        const theirs = book?.get(grid.name) ?? [];
        for (let r = 0; r < grid.body.rowCount; r += 1) {
          const ours = bodyRow(grid, r).map(displayText);
          expect(theirs[grid.rows.length + r]?.slice(0, ours.length), `${which} ${grid.name} body row ${r}`).toEqual(ours);
          checked += ours.length;
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('keeps Vietnamese text and formula-like text as plain text', () => {
    const book = shown.get(files.get(zones[1]) ?? '');
    const stocks = book?.get('Stocks') ?? [];
    expect(stocks[1]?.[1]).toBe('ACB: Ngân hàng TMCP Á Châu');
    const trade = book?.get('Trade') ?? [];
    expect(trade.find((r) => r[0] === 'Partner')?.[1]).toBe('Thế giới');
    expect(trade.find((r) => r[0] === 'HS description')?.[1]).toBe('=SUM(1,2) all goods');
    const quarterly = book?.get('Indicators (quarterly)') ?? [];
    expect(quarterly[1]?.[1]).toBe('Tăng trưởng GDP (so với cùng kỳ): Việt Nam');
    const metadata = book?.get('Metadata') ?? [];
    expect(metadata[1]).toEqual(['Created at', '2026-11-22T00:00:00.000Z', '', '', '', '', '', '', '', '', '', '']); // 12 columns: Months and Transform among them
  });
});
