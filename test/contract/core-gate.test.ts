/**
 * The client and its seams against the real sandbox: the quota ledger plugged in as the gate (no
 * refusal on the Free plan, the cost preview), and the stale-cache fallback when the service is
 * really gone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataClient, MemoryCacheStore, QuotaLedger, type SeriesQuery } from '@econdata/core';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});

const gdp = (country: string, start_year = 2015): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country, start_year, end_year: 2020 });

describe.skipIf(!realDataDir)('core <-> sandbox: gate and cache', () => {
  it('with the ledger as gate, 14 requests on the Free plan meet no refusal; estimate asks the ledger', async () => {
    const sb = await startSandbox({ port: 0, dataDir: realDataDir!, timeScale: 60 });
    open.push(sb);
    const gate = new QuotaLedger({ plan: 'free', timeScale: 60 });
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-free', gate });
    const e = await client.estimate([gdp('VN'), gdp('TH'), gdp('VN'), gdp('LA', 2000)]);
    expect(e).toMatchObject({ unique: 3, requests: 2, batchRequests: 1, quota: { requests: 2, fitsToday: true, fitsThisMinute: true } });
    const seen: number[] = [];
    const stop = client.onQuotaChange((s) => seen.push(s.day.used));
    for (let i = 0; i < 14; i++) await client.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000 + i, end_year: 2020 });
    stop();
    expect(sb.stats()).toMatchObject({ received: 14, answered: 14, rate_limited: 0 });
    // What the apps show: the ledger's status through the client, and its change events.
    expect(client.quotaStatus()).toMatchObject({ plan: 'Free', day: { used: 14, limit: 100, remaining: 86 }, queued: { interactive: 0, background: 0 }, inFlight: 0 });
    expect(seen.at(-1)).toBe(14);
    expect(new EconDataClient({ baseURL: sb.url, apiKey: 'test-key-0000' }).quotaStatus()).toBeUndefined();
  });

  it('allow-stale: when the service is gone, cached Series come back marked stale; without it, connection', async () => {
    const sb = await startSandbox({ port: 0, dataDir: realDataDir! });
    const cache = new MemoryCacheStore();
    let now = Date.now();
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro', cache, cacheTtlMs: 1000, clock: { now: () => now }, maxRetries: 0 });
    const fresh = await client.fetchSeries([gdp('VN'), gdp('TH')]);
    expect(fresh.every((r) => r.ok)).toBe(true);
    await sb.close();
    now += 5000;
    const strict = await client.fetchSeries([gdp('VN'), gdp('TH')]);
    expect(strict.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['connection', 'connection']);
    const lenient = await client.fetchSeries([gdp('VN'), gdp('TH')], { cache: 'allow-stale' });
    expect(lenient.map((r) => (r.ok ? r.series.provenance.stale : r.error.code))).toEqual([true, true]);
    expect(lenient[0]!.ok && lenient[0]!.series.values[0]).toEqual(fresh[0]!.ok && fresh[0]!.series.values[0]);
  });
});
