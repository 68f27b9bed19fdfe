/**
 * Doyensec's electronegativity over the whole app (`electronegativity -i apps/desktop -e 45.4.1`),
 * run through its programmatic entry, which returns the issues the CLI writes to its report: the CLI
 * breaks on the commander pnpm hoists here (13.x; the tool does not declare the one it needs), and
 * its CSV is written after the promise resolves. No finding may be above informational except the
 * ones the README explains, each asserted by check, severity and place; and every source file must
 * have been parsed (its parser cannot read modern bundles, so built files in out/ are the only
 * files it may skip).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const APP = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

interface Issue { id: string; file: string; severity: { name: string }; confidence: { name: string }; properties?: { CSPstring?: string } }
interface Report { issues: Issue[]; errors: Array<{ file: string; message?: string }> }

/** The runner, with the i18n its messages need (what its CLI sets up first). */
async function electronegativity(input: string): Promise<Report> {
  const runner = require.resolve('@doyensec/electronegativity');
  const i18n = require(join(dirname(runner), 'locales/i18n.js')) as (() => Promise<void>) | { default: () => Promise<void> };
  await (typeof i18n === 'function' ? i18n : i18n.default)();
  const run = require(runner) as (options: Record<string, unknown>, forCli: boolean) => Promise<Report>;
  return run({
    input, output: undefined, isSarif: false, customScan: [], excludeFromScan: [], isRelative: true, isVerbose: false,
    electronUpgrade: undefined, electronVersionOverride: '45.4.1', parserPlugins: [],
  }, false);
}

describe('electronegativity over apps/desktop', () => {
  let report: Report = { issues: [], errors: [] };
  let readme = '';

  beforeAll(async () => {
    report = await electronegativity(APP);
    readme = await readFile(join(APP, 'README.md'), 'utf8');
  }, 300_000);

  it('parses every source file (only built bundles in out/ may be beyond its parser)', () => {
    expect(report.errors.map((e) => e.file).filter((file) => !file.startsWith(join(APP, 'out') + '/'))).toEqual([]);
  });

  it('finds nothing above informational but the two findings the README explains', () => {
    const above = report.issues.filter((i) => i.severity.name !== 'INFORMATIONAL').map((i) => ({ issue: i.id, severity: i.severity.name, file: i.file }));
    expect(above).toEqual([
      { issue: 'CSP_GLOBAL_CHECK', severity: 'LOW', file: 'src/main/electron.ts' },
      { issue: 'PRELOAD_JS_CHECK', severity: 'MEDIUM', file: 'src/main/electron.ts' },
    ]);
    for (const issue of ['CSP_GLOBAL_CHECK', 'PRELOAD_JS_CHECK']) expect(readme).toContain(`\`${issue}\``);
  });
});
