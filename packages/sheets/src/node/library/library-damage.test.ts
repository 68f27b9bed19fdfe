/**
 * The library on a disk that misbehaves (real files in a temporary folder): listing never deletes
 * anything (a temporary file may be another machine's save in progress, in a synced folder) and
 * reports every export it cannot vouch for; clean-up removes only temporary files old enough that no
 * save can still be writing them.
 */
import { mkdtemp, readdir, readFile, truncate, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gdp, inflation } from '../../../test/fixtures.ts';
import { ExportLibrary, TEMP_MAX_AGE_MS } from './library.ts';

const NOW = new Date('2026-11-01T09:00:00.000Z');

async function library(): Promise<ExportLibrary> {
  return new ExportLibrary({ folder: join(await mkdtemp(join(tmpdir(), 'sheets-lib-damage-')), 'exports'), now: () => NOW, productVersion: '1.2.3' });
}

/** Files a save in progress (ours or another machine's) leaves: a temp data file and an id claim. */
async function leftovers(folder: string, modified: Date): Promise<string[]> {
  // pid 999999 runs nowhere here: the old listing took that as "dead" and deleted the file.
  const names = ['.other-20261101T085959Z.xlsx.999999-0a1b2c3d.econdata-tmp', '.other-20261101T085959Z.saving'];
  for (const name of names) {
    await writeFile(join(folder, name), 'half a file');
    await utimes(join(folder, name), modified, modified);
  }
  return names;
}

describe('listing the library is read-only', () => {
  it('leaves temporary files and claims of saves in progress alone, whatever their pid', async () => {
    const lib = await library();
    const m = await lib.save([gdp], { name: 'gdp' });
    const names = await leftovers(lib.folder, new Date(Date.now() - 2 * TEMP_MAX_AGE_MS));
    const before = (await readdir(lib.folder)).sort();
    const { exports, problems } = await lib.list();
    expect(exports.map((e) => e.id)).toEqual([m.id]);
    expect(problems).toEqual([]);
    expect((await readdir(lib.folder)).sort()).toEqual(before);
    expect(before).toEqual(expect.arrayContaining(names));
  });
});

describe('listing reports every export it cannot vouch for', () => {
  it('a data file missing or cut short is a damaged_export problem, naming the file and what to do', async () => {
    const lib = await library();
    const fine = await lib.save([gdp], { name: 'fine' });
    const gone = await lib.save([gdp], { name: 'gone' });
    const cut = await lib.save([gdp, inflation], { name: 'cut', format: 'csv' });
    expect(cut.bytes).toBe((await readFile(join(lib.folder, cut.data_file))).length);
    await unlink(join(lib.folder, gone.data_file));
    await truncate(join(lib.folder, cut.data_file), 100);

    const { exports, problems } = await lib.list();
    expect(exports.map((e) => e.id)).toEqual([fine.id]);
    expect(problems.map((p) => ({ file: p.file, id: p.id, name: p.manifest?.name, code: p.error.code, message: p.error.message }))).toEqual([
      { file: `${cut.id}.json`, id: cut.id, name: 'cut', code: 'damaged_export', message: `The data file ${cut.data_file} of saved export "cut" is 100 bytes, but was saved with ${cut.bytes}: it was cut short (an interrupted copy or sync?) or changed. Restore it from a copy, or re-run the export; to drop it, delete ${cut.id}.json and ${cut.data_file} from ${lib.folder}.` },
      { file: `${gone.id}.json`, id: gone.id, name: 'gone', code: 'damaged_export', message: `The data file ${gone.data_file} of saved export "gone" is missing (still syncing, or deleted?). Restore it from a copy, or re-run the export; to drop it, delete ${gone.id}.json from ${lib.folder}.` },
    ]);
    // Opening refuses both instead of reading a cut file.
    await expect(lib.open(cut.id)).rejects.toMatchObject({ code: 'checksum_mismatch' });
    await expect(lib.open(gone.id)).rejects.toMatchObject({ code: 'damaged_export' });
  });

  it('a manifest written before the size was recorded is vouched for by its checksum', async () => {
    const lib = await library();
    const old = await lib.save([gdp], { name: 'old' });
    const cut = await lib.save([inflation], { name: 'old-cut', format: 'csv' });
    for (const m of [old, cut]) {
      const { bytes: _bytes, ...legacy } = m;
      await writeFile(join(lib.folder, `${m.id}.json`), JSON.stringify(legacy, null, 2));
    }
    await truncate(join(lib.folder, cut.data_file), 50);
    const { exports, problems } = await lib.list();
    expect(exports.map((e) => e.id)).toEqual([old.id]);
    expect(exports[0]).not.toHaveProperty('bytes');
    expect(problems.map((p) => [p.id, p.error.code, p.error.message])).toEqual([
      [cut.id, 'damaged_export', `The data file ${cut.data_file} of saved export "old-cut" does not match the SHA-256 its manifest recorded: it was cut short or changed. Restore it from a copy, or re-run the export; to drop it, delete ${cut.id}.json and ${cut.data_file} from ${lib.folder}.`],
    ]);
  });

  it('a size in the manifest that is not a whole number is a corrupt manifest', async () => {
    const lib = await library();
    const m = await lib.save([gdp], { name: 'x' });
    await writeFile(join(lib.folder, `${m.id}.json`), JSON.stringify({ ...m, bytes: '12' }));
    const { problems } = await lib.list();
    expect(problems.map((p) => [p.file, p.error.code])).toEqual([[`${m.id}.json`, 'corrupt_manifest']]);
  });
});

describe('clean-up', () => {
  it('removes only temporary files and claims older than TEMP_MAX_AGE_MS, in cleanUp() and in save()', async () => {
    const lib = await library();
    await lib.save([gdp], { name: 'first' });
    const fresh = await leftovers(lib.folder, new Date(Date.now() - TEMP_MAX_AGE_MS / 2));
    expect(await lib.cleanUp()).toEqual([]);
    expect(await readdir(lib.folder)).toEqual(expect.arrayContaining(fresh));
    const old = new Date(Date.now() - TEMP_MAX_AGE_MS - 60_000);
    for (const name of fresh) await utimes(join(lib.folder, name), old, old);
    expect((await lib.cleanUp()).sort()).toEqual([...fresh].sort());

    const again = await leftovers(lib.folder, old);
    await lib.save([gdp], { name: 'second' });
    const left = await readdir(lib.folder);
    expect(left.filter((f) => again.includes(f))).toEqual([]);
    expect(left.filter((f) => f.endsWith('.json'))).toHaveLength(2);
  });
});
