/**
 * HTTP requests per recalculation of 500 ECON.INDICATOR formulas, called as Excel calls them (the
 * registered functions with an invocation object) in one shared runtime, against the sandbox (real
 * data, Enterprise key), counted by the sandbox itself (/_sandbox/stats), beside the minimum the
 * 100-combination batch limit allows and the naive one request per formula.
 * Workload: a sheet of 500 formulas: WB and IMF indicators x countries over two year ranges, 25
 * formulas repeated elsewhere on the sheet, in shuffled order. Target: the minimum.
 */
import { EconDataClient, MemoryCacheStore, MemoryQuotaStore, planRequests, type SeriesQuery } from '@econdata/core';
import { startSandbox } from '@econdata/sandbox';
import { associateFunctions } from '../../apps/excel-addin/src/functions/functions.ts';
import { setRuntime } from '../../apps/excel-addin/src/runtime/instance.ts';
import { createAddinRuntime } from '../../apps/excel-addin/src/runtime/runtime.ts';
import { MemoryStorage } from '../../apps/excel-addin/src/runtime/storage.ts';
import { realDataDir } from '../support/paths.ts';

if (!realDataDir) {
  console.log('no real data folder (../shared/data or ECONDATA_DATA_DIR): benchmark skipped');
  process.exit(0);
}

const sb = await startSandbox({ port: 0, dataDir: realDataDir, seed: 1 });
const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' });
const wb = (await direct.listSourceIndicators({ source_code: 'WB' })).data.map((i) => i.code);
const imf = (await direct.listSourceIndicators({ source_code: 'IMF' })).data.map((i) => i.code);
// Large economies first (the ones a sheet asks for), then the rest of the list.
const listed = (await direct.listCountries()).data.filter((c) => c.is_aggregate !== true).map((c) => c.code);
const majors = ['VN', 'TH', 'ID', 'MY', 'PH', 'CN', 'JP', 'KR', 'IN', 'US', 'GB', 'DE', 'FR', 'BR', 'MX', 'ZA', 'NG', 'EG', 'AU', 'CA',
  'IT', 'ES', 'TR', 'SA', 'AR', 'CL', 'CO', 'PE', 'PK', 'BD', 'KH', 'SG', 'NZ', 'SE', 'NO', 'PL', 'NL', 'BE', 'CH', 'AT', 'DK', 'FI', 'PT', 'GR', 'IE'].filter((c) => listed.includes(c));
const countries = [...majors, ...listed.filter((c) => !majors.includes(c))];

// A fixed-seed generator (mulberry32), so every run sends the same workload.
let seed = 7;
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
type Formula = [source: string, indicator: string, country: string, start: number, end: number];
const block = (source: string, indicators: string[], ccs: string[], start: number, end: number): Formula[] =>
  indicators.flatMap((i) => ccs.map((c): Formula => [source, i, c, start, end]));
const unique: Formula[] = [
  ...block('WB', wb.slice(0, 8), countries.slice(0, 30), 2000, 2023), // 240
  ...block('WB', wb.slice(8, 12), countries.slice(30, 55), 2010, 2020), // 100
  ...block('IMF', imf.slice(0, 5), countries.slice(0, 27), 2015, 2025), // 135
];
const repeated = Array.from({ length: 500 - unique.length }, () => unique[Math.floor(random() * unique.length)]!);
const sheet = [...unique, ...repeated];
for (let i = sheet.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [sheet[i], sheet[j]] = [sheet[j]!, sheet[i]!];
}

const functions = new Map<string, (...args: unknown[]) => Promise<unknown>>();
associateFunctions((id, fn) => functions.set(id, fn as (...args: unknown[]) => Promise<unknown>));
const indicator = functions.get('INDICATOR')!;
const runtime = createAddinRuntime({ storage: new MemoryStorage(), cache: new MemoryCacheStore(), quotaStore: new MemoryQuotaStore(), probe: async () => false });
const outcome = await runtime.connect({ baseURL: sb.url, plan: 'enterprise' }, 'sandbox-enterprise');
if (!outcome.ok) throw new Error(outcome.message);
setRuntime(runtime);

/** One recalculation: every formula called at once, as Excel does; returns requests sent and cells answered. */
async function recalculate(): Promise<{ requests: number; spills: number; noData: number; other: string[]; ms: number }> {
  sb.reset();
  const t = performance.now();
  const cells = await Promise.all(sheet.map(([s, i, c, a, b], row) =>
    indicator(s, [[i]], [[c]], a, b, null, null, { address: `Sheet1!A${row + 1}`, functionName: 'ECON.INDICATOR' }).then(() => 'spill', (e: { message: string }) => e.message)));
  const ms = performance.now() - t;
  const other = cells.filter((c) => c !== 'spill' && !c.startsWith('No data:'));
  return { requests: sb.stats().received, spills: cells.filter((c) => c === 'spill').length, noData: cells.filter((c) => c.startsWith('No data:')).length, other, ms };
}

