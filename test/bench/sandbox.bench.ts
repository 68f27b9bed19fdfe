/**
 * `pnpm bench sandbox`: throughput and latency of GET /api/v1/indicators for a 45-year series over
 * loopback, beside the same figures for GET /api/docs/json (a prebuilt document: the cost of Fastify
 * and HTTP serving a large prebuilt body) measured in the same run, and GET /_sandbox/stats (a tiny
 * answer, no key) for scale. The sandbox runs in its own process, as `pnpm sandbox` does.
 * Target: /indicators keeps at least half the /api/docs/json baseline's requests per second.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { realDataDir, repoRoot } from '../support/paths.ts';

const KEY = 'sandbox-enterprise'; // no rate limit
const SECONDS = 4;
const WARMUP_SECONDS = 1;
const CONNECTIONS = 10;
const TARGET_RATIO = 0.5;

// The real data's US GDP runs 1980-2025; the demo pack's VN GDP 1980-2024: either way 45 years.
const SERIES = realDataDir
  ? '/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=US&start_year=1980&end_year=2024'
  : '/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=1980&end_year=2024';

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const args = ['--import', 'tsx', 'packages/sandbox/src/cli.ts', '--port', '0', ...(realDataDir ? ['--data', realDataDir] : ['--demo'])];
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const m = /URL\s+(http:\/\/\S+)/.exec(out);
      if (m && out.includes('Ready in')) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited with ${code} before it was ready:\n${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

interface Figures {
  bytes: number;
  rps: number;
  /** Mean latency, ms: finer than the percentiles, which autocannon records in whole milliseconds. */
  mean: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { authorization: `Bearer ${KEY}` } });
  return { bytes: Math.round(result.throughput.total / Math.max(result.requests.total, 1)), rps: result.requests.average, mean: result.latency.mean, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

const server = await startServer();
try {
  const check = await (await fetch(server.url + SERIES, { headers: { authorization: `Bearer ${KEY}` } })).json() as { data: unknown[] };
  if (check.data.length !== 45) throw new Error(`expected a 45-year series, got ${check.data.length} records`);
  console.log(`data: ${realDataDir ?? 'demo pack'}; ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up`);

  await measure(server.url + '/api/docs/json', WARMUP_SECONDS);
  const base = await measure(server.url + '/api/docs/json', SECONDS);
  await measure(server.url + SERIES, WARMUP_SECONDS);
  const series = await measure(server.url + SERIES, SECONDS);
  const tiny = await measure(server.url + '/_sandbox/stats', SECONDS);

  const row = (name: string, f: Figures) =>
    `${name.padEnd(34)}${f.rps.toFixed(0).padStart(10)}${f.mean.toFixed(2).padStart(10)}${f.p50.toFixed(1).padStart(10)}${f.p99.toFixed(1).padStart(10)}${String(f.errors).padStart(8)}${String(f.bytes).padStart(10)}`;
  console.log(`${''.padEnd(34)}${'req/s'.padStart(10)}${'mean ms'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'errors'.padStart(8)}${'bytes/req'.padStart(10)}`);
  console.log(row('GET /api/docs/json (baseline)', base));
  console.log(row('GET /indicators (45 years)', series));
  console.log(row('GET /_sandbox/stats (tiny answer)', tiny));
  const ratio = series.rps / base.rps;
  console.log(`${'ratio /indicators : baseline'.padEnd(34)}${ratio.toFixed(2).padStart(10)}${(series.mean / Math.max(base.mean, 0.001)).toFixed(2).padStart(10)}${(series.p50 / Math.max(base.p50, 0.001)).toFixed(2).padStart(10)}${(series.p99 / Math.max(base.p99, 0.001)).toFixed(2).padStart(10)}`);
  console.log('(p50 and p99 are in whole milliseconds, as autocannon records them; the mean is finer)');
  const met = ratio >= TARGET_RATIO && series.errors === 0 && base.errors === 0;
  console.log(`target: /indicators req/s >= ${TARGET_RATIO} x baseline, no errors: ${met ? 'met' : 'NOT met'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  server.stop();
}
