/** The readers never reject with a raw file-system error: a missing file or a folder is `unreadable_file` naming it. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-read.ts';
import { readXlsx } from './xlsx-read.ts';

describe.each([
  ['readCsv', readCsv, 'data.csv'],
  ['readXlsx', readXlsx, 'data.xlsx'],
] as const)('%s', (_, read, name) => {
  it('a missing file is unreadable_file naming it, the reason and what to do', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'sheets-read-')), name);
    await expect(read(path)).rejects.toMatchObject({
      name: 'SheetsError', code: 'unreadable_file', file: path,
      message: `${path} cannot be read (ENOENT). Check that the file exists, is a file and not a folder, and that you may read it.`,
    });
  });

  it('a folder given as the file is unreadable_file too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-read-'));
    await expect(read(dir, { retrievedAt: '2026-01-01T00:00:00Z' })).rejects.toMatchObject({ name: 'SheetsError', code: 'unreadable_file', file: dir, message: expect.stringMatching(/^.+ cannot be read \(EISDIR\)\. Check that the file exists/) });
  });
});
