/**
 * A range of customs trade months against the sandbox over real loopback HTTP: the service takes one
 * month or every month (spec 4.5), so core sends exactly one request for every month and keeps the
 * range; the months and values are checked against the data file read here independently. And what
 * the service names in answers and refusals (stock symbols, "totals only") is learnt and kept.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axiosTransport, EconDataClient, MemoryCacheStore, type Transport, type TransportRequest } from '@econdata/core';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';

function recording(): Transport & { sent: TransportRequest[] } {
  const real = axiosTransport();
  const sent: TransportRequest[] = [];
  return { sent, send: (req) => { sent.push(req); return real.send(req); } };
}

/** The customs file's monthly exports from `from` to `to`, as [month, value] (the file says `export`). */
function exportsInFile(from: string, to: string): Array<[string, number]> {
  const rows = readFileSync(join(realDataDir!, 'vn_customs_trade_monthly.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
  return rows.filter(([period, flow]) => flow === 'export' && period! >= from && period! <= to).map(([period, , value]) => [period!, Number(value)] as [string, number]).sort();
}

describe.skipIf(!realDataDir)('core <-> sandbox: a range of trade months', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dataDir: realDataDir!, seed: 1 });
  });
  afterAll(async () => {
    await sb.close();
  });

  it('is exactly one request, for every month, and exactly the months of the range (a missing month stays missing)', async () => {
    const transport = recording();
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro', transport, cache: new MemoryCacheStore() });
    const [r] = await client.fetchSeries([{ kind: 'trade', flow: 'exports', start_period: '2019-01', end_period: '2019-04' }]);
    expect(transport.sent.map((s) => new URL(s.url).pathname + new URL(s.url).search)).toEqual(['/api/v1/trade/vietnam?flow=exports']);
    if (!r?.ok) throw new Error(`expected a series, got ${r?.error.message}`);
    const expected = exportsInFile('2019-01', '2019-04');
    expect(expected.map(([m]) => m)).toEqual(['2019-01', '2019-03', '2019-04']);
    expect(r.series.periods).toEqual(expected.map(([m]) => m));
    expect(r.series.values[0]).toEqual(expected.map(([, v]) => v));
    // Another range is the same answer, from the cache.
    const [year] = await client.fetchSeries([{ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-12' }]);
    expect(year?.ok && year.series.periods).toEqual(exportsInFile('2024-01', '2024-12').map(([m]) => m));
    expect(transport.sent).toHaveLength(1);
  });

  it('two ranges of one request in one job: the sandbox receives one request, each range its exact months and values', async () => {
    sb.reset();
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro', cache: new MemoryCacheStore() });
    const [h1, h2] = await client.fetchSeries([
      { kind: 'trade', flow: 'exports', start_period: '2019-01', end_period: '2019-04' },
      { kind: 'trade', flow: 'exports', start_period: '2025-09' },
    ]);
    expect(sb.stats().received).toBe(1);
    if (!h1?.ok || !h2?.ok) throw new Error('expected two series');
    // The customs file's exports, as the data has them (2019-02 is missing there).
    expect([h1.series.periods, h1.series.values[0]]).toEqual([['2019-01', '2019-03', '2019-04'], [22.08, 22.78, 20.44]]);
    expect([h2.series.periods, h2.series.values[0]]).toEqual([['2025-09', '2025-10', '2025-11'], [42.67, 42.05, 39.11]]);
    expect(h1.series.values[0]).toEqual(exportsInFile('2019-01', '2019-04').map(([, v]) => v));
    expect(h2.series.values[0]).toEqual(exportsInFile('2025-09', '9999-12').map(([, v]) => v));
  });

  it('getTrade keeps the same months, and a range outside the data says where the data is', async () => {
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' });
    const answer = await client.getTrade({ flow: 'exports', start_period: '2025-09' });
    expect(answer.data.map((d) => [d.period, d.value])).toEqual(exportsInFile('2025-09', '9999-12'));
    await expect(client.getTrade({ flow: 'exports', start_period: '2030-01', end_period: '2030-06' })).rejects.toMatchObject({
      code: 'not_found', message: 'No customs trade data from 2030-01 to 2030-06: its months run 2013-07 to 2025-11. Choose months inside that span.',
    });
  });

  it('learns the symbols a refusal lists and that trade has totals only, and keeps them for the next run', async () => {
    const store = new MemoryCacheStore();
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro', cache: store });
    const [stock, trade] = await client.fetchSeries([{ kind: 'stock', symbol: 'NOPE' }, { kind: 'trade', flow: 'exports', partner: 'CN' }]);
    expect([stock?.ok, trade?.ok]).toEqual([false, false]);
    const symbols = readFileSync(join(realDataDir!, 'vn_stock_symbols.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[0]!).sort();
    const next = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro', cache: store });
    const names = await next.learnedNames();
    expect(names.symbols).toEqual(symbols);
    expect(names.symbols).toHaveLength(60);
    expect(names.trade.totalsOnly).toBe(true);
  });
});
