/**
 * The watchlist file: a damaged file never crashes the explorer and is never lost (kept as a backup,
 * with a sentence saying so and what to do), entries that cannot be read are left out one by one,
 * an unreadable file is a clear error and is not written over, and `has` answers by profile, query
 * and transform.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchKey } from '@econdata/sheets';
import type { SeriesQuery } from '@econdata/core';
import { WatchlistStore } from './watchlist.ts';

const GDP: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' };
const POP: SeriesQuery = { ...GDP, indicator: 'SP.POP.TOTL' };
const entry = (profile: string, query: SeriesQuery, transform?: string) => ({
  key: watchKey(profile, query, transform), query, ...(transform ? { transform } : {}), title: 'GDP: Viet Nam',
  pinnedAt: '2026-11-01T09:00:00.000Z', lastUpdated: '2026-07-01', lookedAt: '2026-11-01T09:00:00.000Z',
});
/** What JSON.parse says of a text (the sentence quotes it). */
function notJson(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('it parsed');
}
const clock = () => new Date('2026-11-28T10:00:00.000Z');

let home: string;
beforeEach(async () => { home = await mkdtemp(join(tmpdir(), 'watchlist-')); });
afterEach(async () => { await rm(home, { recursive: true, force: true }); });

describe('WatchlistStore', () => {
  it('keeps what it saves, and says whether a query with its transform is watched for a profile', async () => {
    const store = new WatchlistStore(home, clock);
    await store.update((file) => { file.profiles['Work'] = [entry('Work', GDP, 'Units=pc1')]; });
    const again = new WatchlistStore(home, clock);
    expect(await again.entries('Work')).toEqual([entry('Work', GDP, 'Units=pc1')]);
    expect(await again.has('Work', GDP, 'Units=pc1')).toBe(true);
    expect(await again.has('Work', GDP)).toBe(false);
    expect(await again.has('Sandbox', GDP, 'Units=pc1')).toBe(false);
    expect(await again.has('Work', POP, 'Units=pc1')).toBe(false);
    expect(again.problem).toBeUndefined();
  });

  it('a file that is not JSON: an empty watchlist, the file kept as a backup, a sentence saying so; the next change starts a new file', async () => {
    await writeFile(join(home, 'watchlist.json'), '{"version":1,"profiles":{"Work":[');
    const store = new WatchlistStore(home, clock);
    expect(await store.entries('Work')).toEqual([]);
    const backup = join(home, 'watchlist.damaged-2026-11-28T10-00-00-000Z.json');
    expect(store.problem).toBe(`The watchlist file could not be read (it is not JSON: ${notJson('{"version":1,"profiles":{"Work":[')}); it is kept as ${backup} and the watchlist starts empty. Pin your series again, or repair that file and put it back as ${join(home, 'watchlist.json')} before restarting the explorer.`);
    expect(await readFile(backup, 'utf8')).toBe('{"version":1,"profiles":{"Work":[');
    await store.update((file) => { file.profiles['Work'] = [entry('Work', POP)]; });
    expect(store.problem).toBeUndefined();
    expect(JSON.parse(await readFile(join(home, 'watchlist.json'), 'utf8'))).toMatchObject({ version: 1, profiles: { Work: [{ key: watchKey('Work', POP) }] } });
    expect((await readdir(home)).sort()).toEqual(['watchlist.damaged-2026-11-28T10-00-00-000Z.json', 'watchlist.json']);
  });

  it('entries that cannot be read are left out one by one (a key that is not its query\'s, no query), the rest kept, the file backed up', async () => {
    const good = entry('Work', GDP);
    const moved = { ...entry('Work', POP), key: watchKey('Work', GDP, 'Units=pc1') };
    await writeFile(join(home, 'watchlist.json'), JSON.stringify({ version: 1, profiles: { Work: [good, moved, { title: 'no query' }] }, checks: {} }));
    const store = new WatchlistStore(home, clock);
    expect(await store.entries('Work')).toEqual([good]);
    expect(store.problem).toBe(`2 entries of the watchlist file could not be read and were left out; the file as it was is kept as ${join(home, 'watchlist.damaged-2026-11-28T10-00-00-000Z.json')}. Pin those series again.`);
  });

  it('a file of another shape: empty, backed up, no crash', async () => {
    await writeFile(join(home, 'watchlist.json'), '[1, 2, 3]');
    const store = new WatchlistStore(home, clock);
    expect(await store.entries('Work')).toEqual([]);
    expect(store.problem).toMatch(/^The watchlist file could not be read \(it is not a watchlist of this explorer \(version 1 with profiles\)\); it is kept as /);
  });

  it('a file that cannot be read at all: a storage error saying what to do, and nothing is written over it', async () => {
    await mkdir(join(home, 'watchlist.json'));
    const store = new WatchlistStore(home, clock);
    await expect(store.entries('Work')).rejects.toMatchObject({
      code: 'storage', message: `The watchlist file ${join(home, 'watchlist.json')} could not be read (EISDIR); the watchlist is empty for now and nothing was changed. Check the file's permissions, then restart the explorer.`,
    });
    await expect(store.update((file) => { file.profiles['Work'] = [entry('Work', GDP)]; })).rejects.toMatchObject({ code: 'storage' });
    expect(await readdir(join(home, 'watchlist.json'))).toEqual([]);
  });

  it('a damaged kept series reads as none (the diff shows it as new), never as an error', async () => {
    const store = new WatchlistStore(home, clock);
    expect(await store.snapshot(watchKey('Work', GDP), 'seen')).toBeUndefined();
    await mkdir(join(home, 'watch'));
    const [name] = await (async () => {
      await store.saveSnapshot(watchKey('Work', GDP), 'seen', { id: 'x' } as never);
      return readdir(join(home, 'watch'));
    })();
    await writeFile(join(home, 'watch', name!), 'not json');
    expect(await store.snapshot(watchKey('Work', GDP), 'seen')).toBeUndefined();
  });
});
