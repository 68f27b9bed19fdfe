/**
 * A cache entry that parses but is not a valid answer (a string, records of the wrong shape, a
 * broken "no data" marker, times that are not numbers): it meets the checks of an answer from the
 * network, and one that fails them is a miss: fetched again, reported through `onCacheError`, and
 * removed. Never a TypeError, never returned as data.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EconDataClient } from './client.ts';
import type { CacheEntry, CacheStore } from '../cache/store.ts';
import { EconError } from '../errors/errors.ts';
import { TransportFailure, type TransportRequest } from '../net/transport.ts';
import { FileCacheStore } from '../node/file-cache.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import type { SeriesQuery } from '../query.ts';

/** A cache store whose entries a test can reach. */
class MapStore implements CacheStore {
  readonly map = new Map<string, unknown>();
  /** The keys of answers (the store also keeps what the client learnt of the service's names). */
  answerKeys(): string[] { return [...this.map.keys()].filter((k) => !k.endsWith(' LEARNED names')); }
  async get(key: string): Promise<CacheEntry | undefined> { return this.map.get(key) as CacheEntry | undefined; }
  async set(key: string, entry: CacheEntry): Promise<void> { this.map.set(key, entry); }
  async delete(key: string): Promise<void> { this.map.delete(key); }
}

const NOW = Date.parse('2026-11-22T08:00:00Z');
const record = (indicator: string, country: string, year: number) => ({ indicator_code: indicator, indicator_name: indicator, country_code: country, country_name: country, year, value: year, unit: null });

function service(req: TransportRequest) {
  const url = new URL(req.url);
  if (url.pathname.endsWith('/batch')) {
    const b = JSON.parse(req.body!) as { indicators: string[]; countries: string[] };
    const data = b.indicators.flatMap((i) => b.countries.map((c) => record(i, c, 2020)));
    return json(200, { ...(envelope(data) as object), items: b.indicators.flatMap((i) => b.countries.map((c) => ({ indicator: i, country: c, status: 200, total_records: 1 }))) });
  }
  if (url.pathname.endsWith('/stocks/vietnam')) return json(200, envelope([{ symbol: 'VNM', date: '2024-03-01', open: 1, high: 1, low: 1, close: 1, volume: 1 }]));
  return json(200, envelope([record(url.searchParams.get('indicator')!, url.searchParams.get('country')!, 2020)]));
}

const BAD_VALUES: Array<[string, unknown]> = [
  ['a string', 'not an answer'],
  ['null', null],
  ['data not a list', { data: 'x', metadata: { source: 'World Bank', last_updated: null, total_records: 1 } }],
  ['records of the wrong shape', { data: [{ year: 'twenty' }], metadata: { source: 'World Bank', last_updated: null, total_records: 1 } }],
  ['no metadata', { data: [] }],
  ['a broken "no data" marker', { not_found: 5 }],
];
const entry = (value: unknown, fresh = true): CacheEntry => ({ value, storedAt: NOW - 1000, expiresAt: fresh ? NOW + 60_000 : NOW - 1 });

const GDP = { source: 'WB', indicator: 'GDP', country: 'VN', start_year: 2020, end_year: 2020 } as const;
const JOB: SeriesQuery[] = [{ kind: 'indicator', ...GDP }, { kind: 'indicator', ...GDP, country: 'TH' }, { kind: 'stock', symbol: 'VNM' }];

function setup(transport = new FakeTransport(service)) {
  const store = new MapStore();
  const reports: unknown[] = [];
  const client = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport, cache: store, clock: { now: () => NOW }, maxRetries: 0, onCacheError: (e) => reports.push(e) });
  return { store, reports, client, transport };
}

