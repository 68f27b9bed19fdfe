/**
 * Export writes what the chart shows (issue 26, item 4): the Explore store charts series through
 * the desktop client and main's real services (the embedded sandbox over loopback HTTP, core's
 * cache with a fake clock); the clock passes the cache's one-hour lifetime; the export dialog's
 * request writes XLSX, CSV and the data-only CSV. Each file, read back by sheets, holds the chart's
 * numbers, and the sandbox received no request for them. A fetch of the same queries afterwards
 * does reach the sandbox: the cache had expired, so a re-fetching export would have sent requests.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readCsv, readXlsx } from '@econdata/sheets/node';
import type { Series } from '@econdata/core';
import { filesUnder, GDP_TH, GDP_VN, useMain } from '../../../test/support/harness.ts';
import { createDesktopApi } from '../../shared/client.ts';
import type { BridgeTransport } from '../../shared/transports.ts';
import type { MainServices } from '../../main/services.ts';
import { exportRequest } from '../exports/export-kinds.ts';
import { createExploreStore, exploreModel, type ExploreStore } from './explore-store.ts';

const HOUR = 3_600_000;

/** The renderer's client over main's dispatcher in this process, every value through JSON as over the bridge. */
function inProcess(services: MainServices): BridgeTransport {
  return {
    call: async (name, request) => (await services.dispatch(name, JSON.parse(JSON.stringify(request)))) as never,
    subscribe: (fn) => services.onEvent(fn),
  };
}

async function settled(store: ExploreStore): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    const s = store.get();
    if (!s.running && !s.estimating) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the store did not settle');
}

/** Each series' values by period, per column: what a file must hold to match the chart. */
const numbers = (series: readonly Series[]): Array<Record<string, Array<number | null>>> =>
  series.map((s) => Object.fromEntries(s.periods.map((p, i) => [p, s.values.map((column) => column[i] ?? null)])));

describe('an export writes the numbers the chart shows, with nothing fetched again', () => {
  const main = useMain();

  it('past the cache\'s hour, XLSX, CSV and the data-only CSV hold the chart\'s values and the sandbox gets no request', async () => {
    let now = Date.parse('2026-11-28T08:00:00Z');
    const { services, embedded } = await main.make({ clientOptions: { maxRetries: 0, clock: { now: () => now } } });
    const api = createDesktopApi(inProcess(services));
    const store = createExploreStore(api);

    // The chart: GDP of VN and TH, then as % change from a year ago.
    store.submit([GDP_VN, GDP_TH]);
    await settled(store);
    store.changeTransform('Units=pc1');
    await settled(store);
    const shown = exploreModel(store.get()).shown!;
    expect(shown.series.map((s) => s.provenance.transform)).toEqual(['Units=pc1', 'Units=pc1']);
    const chart = numbers(shown.series);
    const sent = embedded[0]!.stats().received;
    expect(sent).toBeGreaterThan(0);

    now += HOUR + 60_000;

    const write = async (kind: 'local-xlsx' | 'local-csv' | 'local-csv-data', destination: 'downloads' | 'library') => {
      const { queries, transform, derived, series } = shown.exportOf;
      const request = exportRequest(kind, queries, shown.title, destination, transform, derived, series);
      if (typeof request === 'string' || request.operation !== 'exports.writeLocal') throw new Error(`no local export: ${JSON.stringify(request)}`);
      return api.exports.writeLocal(request.request);
    };
    const xlsx = await write('local-xlsx', 'downloads');
    expect(numbers(await readXlsx(xlsx.path!))).toEqual(chart);
    const csv = await write('local-csv', 'library');
    expect(csv.saved).toMatchObject({ transform: 'Units=pc1', queries: [GDP_VN, GDP_TH] });
    expect(numbers(await readCsv(csv.path!))).toEqual(chart);
    expect(numbers((await api.library.open(csv.saved!.id)).series)).toEqual(chart);
    const data = await write('local-csv-data', 'downloads');
    const lines = (await readFile(data.path!, 'utf8')).trim().split('\r\n').map((l) => l.split(','));
    expect(lines.slice(1).map(([period, ...values]) => [period, values.map(Number)])).toEqual(
      shown.series[0]!.periods.map((p) => [p, chart.map((s) => s[p]![0])]),
    );
    expect(embedded[0]!.stats().received).toBe(sent);

    // The cache had expired: the same queries fetched now are sent again.
    await api.fetchSeries([GDP_VN, GDP_TH], { transform: 'Units=pc1' });
    expect(embedded[0]!.stats().received).toBeGreaterThan(sent);
  });

  it('refuses shown series that break the Series rules, or are not one per query, before anything is written', async () => {
    const { services, folders } = await main.make();
    const [vn] = (await services.handlers['series.fetch']({ queries: [GDP_VN] })).map((r) => (r.ok ? r.series : null));
    const broken = { ...vn!, periods: [...vn!.periods].reverse() };
    const refused = await services.dispatch('exports.writeLocal', { queries: [GDP_VN], series: [broken], format: 'csv', name: 'x', destination: 'downloads' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'series[0]', message: expect.stringMatching(/^Invalid request: series\[0\] breaks the Series rules: periods are not in ascending order/) as unknown } });
    const short = await services.dispatch('exports.writeLocal', { queries: [GDP_VN, GDP_TH], series: [vn], format: 'csv', name: 'x', destination: 'downloads' });
    expect(short).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'series' } });
    expect((short as { error: { message: string } }).error.message).toMatch(/one series per query \(2\), in order/);
    expect(await filesUnder(folders.downloads)).toEqual([]);
  });
});
