/**
 * The explorer's new-data watch through main's real services, against the embedded sandbox over
 * real HTTP on a data folder of its own (a temp copy: the shared data is never touched). Two World
 * Bank series and one IMF series are pinned from the chart; the World Bank file is revised and the
 * folder reloaded. A check sends exactly the catalogue's request and one batch for the two WB
 * series (the sandbox's own counters), the IMF series is not asked for, and the diff names the
 * revised value; with nothing new a check sends the catalogue's request alone. Marking as seen
 * moves the last look.
 */
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Series, SeriesQuery } from '@econdata/core';
import { watchKey } from '@econdata/sheets';
import { useMain } from '../../../test/support/harness.ts';

function write(dir: string, file: string, text: string, day: string): void {
  writeFileSync(join(dir, file), text);
  const t = new Date(`${day}T12:00:00Z`);
  utimesSync(join(dir, file), t, t);
}
const wb = (v2021: number): string => `indicator_id,country_code,year,value\nNY.GDP.MKTP.CD,VNM,2020,100\nNY.GDP.MKTP.CD,VNM,2021,${v2021}\nSP.POP.TOTL,VNM,2020,97\nSP.POP.TOTL,VNM,2021,98\n`;

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'desktop-watch-data-'));
  write(dir, 'countries.csv', 'iso2,iso3,name\nVN,VNM,Viet Nam\n', '2026-01-05');
  write(dir, 'wb_wdi_values.csv', wb(110), '2026-01-05');
  write(dir, 'imf_weo_values.csv', 'indicator_id,country_code,year,value\nNGDP_RPCH,VNM,2021,2.6\n', '2026-01-05');
  return dir;
}

