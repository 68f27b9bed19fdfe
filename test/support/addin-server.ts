/**
 * The Excel add-in's page served for Chromium suites: a Vite dev server over apps/excel-addin
 * (taskpane.html, src/main.ts, office.js from @microsoft/office-js beside o15apptofilemappingtable.js),
 * on loopback over plain HTTP. Office.onReady then resolves with no host, and the taskpane renders
 * beside its in-page workbook stand-in.
 */
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type ViteDevServer } from 'vite';
import { officeJs } from '../../apps/excel-addin/build/office-js.ts';
import { repoRoot } from './paths.ts';

export interface AddinServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The add-in's page. */
  pageURL: string;
  close(): Promise<void>;
}

/** Starts the dev server on a free port (no HTTPS, no sandbox: the suite starts its own). */
export async function serveAddin(): Promise<AddinServer> {
  const root = join(repoRoot, 'apps/excel-addin');
  const server: ViteDevServer = await createServer({
    configFile: false,
    root,
    base: '/',
    logLevel: 'error',
    plugins: [react(), officeJs()],
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false },
    // Scanning the page's imports up front: the first page load does not stop to re-optimize.
    optimizeDeps: { entries: ['taskpane.html'] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the add-in dev server did not listen on a port');
  const origin = `http://127.0.0.1:${address.port}`;
  return { origin, pageURL: `${origin}/taskpane.html`, close: () => server.close() };
}
