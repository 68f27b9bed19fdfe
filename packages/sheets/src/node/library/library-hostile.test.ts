/**
 * A library folder someone has tampered with (real files and links in a temporary folder): a
 * manifest naming another export's data file, a data file that is a link out of the library, a
 * data_file of "..". Nothing outside an entry's own files is deleted or read.
 */
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gdp, inflation } from '../../../test/fixtures.ts';
import { ExportLibrary } from './library.ts';

const NOW = new Date('2026-11-01T09:00:00.000Z');

async function library(): Promise<ExportLibrary> {
  return new ExportLibrary({ folder: join(await mkdtemp(join(tmpdir(), 'sheets-lib-hostile-')), 'exports'), now: () => NOW, productVersion: '1.2.3' });
}

async function editManifest(lib: ExportLibrary, id: string, change: Record<string, unknown>): Promise<void> {
  const path = join(lib.folder, `${id}.json`);
  await writeFile(path, JSON.stringify({ ...(JSON.parse(await readFile(path, 'utf8')) as object), ...change }));
}

describe('removing an entry deletes only its own files', () => {
  it('a manifest naming another export\'s data file loses the manifest; the other export stays whole', async () => {
    const lib = await library();
    const victim = await lib.save([gdp], { name: 'gdp' });
    const crafted = await lib.save([inflation], { name: 'inflation', format: 'csv' });
    await editManifest(lib, crafted.id, { data_file: victim.data_file });
    expect(await lib.remove(crafted.id)).toEqual({ removed: crafted.id, kept: victim.data_file });
    expect((await readdir(lib.folder)).sort()).toEqual(['.gitattributes', `${crafted.id}.csv`, victim.data_file, `${victim.id}.json`].sort());
    expect((await lib.open(victim.id)).series.map((s) => s.id)).toEqual([gdp.id]);
  });

  it('an entry\'s own files are both removed, also when its data file is damaged', async () => {
    const lib = await library();
    const m = await lib.save([gdp], { name: 'gdp' });
    await writeFile(join(lib.folder, m.data_file), 'changed');
    expect(await lib.remove(m.id)).toEqual({ removed: m.id });
    expect(await readdir(lib.folder)).toEqual(['.gitattributes']);
    await expect(lib.remove(m.id)).rejects.toMatchObject({ code: 'export_not_found' });
  });
});

describe('a data file that is a link out of the library', () => {
  it('is reported by list and refused by open, never read; removal takes the link, not its target', async () => {
    const lib = await library();
    const outside = await mkdtemp(join(tmpdir(), 'sheets-lib-outside-'));
    const m = await lib.save([gdp], { name: 'gdp' });
    // A planted target outside: the same bytes, so only the link check can refuse it.
    const target = join(outside, 'secret.xlsx');
    await writeFile(target, await readFile(join(lib.folder, m.data_file)));
    await rm(join(lib.folder, m.data_file));
    await symlink(target, join(lib.folder, m.data_file));
    const message = `The data file ${m.data_file} of saved export "gdp" is a link to ${target}, outside the library, so it is not read. Put the file itself in ${lib.folder}, or re-run the export; to drop it, delete ${m.id}.json and ${m.data_file} (the link only) from ${lib.folder}.`;
    const { exports, problems } = await lib.list();
    expect(exports).toEqual([]);
    expect(problems).toMatchObject([{ id: m.id, error: { code: 'damaged_export', message } }]);
    await expect(lib.open(m.id)).rejects.toMatchObject({ code: 'damaged_export', message });
    expect(await lib.remove(m.id)).toEqual({ removed: m.id });
    expect(await readdir(lib.folder)).toEqual(['.gitattributes']);
    expect(await readdir(outside)).toEqual(['secret.xlsx']);
  });

  it('a link that stays inside the library is read as before', async () => {
    const lib = await library();
    const m = await lib.save([gdp], { name: 'gdp' });
    await writeFile(join(lib.folder, 'copy.xlsx'), await readFile(join(lib.folder, m.data_file)));
    await rm(join(lib.folder, m.data_file));
    await symlink('copy.xlsx', join(lib.folder, m.data_file));
    expect((await lib.open(m.id)).series.map((s) => s.id)).toEqual([gdp.id]);
  });
});

describe('a data_file that is no file name', () => {
  it.each(['..', '.', 'a/b.csv', 'a\\b.csv'])('%j is a corrupt_manifest naming it, not a raw EISDIR', async (dataFile) => {
    const lib = await library();
    const m = await lib.save([gdp], { name: 'gdp' });
    await editManifest(lib, m.id, { data_file: dataFile });
    const message = `${m.id}.json: "data_file" ${JSON.stringify(dataFile)} must be a file name in the same folder. This saved export cannot be opened: restore the manifest from a copy, or delete it and its data file.`;
    await expect(lib.open(m.id)).rejects.toMatchObject({ code: 'corrupt_manifest', message });
    expect((await lib.list()).problems).toMatchObject([{ file: `${m.id}.json`, error: { code: 'corrupt_manifest', message } }]);
  });
});
