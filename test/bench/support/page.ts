/**
 * Pages for the browser benchmarks: a TSX page script bundled as the explorer's renderer is (its
 * folder as the root of relative imports), and served on loopback in a 1000 x 520 box.
 */
import { createServer } from 'node:http';
import type { Page } from 'playwright-core';
import { resolve } from 'node:path';
import { build as esbuild } from 'esbuild';
import { repoRoot } from '../../support/paths.ts';

const RENDERER = resolve(repoRoot, 'apps/desktop/src/renderer');

/** Bundles a page script (TSX source) for the browser, resolved from the renderer's folder. */
export async function bundlePage(source: string): Promise<{ js: string; css: string }> {
  const out = await esbuild({
    stdin: { contents: source, resolveDir: RENDERER, loader: 'tsx', sourcefile: 'page.tsx' },
    bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, outdir: '/out', jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent',
  });
  const text = (ext: string): string => out.outputFiles.filter((f) => f.path.endsWith(ext)).map((f) => f.text).join('\n');
  return { js: text('.js'), css: text('.css') };
}

/** Serves one page with its script on loopback; returns its address. */
export async function servePage(page: { js: string; css: string }): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    if (req.url === '/page.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(page.js);
    else if (req.url === '/page.css') res.writeHead(200, { 'content-type': 'text/css' }).end(page.css);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><head><link rel="stylesheet" href="/page.css"></head><body style="margin:0"><div id="root" style="width:1000px;height:520px"></div><script type="module" src="/page.js"></script></body></html>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => server.close() };
}

/** The page's own `window.draw()` timings in ms, after two warm-up draws (JIT and fonts). */
export async function drawTimes(page: Page, url: string, runs: number): Promise<number[]> {
  await page.goto(url);
  await page.waitForFunction(() => typeof (window as unknown as { draw?: unknown }).draw === 'function');
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i += 1) {
    const ms = await page.evaluate(() => (window as unknown as { draw(): Promise<number> }).draw());
    if (i >= 2) times.push(ms); // two warm-up draws: JIT and fonts
  }
  return times;
}
