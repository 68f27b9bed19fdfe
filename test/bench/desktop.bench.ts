/**
 * The desktop explorer in web mode, each figure beside a baseline measured in the same run:
 * - command to first chart (issue 31): the built explorer's web mode (out/main/web.js, what
 *   scripts/start.sh runs) spawned, the page opened, WB GDP for Viet Nam fetched and charted
 *   (scripted clicks), against the sum of its unavoidable parts measured in the same run: Chromium
 *   loading the built page without services, the sandbox's own start (its CLI, bundled the same way)
 *   to its first answer, and one indicators request; target: within 2x that sum;
 * - the renderer's bundle, gzip, as electron-vite builds it: what the page loads at start (index.html's
 *   script, modulepreloads and stylesheets; target 350 KB, issue 31) and what it loads on first use,
 *   against a bare page holding only React and uPlot (esbuild);
 * - the 100,000-row table scrolled (frame time while jumping through it) against an empty scroller.
 * The 100,000-point chart (transformed, aligned, drawn, hovered, zoomed, saved as PNG) is
 * desktop-charts.bench.ts's, which `pnpm bench desktop` runs too.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';
import { buildExplorer } from '../../apps/desktop/test/support/renderer.ts';
import { bundlePage, drawTimes, servePage } from './support/page.ts';

const POINTS = 100_000;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

const SERIES = `
  const periods = Array.from({ length: ${POINTS} }, (_, i) => new Date(Date.UTC(1800, 0, 1) + i * 86400000).toISOString().slice(0, 10));
  const values = periods.map((_, i) => 50 + 20 * Math.sin(i / 500) + (i % 97) / 10);`;

const TABLE = `
  import { createRoot } from 'react-dom/client';
  import { FluentProvider, webLightTheme } from '@fluentui/react-components';
  import { SeriesTable } from './series/SeriesTable.tsx';
  import { tableModel } from './series/table-model.ts';
  ${SERIES}
  const series = { id: 'stock:symbol:BIG', kind: 'stock', title: 'BIG', frequency: 'daily', dimensions: { symbol: 'BIG' },
    columns: [{ key: 'close', label: 'Close', unit: 'points' }], periods, values: [values],
    provenance: { source: 'bench', last_updated: null, retrieved_at: '2026-11-22T00:00:00Z', endpoint: '/stocks/vietnam', query: { kind: 'stock', symbol: 'BIG' } } };
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  /** Scrolls the element 60 times by 50,000 px, a frame each; the median frame time and whether the rows followed. */
  const scroll = async (el, check) => {
    const times = [];
    let last = await frame();
    for (let i = 1; i <= 60; i += 1) { el.scrollTop = i * 50000; const t = await frame(); times.push(t - last); last = t; if (check && !check()) return -1; }
    return times.sort((a, b) => a - b)[30];
  };
  window.draw = async () => {
    const host = document.getElementById('root');
    const root = createRoot(host);
    root.render(<FluentProvider theme={webLightTheme}><div style={{ height: 520 }}><SeriesTable model={tableModel([series])} label="bench" /></div></FluentProvider>);
    await frame(); await frame();
    const el = host.querySelector('[role=table]');
    // Row heights are 30 px: at scrollTop y the rows on screen hold the period of row y / 30.
    const ms = await scroll(el, () => { const want = periods[Math.min(periods.length - 1, Math.floor(el.scrollTop / 30))]; return [...el.querySelectorAll('[role=rowheader]')].some((c) => c.textContent === want); });
    root.unmount();
    return ms;
  };`;

const EMPTY_SCROLL = `
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  window.draw = async () => {
    const host = document.getElementById('root');
    host.innerHTML = '<div style="height:520px;overflow:auto" id="s"><div style="height:3000000px"></div></div>';
    const el = document.getElementById('s');
    const times = [];
    let last = await frame();
    for (let i = 1; i <= 60; i += 1) { el.scrollTop = i * 50000; const t = await frame(); times.push(t - last); last = t; }
    host.innerHTML = '';
    return times.sort((a, b) => a - b)[30];
  };`;

const REACT_UPLOT_ONLY = `
  import { createRoot } from 'react-dom/client';
  import uPlot from 'uplot';
  import 'uplot/dist/uPlot.min.css';
  createRoot(document.getElementById('root')).render(<p>{String(uPlot)}</p>);`;

// ---- Command to first chart (issue 31), split into its parts ----------------------------------

const WB_GDP_VN = '/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN';

/** Spawns a command and resolves with the first match of `pattern` on its stdout (and the child). */
function spawnUntil(args: string[], pattern: RegExp, env: NodeJS.ProcessEnv = process.env): { child: ReturnType<typeof spawn>; match: Promise<string> } {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const match = new Promise<string>((done, fail) => {
    let text = '';
    child.stdout!.on('data', (c: Buffer) => { text += c.toString(); const m = pattern.exec(text); if (m?.[1]) done(m[1]); });
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited with ${code}:\n${text}`)));
  });
  return { child, match };
}