const QUERIES: SeriesQuery[] = [
  { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' },
  { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN' },
  { kind: 'indicator', source: 'IMF', indicator: 'NGDP_RPCH', country: 'VN' },
];

describe('the new-data watch in main', () => {
  const main = useMain();

  it('pins from the chart, asks the catalogue once and refreshes only the changed source\'s series, names the revised value, and marks it seen', async () => {
    const dir = dataFolder();
    const { services, embedded, events, folders } = await main.make({ dataDir: dir, watch: { firstAfterMs: null, everyMs: null } });
    const { handlers } = services;
    const shown = (await handlers['series.fetch']({ queries: QUERIES })).map((r) => (r as { series: Series }).series);
    const pinned = await handlers['watch.pin']({ from: 'shown', queries: QUERIES, series: shown });
    expect(pinned.profile).toBe('sandbox');
    expect(pinned.entries.map((e) => [e.key, e.lastUpdated, e.news])).toEqual(QUERIES.map((q) => [watchKey('sandbox', q), '2026-01-05', undefined]));
    // The file beside preferences.json holds them, keyed by profile and query (no address).
    const file = await readFile(join(folders.home, 'watchlist.json'), 'utf8');
    expect(file).not.toContain('127.0.0.1');
    expect(await services.watch.store.has('sandbox', QUERIES[2]!)).toBe(true);
    const sb = embedded[0]!;

    // Nothing new: the catalogue's one request, past the client's cache; no series fetched.
    sb.reset();
    const quiet = await handlers['watch.check']({});
    expect(sb.stats().received).toBe(1);
    expect(quiet.lastCheck).toMatchObject({ requests: 1, saved: 3, refreshed: 0, changed: 0 });
    expect(quiet.news).toBe(0);

    // The World Bank revises 2021 GDP; the folder is reloaded (the sandbox's admin route).
    write(dir, 'wb_wdi_values.csv', wb(111.5), '2026-02-10');
    expect(((await (await fetch(`${sb.url}/_sandbox/reload`, { method: 'POST' })).json()) as { last_updated: Record<string, string> }).last_updated).toMatchObject({ WB: '2026-02-10', IMF: '2026-01-05' });
    sb.reset();
    events.length = 0;
    const found = await handlers['watch.check']({});
    // The catalogue, then one batch for the two WB series: the IMF series is not asked for.
    expect(sb.stats().received).toBe(2);
    expect(found.lastCheck).toMatchObject({ requests: 2, saved: 1, refreshed: 2, changed: 1 });
    expect(found.news).toBe(1);
    expect(found.entries.map((e) => [e.lastUpdated, e.news?.lastUpdated])).toEqual([['2026-01-05', '2026-02-10'], ['2026-02-10', undefined], ['2026-01-05', undefined]]);
    expect(events.filter((e) => e.type === 'watch').map((e) => e.type === 'watch' && e.found)).toEqual([1]);
    const changes = await handlers['watch.changes']({});
    expect(changes.changed).toEqual([{
      id: 'indicator:WB:NY.GDP.MKTP.CD:VN', title: shown[0]!.title, added: [], removed: [],
      revised: [{ period: '2021', column: 'value', old: 110, new: 111.5, change: 1.5 }],
    }]);
    expect(changes.entries.map((e) => e.key)).toEqual([watchKey('sandbox', QUERIES[0]!)]);
    // The fresh answer went through the vintages' recording: GDP now has two releases kept.
    const kept = await handlers['vintages.releases']({ queries: [QUERIES[0]!] });
    expect(kept.series[0]!.releases).toHaveLength(2);

    // Checked again before it is seen: the catalogue alone, and the same news (not found twice).
    sb.reset();
    events.length = 0;
    expect((await handlers['watch.check']({})).news).toBe(1);
    expect(sb.stats().received).toBe(1);
    expect(events.filter((e) => e.type === 'watch').map((e) => e.type === 'watch' && e.found)).toEqual([0]);

    // Seen: the last look is the new values; nothing to tell, and the next check asks the catalogue alone.
    const seen = await handlers['watch.seen']({});
    expect(seen.news).toBe(0);
    expect(seen.entries.map((e) => e.lastUpdated)).toEqual(['2026-02-10', '2026-02-10', '2026-01-05']);
    expect((await handlers['watch.changes']({})).changed).toEqual([]);
    sb.reset();
    expect((await handlers['watch.check']({})).lastCheck).toMatchObject({ requests: 1, saved: 3, refreshed: 0 });
    expect(sb.stats().received).toBe(1);

    // Unpinned: gone from the list and from `has`.
    const after = await handlers['watch.unpin']({ keys: [watchKey('sandbox', QUERIES[2]!)] });
    expect(after.entries).toHaveLength(2);
    expect(await services.watch.store.has('sandbox', QUERIES[2]!)).toBe(false);
  });

  it('pins a saved export\'s series (read from its file, nothing fetched), with its transform in the key', async () => {
    const { services, embedded } = await main.make({ dataDir: dataFolder(), watch: { firstAfterMs: null, everyMs: null } });
    const saved = await services.dispatch('exports.writeLocal', { queries: [QUERIES[0]!], transform: 'Units=chg', format: 'csv', name: 'GDP change', destination: 'library' });
    if (!saved.ok) throw new Error(JSON.stringify(saved.error));
    const id = (saved.value as { saved: { id: string } }).saved.id;
    const sb = embedded[0]!;
    sb.reset();
    const state = await services.handlers['watch.pin']({ from: 'saved', id });
    expect(sb.stats().received).toBe(0);
    expect(state.entries.map((e) => [e.key, e.transform])).toEqual([[watchKey('sandbox', QUERIES[0]!, 'Units=chg'), 'Units=chg']]);
    // Pinned twice: one entry.
    expect((await services.handlers['watch.pin']({ from: 'saved', id })).entries).toHaveLength(1);
  });

  it('with nothing watched a check sends nothing at all', async () => {
    const { services, embedded } = await main.make({ dataDir: dataFolder(), watch: { firstAfterMs: null, everyMs: null } });
    await services.handlers['session.status']({});
    embedded[0]!.reset();
    expect((await services.handlers['watch.check']({})).lastCheck).toBeNull();
    expect(embedded[0]!.stats().received).toBe(0);
  });
});
