/**
 * The explorer built for suites and benchmarks exactly as `electron-vite build` builds it: the parts
 * of the shipped electron.vite.config.ts, resolved by electron-vite itself (its presets: base './',
 * Electron's Chrome target, the inputs), then built by Vite. Web mode serves the renderer folder
 * this writes (`--renderer <dir>`), as it serves out/renderer.
 */
import { resolve } from 'node:path';
import { resolveConfig } from 'electron-vite';
import { build } from 'vite';

const APP = resolve(import.meta.dirname, '../..');

/** Builds the named parts of the explorer into `<outDir>/<part>`. */
async function buildParts(outDir: string, parts: ReadonlyArray<'main' | 'renderer'>): Promise<void> {
  // electron-vite's resolveConfig sets NODE_ENV for the whole process: give the caller's back.
  const nodeEnv = process.env['NODE_ENV'];
  try {
    const resolved = await resolveConfig({ configFile: resolve(APP, 'electron.vite.config.ts'), root: APP, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } }, 'build', 'production');
    for (const part of parts) {
      const config = resolved.config?.[part];
      if (!config) throw new Error(`electron.vite.config.ts has no ${part} part`);
      // main's bundler notes (the ineffective dynamic import of exceljs, plugin timings) are not failures.
      await build({ ...config, logLevel: part === 'main' ? 'error' : 'warn' });
    }
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
}

/** Builds the renderer into `<outDir>/renderer` and returns that folder. */
export async function buildRenderer(outDir: string): Promise<string> {
  await buildParts(outDir, ['renderer']);
  return resolve(outDir, 'renderer');
}

/**
 * Builds main (with web mode's command, `main/web.js`, the one scripts/start.sh runs) and the
 * renderer into `outDir`; returns the command's file and the renderer's folder.
 */
export async function buildExplorer(outDir: string): Promise<{ web: string; renderer: string }> {
  await buildParts(outDir, ['main', 'renderer']);
  return { web: resolve(outDir, 'main', 'web.js'), renderer: resolve(outDir, 'renderer') };
}
