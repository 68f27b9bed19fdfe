/**
 * A saved export whose data file was cut short or is missing (a synced folder mid-sync, an
 * interrupted copy): the library screen's list reports it as damaged instead of failing or showing
 * it as healthy, and it can still be removed.
 */
import { mkdtemp, readdir, truncate, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExportLibrary } from '@econdata/sheets/node';
import type { Series } from '@econdata/core';
import { appFolders } from '../paths.ts';
import { LibraryService } from './library.ts';

describe('the library screen with damaged exports', () => {
  it('lists them as damaged_export problems, keeps the healthy ones, and removes a damaged one', async () => {
    const home = await mkdtemp(join(tmpdir(), 'desktop-lib-damaged-'));
    const folders = appFolders({ env: { ECONDATA_HOME: home } });
    const library = new ExportLibrary({ folder: folders.library });
    const service = new LibraryService(library, folders, undefined);
    const query = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2019, end_year: 2020 } as const;
    const series: Series[] = [{
      id: 'indicator:WB:NY.GDP.MKTP.CD:VN:2019-2020', kind: 'indicator', title: 'GDP: Viet Nam', frequency: 'annual',
      dimensions: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' }, columns: [{ key: 'value', label: 'GDP', unit: 'current US$' }],
      periods: ['2019', '2020'], values: [[334.4, 346.6]],
      provenance: { source: 'World Bank', last_updated: '2026-07-01', retrieved_at: '2026-11-01T09:00:00.000Z', endpoint: '/indicators', query },
    }];
    const fine = await library.save(series, { name: 'fine' });
    const cut = await library.save(series, { name: 'cut', format: 'csv' });
    const gone = await library.save(series, { name: 'gone' });
    await truncate(join(folders.library, cut.data_file), 10);
    await unlink(join(folders.library, gone.data_file));

    const list = await service.list();
    expect(list.exports.map((m) => m.id)).toEqual([fine.id]);
    expect(list.problems.map((p) => [p.file, p.error.name, p.error.code])).toEqual([
      [`${cut.id}.json`, 'SheetsError', 'damaged_export'],
      [`${gone.id}.json`, 'SheetsError', 'damaged_export'],
    ]);
    expect(list.problems[1]!.error.message).toContain('is missing');

    expect(await service.remove(cut.id)).toEqual({ removed: cut.id });
    expect(await service.remove(gone.id)).toEqual({ removed: gone.id });
    expect((await readdir(folders.library)).filter((f) => !f.startsWith('.')).sort()).toEqual([`${fine.id}.json`, fine.data_file].sort());
  });
});
