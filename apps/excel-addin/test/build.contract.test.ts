/**
 * The production build holds every file the manifests name, office.js with the files it loads
 * from beside itself, and functions.json from the JSDoc, and none of the development stand-in or
 * test code: built once here into a temporary folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest, TARGETS } from '../../../manifests/generate.ts';
import { buildAddin } from './support/production-build.ts';

const app = join(import.meta.dirname, '..');

describe('pnpm build', () => {
  let out: string;
  let remove = (): void => undefined;
  beforeAll(async () => {
    ({ out, remove } = await buildAddin('econdata-addin-dist-'));
  }, 180_000);
  afterAll(() => remove());

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
    expect(meta.functions.map((f) => f.id)).toEqual(['INDICATOR', 'VALUE', 'TRADE', 'STOCK', 'DERIVED', 'QUOTA']);
  });

  it('holds none of the in-page workbook stand-in, its formula evaluator or the test doubles', () => {
    // Strings only those modules hold (identifiers are renamed by the minifier, strings are not).
    const markers: Record<string, string> = {
      'dev/standin/mount.tsx': 'econdataStandin',
      'dev/standin/SheetView.tsx': 'arrow keys move the selected cell',
      'dev/standin/model.ts': 'is not an A1 reference such as B2',
      'dev/standin/standin-excel.ts': 'is not available. Call load(',
      'dev/standin/evaluate.ts': 'only literal values are evaluated here',
      'test/support/mock-excel.ts': 'context.sync() was not called',
    };
    // Each marker really is in its module, so a reworded message cannot make this check pass by itself.
    for (const [file, marker] of Object.entries(markers)) expect(readFileSync(join(app, file), 'utf8'), file).toContain(marker);
    // Every file the build wrote for the add-in (office.js and its files are Microsoft's, copied as they are).
    const built = readdirSync(out, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(js|html|json|css)$/.test(file) && !file.startsWith('office-js'))
      .map((file) => ({ file, text: readFileSync(join(out, file), 'utf8') }));
    expect(built.map((b) => b.file)).toContain('assets/taskpane.js');
    // The scan reads the product's code: the taskpane's own words are there.
    expect(built.some((b) => b.text.includes('Econdata runs inside Excel'))).toBe(true);
    const found = built.flatMap((b) => Object.entries(markers).filter(([, m]) => b.text.includes(m)).map(([module]) => `${module} in ${b.file}`));
    expect(found).toEqual([]);
  });
});
