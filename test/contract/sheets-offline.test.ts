/**
 * Saved exports work with no network: a child process whose fetch, sockets and DNS all refuse
 * (and record) every use saves, lists, opens, charts and diffs exports. Nothing is injected for
 * the network and nothing listens anywhere; the child also proves its guard refuses a real attempt.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { gdp, inflation, stock } from '../../packages/sheets/test/fixtures.ts';

const run = promisify(execFile);
const child = fileURLToPath(new URL('../../packages/sheets/test/offline-child.ts', import.meta.url));

describe('saved exports with no network', () => {
  it('save, list, open, chart, re-run and diff without a single network attempt', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'sheets-offline-')), 'library');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', child, folder], { timeout: 60_000 });
    const out = JSON.parse(stdout) as {
      duringScenario: string[];
      probes: string[];
      failedRerun: string;
      listed: string[];
      ids: string[];
      opened: Series[];
      chart: Array<{ id: string; x: string[]; y: Array<number | null> }>;
      diff: { changed: unknown[]; unchanged: string[] };
    };
    expect(out.duringScenario).toEqual([]);
    expect(out.probes).toEqual(['network used while offline: fetch', 'network used while offline: net.Socket.connect']);

    const [xlsx, csv, rerun] = ['offline-20261101T090000Z', 'offline-20261101T090000Z-2', 'offline-20261120T090000Z'];
    expect(out.ids).toEqual([xlsx, csv, rerun]);
    // The failed re-run saved nothing: three exports, each a data file plus its manifest.
    expect(out.failedRerun).toBe('no connection');
    expect(out.listed).toEqual([rerun, csv, xlsx]);
    expect((await readdir(folder)).sort()).toEqual(['.gitattributes', `${xlsx}.json`, `${xlsx}.xlsx`, `${csv}.csv`, `${csv}.json`, `${rerun}.json`, `${rerun}.xlsx`].sort());

    expect(out.opened).toStrictEqual([gdp, inflation, stock]);
    expect(out.chart).toEqual([
      { id: gdp.id, x: ['2020-01-01', '2021-01-01', '2022-01-01', '2023-01-01'], y: [346615750000.5, 366474752771.4, null, 429716969044.2] },
      { id: inflation.id, x: ['2020-01-01', '2021-01-01', '2022-01-01', '2023-01-01'], y: [3.221, -0.125, 3.156, 3.52] },
      { id: stock.id, x: ['2024-01-02', '2024-01-03', '2024-12-31'], y: [23.1, 23.45, 25] },
    ]);
    expect(out.diff).toEqual({
      changed: [{ id: gdp.id, title: gdp.title, added: [], removed: [], revised: [{ period: '2021', column: 'value', old: 366474752771.4, new: 367e9, change: 367e9 - 366474752771.4 }] }],
      unchanged: [inflation.id, stock.id],
    });
  });
});
