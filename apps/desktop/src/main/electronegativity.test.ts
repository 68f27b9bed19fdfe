/**
 * Doyensec's electronegativity over the whole app (`electronegativity -i apps/desktop -e 45.4.1`),
 * run through its programmatic entry: its CLI breaks on the commander pnpm hoists here (13.x;
 * the tool does not declare the one it needs). No finding may be above informational except the
 * ones the README explains, each asserted here by check, severity and place.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const APP = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

interface Finding { issue: string; severity: string; confidence: string; file: string; sample: string }

/** RFC 4180 rows (the report quotes fields that hold commas). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 1; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field.trim()); field = ''; } else if (c === '\n') { row.push(field.trim()); rows.push(row); row = []; field = ''; } else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field.trim()]);
  return rows;
}

/** The runner, with the i18n its messages need (what its CLI sets up first). */
async function electronegativity(input: string, output: string): Promise<void> {
  const runner = require.resolve('@doyensec/electronegativity');
  const i18n = require(join(dirname(runner), 'locales/i18n.js')) as (() => Promise<void>) | { default: () => Promise<void> };
  await (typeof i18n === 'function' ? i18n : i18n.default)();
  const run = require(runner) as (options: Record<string, unknown>, forCli: boolean) => Promise<unknown>;
  await run({
    input, output, isSarif: false, customScan: [], excludeFromScan: [], isRelative: true, isVerbose: false,
    electronUpgrade: undefined, electronVersionOverride: '45.4.1', parserPlugins: [],
  }, false);
}

describe('electronegativity over apps/desktop', () => {
  let findings: Finding[] = [];
  let readme = '';

  beforeAll(async () => {
    const csv = join(await mkdtemp(join(tmpdir(), 'electronegativity-')), 'report.csv');
    await electronegativity(APP, csv);
    const [, ...rows] = csvRows(await readFile(csv, 'utf8'));
    findings = rows.filter((r) => r.length >= 6).map(([issue, severity, confidence, file, , sample]) => ({
      issue: issue!, severity: severity!, confidence: confidence!, file: file!, sample: sample!,
    }));
    readme = await readFile(join(APP, 'README.md'), 'utf8');
  }, 300_000);

  it('finds nothing above informational but the two findings the README explains', () => {
    const above = findings.filter((f) => f.severity !== 'INFORMATIONAL').map(({ issue, severity, file }) => ({ issue, severity, file }));
    expect(above).toEqual([
      { issue: 'CSP_GLOBAL_CHECK', severity: 'LOW', file: 'src/main/electron.ts' },
      { issue: 'PRELOAD_JS_CHECK', severity: 'MEDIUM', file: 'src/main/electron.ts' },
    ]);
    // The CSP it judges is the app's own, whose only weakness is inline styles (Fluent UI's Griffel).
    expect(findings.find((f) => f.issue === 'CSP_GLOBAL_CHECK')?.sample).toContain("script-src 'self'; style-src 'self' 'unsafe-inline'");
    for (const issue of ['CSP_GLOBAL_CHECK', 'PRELOAD_JS_CHECK']) expect(readme).toContain(`\`${issue}\``);
  });
});
