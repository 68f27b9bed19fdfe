/**
 * The explorer's renderer built for suites and benchmarks exactly as `electron-vite build` builds it:
 * the renderer part of the shipped electron.vite.config.ts, resolved by electron-vite itself (its
 * presets: base './', Electron's Chrome target, the input), then built by Vite. Web mode serves the
 * folder this writes (`--renderer <dir>`), as it serves out/renderer.
 */
import { resolve } from 'node:path';
import { resolveConfig } from 'electron-vite';
import { build } from 'vite';

const APP = resolve(import.meta.dirname, '../..');

/** Builds the renderer into `<outDir>/renderer` and returns that folder. */
export async function buildRenderer(outDir: string): Promise<string> {
  // electron-vite's resolveConfig sets NODE_ENV for the whole process: give the caller's back.
  const nodeEnv = process.env['NODE_ENV'];
  try {
    const resolved = await resolveConfig({ configFile: resolve(APP, 'electron.vite.config.ts'), root: APP, mode: 'production', logLevel: 'warn', build: { outDir } }, 'build', 'production');
    const renderer = resolved.config?.renderer;
    if (!renderer) throw new Error('electron.vite.config.ts has no renderer part');
    await build({ ...renderer, logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  return resolve(outDir, 'renderer');
}
