/**
 * The add-in's one page (taskpane.html: the shared runtime that holds the taskpane, the custom
 * functions and the ribbon commands), functions.json from the JSDoc, office.js from the add-in's
 * own origin, icons from public/. `vite` serves it on https://localhost:3000 with the sandbox; in a
 * plain browser (no Excel) the development server's page shows the in-page workbook stand-in
 * (dev/standin, left out of `vite build`).
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { contentSecurityPolicy, DEV_NONCE } from './build/csp.ts';
import { devHttps, type DevHttps } from './build/dev-https.ts';
import { devSandbox } from './build/dev-sandbox.ts';
import { functionsJson } from './build/functions-metadata.ts';
import { officeJs } from './build/office-js.ts';
import { FUNCTION_NAMESPACES } from '../../manifests/generate.ts';

/** The development origin the dev manifest points at (manifests/manifest.dev.xml). */
export const DEV_PORT = 3000;

function httpsOptions({ key, cert, ca }: DevHttps): { key: Buffer; cert: Buffer; ca: Buffer } {
  return { key, cert, ca };
}

/** How the development server runs; `vite` uses the defaults, the Chromium suites switch both off. */
export interface AddinServeOptions {
  /** HTTPS with office-addin-dev-certs (Office loads add-ins over HTTPS only); plain HTTP when false. */
  https?: boolean;
  /** The sandbox beside the dev server on port 8787 (build/dev-sandbox.ts); the suites start their own. */
  sandbox?: boolean;
  /**
   * The custom functions' namespace the formulas it writes use: the dev manifest's (ECONDEV) when
   * serving, production's (ECON) when building. The Chromium suites keep ECON, the stand-in's.
   */
  namespace?: string;
}

/** The add-in's Vite configuration: `vite`, `vite build` and the Chromium suites all use this one. */
export async function addinViteConfig(command: 'serve' | 'build', { https = true, sandbox = true, namespace }: AddinServeOptions = {}): Promise<UserConfig> {
  return {
    root: import.meta.dirname,
    define: { __ECON_NAMESPACE__: JSON.stringify(namespace ?? (command === 'serve' ? FUNCTION_NAMESPACES.dev : FUNCTION_NAMESPACES.prod)) },
    // Relative URLs: the production add-in may live below a path (ADDIN_BASE_URL).
    base: './',
    plugins: [contentSecurityPolicy(command), react(), officeJs(), functionsJson(), ...(sandbox ? [devSandbox()] : [])],
    // The dev server's own inline scripts (its client, React Refresh's preamble) carry this nonce,
    // which the dev policy allows (build/csp.ts); a build has none.
    ...(command === 'serve' ? { html: { cspNonce: DEV_NONCE } } : {}),
    server: command === 'serve' ? { host: 'localhost', port: DEV_PORT, strictPort: true, ...(https ? { https: httpsOptions(await devHttps()) } : {}) } : {},
    // Scanning the page's imports up front: the first page load does not stop to re-optimize.
    optimizeDeps: { entries: ['taskpane.html'] },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Office's embedded browsers (WebView2, Safari on Mac) are evergreen.
      target: 'es2022',
      // The taskpane chunk is React + Fluent UI (~720 kB); it loads after the functions are registered.
      chunkSizeWarningLimit: 800,
      rollupOptions: {
        input: { taskpane: 'taskpane.html' },
        // Unhashed entry: the manifest's custom functions Script URL names it.
        output: { entryFileNames: 'assets/[name].js', chunkFileNames: 'assets/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
      },
    },
  };
}

export default defineConfig(({ command }) => addinViteConfig(command));
