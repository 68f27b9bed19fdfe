/**
 * The add-in's production build as `pnpm build` makes it, into a fresh temporary folder: for the
 * tests that check what the build holds and the browser suite that serves it under its CSP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

const app = join(import.meta.dirname, '../..');

/** Builds into a new temporary folder; `remove` deletes it. */
export async function buildAddin(prefix: string): Promise<{ out: string; remove(): void }> {
  const out = mkdtempSync(join(tmpdir(), prefix));
  // As `pnpm build` runs it: Vite takes import.meta.env.DEV from NODE_ENV, which vitest sets to "test".
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({ configFile: join(app, 'vite.config.ts'), root: app, logLevel: 'error', build: { outDir: out, emptyOutDir: true } });
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  } finally {
    process.env['NODE_ENV'] = nodeEnv;
  }
  return { out, remove: () => rmSync(out, { recursive: true, force: true }) };
}
