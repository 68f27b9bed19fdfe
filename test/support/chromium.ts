/**
 * Debian's Chromium for the browser suites, launched so that it makes no outside connection (the
 * machines reach no network but the package registries), and a tiny page server for browser bundles.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; never a browser downloaded by Playwright (that download fails here). */
const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

/** Launches headless Chromium with background networking off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

export interface BundlePage {
  /** http://127.0.0.1:<port>: an empty page at `/`, the bundle at `/<name>.js`. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Bundles a TypeScript entry for the browser platform (so a Node built-in anywhere in it fails the
 * build) and serves it on loopback beside an empty page, for tests that load it in Chromium.
 */
export async function serveBrowserBundle(entry: string, name: string): Promise<BundlePage> {
  const bundle = await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent' });
  const js = bundle.outputFiles[0]?.text ?? '';
  const server = createServer((req, res) => {
    if (req.url === `/${name}.js`) res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>${name}</title>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
