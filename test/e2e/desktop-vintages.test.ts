/**
 * Vintages kept on this machine, end to end (issue 33), in headless Chromium on web mode started as
 * the README starts it (in-memory key store), its embedded sandbox serving a copy of the real data
 * in a temp folder (the World Bank's files copied, the rest linked: the shared data is never
 * written). The example chart (GDP of Viet Nam and Thailand) is saved to the library (its first
 * kept release); the World Bank's 2023 GDP of Viet Nam is revised in the copy and the sandbox
 * reloaded; the export is re-run (a second release). Back on the chart, "Vintages" lists the two
 * releases; the older one shown "As of" puts the old value back in the table under the label
 * saying these vintages are this machine's own; the vintage chart overlays both releases, the
 * newest emphasised. Screenshots go to apps/desktop/docs.
 */
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../support/chromium.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';
import { reviseVietnamGdp, useRevisableWalk } from './desktop-support.ts';

const DOCS = resolve(repoRoot, 'apps/desktop/docs');

describe.skipIf(!hasChromium || !realDataDir)('vintages kept on this machine, in Chromium (web mode)', () => {
  const walk = useRevisableWalk('desktop-vintages');
  let page: Page;
  beforeAll(() => { page = walk.page; });


  /** The table's row of a period, as its cells' texts. */
  const row = async (period: string): Promise<string[]> => {
    const table = page.getByRole('region', { name: 'Explore' }).getByTestId('series-table');
    // The table draws the rows in view: the recent years are at its end.
    await table.evaluate((el) => { el.scrollTop = el.scrollHeight; });
    const r = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: period, exact: true }) }).first();
    return (await r.innerText()).split(/\s*\t\s*|\n+/).filter(Boolean);
  };

  it('saves a chart, keeps the revision as a second release, shows the first "As of" and both on the vintage chart', async () => {
    await page.goto(walk.web.url);
    await page.getByRole('button', { name: /Show an example/ }).click({ timeout: 60_000 });
    await page.locator('[data-chart-drawn]').waitFor({ timeout: 60_000 });

    // Before any save: nothing kept, and the menu says where vintages come from.
    await page.getByRole('button', { name: 'Vintages' }).click();
    const menu = page.getByTestId('vintages-menu');
    await menu.getByTestId('no-vintages').waitFor();
    expect(await menu.innerText()).toContain('The service keeps no vintages.');
    await page.keyboard.press('Escape');

    // Saved to the library: the answer shown is the first kept release.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: /Excel workbook/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('GDP example');
    await dialog.getByRole('radio', { name: /Saved exports/ }).check();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByTestId('export-result').waitFor();

    // The World Bank revises Viet Nam's 2023 GDP; the sandbox reads its folder again.
    await reviseVietnamGdp(page, walk.data, '2026-11-27');

    // The export re-run fetches the revised answer: the second kept release.
    await page.getByRole('navigation').getByText('Saved exports', { exact: true }).click();
    const rows = page.locator('[data-export-id]');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
    await rows.first().getByRole('button', { name: 'Re-run' }).click();
    // The re-run opens its comparison with the export: the revised value is the only change.
    await page.getByText('Compare: GDP example').waitFor({ timeout: 60_000 });

    // Back on the chart: two releases kept; the older one, "As of", has the old 2023 value.
    await page.getByRole('navigation').getByText('Explore', { exact: true }).click();
    await page.getByRole('region', { name: 'Explore' }).locator('[data-chart-drawn]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Vintages' }).click();
    await menu.getByTestId('vintage-count').waitFor();
    expect(await menu.getByTestId('vintage-count').innerText()).toMatch(/^2 releases kept, from \d{4}-\d{2}-\d{2}\.$/);
    const releases = menu.getByTestId('kept-release');
    expect(await releases.count()).toBe(2);
    await page.screenshot({ path: join(DOCS, 'desktop-18-vintages-menu.png'), animations: 'disabled' });
    // The newest release (the re-run's, fetched after the revision): the revised 2023 value, while the
    // chart was drawn before it (from the answer then).
    await releases.first().click();
    const note = page.getByTestId('as-of-note');
    await note.waitFor();
    expect(await note.innerText()).toMatch(/^As of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(kept on this machine; the service has no vintages\)$/);
    await expect.poll(() => row('2023')).toEqual(['2023', '441,000,000,000', expect.any(String) as string]);
    // The first kept release: the value before the revision.
    await page.getByRole('button', { name: /^As of / }).click();
    await menu.getByTestId('kept-release').last().click();
    await expect.poll(() => row('2023')).toEqual(['2023', '433,805,036,898', expect.any(String) as string]);
    await page.screenshot({ path: join(DOCS, 'desktop-18a-as-of.png'), animations: 'disabled' });

    // Back to the latest: the chart as it was fetched, without the label.
    await page.getByRole('button', { name: /^As of / }).click();
    await menu.getByRole('button', { name: 'Back to the latest' }).click();
    await note.waitFor({ state: 'detached' });

    // The vintage chart: one line per release, labelled by its retrieval date, the newest emphasised.
    await page.getByRole('button', { name: 'Vintages' }).click();
    await menu.getByRole('button', { name: 'Vintage chart' }).click();
    const chart = page.getByTestId('vintage-chart');
    await chart.waitFor();
    const lines = chart.locator('path[data-retrieved]');
    expect(await lines.count()).toBe(2);
    expect(await lines.evaluateAll((ps) => ps.map((p) => p.getAttribute('stroke-width')))).toEqual(['1.5', '3']);
    const legend = await page.getByRole('list', { name: 'Releases' }).innerText();
    // Both releases are of today: told apart by their time.
    expect(legend).toMatch(/^Retrieved \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\s+Retrieved \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(newest\)$/);
    expect(await page.getByRole('dialog').innerText()).toContain('2 releases kept on this machine (the service has no vintages)');
    await page.screenshot({ path: join(DOCS, 'desktop-18b-vintage-chart.png'), animations: 'disabled' });
  }, 300_000);
});
