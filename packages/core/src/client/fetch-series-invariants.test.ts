import { describe, expect, it } from 'vitest';
import { EconDataClient } from './client.ts';
import { MemoryCacheStore, cacheKey } from '../cache/store.ts';
import { planRequests } from '../plan/planner.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import type { TransportRequest, TransportResponse } from '../net/transport.ts';
import type { SeriesQuery } from '../query.ts';

const rec = (indicator: string, country: string, year: number, value: number) =>
  ({ indicator_code: indicator, indicator_name: indicator, country_code: country, country_name: country, year, value, unit: 'USD' });
const q = (indicator: string, country: string): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator, country, start_year: 2020, end_year: 2021 });

/** A batch answer where A|TH repeats 2020 with another value: only that query may fail. */
function batchWithConflict(req: TransportRequest): TransportResponse {
  const body = JSON.parse(req.body!) as { indicators: string[]; countries: string[] };
  const data = [];
  for (const i of body.indicators) for (const c of body.countries) data.push(rec(i, c, 2020, 1), rec(i, c, 2021, 2));
  data.push(rec('A', 'TH', 2020, 99));
  return json(200, { ...(envelope(data) as object), items: [] });
}

describe('fetchSeries hands out only valid Series', () => {
  it('a batch member whose records conflict fails alone, with the series and period named; the others are Series', async () => {
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'k-123456', transport: new FakeTransport(batchWithConflict) });
    const [a, b, d] = await c.fetchSeries([q('A', 'VN'), q('A', 'TH'), q('B', 'TH')]);
    expect(a).toMatchObject({ ok: true, series: { periods: ['2020', '2021'], values: [[1, 2]] } });
    expect(d).toMatchObject({ ok: true, series: { periods: ['2020', '2021'] } });
    expect(b).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    expect(b!.ok === false && b!.error.message).toContain('series "indicator:WB:A:TH:2020-2021" has two different values for period "2020"');
  });

  it('an answer that makes no valid Series is not cached: the next job asks again and gets the good one', async () => {
    const cache = new MemoryCacheStore();
    const t = new FakeTransport(json(200, envelope([rec('A', 'VN', 2020, 1), rec('A', 'VN', 2020, 2)])), json(200, envelope([rec('A', 'VN', 2020, 1)])));
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'k-123456', transport: t, cache });
    expect((await c.fetchSeries([q('A', 'VN')]))[0]).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    expect((await c.fetchSeries([q('A', 'VN')]))[0]).toMatchObject({ ok: true, series: { periods: ['2020'], values: [[1]] } });
    expect(t.requests).toHaveLength(2);
  });

  it('a cache entry holding such an answer (stored by an older version) is a miss: reported, fetched again, replaced', async () => {
    const cache = new MemoryCacheStore();
    const base = 'http://127.0.0.1:1';
    const [key] = planRequests([q('A', 'VN')]).unique.keys();
    await cache.set(cacheKey(base, key!), { value: envelope([rec('A', 'VN', 2021, 2), rec('A', 'VN', 2021, 3)]), storedAt: Date.now(), expiresAt: Date.now() + 60_000 });
    const t = new FakeTransport((req: TransportRequest): TransportResponse => {
      const body = JSON.parse(req.body!) as { indicators: string[] };
      return json(200, { ...(envelope(body.indicators.map((i) => rec(i, 'VN', 2020, 1))) as object), items: body.indicators.map((i) => ({ indicator: i, country: 'VN', status: 200, total_records: 1 })) });
    });
    const reports: unknown[] = [];
    const c = new EconDataClient({ baseURL: base, apiKey: 'k-123456', transport: t, cache, onCacheError: (e) => reports.push(e) });
    const [cached, fresh] = await c.fetchSeries([q('A', 'VN'), q('B', 'VN')]);
    expect(t.requests).toHaveLength(1); // one batch for both: the bad entry counted as a miss
    expect(JSON.parse(t.requests[0]!.body!)).toMatchObject({ indicators: ['A', 'B'] });
    expect(cached).toMatchObject({ ok: true, series: { periods: ['2020'], values: [[1]] } });
    expect(fresh).toMatchObject({ ok: true });
    expect(reports).toMatchObject([{ code: 'invalid_response', message: expect.stringContaining('2021') as string }]);
    expect(((await cache.get(cacheKey(base, key!)))?.value as { data: unknown[] }).data).toEqual([rec('A', 'VN', 2020, 1)]);
  });

  it('the alternative spellings arrive canonical through the client, single GET and batch alike', async () => {
    const gso = (period: string, value: number) => ({ indicator_code: 'CPI', indicator_name: 'CPI', country_code: 'VN', country_name: 'Viet Nam', year: 2024, period, value, unit: '%' });
    const t = new FakeTransport(json(200, envelope([gso('2024M02', 2), gso('202401', 1), gso('2024-03-01', 3)])));
    const c = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'k-123456', transport: t });
    const [r] = await c.fetchSeries([{ kind: 'indicator', source: 'GSO', indicator: 'CPI', country: 'VN', frequency: 'monthly', start_year: 2024, end_year: 2024 }]);
    expect(r).toMatchObject({ ok: true, series: { frequency: 'monthly', periods: ['2024-01', '2024-02', '2024-03'], values: [[1, 2, 3]] } });
  });
});

describe('the wire checks refuse what is no data at all', () => {
  const client = (body: string) => new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'k-123456', transport: new FakeTransport({ status: 200, headers: {}, body }) });
  const wrap = (records: string) => `{"success":true,"data":[${records}],"metadata":{"source":"S","total_records":1}}`;

  it('an infinite value (1e999 parses to Infinity)', async () => {
    const e = await client(wrap('{"indicator_code":"A","indicator_name":"A","country_code":"VN","country_name":"VN","year":2020,"value":1e999,"unit":"USD"}')).getIndicators({ source: 'WB', indicator: 'A', country: 'VN' }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'invalid_response' });
    expect((e as Error).message).toContain('data[0]: value is Infinity, not a finite number');
  });

  it('a period that is no period in any spelling, and a stock date that is no day', async () => {
    const e = await client(wrap('{"indicator_code":"A","indicator_name":"A","country_code":"VN","country_name":"VN","year":2024,"period":"March 2024","value":1,"unit":"%"}')).getIndicators({ source: 'GSO', indicator: 'A' }).catch((x: unknown) => x);
    expect((e as Error).message).toContain('data[0]: period "March 2024" is no period the client can read (annual: 2024, 2024-01-01; quarterly: 2024-Q1');
    const e2 = await client(wrap('{"symbol":"VNM","date":"2024-02-30","open":1,"high":1,"low":1,"close":1,"volume":1,"unit":"VND"}')).getStocks({ symbol: 'VNM' }).catch((x: unknown) => x);
    expect((e2 as Error).message).toContain('data[0]: date "2024-02-30" is not a calendar day written YYYY-MM-DD');
  });
});