describe('a cached entry that is not a valid answer is a miss', () => {
  it.each(BAD_VALUES)('getIndicators: %s is fetched again, reported and replaced', async (_what, value) => {
    const { store, reports, client, transport } = setup();
    await client.getIndicators(GDP);
    const [key] = [...store.map.keys()];
    store.map.set(key!, entry(value));
    const answer = await client.getIndicators(GDP);
    expect(answer.data).toEqual([record('GDP', 'VN', 2020)]);
    expect(transport.requests).toHaveLength(2);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toBeInstanceOf(EconError);
    expect(reports[0]).toMatchObject({ code: 'invalid_response', message: expect.stringMatching(/^A cached answer for GET \/indicators\?.* is not a valid answer \(.+\): it was removed and is fetched again\.$/) as string });
    expect((store.map.get(key!) as CacheEntry).value).toEqual({ data: [record('GDP', 'VN', 2020)], metadata: expect.anything() as unknown });
  });

  it.each(BAD_VALUES)('fetchSeries (batch and single): %s is fetched again, reported and replaced', async (_what, value) => {
    const { store, reports, client, transport } = setup();
    const first = await client.fetchSeries(JOB);
    for (const key of store.answerKeys()) store.map.set(key, entry(value));
    const again = await client.fetchSeries(JOB);
    expect(again).toEqual(first);
    expect(transport.requests).toHaveLength(4);
    expect(reports).toHaveLength(3);
    expect(reports.every((r) => r instanceof EconError && r.code === 'invalid_response')).toBe(true);
  });

  it('an entry whose times are not numbers, or that is no entry at all, is a miss too', async () => {
    const { store, reports, client, transport } = setup();
    await client.fetchSeries(JOB);
    const [a, b, c] = store.answerKeys();
    store.map.set(a!, { value: (store.map.get(a!) as CacheEntry).value, storedAt: 'yesterday', expiresAt: 'never' });
    store.map.set(b!, 'garbage');
    store.map.set(c!, { storedAt: NOW, expiresAt: NOW + 1 });
    expect((await client.fetchSeries(JOB)).every((r) => r.ok)).toBe(true);
    expect(transport.requests).toHaveLength(4);
    expect(reports).toHaveLength(3);
  });

  it('allow-stale never falls back to an invalid expired entry: the error stands, the entry is removed', async () => {
    const { store, reports, client } = setup();
    await client.fetchSeries(JOB);
    await client.getIndicators(GDP);
    for (const key of store.answerKeys()) store.map.set(key, entry({ data: [{ nonsense: true }], metadata: { source: 'x' } }, false));
    const down = client.withOptions({ transport: new FakeTransport(new TransportFailure('connection', 'refused', 'ECONNREFUSED')) });
    const results = await down.fetchSeries(JOB, { cache: 'allow-stale' });
    expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['connection', 'connection', 'connection']);
    await expect(down.getIndicators(GDP, { cache: 'allow-stale' })).rejects.toMatchObject({ code: 'connection' });
    expect(store.answerKeys()).toHaveLength(0);
    expect(reports).toHaveLength(3);
  });
});

describe('FileCacheStore: an entry file that parses but holds no answer (real files)', () => {
  it('is reported, removed and fetched again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'core-cache-entries-'));
    const reports: unknown[] = [];
    const transport = new FakeTransport(service);
    const client = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport, cache: new FileCacheStore(dir), clock: { now: () => NOW }, onCacheError: (e) => reports.push(e) });
    await client.getIndicators(GDP);
    const [file] = await readdir(dir);
    const stored = JSON.parse(await readFile(join(dir, file!), 'utf8')) as { key: string; entry: CacheEntry };
    // Its checksum right (as a buggy writer would leave it), its answer not: the answer checks catch it.
    const bad = JSON.stringify({ ...stored.entry, value: { data: [{ indicator_code: 1 }], metadata: { source: 'x' } } });
    await writeFile(join(dir, file!), `{"key":${JSON.stringify(stored.key)},"sha256":"${createHash('sha256').update(bad).digest('hex')}","entry":${bad}}`);
    expect((await client.getIndicators(GDP)).data).toEqual([record('GDP', 'VN', 2020)]);
    expect(transport.requests).toHaveLength(2);
    expect(reports).toMatchObject([{ code: 'invalid_response' }]);
    expect((JSON.parse(await readFile(join(dir, file!), 'utf8')) as { entry: CacheEntry }).entry.value).toMatchObject({ data: [record('GDP', 'VN', 2020)] });
  });
});
