/**
 * writeFileAtomic rejects only with typed errors: a file-system failure is a `storage` error naming
 * the file, the system's reason and what to do; a cancellation from the writer passes through.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortError, EconError } from '../errors/errors.ts';
import { writeFileAtomic } from './atomic-file.ts';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'core-atomic-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

describe('writeFileAtomic', () => {
  it('a folder that does not exist is a storage error naming the file and what to do', async () => {
    const target = join(dir, 'missing', 'out.csv');
    const error = await writeFileAtomic(target, (temp) => writeFile(temp, 'x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EconError);
    expect(error).toMatchObject({
      code: 'storage', name: 'StorageError',
      message: `The file ${target} could not be written; the previous file, if any, is unchanged (ENOENT). Check that the folder is writable and the disk has room, then try again.`,
    });
    expect((error as EconError).cause).toMatchObject({ code: 'ENOENT' });
  });

  it('a writer that fails leaves the old file and no temporary file, and the rejection is typed', async () => {
    const target = join(dir, 'out.csv');
    await writeFile(target, 'old');
    const error = await writeFileAtomic(target, async (temp) => {
      await writeFile(temp, 'half');
      throw new Error('disk went away');
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'storage', message: `The file ${target} could not be written; the previous file, if any, is unchanged (disk went away). Check that the folder is writable and the disk has room, then try again.` });
    expect(await readFile(target, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['out.csv']);
  });

  it("a writer's own EconError (a cancellation) passes through unchanged", async () => {
    const cancelled = new AbortError('Export cancelled by the caller: no file was written.');
    await expect(writeFileAtomic(join(dir, 'out.csv'), () => Promise.reject(cancelled))).rejects.toBe(cancelled);
    expect(await readdir(dir)).toEqual([]);
  });
});
