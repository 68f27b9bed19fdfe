/**
 * Request count of a reference workload sent through fetchSeries against the sandbox (real data,
 * Enterprise key), counted by the sandbox itself (/_sandbox/stats), next to the lower bound the
 * 100-combination batch limit allows and the naive one-request-per-query count.
 * Workload: 300 indicator queries over WB and IMF, 4 year ranges, 20 duplicates, shuffled, with
 * some codes in lower case. Target: the lower bound.
 */
import { EconDataClient, MemoryCacheStore, planRequests, type SeriesQuery } from '@econdata/core';
import { mulberry32, startSandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';

if (!realDataDir) {
  console.log('no real data folder (../shared/data or ECONDATA_DATA_DIR): benchmark skipped');
  process.exit(0);
}

const sb = await startSandbox({ port: 0, dataDir: realDataDir, seed: 1 });
const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise', cache: new MemoryCacheStore() });
const wb = (await client.listSourceIndicators({ source_code: 'WB' })).data.map((i) => i.code);
const imf = (await client.listSourceIndicators({ source_code: 'IMF' })).data.map((i) => i.code);
// Economies with data in both WB and IMF (the lists also hold aggregates and territories without data).
const known = new Set((await client.listCountries()).data.map((c) => c.code));
const countries = ['VN', 'TH', 'ID', 'MY', 'PH', 'CN', 'JP', 'KR', 'IN', 'US', 'GB', 'DE', 'FR', 'BR', 'MX', 'ZA', 'NG', 'EG', 'AU', 'CA',
  'IT', 'ES', 'TR', 'SA', 'AR', 'CL', 'CO', 'PE', 'PK', 'BD', 'KH', 'SG', 'NZ', 'SE', 'NO', 'PL', 'NL', 'BE', 'CH', 'AT', 'DK', 'FI', 'PT', 'GR', 'IE'].filter((c) => known.has(c));

// A fixed-seed generator (the sandbox's mulberry32), so every run sends the same workload.
const random = mulberry32(42);
const block = (source: string, indicators: string[], ccs: string[], start_year: number, end_year: number): SeriesQuery[] =>
  indicators.flatMap((indicator) => ccs.map((country) => ({ kind: 'indicator' as const, source, indicator, country: random() < 0.2 ? country.toLowerCase() : country, start_year, end_year })));
const unique: SeriesQuery[] = [
  ...block('WB', wb.slice(0, 10), countries.slice(0, 15), 2000, 2020), // 150
  ...block('WB', wb.slice(10, 15), countries.slice(20, 30), 2010, 2023), // 50
  ...block('IMF', imf.slice(0, 4), countries.slice(0, 15), 2015, 2025), // 60
  ...block('IMF', imf.slice(4, 8), countries.slice(40, 45), 1990, 2000), // 20
];
const duplicates = Array.from({ length: 20 }, () => ({ ...unique[Math.floor(random() * unique.length)]! }));
const workload = [...unique, ...duplicates];
for (let i = workload.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [workload[i], workload[j]] = [workload[j]!, workload[i]!];
}

const plan = planRequests(workload);
sb.reset();
const t = performance.now();
const results = await client.fetchSeries(workload, { cache: 'no-store' });
const ms = performance.now() - t;
const sent = sb.stats().received;
const failed = results.filter((r) => !r.ok);
// A gap in the real data is a correct answer (not_found for that query): only other failures count against the run.
const wrong = failed.filter((f) => !f.ok && f.error.code !== 'not_found');
sb.reset();
await client.fetchSeries(workload);
const firstFill = sb.stats().received;
sb.reset();
await client.fetchSeries(workload);
const fromCache = sb.stats().received;
await sb.close();

console.log(`workload: ${workload.length} queries (${plan.stats.unique} distinct, ${plan.stats.duplicates} duplicates), ${plan.stats.invalid} invalid`);
console.log(`naive, one request per query:             ${workload.length} requests (${(workload.length / plan.stats.minimumRequests).toFixed(1)}x the bound)`);
console.log(`lower bound, sum of ceil(pairs/100):      ${plan.stats.minimumRequests} requests (1.00)`);
console.log(`fetchSeries, counted by /_sandbox/stats:  ${sent} requests (${(sent / plan.stats.minimumRequests).toFixed(2)}), ${results.length - failed.length} series, ${failed.length - wrong.length} not_found (gaps in the real data), ${wrong.length} other failures, ${ms.toFixed(0)} ms`);
console.log(`again with a cache: ${firstFill} requests to fill it, then ${fromCache} for the same job (data and "no data" answers both cached)`);
const met = sent === plan.stats.minimumRequests && wrong.length === 0;
console.log(`target: the lower bound (${plan.stats.minimumRequests})  ${met ? 'MET' : 'NOT MET'}`);
if (wrong.length) console.log(wrong.slice(0, 5).map((f) => (f.ok ? '' : `${f.error.code}: ${f.error.message}`)).join('\n'));
