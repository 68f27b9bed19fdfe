/**
 * The explorer's new-data watch end to end (issue 33), in headless Chromium on web mode started as
 * the README starts it (in-memory key store: no keychain involved), its embedded sandbox serving a
 * copy of the real data in a temp folder (the World Bank's files copied, the rest linked: the
 * shared data is never written). The example chart (GDP of Viet Nam and Thailand) is watched; the
 * World Bank's 2023 GDP of Viet Nam is revised in the copy and the sandbox reloaded; "Check now"
 * sends the catalogue's request and one batch for the two series (the sandbox's own counters), the
 * notice says "New data: 1 series updated since you last looked", and the diff shows the revised
 * value. Screenshots of the notice and the diff go to apps/desktop/docs.
 */
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../support/chromium.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';
import { reviseVietnamGdp, sandboxURL, useRevisableWalk } from './desktop-support.ts';

const DOCS = resolve(repoRoot, 'apps/desktop/docs');

describe.skipIf(!hasChromium || !realDataDir)('the explorer\'s new-data watch in Chromium (web mode)', () => {
  const walk = useRevisableWalk('desktop-watch');
  let page: Page;
  beforeAll(() => { page = walk.page; });


  it('watches a chart, sees a revision after a check that asks only the catalogue and the changed series, and shows what changed', async () => {
    await page.goto(walk.web.url);
    await page.getByRole('button', { name: /Show an example/ }).click({ timeout: 60_000 });
    const toggle = page.getByTestId('watch-toggle');
    await toggle.waitFor({ timeout: 60_000 });
    await expect.poll(() => toggle.innerText()).toBe('Watch');
    await toggle.click();
    await expect.poll(() => toggle.innerText()).toBe('Watching');
    await page.screenshot({ path: join(DOCS, 'desktop-17-watch-chart.png'), animations: 'disabled' });

    // The World Bank revises Viet Nam's 2023 GDP, a week later; the sandbox reads its folder again.
    const reload = await reviseVietnamGdp(page, walk.data, '2026-11-27');
    const sandbox = await sandboxURL(page);
    expect(reload.last_updated['WB']).toBe('2026-11-27');

    await page.getByRole('navigation').getByText('Saved exports', { exact: true }).click();
    await page.getByTestId('watched-tab').click();
    const list = page.getByTestId('watched-list');
    await expect.poll(() => list.locator('[data-watch-key]').count()).toBe(2);
    await fetch(`${sandbox}/_sandbox/reset`, { method: 'POST' });
    await list.getByRole('button', { name: 'Check now' }).click();
    const banner = page.getByTestId('new-data-banner');
    await banner.waitFor({ timeout: 60_000 });
    expect(await banner.innerText()).toMatch(/New data:\s*1 series updated since you last looked\./);
    // The catalogue, then one batch for Viet Nam's and Thailand's GDP: nothing else was asked.
    expect(((await (await fetch(`${sandbox}/_sandbox/stats`)).json()) as { received: number }).received).toBe(2);
    expect(await page.getByTestId('watch-check-line').innerText()).toMatch(/: 2 requests \(the catalogue, then 1 for the 2 series whose source has newer data\); 0 queries not asked/);
    await page.screenshot({ path: join(DOCS, 'desktop-17a-new-data.png'), animations: 'disabled' });

    await banner.getByRole('button', { name: 'Show what changed' }).click();
    const dialog = page.getByTestId('watch-changes');
    const changes = dialog.getByTestId('watch-series-changes');
    await expect.poll(() => changes.count(), { timeout: 30_000 }).toBe(1);
    const rows = await changes.getByRole('row').allInnerTexts();
    expect(rows.slice(1).map((r) => r.split(/\s*\t\s*|\n+/).filter(Boolean))).toEqual([['2023', 'Revised', '433,805,036,898.47', '441,000,000,000', '+7,194,963,101.53 (+1.66%)']]);
    await page.screenshot({ path: join(DOCS, 'desktop-17b-what-changed.png'), animations: 'disabled' });

    // Seen: the notice goes, and the list's last look is now.
    await dialog.getByRole('button', { name: 'Mark as seen' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await list.innerText()).not.toContain('New data');

    // The same series saved to the library (through the bridge, as the export dialog saves): its row says Watching.
    const saved = await page.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="econdata-bridge-token"]')?.content ?? '';
      const queries = ['VN', 'TH'].map((country) => ({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country, start_year: 2000 }));
      const answer = await fetch('/bridge/exports.writeLocal', {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-econdata-token': token },
        body: JSON.stringify({ queries, format: 'csv', name: 'GDP Vietnam and Thailand', destination: 'library' }),
      });
      return ((await answer.json()) as { ok: boolean }).ok;
    });
    expect(saved).toBe(true);
    await page.getByRole('tab', { name: 'Saved exports' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.locator('[data-export-id]');
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => row.getByRole('button').allInnerTexts()).toEqual(['Open', 'Re-run', 'Watching', 'Remove']);
    await page.screenshot({ path: join(DOCS, 'desktop-17c-library-watching.png'), animations: 'disabled' });
  }, 300_000);
});
