/**
 * Removing a saved export through main's dispatcher (what Electron IPC and the web bridge call): a
 * hand-edited manifest naming another export's data file loses only itself, and the answer says
 * which file was kept (sheets' ExportLibrary.remove), so the Saved exports screen can tell the user.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { ExportLibrary } from '@econdata/sheets/node';
import { useMain } from '../../../test/support/harness.ts';

const query = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2019, end_year: 2020 } as const;
const series: Series[] = [{
  id: 'indicator:WB:NY.GDP.MKTP.CD:VN:2019-2020', kind: 'indicator', title: 'GDP: Viet Nam', frequency: 'annual',
  dimensions: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' }, columns: [{ key: 'value', label: 'GDP', unit: 'current US$' }],
  periods: ['2019', '2020'], values: [[334.4, 346.6]],
  provenance: { source: 'World Bank', last_updated: '2026-07-01', retrieved_at: '2026-11-01T09:00:00.000Z', endpoint: '/indicators', query },
}];

describe('library.remove', () => {
  const main = useMain();

  it('answers which file a crafted manifest named and was kept; the other export stays whole', async () => {
    const { services, folders } = await main.make();
    const library = new ExportLibrary({ folder: folders.library });
    const victim = await library.save(series, { name: 'victim' });
    const crafted = await library.save(series, { name: 'crafted' });
    const path = join(folders.library, `${crafted.id}.json`);
    await writeFile(path, JSON.stringify({ ...(JSON.parse(await readFile(path, 'utf8')) as object), data_file: victim.data_file }));

    expect(await services.dispatch('library.remove', { id: crafted.id })).toEqual({ ok: true, value: { removed: crafted.id, kept: victim.data_file } });
    expect(await services.dispatch('library.open', { id: victim.id })).toMatchObject({ ok: true, value: { series: [{ id: series[0]!.id }] } });
    expect(await services.dispatch('library.remove', { id: victim.id })).toEqual({ ok: true, value: { removed: victim.id } });
  });
});
