import { describe, expect, it } from 'vitest';
import { EconDataClient } from '../client/client.ts';
import { MemoryCacheStore } from '../cache/store.ts';
import { queryProblems } from '../validate/params.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import type { TransportRequest, TransportResponse } from '../net/transport.ts';

const MONTHS = ['2023-11', '2023-12', '2024-01', '2024-02', '2024-03', '2024-05'];

/** Every month of exports and imports (2024-04 missing, as in the real customs data); one month with `period`. */
function trade(req: TransportRequest): TransportResponse {
  const p = new URL(req.url).searchParams;
  const months = p.get('period') ? MONTHS.filter((m) => m === p.get('period')) : MONTHS;
  const data = months.flatMap((period, i) => (['exports', 'imports'] as const)
    .filter((flow) => !p.get('flow') || p.get('flow') === flow)
    .map((flow) => ({ period, flow, partner: 'WLD', partner_name: 'World', hs_code: 'TOTAL', hs_description: 'All goods', value: i + (flow === 'exports' ? 10 : 20), ytd_value: null, unit: 'USD billion' })));
  return json(200, envelope(data));
}

const client = (t: FakeTransport) => new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'k-123456', transport: t, cache: new MemoryCacheStore() });

describe('a range of trade months (the service takes one month or every month)', () => {
  it('is one request for every month, trimmed to the range, both ends kept', async () => {
    const t = new FakeTransport(trade);
    const [r] = await client(t).fetchSeries([{ kind: 'trade', flow: 'exports', start_period: '2023-12', end_period: '2024-03' }]);
    expect(t.requests.map((x) => new URL(x.url).search)).toEqual(['?flow=exports']);
    if (!r?.ok) throw new Error('expected a series');
    expect(r.series.periods).toEqual(['2023-12', '2024-01', '2024-02', '2024-03']);
    expect(r.series.values[0]).toEqual([11, 12, 13, 14]);
    expect(r.series.id).toBe('trade:exports:WLD:TOTAL:2023-12..2024-03');
    expect(r.series.provenance.query).toEqual({ kind: 'trade', flow: 'exports', start_period: '2023-12', end_period: '2024-03' });
  });

  it('answers another range of the same request from the cache: still one request', async () => {
    const t = new FakeTransport(trade);
    const c = client(t);
    await c.fetchSeries([{ kind: 'trade', flow: 'exports', start_period: '2024-01' }]);
    const [later] = await c.fetchSeries([{ kind: 'trade', flow: 'exports', end_period: '2023-12' }]);
    expect(t.requests).toHaveLength(1);
    expect(later?.ok && later.series.periods).toEqual(['2023-11', '2023-12']);
  });

  it('sends one request for two ranges of one request in the same job, and keeps each range from its answer', async () => {
    const t = new FakeTransport(trade);
    const [first, second] = await client(t).fetchSeries([
      { kind: 'trade', flow: 'exports', start_period: '2023-11', end_period: '2023-12' },
      { kind: 'trade', flow: 'exports', start_period: '2024-02' },
    ]);
    expect(t.requests.map((x) => new URL(x.url).search)).toEqual(['?flow=exports']);
    expect(first?.ok && [first.series.periods, first.series.values[0]]).toEqual([['2023-11', '2023-12'], [10, 11]]);
    expect(second?.ok && [second.series.periods, second.series.values[0]]).toEqual([['2024-02', '2024-03', '2024-05'], [13, 14, 15]]);
    expect(second?.ok && second.series.id).toBe('trade:exports:WLD:TOTAL:2024-02..');
  });

  it('fails both ranges with the one refusal of their shared request', async () => {
    const t = new FakeTransport(() => json(503, { detail: 'down for maintenance' }));
    const results = await client(t).withOptions({ maxRetries: 0 }).fetchSeries([
      { kind: 'trade', flow: 'imports', end_period: '2023-12' },
      { kind: 'trade', flow: 'imports', start_period: '2024-01' },
    ]);
    expect(t.requests).toHaveLength(1);
    expect(results.map((r) => (r.ok ? 'series' : r.error.code))).toEqual(['server_error', 'server_error']);
  });

  it('getTrade trims the records the same way', async () => {
    const t = new FakeTransport(trade);
    const answer = await client(t).getTrade({ start_period: '2024-02', end_period: '2024-05' });
    expect(answer.data.map((r) => `${r.period} ${r.flow}`)).toEqual(['2024-02 exports', '2024-02 imports', '2024-03 exports', '2024-03 imports', '2024-05 exports', '2024-05 imports']);
    expect(answer.metadata.total_records).toBe(6);
    expect(new URL(t.requests[0]!.url).search).toBe('');
  });

  it('a range outside the data is not_found naming the months there are, and leaves the answer cached', async () => {
    const t = new FakeTransport(trade);
    const c = client(t);
    const [r] = await c.fetchSeries([{ kind: 'trade', flow: 'exports', start_period: '2025-01', end_period: '2025-06' }]);
    expect(r?.ok ? 'series' : r?.error.code).toBe('not_found');
    expect(r?.ok ? '' : r?.error.message).toBe('No customs trade data from 2025-01 to 2025-06: its months run 2023-11 to 2024-05. Choose months inside that span.');
    const [again] = await c.fetchSeries([{ kind: 'trade', flow: 'exports', start_period: '2024-05' }]);
    expect(again?.ok && again.series.periods).toEqual(['2024-05']);
    expect(t.requests).toHaveLength(1);
  });

  it('is refused before any request when the months are not a range', () => {
    expect(Object.keys(queryProblems({ kind: 'trade', start_period: '2024-06', end_period: '2024-01' }))).toEqual(['start_period', 'end_period']);
    expect(queryProblems({ kind: 'trade', start_period: '2024-13' })['start_period']?.expected).toBe('a month YYYY-MM such as "2024-03"');
    expect(queryProblems({ kind: 'trade', period: '2024-01', end_period: '2024-03' })['period']?.message)
      .toBe('Invalid trade query: give period (one month) or start_period / end_period (a range of months), not both (got period="2024-01").');
    expect(queryProblems({ kind: 'trade', start_period: '2024-01', end_period: '2024-01' })).toEqual({});
  });
});
