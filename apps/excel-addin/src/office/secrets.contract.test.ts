/**
 * The key never reaches the workbook: the shared runtime connects to a real sandbox with a key of
 * its own, a block is inserted and refreshed through office-addin-mock, and then everything in the
 * mocked document (cells, formulas, number formats, tables, names, settings, custom XML) is
 * searched for the key. The add-in's own storage is the one place that holds it.
 */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { realDataDir } from '../../../../test/support/paths.ts';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { createAddinRuntime, MemoryStorage, STORAGE_KEYS } from '../runtime/index.ts';
import { insertFormulas } from './insert-formula.ts';
import { insertBlock } from './insert.ts';
import { listBlocks, refreshBlocks } from './refresh.ts';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { gdpQuery, stockQuery } from '../../test/support/fixtures.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';

const KEY = 'addin-secret-Zq81';
const sandbox = useSandboxes({ keys: [{ key: KEY, plan: 'pro' }] });

describe.skipIf(!realDataDir)('the API key and the workbook (office-addin-mock, real sandbox)', () => {
  it('after connect, insert, insert as formula and refresh, the mocked document holds the key nowhere', async () => {
    const sb = await sandbox();
    const storage = new MemoryStorage();
    const runtime = createAddinRuntime({ storage, indexedDB: new IDBFactory(), probe: async () => true, maxRetries: 0 });
    const outcome = await runtime.connect({ baseURL: sb.url, plan: 'pro' }, KEY);
    expect(outcome.ok).toBe(true);
    const client = runtime.client;
    if (!client) throw new Error('connected, yet no client');

    const model = new WorkbookModel();
    const excel = mockExcel(model);
    const queries = [gdpQuery, stockQuery];
    const results = await client.fetchSeries(queries);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    const series = results.flatMap((r) => (r.ok ? [r.series] : []));
    model.select('Sheet1', 'B2');
    await insertBlock(excel, series.slice(0, 1), [gdpQuery]);
    model.select('Sheet1', 'H2');
    await insertFormulas(excel, [stockQuery]);
    const { blocks } = await listBlocks(excel);
    const refreshed = await refreshBlocks(excel, blocks, (q) => client.fetchSeries(q));
    expect(refreshed.blocks).toHaveLength(1);

    const document = model.dump();
    expect(document).toContain('NY.GDP.MKTP.CD'); // the scan sees the queries...
    expect(model.sheets[0]?.cell(1, 7)?.formula).toBe('=ECON.STOCK("VNM","2024-03-01","2024-03-05")');
    expect(document).not.toContain(KEY); // ...and never the key
    expect(document).not.toContain(KEY.slice(-4));
    expect(document).not.toContain(sb.url); // nor where the service is
    expect(await storage.getItem(STORAGE_KEYS.apiKey)).toBe(KEY);
  });
});
