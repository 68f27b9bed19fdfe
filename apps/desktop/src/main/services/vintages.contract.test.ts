/**
 * Vintages kept on this machine, through main's real services and the real sandbox (a temporary
 * data folder, never the shared data): a saved series keeps its first answer at the save, a
 * revision made in the data folder and reloaded becomes a second release at the next fetch, and
 * with the sandbox stopped and the transport refusing, as-of answers the old values for the
 * earlier date and the new ones for the later date, with no request sent.
 */
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axiosTransport, type Series, type Transport } from '@econdata/core';
import { filesUnder, useMain } from '../../../test/support/harness.ts';

function write(dir: string, file: string, text: string, day: string): void {
  writeFileSync(join(dir, file), text);
  const t = new Date(`${day}T12:00:00Z`);
  utimesSync(join(dir, file), t, t);
}

const wb = (v2021: number): string => `indicator_id,country_code,year,value\nNY.GDP.MKTP.CD,VNM,2020,100\nNY.GDP.MKTP.CD,VNM,2021,${v2021}\nNY.GDP.MKTP.CD,VNM,2022,120\n`;
const GDP = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2022 } as const;
const series = (r: { ok: boolean }): Series => {
  if (!('series' in r)) throw new Error(`expected a series, got ${JSON.stringify(r)}`);
  return (r as { series: Series }).series;
};

describe('vintages kept on this machine (main + sandbox)', () => {
  const main = useMain();

  it('keeps each distinct answer of a saved series and answers as-of offline, old values for the earlier date, new for the later', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vintages-data-'));
    write(dir, 'countries.csv', 'iso2,iso3,name\nVN,VNM,Viet Nam\n', '2026-01-05');
    write(dir, 'wb_wdi_values.csv', wb(110), '2026-01-05');
    let now = Date.parse('2026-03-31T10:00:00Z');
    let sent = 0;
    let offline = false;
    const real = axiosTransport();
    const transport: Transport = {
      send: (request) => {
        sent += 1;
        if (offline) return Promise.reject(new Error('the network is off in this test'));
        return real.send(request);
      },
    };
    const { services, folders } = await main.make({ dataDir: dir, clientOptions: { maxRetries: 0, transport, clock: { now: () => now } } });
    const h = services.handlers;

    // Fetched but not saved: nothing kept.
    const first = series((await h['series.fetch']({ queries: [GDP] }))[0]!);
    expect(first.values[0]).toEqual([100, 110, 120]);
    expect((await h['vintages.releases']({ queries: [GDP] })).series[0]!.releases).toEqual([]);

    // Saved: the answer the chart shows is its first release (no request: it was just fetched).
    const before = sent;
    await h['exports.writeLocal']({ queries: [GDP], series: [first], format: 'csv', name: 'GDP VN', destination: 'library' });
    expect(sent).toBe(before);
    expect((await h['vintages.releases']({ queries: [GDP] })).series[0]!.releases).toEqual([
      { retrieved_at: '2026-03-31T10:00:00.000Z', confirmed_at: '2026-03-31T10:00:00.000Z', last_updated: '2026-01-05', changed: 0 },
    ]);

    // The World Bank revises 2021; the sandbox reloads its folder; two days later the chart fetches again.
    write(dir, 'wb_wdi_values.csv', wb(111.5), '2026-04-01');
    const sandbox = await services.session.embeddedSandbox();
    expect((await fetch(`${sandbox.url}/_sandbox/reload`, { method: 'POST' })).ok).toBe(true);
    now = Date.parse('2026-04-02T09:00:00Z');
    expect(series((await h['series.fetch']({ queries: [GDP] }))[0]!).values[0]).toEqual([100, 111.5, 120]);
    // The same answer an hour later only confirms the release.
    now = Date.parse('2026-04-02T11:00:00Z');
    await h['series.fetch']({ queries: [GDP], cache: 'reload' });
    const kept = (await h['vintages.releases']({ queries: [GDP] })).series[0]!.releases;
    expect(kept).toEqual([
      { retrieved_at: '2026-03-31T10:00:00.000Z', confirmed_at: '2026-03-31T10:00:00.000Z', last_updated: '2026-01-05', changed: 0 },
      { retrieved_at: '2026-04-02T09:00:00.000Z', confirmed_at: '2026-04-02T11:00:00.000Z', last_updated: '2026-04-01', changed: 1 },
    ]);

    // The network off: the sandbox stopped and the transport refusing. As-of reads the kept files only.
    await sandbox.close();
    offline = true;
    sent = 0;
    const march = await h['vintages.asOf']({ queries: [GDP], date: '2026-03-31' });
    expect(series(march[0]!).values[0]).toEqual([100, 110, 120]);
    expect(series(march[0]!).provenance.retrieved_at).toBe('2026-03-31T10:00:00.000Z');
    expect(series((await h['vintages.asOf']({ queries: [GDP], date: '2026-04-01' }))[0]!).values[0]).toEqual([100, 110, 120]);
    expect(series((await h['vintages.asOf']({ queries: [GDP], date: '2026-04-02' }))[0]!).values[0]).toEqual([100, 111.5, 120]);
    // Before the first kept release: refused, naming the earliest kept date.
    expect(await h['vintages.asOf']({ queries: [GDP], date: '2026-03-30' })).toEqual([{
      ok: false,
      error: {
        name: 'SheetsError', code: 'before_vintages',
        message: 'sandbox|indicator:WB:NY.GDP.MKTP.CD:VN:2020-2022 is kept on this machine from 2026-03-31 on (its first kept release); 2026-03-30 is earlier. Choose 2026-03-31 or later.',
      },
    }]);
    const history = await h['vintages.history']({ query: GDP });
    expect(history.releases.map((r) => [r.release.retrieved_at, r.series.values[0]])).toEqual([
      ['2026-03-31T10:00:00.000Z', [100, 110, 120]],
      ['2026-04-02T09:00:00.000Z', [100, 111.5, 120]],
    ]);
    expect(sent).toBe(0);
    // One file per series, beside the library in the home folder.
    expect((await filesUnder(join(folders.home, 'vintages'))).filter((f) => f.endsWith('.json'))).toEqual([
      expect.stringMatching(/^sandbox-[0-9a-f]{8}\/sandbox-indicator-WB-NY.GDP.MKTP.CD-VN-2020-2022-[0-9a-f]{16}\.json$/) as string,
    ]);
  });
});
