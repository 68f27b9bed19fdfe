import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Series, SeriesQuery } from '@econdata/core';
import { FileVintageStorage } from '../node/index.ts';
import { watchKey } from '../watch/watch.ts';
import { MemoryVintageStorage, VINTAGE_MAX_BYTES, VintageStore } from '../index.ts';
import { vintageId } from './vintages.ts';

const gdpQ: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' };
const key = watchKey('Work', gdpQ);

/** An annual series retrieved at `at` with the given values from 2000 on. */
function answer(at: string, values: Array<number | null>, lastUpdated = '2026-01-05', id = 'indicator:WB:NY.GDP.MKTP.CD:VN'): Series {
  return {
    id, kind: 'indicator', title: 'GDP (current US$): Viet Nam', frequency: 'annual',
    dimensions: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' },
    columns: [{ key: 'value', label: 'GDP (current US$)', unit: 'current US$' }],
    periods: values.map((_v, i) => String(2000 + i)), values: [values],
    provenance: { source: 'World Bank', last_updated: lastUpdated, retrieved_at: at, endpoint: '/indicators', query: gdpQ },
  };
}

describe('VintageStore: distinct answers', () => {
  it('keeps each distinct answer once; an equal answer only moves confirmed_at', async () => {
    const store = new VintageStore({ storage: new MemoryVintageStorage() });
    expect((await store.record(key, answer('2026-03-01T10:00:00Z', [1, 2, 3]))).kind).toBe('new');
    expect((await store.record(key, answer('2026-03-05T10:00:00Z', [1, 2, 3], '2026-03-04')))).toMatchObject({ kind: 'confirmed', releases: 1 });
    expect((await store.record(key, answer('2026-04-01T10:00:00Z', [1, 2.5, 3, 4])))).toMatchObject({ kind: 'new', releases: 2 });
    expect(await store.releases(key)).toEqual([
      { retrieved_at: '2026-03-01T10:00:00Z', confirmed_at: '2026-03-05T10:00:00Z', last_updated: '2026-01-05', changed: 0 },
      { retrieved_at: '2026-04-01T10:00:00Z', confirmed_at: '2026-04-01T10:00:00Z', last_updated: '2026-01-05', changed: 2 },
    ]);
  });

  it('an answer retrieved before the newest kept one, or a stale cache answer, is not kept', async () => {
    const store = new VintageStore({ storage: new MemoryVintageStorage() });
    await store.record(key, answer('2026-03-05T10:00:00Z', [1, 2]));
    expect((await store.record(key, answer('2026-03-01T10:00:00Z', [9, 9]))).kind).toBe('older');
    const stale = answer('2026-03-06T10:00:00Z', [7, 7]);
    stale.provenance.stale = true;
    expect((await store.record(key, stale)).kind).toBe('stale');
    expect(await store.releases(key)).toHaveLength(1);
  });

  it('stores a later release as its changes only, and gives every release back exactly', async () => {
    const storage = new MemoryVintageStorage();
    const store = new VintageStore({ storage });
    const long = Array.from({ length: 200 }, (_v, i) => 1000 + i * 0.5);
    await store.record(key, answer('2026-03-01T00:00:00Z', long));
    const size1 = (await storage.list())[0]!.bytes;
    const revised: Array<number | null> = [...long.slice(0, 199), 2000, 2001.25];
    revised[10] = null;
    await store.record(key, answer('2026-04-01T00:00:00Z', revised));
    const size2 = (await storage.list())[0]!.bytes;
    expect(size2 - size1).toBeLessThan(400); // three cells and the times, not another 200 values
    const history = await store.history(key);
    expect(history.map((h) => h.series.values[0])).toEqual([long, revised]);
    expect(history.map((h) => h.series.periods.length)).toEqual([200, 201]);
    expect(history[1]!.series.provenance.retrieved_at).toBe('2026-04-01T00:00:00Z');
    expect(history[1]!.release.changed).toBe(3);
  });
});

