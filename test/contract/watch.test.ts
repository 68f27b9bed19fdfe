/**
 * The new-data watch against the sandbox: after the data folder is changed and reloaded, a check
 * costs the catalogue's one request, refreshes exactly the series whose source changed, and the
 * revision diff names the revised values. Counted by the sandbox's own stats.
 */
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EconDataClient, MemoryCacheStore, type Series, type SeriesQuery } from '@econdata/core';
import { checkWatch, watchKey, type WatchedSeries } from '@econdata/sheets';
import { useSandboxes } from '../support/sandboxes.ts';

const sandbox = useSandboxes({ watch: false });

function write(dir: string, file: string, text: string, day: string): void {
  writeFileSync(join(dir, file), text);
  const t = new Date(`${day}T12:00:00Z`);
  utimesSync(join(dir, file), t, t);
}

const wb = (v2021: number): string => `indicator_id,country_code,year,value\nNY.GDP.MKTP.CD,VNM,2020,100\nNY.GDP.MKTP.CD,VNM,2021,${v2021}\nSP.POP.TOTL,VNM,2021,98\n`;

describe('the new-data watch', () => {
  it('asks the catalogue once past the cache, refreshes only the changed source\'s series, and names the revised value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'watch-data-'));
    write(dir, 'countries.csv', 'iso2,iso3,name\nVN,VNM,Viet Nam\n', '2026-01-05');
    write(dir, 'wb_wdi_values.csv', wb(110), '2026-01-05');
    write(dir, 'imf_weo_values.csv', 'indicator_id,country_code,year,value\nNGDP_RPCH,VNM,2021,2.6\n', '2026-01-05');
    const sb = await sandbox({ dataDir: dir });
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro', cache: new MemoryCacheStore() });
    const queries: SeriesQuery[] = [
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' },
      { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN' },
      { kind: 'indicator', source: 'IMF', indicator: 'NGDP_RPCH', country: 'VN' },
    ];
    // First look: the series as fetched, watched with their last_updated; the catalogue is cached too.
    const first = await client.fetchSeries(queries);
    await client.listSources();
    const seen = new Map<string, Series>();
    let watched: WatchedSeries[] = queries.map((q, i) => {
      const s = (first[i] as { ok: true; series: Series }).series;
      seen.set(watchKey('Work', q), s);
      return { key: watchKey('Work', q), query: q, lastUpdated: s.provenance.last_updated };
    });
    const io = {
      listSources: async () => (await client.listSources({}, { cache: 'reload' })).data,
      fetchSeries: (q: SeriesQuery[]) => client.fetchSeries(q, { cache: 'reload' }),
    };

    // Nothing new: one catalogue request (past the one-hour cache), no series fetched.
    sb.reset();
    const quiet = await checkWatch(io, watched, seen);
    expect(sb.stats().received).toBe(1);
    expect(quiet.refreshed).toEqual([]);
    expect(quiet.skipped).toBe(3);

    // The World Bank revises 2021 GDP and adds nothing else; the folder is reloaded.
    write(dir, 'wb_wdi_values.csv', wb(111.5), '2026-02-10');
    expect((await (await fetch(`${sb.url}/_sandbox/reload`, { method: 'POST' })).json()).last_updated).toMatchObject({ WB: '2026-02-10', IMF: '2026-01-05' });
    sb.reset();
    const check = await checkWatch(io, watched, seen);
    // The catalogue, then one batch for the two WB series: IMF's is not asked for.
    expect(sb.stats().received).toBe(2);
    expect(check.refreshed.map((w) => w.key)).toEqual([watchKey('Work', queries[0]!), watchKey('Work', queries[1]!)]);
    expect(check.skipped).toBe(1);
    expect(check.diff.changed).toEqual([{
      id: 'indicator:WB:NY.GDP.MKTP.CD:VN', title: expect.any(String) as string, added: [], removed: [],
      revised: [{ period: '2021', column: 'value', old: 110, new: 111.5, change: 1.5 }],
    }]);
    expect(check.diff.unchanged).toEqual(['indicator:WB:SP.POP.TOTL:VN']);
    watched = check.watched;
    expect(watched.map((w) => w.lastUpdated)).toEqual(['2026-02-10', '2026-02-10', '2026-01-05']);

    // Seen: the next check fetches nothing again.
    sb.reset();
    expect((await checkWatch(io, watched, check.series)).refreshed).toEqual([]);
    expect(sb.stats().received).toBe(1);
  });
});
