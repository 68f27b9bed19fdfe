/**
 * The Excel add-in's page served for Chromium suites: the add-in's own Vite configuration
 * (apps/excel-addin/vite.config.ts: taskpane.html, src/main.ts, office.js from @microsoft/office-js
 * beside o15apptofilemappingtable.js) as its development server, on loopback over plain HTTP and
 * without the dev sandbox (each suite starts its own). Office.onReady then resolves with no host, and
 * the development page renders the taskpane beside its in-page workbook stand-in (dev/standin).
 */
import { createServer, mergeConfig, optimizeDeps, resolveConfig, type InlineConfig, type ViteDevServer } from 'vite';
import { addinViteConfig } from '../../apps/excel-addin/vite.config.ts';

export interface AddinServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The add-in's page. */
  pageURL: string;
  close(): Promise<void>;
}

/** The dev server's configuration: the add-in's own, on a free loopback port. */
async function serverConfig(): Promise<InlineConfig> {
  return mergeConfig(await addinViteConfig('serve', { https: false, sandbox: false, namespace: 'ECON' }), {
    configFile: false,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
  } satisfies InlineConfig);
}

/**
 * Pre-bundles the page's dependencies into Vite's cache (apps/excel-addin/node_modules/.vite) once,
 * before the browser suites start (vitest.config.ts: the browser project's globalSetup). Suites
 * running at the same time then find the cache ready instead of each rebuilding it into the same
 * folder, and a page's first load does not wait for it.
 */
export async function prebundleAddin(): Promise<void> {
  await optimizeDeps(await resolveConfig(await serverConfig(), 'serve'));
}

/** Starts the dev server on a free port (no HTTPS, no sandbox: the suite starts its own). */
export async function serveAddin(): Promise<AddinServer> {
  const server: ViteDevServer = await createServer(await serverConfig());
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the add-in dev server did not listen on a port');
  const origin = `http://127.0.0.1:${address.port}`;
  return { origin, pageURL: `${origin}/taskpane.html`, close: () => server.close() };
}
