/**
 * `pnpm bench search`: searchIndicators over 10,000 indicators (the real 737 listed by WB, IMF and
 * GSO from the sandbox, plus generated ones made of their words), against a plain `includes` scan
 * over the same list's text, folded beforehand, in the same run. Target: the first results of a
 * query within one frame (16 ms); the ratio to the scan is printed beside it. Building the index for
 * the 10,000 is reported against folding their text for the scan.
 *
 * Then the three libraries that were candidates (MiniSearch 7.2.0, FlexSearch 0.8.212, Fuse.js
 * 7.5.0), each set up as close to the same matching as it allows, on the same entries: build time,
 * query time, and whether the misspelt "inflaton" still finds the World Bank's CPI inflation.
 */
import { EconDataClient } from '@econdata/core';
import { startSandbox } from '@econdata/sandbox';
import { Index as FlexIndex } from 'flexsearch';
import Fuse from 'fuse.js';
import MiniSearch from 'minisearch';
import { foldedWords, foldText } from '../../packages/ui/src/search/fold.ts';
import { indexIndicators, searchIndicators, type SearchEntry } from '../../packages/ui/src/search/search-indicators.ts';
import { realDataDir } from '../support/paths.ts';

if (!realDataDir) {
  console.error('search bench: needs the real data (../shared/data or ECONDATA_DATA_DIR)');
  process.exit(1);
}

const TOTAL = 10_000;
const QUERIES = ['inflation', 'lạm phát', 'gdp growth', 'exports', 'inflaton', 'NY.GDP', 'consumer price index hanoi', 'retail sales total', 'unemployment', 'e'];

const sb = await startSandbox({ port: 0, dataDir: realDataDir, seed: 1 });
const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-free' });
const real: SearchEntry[] = [];
for (const s of (await client.listSources()).data) {
  for (const i of (await client.listSourceIndicators({ source_code: s.code })).data) real.push({ ...i, source: s.code });
}
await sb.close();

/** Generated indicators: a real one's name, unit and description with a region and a variant, under new codes. */
function generate(): SearchEntry[] {
  let seed = 20261125;
  const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const regions = ['Hanoi', 'Ho Chi Minh City', 'Da Nang', 'Mekong Delta', 'Red River Delta', 'Central Highlands', 'North Central', 'South East', 'urban', 'rural'];
  const variants = ['seasonally adjusted', 'trend', 'constant prices', 'current prices', 'index 2015=100', 'per capita', 'share of total'];
  const out = [...real];
  for (let n = 0; out.length < TOTAL; n++) {
    const base = pick(real);
    const region = pick(regions);
    out.push({ ...base, source: `GEN${n % 7}`, code: `G${n}.${base.code}`, name: `${base.name}, ${region}, ${pick(variants)}`, description: `${base.description ?? ''} Region: ${region}.` });
  }
  return out;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const gc = (globalThis as { gc?: () => void }).gc;
const time = (f: () => unknown): number => { const t = performance.now(); f(); return performance.now() - t; };
const ms = (x: number): string => `${x.toFixed(2)} ms`;

// The baseline: every entry's text folded once, then a substring scan per query.
const haystackOf = (entries: readonly SearchEntry[]): string[] => entries.map((e) => foldText(`${e.code} ${e.name} ${String(e['name_vi'] ?? '')} ${e.unit ?? ''} ${e.description ?? ''}`));
const scan = (hay: readonly string[], text: string): number => { const q = foldText(text).trim(); let n = 0; for (const h of hay) if (h.includes(q)) n++; return n; };

const builds: number[] = [];
const folds: number[] = [];
let entries: SearchEntry[] = generate();
for (let i = 0; i < 5; i++) {
  entries = generate(); // a new array: indexIndicators keeps one index per array
  gc?.();
  folds.push(time(() => haystackOf(entries)));
  gc?.();
  builds.push(time(() => indexIndicators(entries)));
}
const hay = haystackOf(entries);

const ours: number[] = [];
const base: number[] = [];
const perQuery: string[] = [];
for (const q of QUERIES) {
  const o: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 3; i++) { searchIndicators(entries, q, { limit: 50 }); scan(hay, q); }
  for (let i = 0; i < 21; i++) {
    o.push(time(() => searchIndicators(entries, q, { limit: 50 })));
    b.push(time(() => scan(hay, q)));
  }
  ours.push(median(o));
  base.push(median(b));
  perQuery.push(`  ${JSON.stringify(q).padEnd(32)} ${ms(median(o)).padStart(10)}  (scan ${ms(median(b))}, ${searchIndicators(entries, q, { limit: TOTAL }).length} matches)`);
}

