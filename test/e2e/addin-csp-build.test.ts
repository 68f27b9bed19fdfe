/**
 * The add-in's Content-Security-Policy on a production build (`vite build`, served as static files
 * by `vite preview`), not the development server: the build's policy has no nonce and no HMR
 * socket, and its chunks are what Excel loads. In headless Chromium:
 * - the real office.js: the page loads outside Excel and says so, with no violation;
 * - office.js answered (from the same origin, so the policy applies as it does in Excel) by a
 *   stand-in that reports an Excel host: the taskpane mounts, connects to a real sandbox over
 *   loopback HTTP and searches, with no violation in the page's events or console; an inline
 *   script is refused.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { taskpaneCsp } from '../../apps/excel-addin/build/csp.ts';
import { buildAddin } from '../../apps/excel-addin/test/support/production-build.ts';
import { hasChromium, launchChromium } from '../support/chromium.ts';
import { expectPolicyHeld, watchCsp, type CspWatch } from '../support/csp-watch.ts';
import { realDataDir } from '../support/paths.ts';

const app = join(import.meta.dirname, '../../apps/excel-addin');
const SHOTS = join(app, 'docs');

/** office.js as Excel would have it for the page: an Excel host, and an Excel API that has no workbook here. */
const OFFICE_STAND_IN = `
window.Office = {
  HostType: { Excel: 'Excel' },
  context: { host: 'Excel', requirements: { isSetSupported: function () { return true; } } },
  onReady: function () { return Promise.resolve({ host: 'Excel', platform: 'OfficeOnline' }); },
};
window.Excel = { run: function () { return Promise.reject(new Error('No workbook in this test page.')); } };
`;

describe.skipIf(!hasChromium || !realDataDir)('Excel add-in: a production build under its Content-Security-Policy', () => {
  let out: string;
  let remove = (): void => undefined;
  let server: PreviewServer;
  let origin: string;
  let sandbox: Sandbox;
  let browser: Browser;
  beforeAll(async () => {
    ({ out, remove } = await buildAddin('econdata-addin-csp-'));
    // Static files only, as any host serves them (no configuration of ours: no dev HTTPS, no sandbox).
    server = await preview({ configFile: false, root: app, logLevel: 'error', build: { outDir: out }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
    origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
    sandbox = await startSandbox({ port: 0, dataDir: realDataDir! });
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    await new Promise<void>((resolve) => (server ? server.httpServer.close(() => resolve()) : resolve()));
    remove();
  });

  /** The built taskpane at 400 px, its office.js answered by the stand-in, its CSP reports recorded. */
  const openWithStandIn = async (): Promise<{ context: BrowserContext; page: Page; seen: CspWatch }> => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
    const page = await context.newPage();
    await page.route(`${origin}/office-js/office.js`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: OFFICE_STAND_IN }));
    const seen = await watchCsp(page);
    await page.goto(`${origin}/taskpane.html`);
    return { context, page, seen };
  };

  it('with the real office.js, outside Excel: the page says where it runs, with no violation', async () => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
    const page = await context.newPage();
    const seen = await watchCsp(page);
    await page.goto(`${origin}/taskpane.html`);
    await page.getByText('Econdata runs inside Excel').waitFor({ timeout: 60_000 });
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(taskpaneCsp(false));
    expect(await seen.violations()).toEqual([]);
    expect(seen.consoleCsp).toEqual([]);
    expect(seen.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the taskpane mounts, connects over HTTP and searches with no violation; an inline script is refused', async () => {
    const { context, page, seen } = await openWithStandIn();
    // Every console error of the page: the keyless checks must not read as faults (issue 28, item 10).
    const consoleErrors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    await page.getByRole('heading', { name: 'Econdata' }).waitFor({ timeout: 60_000 });

    await page.getByLabel('Service URL').fill(sandbox.url);
    await page.getByLabel('API key').fill('sandbox-basic');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'Data', selected: true }).waitFor({ timeout: 30_000 });
    await page.getByText(/Basic plan: .* today/).waitFor();
    // The header's reachability check (keyless, no-cors, to another origin) gets its answer through
    // the policy, and the header stays on the quota: an online event makes it check at once. It asks
    // the documentation page, which needs no key: a 200, so the browser logs no 401 as an error.
    const probed = page.waitForEvent('response', (r) => r.url() === `${sandbox.url}/api/docs` && r.request().headers()['authorization'] === undefined);
    await page.evaluate(() => globalThis.dispatchEvent(new Event('online')));
    expect((await probed).status()).toBe(200);
    await page.locator('[data-testid="connection-state"][data-state="answering"]').waitFor();
    expect(consoleErrors.filter((m) => m.includes('401'))).toEqual([]);
    const searchBox = page.getByRole('searchbox', { name: 'Search every source' });
    await page.getByText(/indicators in WB, IMF, GSO/).waitFor({ timeout: 30_000 });
    await searchBox.fill('inflation');
    await page.getByRole('listbox', { name: 'Matching indicators' }).getByRole('option').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'addin-csp-production-build.png') });
    // The plan was left "From the service": its rate-limit headers named it.
    await page.getByRole('tab', { name: 'Connection' }).click();
    await page.getByText('basic plan (as the service states).').waitFor();
    expect(await page.getByLabel('Plan').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe('From the service: Basic');
    await page.screenshot({ path: join(SHOTS, 'addin-7b-plan-from-service.png') });

    // No violation so far, and the policy is in force: an inline script is refused and reported.
    await expectPolicyHeld(page, seen);
    await context.close();
  }, 120_000);

  it('a service that states no plan (Enterprise on the sandbox): the taskpane asks once, and the answer is kept', async () => {
    const { context, page, seen } = await openWithStandIn();
    const connectionTab = page.getByRole('tab', { name: 'Connection' });
    const tabTop = async (): Promise<number | undefined> => (await connectionTab.boundingBox())?.y;
    const before = await tabTop();
    await page.getByLabel('Service URL').fill(sandbox.url);
    await page.getByLabel('API key').fill('sandbox-enterprise');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'Data', selected: true }).waitFor({ timeout: 30_000 });
    // The quota line appears in the header without moving the tabs (a click aimed at one would miss).
    await page.getByTestId('connection-state').waitFor();
    expect(await tabTop()).toBe(before);
    await connectionTab.click();
    await page.getByRole('tab', { name: 'Connection', selected: true }).waitFor();
    const question = page.getByTestId('plan-question');
    await question.waitFor();
    expect(await question.innerText()).toContain('The service did not say (it sends no rate-limit headers), so requests are paced for the Free plan');
    await page.getByText('free plan assumed (the service has not said).').waitFor();
    await page.screenshot({ path: join(SHOTS, 'addin-7c-plan-question.png') });
    await page.getByLabel('Plan', { exact: true }).selectOption('enterprise');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('enterprise plan (as you chose).').waitFor();
    expect(await question.count()).toBe(0);
    // Asked once: a reload (the saved settings) does not ask again.
    await page.reload();
    await page.getByRole('tab', { name: 'Connection' }).click();
    await page.getByText('enterprise plan (as you chose).').waitFor();
    expect(await page.getByTestId('plan-question').count()).toBe(0);
    expect(await seen.violations()).toEqual([]);
    expect(seen.pageErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
