/**
 * Hostile files, generated here, read in a child process whose peak memory is measured against the
 * bound the README states (Reliability): a CSV with no header row (its rows used to be kept whole
 * while the reader looked for one), XLSX zip bombs (exceljs used to inflate every entry whole,
 * trusting the directory's sizes and counting only worksheets and shared strings), and shared
 * strings past what the streaming reader keeps in memory.
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { gdp } from '../../test/fixtures.ts';
import { writeXlsxBomb } from '../../test/zip-bomb.ts';
import { readXlsx } from './xlsx-read.ts';
import { writeSeriesXlsx } from './xlsx-write.ts';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('../../test/measure-child.ts', import.meta.url));
/** The peak the README states for refusing any of these files (the whole Node process). */
const PEAK_BOUND_MB = 400;
/** The peak the README states for refusing an XLSX zip bomb, or reading a worksheet of any size (the whole Node process; reading a 10 KB workbook peaks at about 100 MB). */
const BOMB_PEAK_BOUND_MB = 256;
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function measure(file: string): Promise<{ code?: string; message?: string; peakRssMb: number }> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, file], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as { code?: string; message?: string; peakRssMb: number };
}

/** Writes `megabytes` of CSV rows that name no dataset (no header row anywhere). */
async function headerless(file: string, megabytes: number): Promise<void> {
  const out = createWriteStream(file);
  const block = 'name,age,city,note\r\nAn,3,Hanoi,x\r\n'.repeat(32_768);
  for (let written = 0; written < megabytes * 2 ** 20; written += block.length) {
    if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

describe('a CSV with no header row', () => {
  it('is refused once 48 MiB of rows sit above no header, with its peak memory bounded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-hostile-'));
    dirs.push(dir);
    const file = join(dir, 'no-header.csv');
    await headerless(file, 200);
    const report = await measure(file);
    expect(report).toMatchObject({
      code: 'unreadable_file',
      message: expect.stringMatching(/^no-header\.csv: no header row found in its first \d+ rows \(more than 48 MiB of text above it, the most an export's provenance holds\), so reading stopped: neither an Econdata export nor a service export file\.$/) as string,
    });
    expect(report.peakRssMb).toBeLessThan(PEAK_BOUND_MB);
    console.log(`header-less CSV, 200 MB: refused at a peak RSS of ${report.peakRssMb} MB (bound ${PEAK_BOUND_MB} MB)`);
  });
});

describe('XLSX zip bombs', () => {
  async function bombs(): Promise<{ dir: string; base: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-bombs-'));
    dirs.push(dir);
    const base = join(dir, 'base.xlsx');
    await writeSeriesXlsx(base, [gdp]);
    return { dir, base };
  }

  it('the generator makes real workbooks: one with a 1 MB custom XML part reads back', async () => {
    const { dir, base } = await bombs();
    const file = join(dir, 'fine.xlsx');
    await writeXlsxBomb(file, base, { where: 'customXml', megabytes: 1, lie: false });
    expect((await readXlsx(file)).map((s) => s.id)).toEqual([gdp.id]);
  });

  it.each([
    ['in a worksheet, its directory lying', 'sheet', 1600, true, /^bomb\.xlsx unzips to more than 1\.0 GB \(the limit for reading an XLSX; passed in its entry xl\/worksheets\/sheet1\.xml\), so reading stopped there\. Export the data as CSV \(read as a stream\), or check where the file came from\.$/],
    ['in a worksheet, its directory honest', 'sheet', 1100, false, /^bomb\.xlsx unzips to more than 1\.0 GB \(the limit for reading an XLSX; passed in its entry xl\/worksheets\/sheet1\.xml\), so reading stopped there\./],
    ['in customXml/item1.xml, its directory lying', 'customXml', 600, true, /^bomb\.xlsx unzips to more than 64 MB outside its worksheets \(the limit for the parts around the cells; passed in its entry customXml\/item1\.xml\), so reading stopped there/],
    ['in customXml/item1.xml, its directory honest', 'customXml', 600, false, /^bomb\.xlsx unzips to more than 64 MB outside its worksheets \(the limit for the parts around the cells; passed in its entry customXml\/item1\.xml\), so reading stopped there/],
  ] as const)('%s: refused as file_too_large before any sheet is read, with bounded memory', async (what, where, megabytes, lie, message) => {
    const { dir, base } = await bombs();
    const file = join(dir, 'bomb.xlsx');
    const { bytes } = await writeXlsxBomb(file, base, { where, megabytes, lie });
    const report = await measure(file);
    expect(report).toMatchObject({ code: 'file_too_large', message: expect.stringMatching(message) as string });
    expect(report.peakRssMb).toBeLessThan(BOMB_PEAK_BOUND_MB);
    console.log(`XLSX bomb ${what}, ${(bytes / 2 ** 20).toFixed(1)} MB unzipping to ${megabytes} MB: refused at a peak RSS of ${report.peakRssMb} MB (bound ${BOMB_PEAK_BOUND_MB} MB)`);
  });

  it('a worksheet within the limits is streamed whatever its size: 600 MB of XML (white space around the cells) read at a bounded peak', async () => {
    const { dir, base } = await bombs();
    const file = join(dir, 'spacious.xlsx');
    const { bytes } = await writeXlsxBomb(file, base, { where: 'sheet', megabytes: 600, lie: false });
    const report = await measure(file);
    // exceljs needed about 13 bytes of heap per byte of sheet XML: 7.6 GB for this file.
    expect(report).toMatchObject({ series: 1 });
    expect(report.peakRssMb).toBeLessThan(BOMB_PEAK_BOUND_MB);
    console.log(`XLSX, ${(bytes / 2 ** 20).toFixed(1)} MB holding a 600 MB worksheet: read at a peak RSS of ${report.peakRssMb} MB (bound ${BOMB_PEAK_BOUND_MB} MB)`);
  });

  it('shared strings past 128 Mi of text are refused as file_too_large while read, with bounded memory', async () => {
    const { dir, base } = await bombs();
    const file = join(dir, 'strings.xlsx');
    const { bytes } = await writeXlsxBomb(file, base, { where: 'sharedStrings', megabytes: 140, lie: true });
    const report = await measure(file);
    expect(report).toMatchObject({
      code: 'file_too_large',
      message: expect.stringMatching(/^strings\.xlsx holds more than 128 Mi of text \(its first 2,0\d\d strings\) in its shared strings \(xl\/sharedStrings\.xml\), more than reading an XLSX keeps in memory, so reading stopped there: no workbook Econdata or the service writes holds that\. Export the data as CSV \(read as a stream\), or check where the file came from\.$/) as string,
    });
    expect(report.peakRssMb).toBeLessThan(PEAK_BOUND_MB);
    console.log(`XLSX whose shared strings hold 140 MB of text, ${(bytes / 2 ** 20).toFixed(1)} MB: refused at a peak RSS of ${report.peakRssMb} MB (bound ${PEAK_BOUND_MB} MB)`);
  });

  it('a worksheet with no header row is refused once 48 MiB of rows sit above no header, as a CSV is, with bounded memory', async () => {
    const { dir, base } = await bombs();
    const file = join(dir, 'no-header.xlsx');
    // The rows of the CSV test above, as cells.
    const text = (t: string): string => `<c t="inlineStr"><is><t>${t}</t></is></c>`;
    const rows = `<row>${['name', 'age', 'city', 'note'].map(text).join('')}</row><row>${text('An')}<c><v>3</v></c>${text('Hanoi')}${text('x')}</row>`;
    const { bytes } = await writeXlsxBomb(file, base, { where: 'sheet', megabytes: 125, lie: false, repeat: rows });
    const report = await measure(file);
    expect(report).toMatchObject({
      code: 'unreadable_file',
      message: expect.stringMatching(/^no-header\.xlsx: no header row found in its first \d+ rows \(more than 48 MiB of text above it, the most an export's provenance holds\), so reading stopped: neither an Econdata export nor a service export file\.$/) as string,
    });
    expect(report.peakRssMb).toBeLessThan(PEAK_BOUND_MB);
    console.log(`header-less XLSX, ${(bytes / 2 ** 20).toFixed(1)} MB holding 125 MB of rows: refused at a peak RSS of ${report.peakRssMb} MB (bound ${PEAK_BOUND_MB} MB)`);
  });

  it('past maxUnzippedBytes (all entries together) it names that limit and the entry that passed it', async () => {
    const { dir, base } = await bombs();
    const file = join(dir, 'wide.xlsx');
    await writeXlsxBomb(file, base, { where: 'sheet', megabytes: 40, lie: true });
    await expect(readXlsx(file, { maxUnzippedBytes: 16 * 2 ** 20 })).rejects.toMatchObject({
      code: 'file_too_large',
      message: 'wide.xlsx unzips to more than 16 MB (the limit for reading an XLSX; passed in its entry xl/worksheets/sheet1.xml), so reading stopped there. Export the data as CSV (read as a stream), or check where the file came from.',
    });
  });
});
