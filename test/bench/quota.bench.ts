/**
 * Quota ledger throughput against the sandbox (`pnpm bench quota`).
 *
 * For Free, Basic and Pro, a backlog of requests is pushed through the ledger (with a
 * FileQuotaStore) against the sandbox, by one process and by two processes sharing the key and the
 * store, at time scale 20 (a minute lasts 3 s, so a run of three windows stays short). The ledger
 * re-stamps each request when its answer arrives (the server saw it before that), so every window
 * costs one round trip of latency: at scale 60 that is a few per cent of a 1 s minute on a loaded
 * 2-core machine; at scale 20 a third of that; at scale 1 (real use) nothing measurable. The baseline is the plan's own limit over the same
 * scaled window: the figure is how full the ledger keeps the sliding window, on average over every
 * window-long span of the run, as a fraction of the limit. Target: >= 0.95 with zero refusals.
 * Enterprise has no limit: its ledger (concurrency cap 8) is compared with no gate at all, same
 * 8 callers, same run; then 32 callers show the cap holding.
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openGate, QuotaLedger, type RequestGate } from '@econdata/core';
import { pushBacklog, runBacklogInChild, type BacklogOptions } from '../support/quota-worker.ts';
import { realDataDir } from '../support/paths.ts';

const TARGET = 0.95;
const PLANS = [
  { plan: 'free', limit: 10, timeScale: 20, windows: 3 },
  { plan: 'basic', limit: 60, timeScale: 20, windows: 3 },
  { plan: 'pro', limit: 300, timeScale: 20, windows: 3 },
] as const;

/** Mean number of requests in a window-long span [t, t + W), over every t from the first request to the last minus W. */
function meanWindowFill(sentAt: number[], windowMs: number): number {
  const first = sentAt[0] as number;
  const last = sentAt.at(-1) as number;
  const a = first;
  const b = last - windowMs;
  if (b <= a) return Number.NaN;
  let integral = 0;
  // Span [t, t + W) holds request s exactly for t in (s - W, s]: integrate that over [a, b].
  for (const s of sentAt) integral += Math.max(0, Math.min(s, b) - Math.max(s - windowMs, a));
  return integral / (b - a);
}

/** The sandbox in its own process (as in real use), driven over its wire contract. */
interface RemoteSandbox {
  url: string;
  demo: boolean;
  reset(): Promise<void>;
  refused(): Promise<number>;
  close(): Promise<void>;
}