const queries: SeriesQuery[] = sheet.map(([source, ind, country, start_year, end_year]) => ({ kind: 'indicator', source, indicator: ind, country, start_year, end_year }));
const { stats } = planRequests(queries);
const first = await recalculate();
const again = await recalculate(); // rows inserted, or the workbook reopened within the cache's hour

// 500 ECON.VALUE cells, as a filled-down sheet holds them: 10 WB indicators across, 50 countries
// down, each cell one year (or "latest"), in a fresh runtime (nothing cached). Baseline: the
// minimum the batch limit allows for the series those cells read, planned in this run.
const valueCells = wb.slice(0, 10).flatMap((ind, i) => countries.slice(0, 50).map((cc, j) => [ind, cc, (i + j) % 5 === 0 ? 'latest' : 2000 + ((i * 7 + j) % 24)] as const));
const valueMinimum = planRequests(valueCells.map(([ind, country]): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator: ind, country }))).stats.minimumRequests;
const fresh = createAddinRuntime({ storage: new MemoryStorage(), cache: new MemoryCacheStore(), quotaStore: new MemoryQuotaStore(), probe: async () => false });
const connectedValue = await fresh.connect({ baseURL: sb.url, plan: 'enterprise' }, 'sandbox-enterprise');
if (!connectedValue.ok) throw new Error(connectedValue.message);
setRuntime(fresh);
const value = functions.get('VALUE')!;
sb.reset();
const tv = performance.now();
const valueResults = await Promise.all(valueCells.map(([ind, cc, period], row) =>
  value('WB', ind, cc, period, null, { address: `Sheet1!B${row + 2}`, functionName: 'ECON.VALUE' }).then((v) => (typeof v === 'number' ? 'value' : 'odd'), (e: { message: string }) => (e.message.startsWith('No data:') ? 'noData' : e.message))));
const valueMs = performance.now() - tv;
const valueRequests = sb.stats().received;
await sb.close();

console.log(`sheet: ${sheet.length} ECON.INDICATOR formulas (${stats.unique} distinct series, ${stats.duplicates} repeated), one recalculation`);
console.log(`naive, one request per formula:                 ${sheet.length} requests (${(sheet.length / stats.minimumRequests).toFixed(1)}x the minimum)`);
console.log(`minimum, sum of ceil(pairs/100) per batch group: ${stats.minimumRequests} requests (1.00)`);
console.log(`ECON.INDICATOR via the shared collector:         ${first.requests} requests (${(first.requests / stats.minimumRequests).toFixed(2)}), ${first.spills} spills, ${first.noData} "No data" (gaps in the real data), ${first.other.length} other errors, ${first.ms.toFixed(0)} ms`);
console.log(`the same recalculation again (cache):            ${again.requests} requests, ${again.spills} spills, ${again.ms.toFixed(0)} ms`);
const met = first.requests <= stats.minimumRequests && first.other.length === 0 && again.requests === 0;
console.log(`target: the minimum (${stats.minimumRequests}), then 0 from the cache  ${met ? 'MET' : 'NOT MET'}`);
if (first.other.length) console.log(first.other.slice(0, 5).join('\n'));

const valueOther = valueResults.filter((r) => r !== 'value' && r !== 'noData');
console.log(`sheet: ${valueCells.length} ECON.VALUE cells (10 indicators x 50 countries, years and "latest"), one recalculation, nothing cached`);
console.log(`naive, one request per cell:                     ${valueCells.length} requests (${(valueCells.length / valueMinimum).toFixed(1)}x the minimum)`);
console.log(`minimum for the series they read (this run):     ${valueMinimum} requests (1.00)`);
console.log(`ECON.VALUE via the shared collector:             ${valueRequests} requests (${(valueRequests / valueMinimum).toFixed(2)}), ${valueResults.filter((r) => r === 'value').length} values, ${valueResults.filter((r) => r === 'noData').length} "No data", ${valueOther.length} other errors, ${valueMs.toFixed(0)} ms`);
console.log(`target: the minimum (${valueMinimum})  ${valueRequests <= valueMinimum && valueOther.length === 0 ? 'MET' : 'NOT MET'}`);
if (valueOther.length) console.log(valueOther.slice(0, 5).join('\n'));
