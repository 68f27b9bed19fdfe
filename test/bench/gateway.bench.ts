/**
 * The team gateway under a team's Monday morning: 3 instances on one redis-server, the sandbox
 * behind them (real data, loopback only), bounded.
 *
 * Phase 1, 200 analysts each open a workbook of 150 formulas drawn from 40 WB indicators x 25
 * countries (one year range): each analyst is core's client (fetchSeries: its own planner packs the
 * 150 queries into batch requests) on one of the three instances. Printed: the requests that
 * reached the sandbox (its own counters) against the batch minimum for the distinct series asked
 * (ceil(distinct / 100); target: equal), the sandbox's refusals (target 0), and the workbook open
 * time. Then the gateway's added latency: one GET /indicators at a time, warm cache, through an
 * instance against straight to the sandbox, in the same run (p50 and p99).
 *
 * Phase 2, contention: 10 analysts each ask for 40 series nobody else asks for, each with its own
 * year range so no two can share a batch (400 single requests), on a Basic plan at time scale 60 (60 a second): each analyst's part of the first 300
 * answers (three quarters of the run, all under contention) against a fair tenth (target: within 10%).
 */
import { EconDataClient, openGate, planRequests, type SeriesQuery } from '@econdata/core';
import { addUser, RedisState, startGateway, type Gateway } from '@econdata/gateway';
import { mulberry32, startSandbox, type Sandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';
import { startRedis } from '../support/redis-server.ts';

if (!realDataDir) {
  console.log('no real data folder (../shared/data or ECONDATA_DATA_DIR): benchmark skipped');
  process.exit(0);
}

const TEAM_KEY = 'bench-team-key-4f9Kq2';
// A fixed-seed generator (the sandbox's mulberry32), so every run sends the same workload.
const random = mulberry32(7);
const pct = (list: number[], p: number): number => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const f1 = (n: number): string => n.toFixed(1);

const redis = await startRedis();
const toClose: Array<{ close(): Promise<void> }> = [];
async function instances(sandbox: Sandbox, plan: 'pro' | 'basic', timeScale: number): Promise<{ gateways: Gateway[]; state: RedisState }> {
  const gateways: Gateway[] = [];
  let first: RedisState | undefined;
  for (let i = 0; i < 3; i++) {
    const state = new RedisState({ url: redis.url });
    await state.connect();
    first ??= state;
    const gw = await startGateway({ upstream: sandbox.url, teamKey: TEAM_KEY, plan, state, timeScale });
    gateways.push(gw);
    toClose.push(gw, state);
  }
  return { gateways, state: first! };
}

try {
  // ---- Phase 1: 200 workbooks of 150 formulas --------------------------------------------------
  const sandbox = await startSandbox({ port: 0, dataDir: realDataDir, keys: [{ key: TEAM_KEY, plan: 'pro' }, { key: 'direct-enterprise', plan: 'enterprise' }], seed: 1 });
  toClose.push(sandbox);
  const direct = new EconDataClient({ baseURL: sandbox.url, apiKey: 'direct-enterprise' });
  const indicators = (await direct.listSourceIndicators({ source_code: 'WB' })).data.map((i) => i.code).slice(0, 40);
  const countries = ['VN', 'TH', 'ID', 'MY', 'PH', 'CN', 'JP', 'KR', 'IN', 'US', 'GB', 'DE', 'FR', 'BR', 'MX', 'ZA', 'NG', 'EG', 'AU', 'CA', 'IT', 'ES', 'TR', 'SA', 'AR'];
  const grid: SeriesQuery[] = indicators.flatMap((indicator) => countries.map((country) => ({ kind: 'indicator' as const, source: 'WB', indicator, country, start_year: 2010, end_year: 2020 })));
  const { gateways, state } = await instances(sandbox, 'pro', 1);
  const analysts = await Promise.all(Array.from({ length: 200 }, async (_, i) => ({ i, token: await addUser(state, `analyst-${i}`, 0.5) })));
  const workbooks = analysts.map(() => {
    const picked = new Set<number>();
    while (picked.size < 150) picked.add(Math.floor(random() * grid.length));
    return [...picked].map((k) => grid[k]!);
  });
  const distinct = new Set(workbooks.flat().map((q) => JSON.stringify(q))).size;
  const minimum = Math.ceil(distinct / 100);
  const onePlan = planRequests([...new Map(workbooks.flat().map((q) => [JSON.stringify(q), q])).values()]).stats.requests;
  sandbox.reset();
  const openMs: number[] = [];
  const failures = new Map<string, number>();
  await Promise.all(analysts.map(async ({ i, token }) => {
    const client = new EconDataClient({ baseURL: gateways[i % 3]!.url, apiKey: token, gate: openGate, maxRetries: 0, timeoutMs: 120_000 });
    const t = performance.now();
    const results = await client.fetchSeries(workbooks[i]!, { cache: 'no-store' });
    openMs.push(performance.now() - t);
    for (const r of results) if (!r.ok && r.error.code !== 'not_found') failures.set(r.error.code, (failures.get(r.error.code) ?? 0) + 1);
  }));
  const stats = sandbox.stats();
  console.log(`phase 1: 200 analysts x 150 formulas (${distinct} distinct series of ${grid.length}) on 3 instances, one Redis`);
  console.log(`  upstream requests: ${stats.received} against the batch minimum ${minimum} (${f1(stats.received / minimum)}x; target: equal) ${stats.received === minimum ? 'MET' : 'NOT MET'}; core's planner on every distinct series at once: ${onePlan}`);
  console.log(`  sandbox refusals: ${stats.refused} (rate-limited ${stats.rate_limited}; target 0) ${stats.refused === 0 ? 'MET' : 'NOT MET'}; formulas failed (other than no data): ${[...failures].map(([c, n]) => `${n} ${c}`).join(', ') || 'none'}`);
  console.log(`  workbook open time through the gateway: p50 ${f1(pct(openMs, 50))} ms, p99 ${f1(pct(openMs, 99))} ms (all 200 at once)`);

  // Added latency, warm cache: the same 300 queries one at a time, direct and through an instance.
  const sample = workbooks[0]!.concat(workbooks[1]!).slice(0, 300).map((q) => q as Extract<SeriesQuery, { kind: 'indicator' }>);
  const viaGateway = new EconDataClient({ baseURL: gateways[0]!.url, apiKey: analysts[0]!.token, gate: openGate });
  const time = async (client: EconDataClient): Promise<number[]> => {
    const ms: number[] = [];
    for (const { kind: _k, ...q } of sample) {
      const t = performance.now();
      await client.getIndicators(q, { cache: 'no-store' }).catch(() => undefined);
      ms.push(performance.now() - t);
    }
    return ms;
  };
  await time(viaGateway); // every answer in the shared cache first
  const [d, g] = [await time(direct), await time(viaGateway)];
  console.log(`  added latency (warm cache, one request at a time, ${sample.length} requests): direct p50 ${f1(pct(d, 50))} / p99 ${f1(pct(d, 99))} ms; through the gateway p50 ${f1(pct(g, 50))} / p99 ${f1(pct(g, 99))} ms; added p50 ${f1(pct(g, 50) - pct(d, 50))} ms, p99 ${f1(pct(g, 99) - pct(d, 99))} ms (${f1(pct(g, 50) / pct(d, 50))}x at p50)`);

  // ---- Phase 2: contention --------------------------------------------------------------------
  const busy = await startSandbox({ port: 0, dataDir: realDataDir, keys: [{ key: TEAM_KEY, plan: 'basic' }], timeScale: 60, seed: 1 });
  toClose.push(busy);
  const contended = await instances(busy, 'basic', 60);
  const names = Array.from({ length: 10 }, (_, i) => `busy-${i}`);
  const tokens = await Promise.all(names.map((n) => addUser(contended.state, n, 0.5)));
  const finished: string[] = [];
  const t0 = performance.now();
  await Promise.all(names.flatMap((name, i) => Array.from({ length: 40 }, async (_, k) => {
    const res = await fetch(`${contended.gateways[(i + k) % 3]!.url}/api/v1/indicators?source=WB&indicator=${encodeURIComponent(indicators[i]!)}&country=VN&start_year=${1961 + k}&end_year=${2023 - i}`, { headers: { authorization: `Bearer ${tokens[i]}` } });
    await res.arrayBuffer();
    if (res.status === 200 || res.status === 404) finished.push(name);
  })));
  const seconds = (performance.now() - t0) / 1000;
  const busyStats = busy.stats();
  const shares = names.map((n) => finished.slice(0, 300).filter((x) => x === n).length);
  const worst = Math.max(...shares.map((s) => Math.abs(s - 30) / 30));
  console.log(`phase 2: 10 analysts x 40 uncached requests on Basic at time scale 60 (60 a second), 3 instances`);
  console.log(`  ${finished.length} of 400 answered in ${f1(seconds)} s (${f1(finished.length / seconds)} a second against the plan's 60); sandbox refusals ${busyStats.refused} (target 0) ${busyStats.refused === 0 ? 'MET' : 'NOT MET'}`);
  console.log(`  each analyst's part of the first 300 answers: ${shares.join(', ')} (fair: 30); worst ${f1(worst * 100)}% from fair (target: within 10%) ${worst <= 0.1 ? 'MET' : 'NOT MET'}`);
} finally {
  for (const c of toClose.reverse()) await c.close().catch((e: unknown) => console.warn('close:', e));
  await redis.stop();
}
process.exit(0);
