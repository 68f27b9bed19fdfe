/**
 * electron-vite: main, preload and renderer of the explorer.
 * - main: the workspace packages point at TypeScript sources, so they are bundled
 *   (`externalizeDeps.exclude`), with their own dependencies; keytar (a native module, rebuilt for
 *   Electron's ABI by electron-builder) stays external and is the app's only runtime dependency.
 * - preload: CommonJS (`index.cjs`), the form a sandboxed renderer's preload must have.
 * - renderer: React, built to out/renderer; web mode serves that same folder.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const WORKSPACE = ['@econdata/core', '@econdata/keychain', '@econdata/sandbox', '@econdata/sheets', '@econdata/ui'];

export default defineConfig({
  main: {
    build: {
      externalizeDeps: { exclude: WORKSPACE },
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/main/electron.ts') },
        external: ['keytar'],
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
      rolldownOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
    },
    plugins: [react()],
  },
});
