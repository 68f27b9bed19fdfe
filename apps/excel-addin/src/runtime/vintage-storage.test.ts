/**
 * The taskpane's vintages over IndexedDB (fake-indexeddb, the same API the browser has): the
 * storage @econdata/sheets' VintageStore asks for (records, their sizes, set aside), one profile
 * never seeing another's, kept across a reopened taskpane; the store's bound over it; and the
 * taskpane's keeper (every answer fetched kept, an as-of answer with its note and no request).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { Series, SeriesQuery, SeriesResult } from '@econdata/core';
import { VintageStore, watchKey } from '@econdata/sheets';
import type { EconDataApi } from '@econdata/ui';
import { IndexedDbVintageStorage } from './vintage-storage.ts';
import { KeptVintages, asOfNote, keepingVintages, vintageProfile } from '../taskpane/vintages.ts';

const gdp: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2019, end_year: 2021 };
const pop: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN', start_year: 2019, end_year: 2021 };

/** GDP for 2019-2021 as retrieved at `at`. */
function answer(at: string, values: Array<number | null>, query: SeriesQuery = gdp): Series {
  return {
    id: `indicator:WB:${(query as { indicator: string }).indicator}:VN`, kind: 'indicator', title: 'GDP (current US$): Vietnam', frequency: 'annual',
    dimensions: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' },
    columns: [{ key: 'value', label: 'GDP (current US$)', unit: 'current US$' }],
    periods: values.map((_v, i) => String(2019 + i)), values: [values],
    provenance: { source: 'World Bank', last_updated: '2026-01-05', retrieved_at: at, endpoint: '/indicators', query },
  };
}

describe('IndexedDbVintageStorage', () => {
  it('writes, reads and lists records with their sizes in bytes, per profile, across a reopen', async () => {
    const indexedDB = new IDBFactory();
    const work = new IndexedDbVintageStorage({ profile: 'sandbox', indexedDB });
    const other = new IndexedDbVintageStorage({ profile: 'api.example.com', indexedDB });
    expect(await work.read('a')).toBeNull();
    await work.write('a', 'Chỉ số giá');
    await work.write('b', 'x'.repeat(10));
    await work.write('a', 'Chỉ số giá tiêu dùng');
    await other.write('a', 'another profile');
    expect(await work.read('a')).toBe('Chỉ số giá tiêu dùng');
    // UTF-8 bytes, not characters: the store's bound counts bytes.
    expect((await work.list()).sort((x, y) => x.id.localeCompare(y.id))).toEqual([{ id: 'a', bytes: 27 }, { id: 'b', bytes: 10 }]);
    expect(await other.list()).toEqual([{ id: 'a', bytes: 15 }]);
    await work.close();
    // A reopened taskpane finds them.
    const again = new IndexedDbVintageStorage({ profile: 'sandbox', indexedDB });
    expect(await again.read('a')).toBe('Chỉ số giá tiêu dùng');
    expect(await again.read('b')).toBe('x'.repeat(10));
  });

  it('sets a record aside where a person can find it, out of the list, numbering each one', async () => {
    const storage = new IndexedDbVintageStorage({ profile: 'sandbox', indexedDB: new IDBFactory() });
    await storage.write('a', 'not json');
    const as = await storage.setAside('a');
    expect(as).toBe('a.damaged-1 (in the add-in\'s IndexedDB "econdata-vintages", store "damaged")');
    expect(await storage.read('a')).toBeNull();
    expect(await storage.list()).toEqual([]);
    expect(await storage.damaged(as)).toBe('not json');
    await storage.write('a', 'broken again');
    expect(await storage.setAside('a')).toMatch(/^a\.damaged-2 /);
  });
});

