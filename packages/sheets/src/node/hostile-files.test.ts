/**
 * Hostile files, generated here, read in a child process whose peak memory is measured against the
 * bound the README states (Reliability): a CSV with no header row (its rows used to be kept whole
 * while the reader looked for one).
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('../../test/measure-child.ts', import.meta.url));
/** The peak the README states for refusing any of these files (the whole Node process). */
const PEAK_BOUND_MB = 400;
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
