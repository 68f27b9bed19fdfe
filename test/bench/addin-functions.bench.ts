/**
 * HTTP requests per recalculation of 500 ECON.INDICATOR formulas, called as Excel calls them (the
 * registered functions with an invocation object) in one shared runtime, against the sandbox (real
 * data, Enterprise key), counted by the sandbox itself (/_sandbox/stats), beside the minimum the
 * 100-combination batch limit allows and the naive one request per formula.
 * Workload: a sheet of 500 formulas: WB and IMF indicators x countries over two year ranges, 25
 * formulas repeated elsewhere on the sheet, in shuffled order. Target: the minimum.
 * Then filled-down ECON.VALUE sheets of 500, 10,000 and 50,000 cells of one shape, each in a fresh runtime:
 * requests against the minimum, time a cell against the 500-cell sheet (target <= 1.5x at 50,000),
 * and the heap the shared runtime keeps.
 */
import { EconDataClient, MemoryCacheStore, MemoryQuotaStore, planRequests, type SeriesQuery } from '@econdata/core';
import { mulberry32, startSandbox } from '@econdata/sandbox';
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

// A fixed-seed generator (the sandbox's mulberry32), so every run sends the same workload.
const random = mulberry32(7);
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

/** One ECON.VALUE cell: an indicator, a country, a year (or "latest"). */
type ValueCell = readonly [indicator: string, country: string, period: number | string];

/**
 * A filled-down ECON.VALUE sheet: `indicators` x `ccs` rows, `years` periods each (one column per
 * year, or a single column mixing years and "latest" when `years` is 1, as the 500-cell sheet has
 * always been), every cell reading a WB series.
 */
function valueSheet(indicators: readonly string[], ccs: readonly string[], years: number): ValueCell[] {
  return indicators.flatMap((ind, i) => ccs.flatMap((cc, j) => (years === 1
    ? [[ind, cc, (i + j) % 5 === 0 ? 'latest' : 2000 + ((i * 7 + j) % 24)] as const]
    : Array.from({ length: years }, (_, k) => [ind, cc, 2023 - k] as const))));
}

interface ValueRun { cells: number; series: number; minimum: number; requests: number; values: number; noData: number; other: string[]; ms: number; heapMb: number }

/**
 * One recalculation of `cells` in a fresh runtime (nothing cached), as Excel calls them (all at
 * once), counted by the sandbox; the shared runtime's heap growth (after a full GC) is what it
 * keeps for those cells: the cached answers and the series they hold.
 */
async function recalculateValues(cells: readonly ValueCell[]): Promise<ValueRun> {
  const planned = planRequests(cells.map(([ind, country]): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator: ind, country }))).stats;
  const gc = (globalThis as { gc?: () => void }).gc;
  const fresh = createAddinRuntime({ storage: new MemoryStorage(), cache: new MemoryCacheStore(), quotaStore: new MemoryQuotaStore(), probe: async () => false });
  const connected = await fresh.connect({ baseURL: sb.url, plan: 'enterprise' }, 'sandbox-enterprise');
  if (!connected.ok) throw new Error(connected.message);
  setRuntime(fresh); // the previous sheet's runtime is released here
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const value = functions.get('VALUE')!;
  sb.reset();
  const t = performance.now();
  const results = await Promise.all(cells.map(([ind, cc, period], row) =>
    value('WB', ind, cc, period, null, { address: `Sheet1!B${row + 2}`, functionName: 'ECON.VALUE' }).then((v) => (typeof v === 'number' ? 'value' : 'odd'), (e: { message: string }) => (e.message.startsWith('No data:') ? 'noData' : e.message))));
  const ms = performance.now() - t;
  gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  return {
    cells: cells.length, series: planned.unique, minimum: planned.minimumRequests, requests: sb.stats().received,
    values: results.filter((r) => r === 'value').length, noData: results.filter((r) => r === 'noData').length,
    other: results.filter((r) => r !== 'value' && r !== 'noData'), ms, heapMb,
  };
}

