/**
 * The streaming XLSX reader on workbooks other programs write: exceljs' streaming writer (shared
 * strings after the sheets), LibreOffice, and hand-built files holding what Excel and others may
 * write (1904 dates, inline strings and rich text, stored entries, cells without `r`, gaps in rows
 * and columns, merged ranges, formulas with cached values, booleans and errors), each read to an
 * exact result: the same Series as the same cells given as CSV, or the exact refusal.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { gdp, gdpNamibia, gsoQuarterly, inflation, stock, tradeBalance } from '../../test/fixtures.ts';
import { hasLibreOffice } from '../../test/libreoffice.ts';
import { sheetXml, writeWorkbook, type BuiltWorkbook } from '../../test/xlsx-build.ts';
import { readCsv } from './csv-read.ts';
import { readXlsx } from './xlsx-read.ts';
import { writeSeriesXlsx } from './xlsx-write.ts';
import { XlsxZip } from './xlsx-zip.ts';

const run = promisify(execFile);
const tmp = (): Promise<string> => mkdtemp(join(tmpdir(), 'sheets-xlsx-read-'));
const retrievedAt = '2026-11-28T00:00:00.000Z';

/**
 * A sheet with what other programs write: shared, inline, rich (with a phonetic run left out) and
 * formula strings in the header; rows 3 and 4 missing; cells without `r`; a column skipped; a
 * formula with its cached number; an error (#N/A, missing); booleans (a flag column); B6:C6 merged
 * with a stray value in C6, which only the top-left cell may hold.
 */
const odd: BuiltWorkbook = {
  sharedStrings: ['<si><t>Period</t></si>', '<si><t>Alpha</t></si>', '<si><r><rPr><b/></rPr><t>is_</t></r><r><t>projection</t></r></si>'],
  sheets: [
    {
      name: 'Data',
      rows: [
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><r><t>Be</t></r><r><t>ta</t></r><rPh sb="0" eb="1"><t>ベ</t></rPh></is></c><c r="D1" t="str"><f>"Gam"&amp;"ma"</f><v>Gamma</v></c><c r="E1" t="s"><v>2</v></c></row>',
        '<row r="2"><c r="A2" t="inlineStr"><is><t>2020</t></is></c><c r="B2"><v>1.5</v></c><c r="C2"><f>B2*2</f><v>3</v></c><c r="D2" t="e"><v>#N/A</v></c><c r="E2" t="b"><v>0</v></c></row>',
        '<row r="5"><c t="inlineStr"><is><t>2021</t></is></c><c><v>2.5</v></c><c r="D5"><v>7</v></c><c t="b"><v>1</v></c></row>',
        '<row r="6"><c r="A6" t="inlineStr"><is><t>2022</t></is></c><c r="B6"><v>4</v></c><c r="C6"><v>99</v></c><c r="D6"><v>8</v></c><c r="E6" t="b"><v>0</v></c></row>',
      ].join(''),
      merges: ['B6:C6'],
    },
  ],
};

/** The same cells as CSV (what a person reading the sheet sees), rows 3 and 4 empty. */
const oddCsv = 'Period,Alpha,Beta,Gamma,is_projection\r\n2020,1.5,3,,FALSE\r\n,,,,\r\n,,,,\r\n2021,2.5,,7,TRUE\r\n2022,4,,8,FALSE\r\n';