async function spawnSandbox(timeScale: number): Promise<RemoteSandbox> {
  const script = `import { startSandbox } from '@econdata/sandbox';
    const sb = await startSandbox({ port: 0, timeScale: ${timeScale}, dataDir: ${JSON.stringify(realDataDir ?? null)} });
    process.stdout.write(JSON.stringify({ url: sb.url, demo: sb.info.demo }) + '\\n');
    process.on('SIGTERM', () => void sb.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<{ url: string; demo: boolean }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as { url: string; demo: boolean });
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the sandbox process exited with ${code}`)));
  });
  return {
    ...first,
    reset: async () => void (await fetch(`${first.url}/_sandbox/reset`, { method: 'POST' })).text(),
    refused: async () => ((await (await fetch(`${first.url}/_sandbox/stats`)).json()) as { refused: number }).refused,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Row {
  plan: string;
  timeScale: number;
  processes: number;
  requests: number;
  fill: number;
  endToEnd: number;
  refused: number;
}

async function limitedRun(sandbox: RemoteSandbox, plan: (typeof PLANS)[number], processes: 1 | 2): Promise<Row> {
  await sandbox.reset();
  const count = plan.limit * plan.windows;
  const windowMs = 60_000 / plan.timeScale;
  const storeDir = await mkdtemp(join(tmpdir(), 'econdata-quota-bench-'));
  const options: BacklogOptions = { url: sandbox.url, key: `sandbox-${plan.plan}`, plan: plan.plan, timeScale: plan.timeScale, storeDir, count: count / processes };
  const results =
    processes === 1
      ? [await pushBacklog(options)]
      : await Promise.all([0, 1].map(() => runBacklogInChild({ ...options, startAt: Date.now() + 1_500 })));
  const sentAt = results.flatMap((r) => r.sentAt).sort((x, y) => x - y);
  const span = (sentAt.at(-1) as number) - (sentAt[0] as number);
  return {
    plan: plan.plan,
    timeScale: plan.timeScale,
    processes,
    requests: sentAt.length,
    fill: meanWindowFill(sentAt, windowMs) / plan.limit,
    endToEnd: sentAt.length / ((span + windowMs) / windowMs) / plan.limit,
    refused: await sandbox.refused(),
  };
}

/** Requests per second through a gate with `concurrency` callers, on the unlimited plan. */
async function enterpriseRate(sandbox: RemoteSandbox, gate: RequestGate, count: number, concurrency: number): Promise<number> {
  await sandbox.reset();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const permit = await gate.acquire({ priority: 'background' });
        const response = await fetch(`${sandbox.url}/api/v1/sources`, { headers: { authorization: 'Bearer sandbox-enterprise' } });
        await response.text();
        permit.answered();
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

let refusals = 0;
// The sandbox's rate limiter takes one time scale: one sandbox per scale.
const sandboxes = new Map<number, RemoteSandbox>();
for (const scale of new Set(PLANS.map((p) => p.timeScale))) sandboxes.set(scale, await spawnSandbox(scale));
const first = sandboxes.values().next().value as RemoteSandbox;
console.log(`sandbox: its own process, ${first.demo ? 'demo data' : 'real data'}; the machine is shared, so figures move by a few per cent between runs`);
try {
  // Enterprise first: it also warms up the sandbox and the HTTP path before the timed plans.
  // Alternating rounds, median of each: the baseline is no gate at all, same 8 in flight.
  await enterpriseRate(first, openGate, 500, 8);
  // Short alternating rounds, summed: the machine is shared, and load comes and goes within seconds.
  let openMs = 0;
  let gatedMs = 0;
  const ROUNDS = 12;
  const PER_ROUND = 300;
  for (let round = 0; round < ROUNDS; round += 1) {
    openMs += (PER_ROUND / (await enterpriseRate(first, openGate, PER_ROUND, 8))) * 1000;
    gatedMs += (PER_ROUND / (await enterpriseRate(first, new QuotaLedger({ plan: 'enterprise', concurrency: 8 }), PER_ROUND, 8))) * 1000;
  }
  const open = (ROUNDS * PER_ROUND) / (openMs / 1000);
  const gated = (ROUNDS * PER_ROUND) / (gatedMs / 1000);
  // The ledger's own cost per request, without the network: acquire + answered, in a tight loop.
  const own = async (gate: RequestGate): Promise<number> => {
    const started = performance.now();
    for (let i = 0; i < 100_000; i += 1) (await gate.acquire({ priority: 'background' })).answered();
    return ((performance.now() - started) * 1000) / 100_000;
  };
  await own(new QuotaLedger({ plan: 'enterprise' }));
  const ownLedger = await own(new QuotaLedger({ plan: 'enterprise' }));
  const ownOpen = await own(openGate);
  // The cap: 32 callers, never more than 8 in flight.
  const capped = new QuotaLedger({ plan: 'enterprise', concurrency: 8 });
  let maxInFlight = 0;
  capped.subscribe((status) => (maxInFlight = Math.max(maxInFlight, status.inFlight)));
  const crowd = await enterpriseRate(first, capped, 1_000, 32);
  console.log(`\nenterprise (unlimited): ${gated.toFixed(0)} req/s through the ledger vs ${open.toFixed(0)} req/s with no gate, 8 callers each: ratio ${(gated / open).toFixed(3)} (${ROUNDS} alternating rounds of ${PER_ROUND}; target >= 0.95)`);
  console.log(`  the ledger's own cost: ${ownLedger.toFixed(2)} µs per request (no gate: ${ownOpen.toFixed(2)} µs), against ${(1e6 / open).toFixed(0)} µs per request of HTTP to the sandbox`);
  console.log(`  with 32 callers and the cap of 8: ${crowd.toFixed(0)} req/s, at most ${maxInFlight} in flight`);

  console.log(`\nBacklog of a few windows' worth per plan. "fill" = mean number of requests in any one-scaled-minute span / the plan's own per-minute limit`);
  console.log('(the baseline: what the plan allows in the same scaled window). "end-to-end" = requests / (first-to-last span + one window) / limit,');
  console.log('which also counts the time the sandbox takes to answer a burst. Refusals from the sandbox\'s own counters. Target: fill >= 0.95, 0 refusals.\n');
  console.log('plan   scale  processes  requests   fill   end-to-end  refused  target met');
  for (const plan of PLANS) {
    for (const processes of [1, 2] as const) {
      const row = await limitedRun(sandboxes.get(plan.timeScale) as RemoteSandbox, plan, processes);
      refusals += row.refused;
      const met = row.fill >= TARGET && row.refused === 0;
      console.log(`${row.plan.padEnd(6)} ${String(row.timeScale).padStart(5)} ${String(row.processes).padStart(10)} ${String(row.requests).padStart(9)}  ${row.fill.toFixed(3)}  ${row.endToEnd.toFixed(3).padStart(10)}  ${String(row.refused).padStart(7)}  ${met ? 'yes' : 'NO'}`);
    }
  }
} finally {
  for (const sandbox of sandboxes.values()) await sandbox.close();
}
// A refusal is a correctness failure, not noise: fail the run.
if (refusals > 0) process.exitCode = 1;