describe('VintageStore: asOf', () => {
  const store = new VintageStore({ storage: new MemoryVintageStorage() });
  const ready = (async () => {
    await store.record(key, answer('2026-03-01T10:00:00Z', [1, 2]));
    await store.record(key, answer('2026-03-31T23:30:00Z', [1, 2.2]));
    await store.record(key, answer('2026-04-02T08:00:00Z', [1, 2.4]));
  })();

  it('a date gives the newest release retrieved on or before its end (UTC)', async () => {
    await ready;
    expect((await store.asOf(key, '2026-03-01')).series.values).toEqual([[1, 2]]);
    expect((await store.asOf(key, '2026-03-30')).series.values).toEqual([[1, 2]]);
    expect((await store.asOf(key, '2026-03-31')).series.values).toEqual([[1, 2.2]]);
    expect((await store.asOf(key, '2026-04-01')).release.retrieved_at).toBe('2026-03-31T23:30:00Z');
    expect((await store.asOf(key, '2027-01-01')).series.values).toEqual([[1, 2.4]]);
    expect((await store.asOf(key, '2026-03-31T23:00:00Z')).series.values).toEqual([[1, 2]]);
  });

  it('a date before the first kept release is refused naming the earliest kept date', async () => {
    await ready;
    await expect(store.asOf(key, '2026-02-28')).rejects.toMatchObject({
      code: 'before_vintages',
      message: `${key} is kept on this machine from 2026-03-01 on (its first kept release); 2026-02-28 is earlier. Choose 2026-03-01 or later.`,
    });
  });

  it('a series never kept, and a date that is not one, are refused', async () => {
    await expect(store.asOf(watchKey('Work', { ...gdpQ, country: 'TH' }), '2026-03-01')).rejects.toMatchObject({ code: 'no_vintages' });
    await expect(store.asOf(key, '31/03/2026')).rejects.toMatchObject({ code: 'invalid_period', message: '"31/03/2026" is not a date: give one as YYYY-MM-DD (or an ISO 8601 time).' });
  });
});

describe('VintageStore: the bound', () => {
  it('defaults to 50 MB', () => {
    expect(new VintageStore({ storage: new MemoryVintageStorage() }).maxBytes).toBe(VINTAGE_MAX_BYTES);
    expect(VINTAGE_MAX_BYTES).toBe(52_428_800);
  });

  it('drops the oldest releases of the largest series first, never a newest release', async () => {
    const storage = new MemoryVintageStorage();
    const big = watchKey('Work', { ...gdpQ, country: 'VN' });
    const small = watchKey('Work', { ...gdpQ, country: 'TH' });
    // Measure: a store without a bound, to set one that forces exactly some drops.
    const open = new VintageStore({ storage });
    const wide = (n: number, shift: number) => Array.from({ length: 300 }, (_v, i) => i * 1.5 + n * shift);
    // Each release of `big` revises every value (large deltas); `small` gets two small releases.
    for (let n = 0; n < 4; n++) await open.record(big, answer(`2026-0${n + 1}-01T00:00:00Z`, wide(n, 1000)));
    await open.record(small, answer('2026-01-01T00:00:00Z', [1, 2]));
    await open.record(small, answer('2026-02-01T00:00:00Z', [1, 3]));
    const sizes = new Map((await storage.list()).map((r) => [r.id, r.bytes]));
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    // Room for all but about two of big's old releases.
    const bounded = new VintageStore({ storage, maxBytes: total - Math.floor(sizes.get(vintageId(big))! / 3) });
    const outcome = await bounded.record(small, answer('2026-03-01T00:00:00Z', [1, 4]));
    expect(outcome.kind).toBe('new');
    expect(outcome.dropped.every((d) => d.key === big)).toBe(true);
    expect(outcome.dropped.map((d) => d.retrieved_at)).toEqual(['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'].slice(0, outcome.dropped.length));
    expect(outcome.dropped.length).toBeGreaterThan(0);
    const after = (await storage.list()).reduce((a, r) => a + r.bytes, 0);
    expect(after).toBeLessThanOrEqual(bounded.maxBytes);
    // What is left of big still reads exactly; its newest is there; small kept all three.
    const kept = await bounded.history(big);
    expect(kept.at(-1)!.series.values[0]).toEqual(wide(3, 1000));
    expect(kept[0]!.series.values[0]).toEqual(wide(4 - kept.length, 1000));
    expect(await bounded.releases(small)).toHaveLength(3);
  });

  it('a store of single releases stays over a tiny bound rather than drop a newest release', async () => {
    const store = new VintageStore({ storage: new MemoryVintageStorage(), maxBytes: 10 });
    await store.record(key, answer('2026-01-01T00:00:00Z', [1]));
    const outcome = await store.record(watchKey('Work', { ...gdpQ, country: 'TH' }), answer('2026-01-01T00:00:00Z', [2]));
    expect(outcome).toMatchObject({ kind: 'new', releases: 1, dropped: [] });
    const two = await store.record(key, answer('2026-02-01T00:00:00Z', [5]));
    expect(two.dropped).toEqual([{ key, retrieved_at: '2026-01-01T00:00:00Z' }]);
    expect((await store.asOf(key, '2026-02-01')).series.values).toEqual([[5]]);
    await expect(store.asOf(key, '2026-01-15')).rejects.toMatchObject({ code: 'before_vintages' });
  });
});

