/**
 * The add-in's page under its Content-Security-Policy (apps/excel-addin/build/csp.ts) in headless
 * Chromium: the policy is in force (an inline script is refused), and loading the page, connecting
 * to a real sandbox and inserting a block report no violation at all.
 */
import { describe, expect, it } from 'vitest';
import { taskpaneCsp } from '../../apps/excel-addin/build/csp.ts';
import { useAddinBrowser } from '../support/addin-browser.ts';
import { hasChromium } from '../support/chromium.ts';
import { expectPolicyHeld, watchCsp } from '../support/csp-watch.ts';
import { realDataDir } from '../support/paths.ts';

describe.skipIf(!hasChromium || !realDataDir)('Excel add-in taskpane under its Content-Security-Policy', () => {
  const env = useAddinBrowser();

  it('loads, connects and inserts with no violation, and refuses an inline script', async () => {
    const { sandbox, server, browser } = env;
    const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
    const page = await context.newPage();
    const seen = await watchCsp(page);
    await page.goto(server.pageURL);
    await page.getByRole('heading', { name: 'Econdata' }).waitFor({ timeout: 150_000 });
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(taskpaneCsp(true));

    await page.getByLabel('Service URL').fill(sandbox.url);
    await page.getByLabel('Plan').selectOption('pro');
    await page.getByLabel('API key').fill('sandbox-pro');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'Data', selected: true }).waitFor({ timeout: 30_000 });

    await page.getByLabel('Search indicators').fill('GDP (current US$)');
    await page.getByRole('checkbox', { name: /\(NY\.GDP\.MKTP\.CD\)/ }).check();
    await page.getByLabel('Search countries').fill('Viet');
    await page.getByRole('checkbox', { name: /\(VN\)/ }).check();
    await page.getByLabel('Start year').fill('2015');
    await page.getByLabel('End year').fill('2023');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    await page.getByRole('tabpanel', { name: 'Data' }).getByRole('status').filter({ hasText: 'Inserted' }).waitFor({ timeout: 60_000 });

    // No violation so far, and the policy is in force: an inline script is refused and reported.
    await expectPolicyHeld(page, seen);
    await context.close();
  });
});