describe('hand-built workbooks', () => {
  it('reads gaps, cells without r, inline and rich strings, formulas, errors, booleans and merges as the same cells given as CSV', async () => {
    const dir = await tmp();
    await writeWorkbook(join(dir, 'odd.xlsx'), odd);
    await writeFile(join(dir, 'odd.csv'), oddCsv);
    const series = await readXlsx(join(dir, 'odd.xlsx'), { retrievedAt });
    expect(series.map((s) => [s.id, s.periods, s.values, s.flags])).toEqual([
      ['Alpha', ['2020', '2021', '2022'], [[1.5, 2.5, 4]], undefined],
      ['Beta', ['2020', '2021', '2022'], [[3, null, null]], undefined],
      ['Gamma', ['2020', '2021', '2022'], [[null, 7, 8]], { is_projection: [false, true, false] }],
    ]);
    expect(series).toStrictEqual(await readCsv(join(dir, 'odd.csv'), { retrievedAt }));
  });

  it('finds merged ranges cut between zip chunks, and is not misled by text that looks like them', async () => {
    const dir = await tmp();
    // The text holds "mergeCell" (as CDATA with a "<", and as a plain inline string) before the real
    // ranges; rows fill the sheet so that the second 256 KB chunk of the stored entry ends k bytes
    // into <mergeCells> or into the first <mergeCell>.
    const filler = Array.from({ length: 4000 }, (_, i) => `<row r="${i + 7}"><c r="A${i + 7}" t="inlineStr"><is><t>${2023 + i}</t></is></c><c r="B${i + 7}"><v>${i}</v></c><c r="C${i + 7}"><v>${i + 1}</v></c></row>`).join('');
    const rows = `<row r="1"><c r="A1" t="inlineStr"><is><t>Period</t></is></c><c r="B1" t="inlineStr"><is><t><![CDATA[a < mergeCell b]]></t></is></c><c r="C1" t="inlineStr"><is><t>mergeCell</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>2020</t></is></c><c r="B2"><v>1</v></c><c r="C2"><v>2</v></c></row>${filler}`;
    const merges = ['B2:C2', 'B8:C8'];
    for (const [tag, k] of [['<mergeCells', 1], ['<mergeCells', 4], ['<mergeCells', 10], ['<mergeCell ', 0], ['<mergeCell ', 4], ['<mergeCell ', 10]] as const) {
      const at = Buffer.from(sheetXml({ name: 'Data', rows, merges })).indexOf(tag);
      const sheet = { name: 'Data', rows: `${rows}${' '.repeat(2 * 256 * 1024 - k - at)}`, merges };
      expect(Buffer.from(sheetXml(sheet)).indexOf(tag)).toBe(2 * 256 * 1024 - k);
      const file = join(dir, `cut${k}.xlsx`);
      await writeWorkbook(file, { sheets: [sheet], method: 0 });
      const series = await readXlsx(file);
      expect(series.map((s) => s.columns[0]?.label)).toEqual(['a < mergeCell b', 'mergeCell']);
      // Only the top-left cell of each range holds its value (2020's and 2024's).
      expect([series[0]?.values[0]?.[0], series[1]?.values[0]?.[0], series[0]?.values[0]?.[2], series[1]?.values[0]?.[2], series[1]?.values[0]?.[3]]).toEqual([1, null, 1, null, 3]);
    }
  });

  it('reads the same from stored (uncompressed) entries', async () => {
    const dir = await tmp();
    await writeWorkbook(join(dir, 'deflated.xlsx'), odd);
    await writeWorkbook(join(dir, 'stored.xlsx'), { ...odd, method: 0 });
    const zip = await XlsxZip.open(join(dir, 'stored.xlsx'));
    expect(zip?.entries.map((e) => e.method)).toEqual([0, 0, 0, 0, 0, 0]);
    await zip?.close();
    expect(await readXlsx(join(dir, 'stored.xlsx'), { retrievedAt })).toStrictEqual(await readXlsx(join(dir, 'deflated.xlsx'), { retrievedAt }));
  });

  it('counts rows skipped in the file: an edited cell after a gap is named by its real row', async () => {
    const dir = await tmp();
    const edited = { ...odd, sheets: [{ name: 'Data', rows: (odd.sheets[0]?.rows ?? '').replace('<c r="D6"><v>8</v></c>', '<c r="D6" t="inlineStr"><is><t>n/a</t></is></c>') }] };
    await writeWorkbook(join(dir, 'edited.xlsx'), edited);
    await expect(readXlsx(join(dir, 'edited.xlsx'))).rejects.toMatchObject({ code: 'unreadable_file', message: 'edited.xlsx: expected a number at row 6, column 4, found "n/a". The file was edited or is not an Econdata export.' });
  });

  it('reads dates in the 1904 date system, and a custom format whose escaped characters exceljs unescapes', async () => {
    const dir = await tmp();
    // Style 1: built-in 14 (mm-dd-yy), a date. Style 2: custom 164, yyyy\-mm, read as yyyy-mm: monthly.
    const book = (date1904: boolean): BuiltWorkbook => ({
      date1904,
      sharedStrings: ['<si><t>Period</t></si>', '<si><t>Rate</t></si>'],
      numFmts: [[164, 'yyyy\\-mm']],
      cellXfs: [0, 14, 164],
      sheets: [
        { name: 'Daily', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" s="1"><v>43830</v></c><c r="B2"><v>1</v></c></row><row r="3"><c r="A3" s="1"><v>43831</v></c><c r="B3"><v>2</v></c></row>' },
        { name: 'Monthly', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" s="2"><v>43830</v></c><c r="B2"><v>3</v></c></row><row r="3"><c r="A3" s="2"><v>43861</v></c><c r="B3"><v>4</v></c></row>' },
      ],
    });
    await writeWorkbook(join(dir, '1904.xlsx'), book(true));
    await writeWorkbook(join(dir, '1900.xlsx'), book(false));
    const periods = async (file: string): Promise<unknown> => (await readXlsx(join(dir, file))).map((s) => [s.frequency, s.periods, s.values]);
    expect(await periods('1904.xlsx')).toEqual([
      ['daily', ['2024-01-01', '2024-01-02'], [[1, 2]]],
      ['monthly', ['2024-01', '2024-02'], [[3, 4]]],
    ]);
    // The same serial numbers in the 1900 system are 1,462 days earlier.
    expect(await periods('1900.xlsx')).toEqual([
      ['daily', ['2019-12-31', '2020-01-01'], [[1, 2]]],
      ['monthly', ['2019-12', '2020-01'], [[3, 4]]],
    ]);
  });

  it('refuses a compression method other than stored and deflate, rows out of order, XML that is not well-formed, and a shared string the file lacks', async () => {
    const dir = await tmp();
    await writeWorkbook(join(dir, 'bzip2.xlsx'), { ...odd, sheetMethod: 12 });
    await expect(readXlsx(join(dir, 'bzip2.xlsx'))).rejects.toMatchObject({
      code: 'unreadable_file',
      message: 'bzip2.xlsx is not a readable XLSX workbook (its entry xl/worksheets/sheet1.xml uses zip compression method 12; XLSX files use 0 (stored) or 8 (deflate)): it is damaged or not a workbook. Export or download it again.',
    });
    const rows = '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="3"><c r="A3"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c></row>';
    await writeWorkbook(join(dir, 'order.xlsx'), { sharedStrings: ['<si><t>Period</t></si>'], sheets: [{ name: 'Data', rows }] });
    await expect(readXlsx(join(dir, 'order.xlsx'))).rejects.toMatchObject({
      code: 'unreadable_file',
      message: 'order.xlsx is not a readable XLSX workbook (sheet "Data": row 2 comes after row 3: rows must be in order, once each): it is damaged or not a workbook. Export or download it again.',
    });
    const broken = '<row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData><mergeCells><mergeCell ref="A1:B1"></mergeCells><sheetData>';
    await writeWorkbook(join(dir, 'merges.xlsx'), { sharedStrings: ['<si><t>Period</t></si>'], sheets: [{ name: 'Data', rows: broken }] });
    await expect(readXlsx(join(dir, 'merges.xlsx'))).rejects.toMatchObject({ code: 'unreadable_file', message: expect.stringMatching(/^merges\.xlsx is not a readable XLSX workbook \(xl\/worksheets\/sheet1\.xml: .+\): it is damaged or not a workbook\. Export or download it again\.$/) as string });
    await writeWorkbook(join(dir, 'strings.xlsx'), { sharedStrings: ['<si><t>Period</t></si>'], sheets: [{ name: 'Data', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>7</v></c></row>' }] });
    await expect(readXlsx(join(dir, 'strings.xlsx'))).rejects.toMatchObject({
      code: 'unreadable_file',
      message: 'strings.xlsx is not a readable XLSX workbook (sheet "Data": a cell in row 1 refers to shared string 7, which the file does not have): it is damaged or not a workbook. Export or download it again.',
    });
  });
});

describe('workbooks other programs write', () => {
  it("reads shared strings first wherever they sit: exceljs' streaming writer puts them after the sheets", async () => {
    const dir = await tmp();
    const file = join(dir, 'streamed.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
    const ws = wb.addWorksheet('Data');
    for (const row of [['Period', 'Việt Nam', 'Namibia'], ['2021', 1.5, 7], ['2022', 2.5, null], ['2023', 3.5, 9]]) ws.addRow(row).commit();
    ws.commit();
    await wb.commit();
    const zip = await XlsxZip.open(file);
    const names = zip?.entries.map((e) => e.name) ?? [];
    await zip?.close();
    expect(names.indexOf('xl/sharedStrings.xml')).toBeGreaterThan(names.indexOf('xl/worksheets/sheet1.xml'));
    const series = await readXlsx(file, { retrievedAt });
    expect(series.map((s) => [s.id, s.periods, s.values])).toEqual([
      ['Việt Nam', ['2021', '2022', '2023'], [[1.5, 2.5, 3.5]]],
      ['Namibia', ['2021', '2022', '2023'], [[7, null, 9]]],
    ]);
    await writeFile(join(dir, 'streamed.csv'), 'Period,Việt Nam,Namibia\r\n2021,1.5,7\r\n2022,2.5,\r\n2023,3.5,9\r\n');
    expect(series).toStrictEqual(await readCsv(join(dir, 'streamed.csv'), { retrievedAt }));
  });

  it.skipIf(!hasLibreOffice)('reads our export after LibreOffice saved it again as XLSX: every series exactly', async () => {
    const dir = await tmp();
    const all: Series[] = [gdp, gdpNamibia, inflation, gsoQuarterly, tradeBalance, stock];
    await writeSeriesXlsx(join(dir, 'ours.xlsx'), all);
    const out = join(dir, 'lo');
    await run('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--norestore', '--convert-to', 'xlsx', '--outdir', out, join(dir, 'ours.xlsx')], { timeout: 120_000 });
    expect(await readXlsx(join(out, 'ours.xlsx'))).toStrictEqual(all);
  });
});
