import { describe, expect, it } from 'vitest';
import { EconDataClient } from './client.ts';
import { MemoryCacheStore } from '../cache/store.ts';
import { TransportFailure, type TransportRequest, type TransportResponse } from '../net/transport.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import type { SeriesQuery } from '../query.ts';

function record(indicator: string, country: string, year: number) {
  return { indicator_code: indicator, indicator_name: `Name of ${indicator}`, country_code: country, country_name: `Country ${country}`, year, value: year * 1.5, unit: 'current US$', extra_field: 'kept' };
}

/** A tiny service: /indicators and /indicators/batch over generated records; XX never has data. */
function service(options: { batch?: 'ok' | 'missing' } = {}) {
  return (req: TransportRequest): TransportResponse => {
    const url = new URL(req.url);
    const years = (s: number, e: number) => Array.from({ length: e - s + 1 }, (_, i) => s + i);
    if (url.pathname === '/api/v1/indicators/batch') {
      if (options.batch === 'missing') return json(404, { success: false, error: { message: 'Not found: POST /api/v1/indicators/batch' } });
      const body = JSON.parse(req.body!) as { indicators: string[]; countries: string[]; start_year: number; end_year: number };
      const data = []; const items = [];
      for (const i of body.indicators) for (const c of body.countries) {
        const recs = c === 'XX' ? [] : years(body.start_year, body.end_year).map((y) => record(i, c, y));
        data.push(...recs);
        items.push(c === 'XX' ? { indicator: i, country: c, status: 404, total_records: 0, message: `Data not found: ${i} has no data for XX` } : { indicator: i, country: c, status: 200, total_records: recs.length });
      }
      return json(200, { ...(envelope(data) as object), items });
    }
    const p = url.searchParams;
    if (p.get('country') === 'XX') return json(404, { success: false, error: { message: `Data not found: ${p.get('indicator')} has no data for XX` } });
    return json(200, envelope(years(Number(p.get('start_year')), Number(p.get('end_year'))).map((y) => record(p.get('indicator')!, p.get('country')!, y))));
  };
}

const q = (indicator: string, country: string, start = 2019, end = 2021): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator, country, start_year: start, end_year: end });