async function stop(child: ReturnType<typeof spawn>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => { child.once('exit', () => done()); child.kill('SIGTERM'); });
}

/** The built explorer's web mode from spawn to the first chart of WB GDP for Viet Nam, with its parts. */
async function commandToChart(browser: Browser, web: string, rendererDir: string, home: string): Promise<{ ms: number; addressMs: number; pageMs: number; choicesMs: number; chartMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const t0 = performance.now();
  const { child, match } = spawnUntil([web, '--port', '0', '--data', realDataDir ?? '', '--key-store', 'memory', '--renderer', rendererDir, '--no-open'],
    /web mode\): (\S+)/, { ...process.env, ECONDATA_HOME: home, DISPLAY: '' });
  try {
    const url = await match;
    const tPage = performance.now();
    await page.goto(url);
    await page.getByRole('list', { name: /^Indicators of WB/ }).getByRole('checkbox').first().waitFor({ timeout: 60_000 });
    const tListed = performance.now();
    await page.getByRole('searchbox', { name: 'Search indicators' }).fill('GDP (current');
    await page.getByRole('checkbox', { name: /\(NY\.GDP\.MKTP\.CD\)/ }).check();
    await page.getByRole('searchbox', { name: 'Search countries' }).fill('Viet');
    await page.getByRole('checkbox', { name: /\(VN\)/ }).check();
    // The scripted choices are the user's time, not the explorer's: the chart is timed from the click.
    const tClick = performance.now();
    await page.getByRole('button', { name: 'Get data' }).click();
    await page.locator('[data-chart-drawn]').waitFor({ timeout: 60_000 });
    const tChart = performance.now();
    return { ms: (tListed - t0) + (tChart - tClick), addressMs: tPage - t0, pageMs: tListed - tPage, choicesMs: tClick - tListed, chartMs: tChart - tClick };
  } finally {
    await stop(child);
    await context.close();
  }
}

