/**
 * sheets: 1,000,000 rows x 6 columns (a daily period plus open/high/low/close/volume) to XLSX with
 * our streaming writer, against the baseline of the same rows as CSV converted to XLSX by
 * LibreOffice, in the same run. Ours is timed from Series to file (layout + write; LibreOffice's
 * time includes its start-up, a profile being ready). Our writer runs in a child process so its peak
 * RSS (VmHWM, the kernel's high-water mark, which includes the 1M-row Series itself) is its own.
 * Targets: at least 2x faster than LibreOffice, peak RSS under 400 MB.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Series } from '@econdata/core';
import { layoutSeries } from '@econdata/sheets';
import { writeCsv, writeXlsx } from '@econdata/sheets/node';

const ROWS = 1_000_000;

/** A deterministic stock-like series with ROWS consecutive days (years 1900 onwards). */
function bigSeries(): Series {
  const periods: string[] = new Array<string>(ROWS);
  const start = Date.UTC(1900, 0, 1);
  for (let i = 0; i < ROWS; i += 1) periods[i] = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
  const col = (f: (i: number) => number): Array<number | null> => Array.from({ length: ROWS }, (_, i) => f(i));
  const price = (i: number): number => Math.round((50 + 20 * Math.sin(i / 500) + (i % 97) / 10) * 100) / 100;
  return {
    id: 'stock:BENCH', kind: 'stock', title: 'Benchmark', frequency: 'daily', dimensions: { symbol: 'BENCH' },
    columns: ['open', 'high', 'low', 'close', 'volume'].map((key) => ({ key, label: key, unit: key === 'volume' ? 'shares' : 'thousand VND' })),
    periods,
    values: [col(price), col((i) => price(i) + 1.25), col((i) => price(i) - 1.5), col((i) => price(i) + 0.25), col((i) => 100_000 + ((i * 7919) % 5_000_000))],
    provenance: { source: 'bench', last_updated: null, retrieved_at: '2026-11-22T00:00:00.000Z', endpoint: '/stocks/vietnam', query: { kind: 'stock', symbol: 'BENCH' } },
  };
}

function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 2 ** 20;
}

async function child(mode: string, out: string): Promise<void> {
  const series = bigSeries(); // making the data is not the writer's work: not timed
  const t0 = performance.now();
  const grid = layoutSeries([series], { provenance: false, name: 'Data' });
  const built = performance.now();
  if (mode === 'xlsx') await writeXlsx(out, [grid]);
  else await writeCsv(out, grid, { bom: false });
  const done = performance.now();
  process.stdout.write(JSON.stringify({ buildMs: built - t0, writeMs: done - built, peakRssMb: peakRssMb() }));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sheets-bench-'));
  const self = fileURLToPath(import.meta.url);
  const runChild = (mode: string, out: string): { buildMs: number; writeMs: number; peakRssMb: number } => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', self, mode, out], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (r.status !== 0) throw new Error(`${mode} child failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as { buildMs: number; writeMs: number; peakRssMb: number };
  };
  try {
    const ours = runChild('xlsx', join(dir, 'ours.xlsx'));
    const csv = join(dir, 'data.csv');
    runChild('csv', csv);
    const profile = join(dir, 'profile');
    // Start LibreOffice once so its first-run profile setup is not counted against it.
    execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--version'], { stdio: 'ignore' });
    const t0 = performance.now();
    execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'xlsx', '--outdir', join(dir, 'lo'), csv], { stdio: 'ignore', timeout: 600_000 });
    const loMs = performance.now() - t0;
    const loSize = statSync(join(dir, 'lo', 'data.xlsx')).size;
    const oursMs = ours.buildMs + ours.writeMs;
    const ratio = loMs / oursMs;
    console.log(`rows x columns         ${ROWS.toLocaleString('en')} x 6`);
    console.log(`ours (layout + write)  ${(oursMs / 1000).toFixed(2)} s  (layout ${(ours.buildMs / 1000).toFixed(2)} s, XLSX ${(ours.writeMs / 1000).toFixed(2)} s), ${(statSync(join(dir, 'ours.xlsx')).size / 2 ** 20).toFixed(1)} MB file`);
    console.log(`LibreOffice CSV->XLSX  ${(loMs / 1000).toFixed(2)} s, ${(loSize / 2 ** 20).toFixed(1)} MB file`);
    console.log(`speed-up vs baseline   ${ratio.toFixed(2)}x   target >= 2x: ${ratio >= 2 ? 'met' : 'NOT met'}`);
    console.log(`peak RSS (ours, data included) ${ours.peakRssMb.toFixed(0)} MB   target < 400 MB: ${ours.peakRssMb < 400 ? 'met' : 'NOT met'}`);
    if (ratio < 2 || ours.peakRssMb >= 400) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [mode, out] = process.argv.slice(2);
if (mode && out) await child(mode, out);
else await main();