describe('VintageStore over IndexedDB', () => {
  it('keeps distinct answers, answers as of a date, refuses a date before the first release', async () => {
    const store = new VintageStore({ storage: new IndexedDbVintageStorage({ profile: 'sandbox', indexedDB: new IDBFactory() }) });
    const key = watchKey('sandbox', gdp);
    expect((await store.record(key, answer('2026-03-14T09:00:00.000Z', [334, 346, 366]))).kind).toBe('new');
    expect((await store.record(key, answer('2026-04-02T09:00:00.000Z', [334, 346, 366]))).kind).toBe('confirmed');
    expect((await store.record(key, answer('2026-11-28T10:00:00.000Z', [334, 346, 367]))).kind).toBe('new');
    expect((await store.asOf(key, '2026-03-31')).series.values).toEqual([[334, 346, 366]]);
    expect((await store.asOf(key, '2026-11-28')).series.values).toEqual([[334, 346, 367]]);
    await expect(store.asOf(key, '2026-03-01')).rejects.toMatchObject({ code: 'before_vintages' });
  });

  it('stays within its bound: the oldest release of the largest series goes first', async () => {
    const storage = new IndexedDbVintageStorage({ profile: 'sandbox', indexedDB: new IDBFactory() });
    const big = Array.from({ length: 300 }, (_v, i) => 1000 + i);
    const first = new VintageStore({ storage });
    await first.record(watchKey('sandbox', gdp), answer('2026-01-01T00:00:00.000Z', big));
    const one = (await storage.list())[0]!.bytes;
    // Room for two whole releases (their values are longer than the first's): a third, all of it changed, goes over.
    const store = new VintageStore({ storage, maxBytes: Math.round(one * 2.6) });
    await store.record(watchKey('sandbox', gdp), answer('2026-02-01T00:00:00.000Z', big.map((v) => v + 0.5)));
    const outcome = await store.record(watchKey('sandbox', gdp), answer('2026-03-01T00:00:00.000Z', big.map((v) => v + 0.25)));
    expect(outcome.dropped).toEqual([{ key: watchKey('sandbox', gdp), retrieved_at: '2026-01-01T00:00:00.000Z' }]);
    expect((await store.releases(watchKey('sandbox', gdp))).map((r) => r.retrieved_at)).toEqual(['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z']);
    expect((await storage.list()).reduce((n, r) => n + r.bytes, 0)).toBeLessThanOrEqual(store.maxBytes);
  });

  it('a damaged record is set aside in IndexedDB and named; the series keeps vintages again', async () => {
    const storage = new IndexedDbVintageStorage({ profile: 'sandbox', indexedDB: new IDBFactory() });
    const store = new VintageStore({ storage });
    const key = watchKey('sandbox', gdp);
    await store.record(key, answer('2026-03-14T09:00:00.000Z', [1, 2, 3]));
    const id = (await storage.list())[0]!.id;
    await storage.write(id, '{"format":"econdata-vintages"');
    const refused = await store.asOf(key, '2026-03-31').then(() => ({ code: 'none', message: 'answered' }), (e: unknown) => e as Error & { code: string });
    expect(refused.code).toBe('damaged_vintages');
    expect(refused.message).toContain(`set aside as ${id}.damaged-1 (in the add-in's IndexedDB "econdata-vintages", store "damaged")`);
    expect(await storage.damaged(`${id}.damaged-1`)).toBe('{"format":"econdata-vintages"');
    expect((await store.record(key, answer('2026-04-01T09:00:00.000Z', [1, 2, 3]))).kind).toBe('new');
  });
});

describe('the taskpane keeps what its blocks fetch', () => {
  it('keeps every answer fetched through the data port, and answers as of a date from them alone, with the note', async () => {
    const indexedDB = new IDBFactory();
    let profile = 'sandbox';
    const kept = new KeptVintages(() => profile, (p) => new VintageStore({ storage: new IndexedDbVintageStorage({ profile: p, indexedDB }) }));
    const answers: SeriesResult[][] = [
      [{ ok: true, series: answer('2026-03-14T09:00:00.000Z', [334, 346, 366]) }, { ok: false, error: new Error('refused') as never }],
      [{ ok: true, series: answer('2026-11-28T10:00:00.000Z', [334, 346, 367]) }, { ok: true, series: answer('2026-11-28T10:00:00.000Z', [96, 97, 98], pop) }],
    ];
    let calls = 0;
    const api = { fetchSeries: (qs: readonly SeriesQuery[]) => Promise.resolve(answers[calls++]!.slice(0, qs.length)), quotaStatus: () => undefined } as unknown as EconDataApi;
    const port = keepingVintages(api, kept);
    await port.fetchSeries([gdp, pop]);
    await port.fetchSeries([gdp, pop]);
    expect(calls).toBe(2);
    expect((await kept.releases(gdp)).map((r) => r.retrieved_at)).toEqual(['2026-03-14T09:00:00.000Z', '2026-11-28T10:00:00.000Z']);
    expect((await kept.releases(pop)).map((r) => r.retrieved_at)).toEqual(['2026-11-28T10:00:00.000Z']);

    const [asOf, none] = await kept.asOfFetch('2026-03-31')([gdp, pop], {});
    expect(calls).toBe(2);
    expect(asOf).toMatchObject({ ok: true, series: { values: [[334, 346, 366]] } });
    expect((asOf as { series: Series }).series.provenance.warnings).toEqual([asOfNote('2026-03-31', '2026-03-14T09:00:00.000Z')]);
    expect(asOfNote('2026-03-31', '2026-03-14T09:00:00.000Z')).toBe('As of 2026-03-31, kept on this computer: the answer retrieved 2026-03-14 (the service keeps no vintages; Refresh brings today\'s data back).');
    // Population was first kept in November: on 31 March there is nothing for it.
    expect(none).toMatchObject({ ok: false, error: { code: 'before_vintages' } });

    // Another profile (another service) sees none of them.
    profile = 'api.example.com';
    expect(await kept.releases(gdp)).toEqual([]);
  });

  it('names the profile by the sandbox or the service host, never the port', () => {
    expect(vintageProfile('http://127.0.0.1:45915', 'sandbox')).toBe('sandbox');
    expect(vintageProfile('https://api.example.com/', 'real')).toBe('api.example.com');
  });
});
