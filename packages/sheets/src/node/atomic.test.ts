import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stock } from '../../test/fixtures.ts';
import { layoutSeries } from '../grid/layout.ts';
import type { CellValue, Grid } from '../grid/types.ts';
import { removeStaleTempFiles } from './atomic.ts';
import { writeCsv } from './csv-write.ts';
import { writeXlsx } from './xlsx-write.ts';

/** A 2,000-row grid whose data source fails at row 1,000, like a generator that throws mid-way. */
function failingGrid(): Grid {
  const values = new Proxy(new Array<CellValue>(2000).fill(1), {
    get(target, key, receiver) {
      if (key === '1000') throw new Error('source failed at row 1000');
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const grid = layoutSeries([stock]);
  return { ...grid, body: { rowCount: 2000, columns: [{ values, fmt: '0' }] } };
}

const OLD = 'the old file, intact';

describe('typed failures of the writers', () => {
  it.each([
    ['CSV', (path: string) => writeCsv(path, layoutSeries([stock]))],
    ['XLSX', (path: string) => writeXlsx(path, [layoutSeries([stock])])],
  ])('%s into a folder that does not exist: write_failed naming the file, the reason and what to do', async (_, write) => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-atomic-'));
    const target = join(dir, 'gone', 'data.file');
    await expect(write(target)).rejects.toMatchObject({
      name: 'SheetsError', code: 'write_failed', file: target,
      message: `The file ${target} could not be written; the previous file, if any, is unchanged (ENOENT). Check that the folder is writable and the disk has room, then try again.`,
    });
  });

  it("the writer's own typed error (too many rows for Excel) passes through core's atomic write unchanged", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-atomic-'));
    const grid = layoutSeries([stock]);
    const huge: Grid = { ...grid, body: { rowCount: 1_048_576, columns: [{ values: [], fmt: '0' }] } };
    await expect(writeXlsx(join(dir, 'big.xlsx'), [huge])).rejects.toMatchObject({ name: 'SheetsError', code: 'too_many_rows' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('a crash in the middle of a write', () => {
  it.each([
    ['CSV', (path: string) => writeCsv(path, failingGrid())],
    ['XLSX', (path: string) => writeXlsx(path, [failingGrid()])],
  ])('%s: the old file stays intact and no temporary file is left', async (_, write) => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-atomic-'));
    const target = join(dir, 'data.file');
    await writeFile(target, OLD);
    await expect(write(target)).rejects.toMatchObject({
      name: 'SheetsError', code: 'write_failed', file: target,
      message: `The file ${target} could not be written; the previous file, if any, is unchanged (source failed at row 1000). Check that the folder is writable and the disk has room, then try again.`,
    });
    expect(await readFile(target, 'utf8')).toBe(OLD);
    expect(await readdir(dir)).toEqual(['data.file']);
  });

  it('a killed process leaves the old file intact; its temp file is removed once old enough', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-atomic-'));
    const target = join(dir, 'data.csv');
    await writeFile(target, OLD);
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../../test/write-child.ts', import.meta.url)), target], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    expect(line.toString()).toBe('halfway\n');
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(await readFile(target, 'utf8')).toBe(OLD);
    const left = (await readdir(dir)).filter((f) => f !== 'data.csv');
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(new RegExp(`^\\.data\\.csv\\.${child.pid}-[0-9a-f]{8}\\.econdata-tmp$`));
    // Not while it may still be written (here: within the hour), then yes.
    expect(await removeStaleTempFiles(dir, { olderThanMs: 3_600_000 })).toEqual([]);
    expect(await removeStaleTempFiles(dir, { olderThanMs: 3_600_000, now: Date.now() + 3_600_001 })).toEqual(left);
    expect(await readdir(dir)).toEqual(['data.csv']);
  });
});
