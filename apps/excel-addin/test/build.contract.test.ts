/**
 * The production build holds every file the manifests name, office.js with the files it loads
 * from beside itself, and functions.json from the JSDoc: built once here into a temporary folder.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest, TARGETS } from '../../../manifests/generate.ts';

const app = join(import.meta.dirname, '..');

describe('pnpm build', () => {
  let out: string;
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'econdata-addin-dist-'));
    await build({ configFile: join(app, 'vite.config.ts'), root: app, logLevel: 'error', build: { outDir: out, emptyOutDir: true } });
  }, 180_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('has every file the manifest points at', () => {
    const { baseUrl } = TARGETS.dev();
    const urls = [...buildManifest(TARGETS.dev()).matchAll(/DefaultValue="(https:[^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(8);
    for (const url of new Set(urls)) expect(existsSync(join(out, url.slice(baseUrl.length + 1))), url).toBe(true);
  });

  it('serves office.js from its own origin, with the files it loads from beside itself', () => {
    for (const file of ['office.js', 'o15apptofilemappingtable.js', 'excel-web-16.00.js', 'excel-win32-16.01.js', 'en-us/office_strings.js']) {
      expect(existsSync(join(out, 'office-js', file)), file).toBe(true);
    }
    expect(existsSync(join(out, 'office-js', 'office.debug.js'))).toBe(false);
    expect(existsSync(join(out, 'office-js', 'word-web-16.00.js'))).toBe(false);
    const html = readFileSync(join(out, 'taskpane.html'), 'utf8');
    expect(html.indexOf('./office-js/office.js')).toBeLessThan(html.indexOf('./assets/taskpane.js'));
  });

  it('writes functions.json from the JSDoc', () => {
    const meta = JSON.parse(readFileSync(join(out, 'functions.json'), 'utf8')) as { functions: Array<{ id: string }> };
    expect(meta.functions.map((f) => f.id)).toEqual(['INDICATOR', 'TRADE', 'STOCK', 'DERIVED', 'QUOTA']);
  });
});
