/** Claiming an export file where none can be made is a typed write_failed naming the place, never an internal error. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimFile } from './files.ts';

describe('claimFile', () => {
  it('claims stem.ext, then "stem (2).ext", "stem (3).ext": a repeat numbered apart from the name\'s last word', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'desktop-files-'));
    expect(await claimFile(dir, 'gdp', 'csv')).toBe(join(dir, 'gdp.csv'));
    expect(await claimFile(dir, 'gdp', 'csv')).toBe(join(dir, 'gdp (2).csv'));
    expect(await claimFile(dir, 'gdp', 'csv')).toBe(join(dir, 'gdp (3).csv'));
  });

  it('a folder that is a file: write_failed naming it and what to do', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'desktop-files-'));
    const notFolder = join(dir, 'exports');
    await writeFile(notFolder, 'a file, not a folder');
    await expect(claimFile(join(notFolder, 'inner'), 'gdp', 'csv')).rejects.toMatchObject({
      name: 'SheetsError', code: 'write_failed',
      message: `Cannot create ${join(notFolder, 'inner')} (ENOTDIR). Check that the folder ${join(notFolder, 'inner')} exists and you may write to it, or choose another folder.`,
    });
  });
});
