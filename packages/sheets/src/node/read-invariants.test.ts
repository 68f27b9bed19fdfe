import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gdp, gsoQuarterly } from '../../test/fixtures.ts';
import { layoutSeries } from '../grid/layout.ts';
import ExcelJS from 'exceljs';
import { csvTextToSeries, readCsv } from './csv-read.ts';
import { readXlsx } from './xlsx-read.ts';
import { writeCsv } from './csv-write.ts';

/** Writes `series` as CSV, applies a hand edit to its text, and returns the path. */
async function edited(name: string, orientation: 'wide' | 'long', edit: (text: string) => string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sheets-invariants-'));
  const file = join(dir, name);
  await writeCsv(file, layoutSeries(orientation === 'wide' ? [gdp] : [gdp, gsoQuarterly], { orientation }));
  const text = await readFile(file, 'utf8');
  const changed = edit(text);
  expect(changed).not.toBe(text); // the edit must hit
  await writeFile(file, changed);
  return file;
}

const swapRows = (a: string, b: string) => (text: string): string => {
  const lines = text.split('\r\n');
  const i = lines.findIndex((l) => l.startsWith(a));
  const j = lines.findIndex((l) => l.startsWith(b));
  [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  return lines.join('\r\n');
};

describe('readers refuse a hand-edited file that breaks the Series rules, as unreadable_file naming the file, series and period', () => {
  it('a wide CSV with a period typed twice', async () => {
    const file = await edited('twice.csv', 'wide', (t) => t.replace('\r\n2021,', '\r\n2020,'));
    await expect(readCsv(file)).rejects.toMatchObject({
      code: 'unreadable_file', name: 'SheetsError', file: 'twice.csv',
      message: expect.stringMatching(/^twice\.csv: Series "indicator:WB:NY\.GDP\.MKTP\.CD:VN" breaks the Series rules: period "2020" occurs twice \(positions 0 and 1\)\. .*fix the file or export it again\.$/),
    });
  });

  it('a wide CSV with rows out of order', async () => {
    const file = await edited('order.csv', 'wide', swapRows('2021,', '2023,'));
    await expect(readCsv(file)).rejects.toMatchObject({ code: 'unreadable_file', message: expect.stringContaining('order.csv: Series "indicator:WB:NY.GDP.MKTP.CD:VN" breaks the Series rules: periods are not in ascending order: "2022" (position 2) comes after "2023"') });
  });

  it('a wide CSV whose Frequency row was changed', async () => {
    const file = await edited('freq.csv', 'wide', (t) => t.replace('Frequency,annual', 'Frequency,monthly'));
    await expect(readCsv(file)).rejects.toMatchObject({ code: 'unreadable_file', message: expect.stringContaining('freq.csv: Series "indicator:WB:NY.GDP.MKTP.CD:VN" breaks the Series rules: period "2020" (position 0) is not a monthly period') });
  });

  it('a long CSV with a period of one series given two values names the row', async () => {
    const file = await edited('long.csv', 'long', (t) => t.replace(',2024-Q1,value,GDP growth (% yoy),5.87,', ',2023-Q4,value,GDP growth (% yoy),5.87,'));
    await expect(readCsv(file)).rejects.toMatchObject({
      code: 'unreadable_file',
      message: 'long.csv: row 11 gives value of series "indicator:GSO:GDP_YOY:VN" at 2023-Q4 as 5.87, but an earlier row gave 6.72. Keep one row per series, period and field, or export the data again.',
    });
  });

  it('an XLSX sheet edited out of order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-invariants-'));
    const file = join(dir, 'edited.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Data');
    ws.addRows([['Period', 'GDP'], ['2021', 2], ['2020', 1]]);
    await wb.xlsx.writeFile(file);
    await expect(readXlsx(file)).rejects.toMatchObject({ code: 'unreadable_file', file: 'edited.xlsx', message: expect.stringContaining('edited.xlsx: Series "GDP" breaks the Series rules: periods are not in ascending order: "2020" (position 1) comes after "2021"') });
  });

  it('a long CSV with the same row twice reads as before', async () => {
    const file = await edited('same.csv', 'long', (t) => t.replace(/(indicator:GSO:GDP_YOY:VN,GSO[^\r]*2024-Q1[^\r]*\r\n)/, '$1$1'));
    const read = await readCsv(file);
    expect(read.map((s) => s.periods)).toEqual([gdp.periods, gsoQuarterly.periods]);
  });
});

describe('service export files: the spellings core accepts, the same refusals', () => {
  const head = 'indicator_code,indicator_name,country_code,country_name,year,period,value,unit\r\n';
  const row = (period: string, value: string) => `CPI,Consumer prices,VN,Viet Nam,2024,${period},${value},%\r\n`;
  const read = (body: string) => csvTextToSeries(head + body, 'gso.csv', { retrievedAt: '2026-11-22T08:00:00.000Z', source: 'GSO' });

  it('reads 2024M03, 202403 and first days into canonical months, sorted, identical repeats merged', () => {
    const [s, ...rest] = read(row('202403', '3.2') + row('2024M01', '3.4') + row('2024-02-01', '3.9') + row('2024-03', '3.2'));
    expect(rest).toEqual([]);
    expect(s).toMatchObject({ frequency: 'monthly', periods: ['2024-01', '2024-02', '2024-03'], values: [[3.4, 3.9, 3.2]] });
    expect(read(row('Q3 2024', '1') + row('2024Q1', '2') + row('2024-04-01', '3'))[0]).toMatchObject({ frequency: 'quarterly', periods: ['2024-Q1', '2024-Q2', '2024-Q3'], values: [[2, 3, 1]] });
  });

  it('refuses two values for one period, mixed frequencies and an unreadable period', () => {
    expect(() => read(row('2024M05', '1.1') + row('2024-05', '1.2'))).toThrow('gso.csv: series "indicator:GSO:CPI:VN" has two different values for period "2024-05" (1.1 and 1.2). Keep one row per period, or export the data again.');
    expect(() => read(row('2024-01', '1') + row('2024-Q1', '2'))).toThrow(expect.objectContaining({ code: 'mixed_frequencies', message: expect.stringContaining('gso.csv: series "indicator:GSO:CPI:VN" mixes frequencies: its period "2024-Q1" is quarterly, earlier ones monthly') }));
    expect(() => read(row('2024-01', '1') + row('2024-13', '2'))).toThrow(expect.objectContaining({ code: 'unreadable_file', message: expect.stringContaining('gso.csv: series "indicator:GSO:CPI:VN" has period "2024-13", which cannot be read as a monthly period') }));
  });
});