/** Serves a folder's files on loopback (no bridge, no services): the built page alone. */
async function serveFolder(dir: string): Promise<{ url: string; close(): void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    try {
      const body = readFileSync(join(dir, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'content-type': types[extname(path === '/' ? 'index.html' : path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => server.close() };
}

/** Chromium loading the built page (fresh context, no cache) to its load event and the next frame. */
async function builtPageLoad(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const t = performance.now();
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
  const ms = performance.now() - t;
  await context.close();
  return ms;
}

/**
 * The sandbox's CLI bundled as the explorer's main is (one file, the workspace and its dependencies
 * inside, Swagger UI's static files beside it), so its start is compared without a TypeScript loader.
 */
async function buildSandbox(outDir: string): Promise<string> {
  const file = join(outDir, 'main', 'cli.mjs');
  await esbuild({
    entryPoints: [resolve(repoRoot, 'packages/sandbox/src/cli.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20',
    outfile: file, logLevel: 'error',
    banner: { js: "import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; import { dirname as __dn } from 'node:path'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);" },
  });
  const fromSandbox = createRequire(resolve(repoRoot, 'packages/sandbox/package.json'));
  const assets = join(dirname(fromSandbox.resolve('@fastify/swagger-ui/package.json')), 'static');
  cpSync(assets, join(outDir, 'main', 'static'), { recursive: true });
  cpSync(assets, join(outDir, 'static'), { recursive: true });
  return file;
}

/** The sandbox's own start (spawn to its first answer, GET /api/v1/sources), then one indicators request. */
async function sandboxParts(cli: string): Promise<{ startMs: number; requestMs: number }> {
  const t0 = performance.now();
  const { child, match } = spawnUntil([cli, '--port', '0', ...(realDataDir ? ['--data', realDataDir] : ['--demo'])], /(http:\/\/127\.0\.0\.1:\d+)/);
  try {
    const base = await match;
    const headers = { authorization: 'Bearer sandbox-pro' };
    const first = await fetch(`${base}/api/v1/sources`, { headers });
    if (!first.ok) throw new Error(`the sandbox answered ${first.status}`);
    await first.text();
    const startMs = performance.now() - t0;
    const t1 = performance.now();
    const answer = await fetch(base + WB_GDP_VN, { headers });
    if (!answer.ok) throw new Error(`the sandbox answered ${answer.status} to ${WB_GDP_VN}`);
    await answer.text();
    return { startMs, requestMs: performance.now() - t1 };
  } finally {
    await stop(child);
  }
}

/** Prints command to first chart against the sum of its unavoidable parts; median of RUNS each. */
async function commandToFirstChart(browser: Browser, work: string, explorer: { web: string; renderer: string }): Promise<void> {
  const RUNS = 3;
  const sandboxCli = await buildSandbox(join(work, 'sandbox'));
  const builtPage = await serveFolder(explorer.renderer);
  const pageMs: number[] = [];
  const sandboxMs: number[] = [];
  const requestMs: number[] = [];
  const runs: Array<Awaited<ReturnType<typeof commandToChart>>> = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      pageMs.push(await builtPageLoad(browser, builtPage.url));
      const parts = await sandboxParts(sandboxCli);
      sandboxMs.push(parts.startMs);
      requestMs.push(parts.requestMs);
      runs.push(await commandToChart(browser, explorer.web, explorer.renderer, join(work, `home-${i}`)));
    }
  } finally {
    builtPage.close();
  }
  const total = median(runs.map((r) => r.ms));
  const sum = median(pageMs) + median(sandboxMs) + median(requestMs);
  const ratio = total / sum;
  const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\ncommand to first chart (built web mode, median of ${RUNS})   ${s(total)}: command to address ${s(median(runs.map((r) => r.addressMs)))}, page to indicators listed ${s(median(runs.map((r) => r.pageMs)))}, Get data to chart drawn ${s(median(runs.map((r) => r.chartMs)))} (the scripted choices between, ${s(median(runs.map((r) => r.choicesMs)))}, are the user's time and not counted)`);
  console.log(`baseline: its unavoidable parts  ${s(sum)} = built page loaded without services ${median(pageMs).toFixed(0)} ms + the sandbox's own start to its first answer ${median(sandboxMs).toFixed(0)} ms + one indicators request ${median(requestMs).toFixed(0)} ms`);
  console.log(`ratio ${ratio.toFixed(2)}x   target <= 2x   ${ratio <= 2 ? 'met' : 'UNMET'}`);
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'desktop-bench-'));
  const browser = await launchChromium();
  try {
    // Bundle sizes.
    const explorer = await buildExplorer(join(work, 'explorer'));
    const rendererDir = explorer.renderer;
    const assets = readdirSync(join(rendererDir, 'assets'));
    const gzipOf = (f: string): number => gzipSync(readFileSync(join(rendererDir, 'assets', f))).length;
    // Loaded at start: what index.html names (the entry script, its modulepreloads, stylesheets);
    // the rest are chunks the page imports on first use.
    const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
    const atStart = [...html.matchAll(/(?:src|href)="\.\/assets\/([^"]+)"/g)].map((m) => m[1]!);
    const startGzip = atStart.reduce((n, f) => n + gzipOf(f), 0);
    const laterFiles = assets.filter((f) => !atStart.includes(f));
    const laterGzip = laterFiles.reduce((n, f) => n + gzipOf(f), 0);
    const bareEs = await bundlePage(REACT_UPLOT_ONLY);
    const gz = (b: { js: string; css: string }): number => gzipSync(b.js).length + gzipSync(b.css).length;
    const START_TARGET = 350 * 1024;
    console.log(`renderer bundle (gzip)        loaded at start ${kb(startGzip)} (${atStart.length} files)   target <= ${kb(START_TARGET)}   ${startGzip <= START_TARGET ? 'met' : 'UNMET'}; loaded on first use ${kb(laterGzip)} (${laterFiles.length} files)`);
    console.log(`baseline: React + uPlot only  esbuild ${kb(gz(bareEs))}   ratio ${(startGzip / gz(bareEs)).toFixed(2)}x`);

    // The 100,000-row table.
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const table = await servePage(await bundlePage(TABLE));
    const empty = await servePage(await bundlePage(EMPTY_SCROLL));
    const tableFrame = median(await drawTimes(page, table.url, 3));
    const emptyFrame = median(await drawTimes(page, empty.url, 3));
    table.close();
    empty.close();
    if (tableFrame < 0) throw new Error('the table lost rows while scrolling');
    console.log(`${POINTS.toLocaleString('en')}-row table scrolled   ${tableFrame.toFixed(1)} ms a frame (median of 60 jumps of 50,000 px; the rows on screen checked each frame)`);
    console.log(`baseline: empty scroller      ${emptyFrame.toFixed(1)} ms a frame   ratio ${(tableFrame / emptyFrame).toFixed(2)}x`);

    await commandToFirstChart(browser, work, explorer);
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
