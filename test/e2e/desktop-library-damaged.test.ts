/**
 * Saved exports with damaged entries, as the explorer shows them (issue 21): one export's data file
 * cut short, another's missing; the healthy one is listed, each damaged one is an error bar that
 * names the file and says what to do (worded by @econdata/ui's describeError), and nothing is
 * deleted by listing. Web mode with the in-memory key store (no keychain is involved); the
 * screenshot goes to apps/desktop/docs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { readFile, truncate, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { ExportLibrary } from '@econdata/sheets/node';
import { buildRenderer } from '../../apps/desktop/test/support/renderer.ts';
import { hasChromium, launchChromium } from '../support/chromium.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';
import { startWebMode, type WebMode } from './desktop-support.ts';

const DOCS = resolve(repoRoot, 'apps/desktop/docs');
const query = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2019, end_year: 2020 } as const;
const series: Series[] = [{
  id: 'indicator:WB:NY.GDP.MKTP.CD:VN:2019-2020', kind: 'indicator', title: 'GDP (current US$): Vietnam', frequency: 'annual',
  dimensions: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' }, columns: [{ key: 'value', label: 'GDP (current US$)', unit: 'current US$' }],
  periods: ['2019', '2020'], values: [[334365000000, 346616000000]],
  provenance: { source: 'World Bank WDI', last_updated: '2026-07-01', retrieved_at: '2026-11-01T09:00:00.000Z', endpoint: '/indicators', query },
}];

describe.skipIf(!hasChromium || !realDataDir)('the explorer shows damaged saved exports', () => {
  const work = mkdtempSync(join(tmpdir(), 'econdata-desktop-damaged-'));
  const libraryDir = join(work, 'home', 'exports');
  let web: WebMode;
  let browser: Browser;
  const names: Record<string, string> = {};

  beforeAll(async () => {
    const library = new ExportLibrary({ folder: libraryDir });
    const fine = await library.save(series, { name: 'GDP Vietnam (healthy)' });
    const cut = await library.save(series, { name: 'GDP Vietnam (cut short)', format: 'csv' });
    const gone = await library.save(series, { name: 'GDP Vietnam (file missing)' });
    await truncate(join(libraryDir, cut.data_file), 10);
    await unlink(join(libraryDir, gone.data_file));
    Object.assign(names, { fine: fine.id, cut: cut.id, gone: gone.id });
    const rendererDir = await buildRenderer(work);
    web = await startWebMode({ home: join(work, 'home'), dataDir: realDataDir ?? '', rendererDir, keyStore: 'memory' });
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  it('lists the healthy export, and each damaged one as an error naming its file and what to do', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(web.url);
    await page.getByRole('navigation').getByText('Saved exports', { exact: true }).click();
    const region = page.getByRole('region', { name: 'Saved exports' });
    await region.getByText('GDP Vietnam (healthy)').waitFor({ timeout: 60_000 });
    const bars = page.locator('[data-error-code="damaged_export"]');
    await expect.poll(() => bars.count()).toBe(2);
    const texts = await bars.allInnerTexts();
    for (const text of texts) expect(text).toMatch(/^A saved export is damaged/);
    expect(texts.join('\n')).toContain(`${names['cut']}.csv`);
    expect(texts.join('\n')).toContain('is missing');
    await page.screenshot({ path: join(DOCS, 'desktop-7b-library-damaged.png'), animations: 'disabled' });
    // Listing deleted nothing: both damaged entries are still on disk.
    expect(readdirSync(libraryDir).filter((f) => f.endsWith('.json')).sort()).toEqual([`${names['cut']}.json`, `${names['fine']}.json`, `${names['gone']}.json`].sort());
  }, 120_000);

  it('removing an export whose manifest names another export\'s data keeps that file, and says so', async () => {
    const library = new ExportLibrary({ folder: libraryDir });
    const victim = await library.save(series, { name: 'GDP Vietnam (victim)' });
    const crafted = await library.save(series, { name: 'GDP Vietnam (crafted)' });
    const path = join(libraryDir, `${crafted.id}.json`);
    await writeFile(path, JSON.stringify({ ...(JSON.parse(await readFile(path, 'utf8')) as object), data_file: victim.data_file, sha256: victim.sha256, bytes: victim.bytes }));
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(web.url);
    await page.getByRole('navigation').getByText('Saved exports', { exact: true }).click();
    const region = page.getByRole('region', { name: 'Saved exports' });
    const row = region.getByRole('row').filter({ hasText: 'GDP Vietnam (crafted)' });
    await row.waitFor({ timeout: 60_000 });
    await row.getByRole('button', { name: 'Remove' }).click();
    await region.getByTestId('library-notice').getByText(`Removed "GDP Vietnam (crafted)". Its manifest named ${victim.data_file} as its data, which is not this export's own file (it may be another export's), so that file was left in the library folder.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.screenshot({ path: join(DOCS, 'desktop-7c-library-remove-kept.png'), animations: 'disabled' });
    expect(readdirSync(libraryDir)).toContain(victim.data_file);
    expect(readdirSync(libraryDir)).not.toContain(`${crafted.id}.json`);
  }, 120_000);

  it('exports a data-only CSV for code: both CSV kinds in one dialog, the choice remembered; Downloads only, read by pandas as it is', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(web.url);
    await page.getByRole('button', { name: 'Show an example: GDP of Vietnam and Thailand' }).click();
    await page.getByRole('region', { name: 'Explore' }).locator('[data-chart-drawn]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    // One CSV entry; its dialog offers both kinds, the one pandas reads first (issue 28, item 5).
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const dialog = page.getByRole('dialog');
    const kinds = dialog.getByRole('radiogroup', { name: 'Kind of CSV' }).getByRole('radio');
    expect(await kinds.evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent ?? ''))).toEqual(['CSV for pandas, R, code (.csv + .provenance.json)', 'CSV for Excel (.csv)']);
    expect(await dialog.getByRole('radio', { name: /CSV for pandas/ }).isChecked()).toBe(true);
    // The CSV for Excel may go to Saved exports; chosen, it is what the next CSV export offers first.
    await dialog.getByRole('radio', { name: /CSV for Excel/ }).check();
    expect(await dialog.getByRole('radio', { name: /Saved exports/ }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    expect(await dialog.getByRole('radio', { name: /CSV for Excel/ }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: /CSV for pandas/ }).check();
    expect(await dialog.getByRole('radio', { name: /Saved exports/ }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('radio', { name: /Downloads folder/ }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('GDP for pandas');
    await page.screenshot({ path: join(DOCS, 'desktop-6c-export-data-only.png'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const result = page.getByTestId('export-result');
    await result.getByText('Provenance: GDP-for-pandas.provenance.json').waitFor();
    expect(readdirSync(join(work, 'home', 'downloads')).sort()).toEqual(['GDP-for-pandas.csv', 'GDP-for-pandas.provenance.json']);
    // pandas itself reads it without skiprows: the header is the first line.
    const columns = execFileSync('/usr/bin/python3', ['-c', 'import sys, pandas; print("|".join(pandas.read_csv(sys.argv[1]).columns))', join(work, 'home', 'downloads', 'GDP-for-pandas.csv')], { encoding: 'utf8' }).trim();
    expect(columns).toBe('Period|GDP (current US$): Vietnam|GDP (current US$): Thailand');
  }, 120_000);
});
