/**
 * The add-in's page under its Content-Security-Policy (apps/excel-addin/build/csp.ts) in headless
 * Chromium: the policy is in force (an inline script is refused), and loading the page, connecting
 * to a real sandbox and inserting a block report no violation at all.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import type { Browser } from 'playwright-core';
import { taskpaneCsp } from '../../apps/excel-addin/build/csp.ts';
import { serveAddin, type AddinServer } from '../support/addin-server.ts';
import { hasChromium, launchChromium } from '../support/chromium.ts';
import { realDataDir } from '../support/paths.ts';

/** The violations the page reported so far (directive and blocked URI), from its own event. */
const violations = (page: Page): Promise<string[]> => page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations);

describe.skipIf(!hasChromium || !realDataDir)('Excel add-in taskpane under its Content-Security-Policy', () => {
  let sandbox: Sandbox;
  let server: AddinServer;
  let browser: Browser;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, ...(realDataDir ? { dataDir: realDataDir } : {}) });
    server = await serveAddin();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await sandbox?.close();
  });

  it('loads, connects and inserts with no violation, and refuses an inline script', async () => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const list: string[] = [];
      (globalThis as unknown as { cspViolations: string[] }).cspViolations = list;
      document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    const consoleCsp: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text()); });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));

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

    expect(await violations(page)).toEqual([]);
    expect(consoleCsp).toEqual([]);
    expect(pageErrors).toEqual([]);

    // The policy is in force: an inline script is refused and reported.
    await page.addScriptTag({ content: 'globalThis.inlineRan = true;' }).catch(() => undefined);
    expect(await page.evaluate(() => (globalThis as unknown as { inlineRan?: boolean }).inlineRan ?? false)).toBe(false);
    await expect.poll(() => violations(page)).toEqual(['script-src-elem inline']);
    await context.close();
  });
});