describe('fetchSeries', () => {
  it('de-duplicates, batches, answers in order, and one bad query does not sink the others', async () => {
    const t = new FakeTransport(service());
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'k-123456', transport: t });
    const queries = [q('A', 'VN'), q('B', 'vn'), q('A', 'VN'), q('A', 'TH'), q('B', 'TH'), q('A', 'XX'), q('A', 'VNM'), { kind: 'stock' } as SeriesQuery];
    const results = await c.fetchSeries(queries);
    expect(t.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/v1/indicators/batch']);
    expect(JSON.parse(t.requests[0]!.body!)).toEqual({ source: 'WB', indicators: ['A', 'B'], countries: ['TH', 'VN', 'XX'], start_year: 2019, end_year: 2021 });
    expect(results.map((r) => (r.ok ? r.series.id : r.error.code))).toEqual([
      'indicator:WB:A:VN:2019-2021', 'indicator:WB:B:VN:2019-2021', 'indicator:WB:A:VN:2019-2021', 'indicator:WB:A:TH:2019-2021', 'indicator:WB:B:TH:2019-2021',
      'not_found', 'invalid_parameter', 'invalid_parameter']);
    const first = results[0]!;
    if (!first.ok) throw first.error;
    expect(first.series).toMatchObject({
      kind: 'indicator', frequency: 'annual', title: 'Name of A: Country VN', periods: ['2019', '2020', '2021'], values: [[3028.5, 3030, 3031.5]],
      columns: [{ key: 'value', label: 'Name of A', unit: 'current US$' }],
      dimensions: { source: 'WB', indicator: 'A', indicator_name: 'Name of A', country: 'VN', country_name: 'Country VN' },
      provenance: { source: 'World Bank', last_updated: '2026-07-01', endpoint: '/indicators', query: queries[0] },
    });
    expect(results[1]).toMatchObject({ ok: true, series: { provenance: { query: { kind: 'indicator', source: 'WB', indicator: 'B', country: 'VN', start_year: 2019, end_year: 2021 } } } });
    expect(results[5]).toMatchObject({ ok: false, error: { code: 'not_found', status: 404, serverMessage: 'Data not found: A has no data for XX' } });
  });

  it('falls back to single requests when the batch route is refused, and remembers it', async () => {
    const t = new FakeTransport(service({ batch: 'missing' }));
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: t });
    const results = await c.fetchSeries([q('A', 'VN'), q('B', 'VN')]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(t.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/v1/indicators/batch', 'GET /api/v1/indicators', 'GET /api/v1/indicators']);
    await c.fetchSeries([q('C', 'VN'), q('D', 'VN')]);
    expect(t.requests).toHaveLength(5);
    expect((await c.estimate([q('C', 'TH'), q('D', 'TH')])).requests).toBe(2);
    // A copy for the same service knows it; a copy for another service does not.
    expect((await c.withOptions({ maxRetries: 0 }).estimate([q('C', 'TH'), q('D', 'TH')])).requests).toBe(2);
    expect((await c.withOptions({ baseURL: 'http://127.0.0.1:2' }).estimate([q('C', 'TH'), q('D', 'TH')])).requests).toBe(1);
  });

  it('reports progress as requests done of planned, counting the singles a refused batch becomes', async () => {
    const t = new FakeTransport(service({ batch: 'missing' }));
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: t, cache: new MemoryCacheStore(), cacheTtlMs: 60_000 });
    const seen: Array<[number, number]> = [];
    await c.fetchSeries([q('A', 'VN'), q('B', 'VN'), { kind: 'trade', flow: 'exports' }], { onProgress: (p) => seen.push([p.done, p.planned]) });
    // Planned: one batch and one trade GET; the refused batch ends (done 1) and adds its two singles.
    expect(seen[0]).toEqual([0, 2]);
    expect(seen.at(-1)).toEqual([4, 4]);
    expect(seen.map(([done]) => done)).toEqual([...seen.map(([done]) => done)].sort((a, b) => a - b));
    expect(seen.filter(([done, planned]) => done > planned)).toEqual([]);
    expect(t.requests).toHaveLength(4);
    // Answered from the cache: told once, nothing planned.
    const again: Array<[number, number]> = [];
    await c.fetchSeries([q('A', 'VN')], { onProgress: (p) => again.push([p.done, p.planned]) });
    expect(again).toEqual([[0, 0]]);
  });

  it('a service that refuses a batch without countries (400) answers GSO queries one by one', async () => {
    const t = new FakeTransport((req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/batch')) return json(400, { success: false, error: { message: 'Invalid parameters: countries is required', parameter: 'countries' } });
      return json(200, envelope([{ ...record(url.searchParams.get('indicator')!, 'VN', 2024), period: '2024-01' }]));
    });
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: t });
    const gso = (indicator: string): SeriesQuery => ({ kind: 'indicator', source: 'GSO', indicator, frequency: 'monthly', start_year: 2024, end_year: 2024 });
    const results = await c.fetchSeries([gso('A'), gso('B')]);
    expect(results.map((r) => (r.ok ? `${r.series.dimensions['indicator']}:${r.series.periods.join()}` : r.error.code))).toEqual(['A:2024-01', 'B:2024-01']);
    expect(t.requests.map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`)).toEqual([
      'POST /api/v1/indicators/batch',
      'GET /api/v1/indicators?end_year=2024&frequency=monthly&indicator=A&source=GSO&start_year=2024',
      'GET /api/v1/indicators?end_year=2024&frequency=monthly&indicator=B&source=GSO&start_year=2024',
    ]);
  });

  it('learns a smaller batch limit from a 400 that names it, and packs to it from then on', async () => {
    const inner = service();
    const t = new FakeTransport((req) => {
      if (req.url.endsWith('/indicators/batch')) {
        const body = JSON.parse(req.body!) as { indicators: string[]; countries: string[] };
        const n = body.indicators.length * body.countries.length;
        if (n > 4) return json(400, { success: false, error: { message: `Invalid parameters: indicators x countries is ${n} combinations; the batch limit is 4` } });
      }
      return inner(req);
    });
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: t });
    const job = ['A', 'B', 'C'].flatMap((i) => ['VN', 'TH', 'LA'].map((cc) => q(i, cc)));
    const results = await c.fetchSeries(job);
    expect(results.map((r) => (r.ok ? r.series.id : r.error.code))).toEqual(job.map((x) => `indicator:WB:${(x as { indicator: string }).indicator}:${(x as { country: string }).country}:2019-2021`));
    // 1 refused batch of 9, then 9 pairs in rectangles of at most 4: 3 requests (the bound).
    expect(t.requests).toHaveLength(4);
    expect(await c.withOptions({}).estimate(job)).toMatchObject({ requests: 3, minimumRequests: 3 });
  });

  it('answers from the cache, then serves stale entries marked stale when the service is unreachable', async () => {
    let now = Date.parse('2026-11-22T08:00:00Z');
    const cache = new MemoryCacheStore();
    const t = new FakeTransport(service());
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: t, cache, cacheTtlMs: 60_000, clock: { now: () => now } });
    await c.fetchSeries([q('A', 'VN'), q('B', 'VN')]);
    expect(cache.size).toBe(2);
    expect(await c.estimate([q('A', 'VN'), q('B', 'VN'), q('C', 'VN')])).toMatchObject({ cached: 2, requests: 1 });
    const again = await c.fetchSeries([q('A', 'VN')]);
    expect(t.requests).toHaveLength(1);
    expect(again[0]).toMatchObject({ ok: true, series: { provenance: { retrieved_at: '2026-11-22T08:00:00.000Z' } } });
    // The same query through getIndicators shares the entry.
    expect((await c.getIndicators({ source: 'WB', indicator: 'B', country: 'VN', start_year: 2019, end_year: 2021 })).data).toHaveLength(3);
    expect(t.requests).toHaveLength(1);

    now += 120_000;
    const down = c.withOptions({ transport: new FakeTransport(new TransportFailure('connection', 'refused', 'ECONNREFUSED')), maxRetries: 0 });
    const strict = await down.fetchSeries([q('A', 'VN')]);
    expect(strict[0]).toMatchObject({ ok: false, error: { code: 'connection' } });
    const lenient = await down.fetchSeries([q('A', 'VN')], { cache: 'allow-stale' });
    expect(lenient[0]).toMatchObject({ ok: true, series: { provenance: { stale: true, retrieved_at: '2026-11-22T08:00:00.000Z' }, values: [[3028.5, 3030, 3031.5]] } });
    const one = await down.getIndicators({ source: 'WB', indicator: 'B', country: 'VN', start_year: 2019, end_year: 2021 }, { cache: 'allow-stale' });
    expect(one.stale).toBe(true);
    await expect(down.getIndicators({ source: 'WB', indicator: 'B', country: 'VN', start_year: 2019, end_year: 2021 })).rejects.toMatchObject({ code: 'connection' });
    // no-store neither reads nor writes
    const fresh = new MemoryCacheStore();
    await new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: t, cache: fresh }).fetchSeries([q('A', 'VN')], { cache: 'no-store' });
    expect(fresh.size).toBe(0);
  });

  it("'reload' asks the service although a fresh entry exists, and stores the new answer for later reads", async () => {
    let now = Date.parse('2026-11-22T08:00:00Z');
    const cache = new MemoryCacheStore();
    const t = new FakeTransport(service());
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: t, cache, cacheTtlMs: 60_000, clock: { now: () => now } });
    await c.fetchSeries([q('A', 'VN')]);
    now += 10_000;
    const reloaded = await c.fetchSeries([q('A', 'VN')], { cache: 'reload' });
    expect(t.requests).toHaveLength(2);
    expect(reloaded[0]).toMatchObject({ ok: true, series: { provenance: { retrieved_at: '2026-11-22T08:00:10.000Z' } } });
    // A default read now gets the reloaded answer from the cache, with no request.
    const after = await c.fetchSeries([q('A', 'VN')]);
    expect(t.requests).toHaveLength(2);
    expect(after[0]).toMatchObject({ ok: true, series: { provenance: { retrieved_at: '2026-11-22T08:00:10.000Z' } } });
    await c.getIndicators({ source: 'WB', indicator: 'A', country: 'VN', start_year: 2019, end_year: 2021 }, { cache: 'reload' });
    expect(t.requests).toHaveLength(3);
  });

  it('remembers "no data" answers in the cache, so a repeated job sends nothing', async () => {
    const t = new FakeTransport(service());
    const cache = new MemoryCacheStore();
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: t, cache });
    const job = [q('A', 'VN'), q('A', 'XX'), q('B', 'VN'), q('B', 'XX')];
    const first = await c.fetchSeries(job);
    const again = await c.fetchSeries(job);
    expect(t.requests).toHaveLength(1);
    expect(again.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['ok', 'not_found', 'ok', 'not_found']);
    expect(again[1]).toEqual(first[1]);
    await expect(c.getIndicators({ source: 'WB', indicator: 'A', country: 'XX', start_year: 2019, end_year: 2021 })).rejects.toMatchObject({ code: 'not_found', serverMessage: 'Data not found: A has no data for XX' });
    expect(t.requests).toHaveLength(1);
    // A single GET answered 404 Data not found is remembered too.
    await expect(c.getIndicators({ source: 'WB', indicator: 'Z', country: 'XX' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(c.getIndicators({ source: 'WB', indicator: 'Z', country: 'XX' })).rejects.toMatchObject({ code: 'not_found' });
    expect(t.requests).toHaveLength(2);
  });

  it('estimate includes the gate\'s own estimate when it has one', async () => {
    const gate = {
      acquire: async () => ({ answered() {}, refused() {}, failed() {}, unused() {} }),
      estimate: async (n: number) => ({ requests: n, fitsToday: n <= 2, remainingToday: 2, fitsThisMinute: true, estimatedWaitMs: 0 }),
    };
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport: new FakeTransport(service()), gate });
    expect(await c.estimate([q('A', 'VN'), q('A', 'VN'), { kind: 'stock', symbol: 'VNM' }, { kind: 'trade' }])).toEqual({
      queries: 4, unique: 3, duplicates: 1, invalid: 0, cached: 0, requests: 3, batchRequests: 0, singleRequests: 3, minimumRequests: 3,
      quota: { requests: 3, fitsToday: false, remainingToday: 2, fitsThisMinute: true, estimatedWaitMs: 0 },
    });
  });
});