const slowest = Math.max(...ours);
const ratio = median(ours) / median(base);
console.log(`${entries.length} indicators: ${real.length} real (${[...new Set(real.map((e) => e.source))].join(', ')}) + ${entries.length - real.length} generated; ${indexIndicators(entries).vocabulary.length} distinct words`);
console.log(`index build       median ${ms(median(builds))} (folding the text for the scan: ${ms(median(folds))}, ratio ${(median(builds) / median(folds)).toFixed(2)})`);
console.log('first 50 results per query (median of 21):');
for (const line of perQuery) console.log(line);
console.log(`baseline  includes scan, median over queries   ${ms(median(base))} (1.00)`);
console.log(`search    searchIndicators, median over queries ${ms(median(ours))} (${ratio.toFixed(2)})`);
console.log(`slowest query ${ms(slowest)}  target <= 16 ms (one frame)  ${slowest <= 16 ? 'MET' : 'NOT MET'}`);

// The candidates, on the same 10,000 entries.
const docs = entries.map((e, id) => ({ id, code: e.code, name: `${e.name} ${String(e['name_vi'] ?? '')}`, unit: e.unit ?? '', description: e.description ?? '' }));
const wbCpi = docs.findIndex((d) => d.code === 'FP.CPI.TOTL.ZG');
const tokenize = (s: string): string[] => foldedWords(foldText(s));
interface Engine { name: string; build(): unknown; search(engine: unknown, q: string): number[] }
const engines: Engine[] = [
  {
    name: 'own index (searchIndicators)',
    build: () => indexIndicators([...entries]),
    search: (_e, q) => searchIndicators(entries, q, { limit: 50 }).map((x) => entries.indexOf(x)),
  },
  {
    name: 'MiniSearch 7.2.0',
    build: () => { const m = new MiniSearch({ fields: ['code', 'name', 'unit', 'description'], tokenize, processTerm: (t) => t }); m.addAll(docs); return m; },
    search: (m, q) => (m as MiniSearch).search(q, { combineWith: 'AND', prefix: true, fuzzy: (t) => (t.length >= 5 ? 1 : 0), boost: { code: 3, name: 2 } }).slice(0, 50).map((r) => r['id'] as number),
  },
  {
    name: 'FlexSearch 0.8.212',
    build: () => { const f = new FlexIndex({ tokenize: 'forward', encoder: 'LatinBalance' }); for (const d of docs) f.add(d.id, `${d.code} ${d.name} ${d.unit} ${d.description}`); return f; },
    search: (f, q) => (f as FlexIndex).search(q, { limit: 50 }) as number[],
  },
  {
    name: 'Fuse.js 7.5.0',
    build: () => new Fuse(docs, { keys: [{ name: 'code', weight: 3 }, { name: 'name', weight: 2 }, 'unit', 'description'], ignoreLocation: true, threshold: 0.2, useExtendedSearch: true }),
    search: (f, q) => (f as Fuse<(typeof docs)[number]>).search(q, { limit: 50 }).map((r) => r.refIndex),
  },
];
console.log('\ncandidates on the same entries (build: median of 3; query: median over "inflation", "gdp growth", "exports", "inflaton", "NY.GDP"):');
for (const engine of engines) {
  const b: number[] = [];
  let built: unknown;
  for (let i = 0; i < 3; i++) { gc?.(); b.push(time(() => { built = engine.build(); })); }
  const qs: number[] = [];
  for (const q of ['inflation', 'gdp growth', 'exports', 'inflaton', 'NY.GDP']) {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push(time(() => engine.search(built, q)));
    qs.push(median(runs));
  }
  const typo = engine.search(built, 'inflaton').includes(wbCpi);
  console.log(`  ${engine.name.padEnd(30)} build ${ms(median(b)).padStart(11)}   query ${ms(median(qs)).padStart(10)}   "inflaton" finds FP.CPI.TOTL.ZG: ${typo ? 'yes' : 'no'}`);
}
