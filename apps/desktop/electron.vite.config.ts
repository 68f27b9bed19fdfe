/**
 * electron-vite: main, preload and renderer of the explorer.
 * - main: the workspace packages point at TypeScript sources, so they are bundled
 *   (`externalizeDeps.exclude`), with their own dependencies; keytar (a native module, rebuilt for
 *   Electron's ABI by electron-builder) stays external and is the app's only runtime dependency.
 * - preload: CommonJS (`index.cjs`), the form a sandboxed renderer's preload must have.
 * - renderer: React, built to out/renderer; web mode serves that same folder.
 */
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

/**
 * The embedded sandbox's Swagger UI reads its static files next to its own module at start-up
 * (`static/logo.svg`, and `../static` for the docs pages); bundled, "its module" is out/main/index.js,
 * so the files are copied to both places or the sandbox cannot start inside the packaged app.
 */
function swaggerUiStatic(): Plugin {
  const fromSandbox = createRequire(resolve(import.meta.dirname, '../../packages/sandbox/package.json'));
  const source = join(dirname(fromSandbox.resolve('@fastify/swagger-ui/package.json')), 'static');
  return {
    name: 'econdata:swagger-ui-static',
    apply: 'build',
    async writeBundle(options) {
      const mainDir = options.dir ?? resolve(import.meta.dirname, 'out/main');
      await cp(source, join(mainDir, 'static'), { recursive: true });
      await cp(source, join(mainDir, '..', 'static'), { recursive: true });
    },
  };
}

const WORKSPACE = ['@econdata/analysis', '@econdata/core', '@econdata/keychain', '@econdata/sandbox', '@econdata/sheets', '@econdata/ui'];

export default defineConfig({
  main: {
    plugins: [swaggerUiStatic()],
    build: {
      externalizeDeps: { exclude: WORKSPACE },
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/main/electron.ts'), web: resolve(import.meta.dirname, 'src/web/cli.ts') },
        // vite: web mode's --dev only (a development tool, never in the product path).
        external: ['keytar', 'vite', '@vitejs/plugin-react'],
        // The code both entries share sits beside them (not in chunks/), so what finds files next to
        // its own module (the sandbox's Swagger UI) finds them in out/main whichever entry started.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: { exclude: WORKSPACE },
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    build: {
      // electron-vite leaves the renderer unminified by default: 2.5 MB of script (539 KB gzip) to parse at start.
      minify: true,
      // Vite's warning counts a chunk's minified bytes; pnpm bench desktop checks what matters, the
      // gzip the page loads at start (≤ 350 KB), the rest being chunks loaded on first use (src/renderer/app/later.tsx).
      chunkSizeWarningLimit: 1024,
      rolldownOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
    },
    plugins: [react()],
  },
});