// Filled-down sheets, each in a fresh runtime. First the 500 cells this benchmark has always had
// (10 indicators x 50 countries, one year or "latest" each: 500 series). Then the scaling set, all
// of one shape (one row per indicator and country, ten years across) so that a cell costs the same
// work at every size: 500 (5 x 10 x 10), 10,000 (20 x 50 x 10) and 50,000 (25 x 200 x 10) cells.
// Baseline for requests: the minimum the batch limit allows for the series the cells read, planned
// in this run; for time: the cost a cell of the 500-cell sheet of the same shape, in this run.
const mixed = await recalculateValues(valueSheet(wb.slice(0, 10), countries.slice(0, 50), 1));
const valueRuns = [
  await recalculateValues(valueSheet(wb.slice(0, 5), countries.slice(0, 10), 10)),
  await recalculateValues(valueSheet(wb.slice(0, 20), countries.slice(0, 50), 10)),
  await recalculateValues(valueSheet(wb.slice(0, 25), countries.slice(0, 200), 10)),
];
await sb.close();

console.log(`sheet: ${sheet.length} ECON.INDICATOR formulas (${stats.unique} distinct series, ${stats.duplicates} repeated), one recalculation`);
console.log(`naive, one request per formula:                 ${sheet.length} requests (${(sheet.length / stats.minimumRequests).toFixed(1)}x the minimum)`);
console.log(`minimum, sum of ceil(pairs/100) per batch group: ${stats.minimumRequests} requests (1.00)`);
console.log(`ECON.INDICATOR via the shared collector:         ${first.requests} requests (${(first.requests / stats.minimumRequests).toFixed(2)}), ${first.spills} spills, ${first.noData} "No data" (gaps in the real data), ${first.other.length} other errors, ${first.ms.toFixed(0)} ms`);
console.log(`the same recalculation again (cache):            ${again.requests} requests, ${again.spills} spills, ${again.ms.toFixed(0)} ms`);
const met = first.requests <= stats.minimumRequests && first.other.length === 0 && again.requests === 0;
console.log(`target: the minimum (${stats.minimumRequests}), then 0 from the cache  ${met ? 'MET' : 'NOT MET'}`);
if (first.other.length) console.log(first.other.slice(0, 5).join('\n'));

const perCell = (r: ValueRun): number => r.ms / r.cells;
const small = valueRuns[0]!;
for (const r of [mixed, ...valueRuns]) {
  console.log(`sheet: ${r.cells.toLocaleString('en')} ECON.VALUE cells (${r.series.toLocaleString('en')} distinct series), one recalculation, nothing cached`);
  console.log(`  naive, one request per cell:                   ${r.cells.toLocaleString('en')} requests (${(r.cells / r.minimum).toFixed(1)}x the minimum)`);
  console.log(`  minimum for the series they read (this run):   ${r.minimum} requests (1.00)`);
  console.log(`  ECON.VALUE via the shared collector:           ${r.requests} requests (${(r.requests / r.minimum).toFixed(2)}), ${r.values} values, ${r.noData} "No data", ${r.other.length} other errors`);
  console.log(`  time: ${r.ms.toFixed(0)} ms, ${(perCell(r) * 1000).toFixed(1)} µs a cell (${r === mixed ? 'years and "latest" mixed' : `${(perCell(r) / perCell(small)).toFixed(2)}x the 500-cell sheet's`}); shared runtime's heap after: +${r.heapMb.toFixed(1)} MB`);
  console.log(`  target: the minimum (${r.minimum})  ${r.requests <= r.minimum && r.other.length === 0 ? 'MET' : 'NOT MET'}`);
  if (r.other.length) console.log(r.other.slice(0, 5).join('\n'));
}
const large = valueRuns[valueRuns.length - 1]!;
const scale = perCell(large) / perCell(small);
console.log(`time a cell at ${large.cells.toLocaleString('en')} / at ${small.cells}: ${scale.toFixed(2)}x   target <= 1.5x: ${scale <= 1.5 ? 'MET' : 'NOT MET'}`);