describe('FileVintageStorage', () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
  });
  const folder = async () => {
    const f = await mkdtemp(join(tmpdir(), 'vintages-'));
    folders.push(f);
    return join(f, 'Work');
  };

  it('keeps releases across store instances (one file per series)', async () => {
    const dir = await folder();
    await new VintageStore({ storage: new FileVintageStorage(dir) }).record(key, answer('2026-03-01T00:00:00Z', [1, 2]));
    await new VintageStore({ storage: new FileVintageStorage(dir) }).record(key, answer('2026-04-01T00:00:00Z', [1, 3]));
    expect(await readdir(dir)).toEqual([`${vintageId(key)}.json`]);
    const store = new VintageStore({ storage: new FileVintageStorage(dir) });
    expect((await store.asOf(key, '2026-03-15')).series.values).toEqual([[1, 2]]);
    expect(JSON.parse(await readFile(join(dir, `${vintageId(key)}.json`), 'utf8'))).toMatchObject({ format: 'econdata-vintages', version: 1, key });
  });

  it('a damaged file is reported and set aside; the other series are untouched', async () => {
    const dir = await folder();
    const other = watchKey('Work', { ...gdpQ, country: 'TH' });
    const store = new VintageStore({ storage: new FileVintageStorage(dir) });
    await store.record(key, answer('2026-03-01T00:00:00Z', [1, 2]));
    await store.record(other, answer('2026-03-01T00:00:00Z', [7, 8]));
    await writeFile(join(dir, `${vintageId(key)}.json`), '{"format":"econdata-vint', 'utf8');
    const error = await store.asOf(key, '2026-03-02').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'damaged_vintages' });
    expect((error as Error).message).toMatch(new RegExp(`^The kept vintages of ${key.replace(/[|.]/g, '\\$&')} could not be read \\(.+\\); the record was set aside as .+\\.json\\.damaged-\\d+T\\d+Z and this series keeps vintages again from its next answer\\. Other series are not affected\\.$`));
    const names = await readdir(dir);
    expect(names.filter((n) => n.includes('.damaged-'))).toHaveLength(1);
    expect((await store.asOf(other, '2026-03-02')).series.values).toEqual([[7, 8]]);
    // The series keeps vintages again from its next answer.
    expect((await store.record(key, answer('2026-03-03T00:00:00Z', [1, 2.5]))).kind).toBe('new');
    expect((await store.asOf(key, '2026-03-03')).series.values).toEqual([[1, 2.5]]);
  });

  it('a record whose changes do not apply is damaged too (and recording over it reports it)', async () => {
    const dir = await folder();
    const store = new VintageStore({ storage: new FileVintageStorage(dir) });
    await store.record(key, answer('2026-03-01T00:00:00Z', [1, 2]));
    await store.record(key, answer('2026-03-02T00:00:00Z', [1, 3]));
    const file = join(dir, `${vintageId(key)}.json`);
    const record = JSON.parse(await readFile(file, 'utf8')) as { releases: Array<{ cells?: unknown[] }> };
    record.releases[1]!.cells = [[5, '2001', 1]];
    await writeFile(file, JSON.stringify(record), 'utf8');
    const outcome = await store.record(key, answer('2026-03-04T00:00:00Z', [1, 4]));
    expect(outcome).toMatchObject({ kind: 'new', releases: 1, problem: { error: { code: 'damaged_vintages' } } });
  });
});
