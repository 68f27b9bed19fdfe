/**
 * The gallery in real Chromium: served by vite's dev server on loopback, screenshot at desktop and
 * taskpane widths (look at them: .test-results/screenshots/ui-*.png), exact texts of a few
 * components, keyboard use of the query builder, and axe-core finding no serious or critical violation.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../../../test/support/chromium.ts';

const SHOTS = fileURLToPath(new URL('../../../.test-results/screenshots/', import.meta.url));

describe.skipIf(!hasChromium)('component gallery in Chromium', () => {
  let server: ViteDevServer;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await createServer({ configFile: fileURLToPath(new URL('../gallery/vite.config.ts', import.meta.url)), server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false }, clearScreen: false });
    await server.listen();
    const address = server.httpServer?.address();
    if (!address || typeof address === 'string') throw new Error('vite did not report its port');
    url = `http://127.0.0.1:${address.port}/`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    // vite compiles the gallery on first request; on a busy shared machine that takes a while.
    page.setDefaultTimeout(120_000);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.getByRole('checkbox', { name: 'GDP (current US$) (NY.GDP.MKTP.CD)' }).waitFor();
    await page.getByRole('checkbox', { name: 'Viet Nam (VN)' }).waitFor();
    expect(problems).toEqual([]);
    return page;
  }

  /** One screenshot per gallery card, to look at each component closely. */
  async function shootSections(page: Page, width: number): Promise<void> {
    for (const id of ['query-builder', 'transform', 'derived', 'quota', 'cost', 'provenance', 'progress', 'connection', 'states', 'errors']) {
      await page.locator(`#${id}`).screenshot({ path: `${SHOTS}ui-${id}-${width}.png` });
    }
  }

  /**
   * The page's scroll width, and when it exceeds the window, what sticks out (so a failure says
   * where to look). Only the scroll width counts: an indeterminate progress bar's moving stripe
   * crosses its track's clipped edge by design.
   */
  async function overflow(page: Page): Promise<{ scrollWidth: number; wider: string[] }> {
    return page.evaluate(() => {
      const scrollWidth = document.documentElement.scrollWidth;
      const wider = scrollWidth <= window.innerWidth ? [] : [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}#${e.id}`).slice(0, 8);
      return { scrollWidth, wider };
    });
  }

  async function expectNoSeriousViolations(page: Page): Promise<void> {
    // Fluent's focus manager (tabster) puts aria-hidden focus sentinels around every TabList and
    // Toolbar; they pass focus on at once and are a known false positive of aria-hidden-focus, by
    // design (microsoft/fluentui#27517, microsoft/tabster#288). Everything else is scanned.
    const result = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
    expect(serious).toEqual([]);
  }

  it('at 1280x800: exact texts, a query built from the keyboard, no serious accessibility violation', async () => {
    const page = await open(1280);
    await page.screenshot({ path: `${SHOTS}ui-gallery-1280.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}ui-gallery-1280-top.png` });
    await shootSections(page, 1280);

    const quota = page.locator('#quota');
    await expect.poll(() => quota.getByText('92 of 100 left today').first().isVisible()).toBe(true);
    expect(await page.locator('#cost').getByText('This needs 5 requests; 92 left today.').isVisible()).toBe(true);
    expect(await page.locator('#provenance').getByText('Stale: cached copy from 2026-11-20 09:12 UTC').isVisible()).toBe(true);
    // A trade range: the request that was sent, and the months kept on the client apart from it.
    expect(await page.locator('#provenance').getByText('/trade/vietnam?flow=exports', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('#provenance').getByText("2024-01 to 2024-06 (trimmed on the client from the service's answer)").isVisible()).toBe(true);
    expect(await page.locator('#errors').getByText('Rate limit reached: 10 requests a minute on the Free plan. It resets at 14:05 UTC. Wait for the limit to reset, then retry.').isVisible()).toBe(true);

    // Keyboard only: pick GDP, then VN and TH, then submit.
    await page.getByRole('checkbox', { name: 'GDP (current US$) (NY.GDP.MKTP.CD)' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('searchbox', { name: 'Search countries' }).focus();
    await page.keyboard.type('VN');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Thailand');
    await page.keyboard.press('Enter');
    await page.getByLabel('Start year').focus();
    await page.keyboard.type('2018');
    await page.getByRole('button', { name: 'Get data' }).focus();
    await page.keyboard.press('Enter');
    const emitted = JSON.parse(await page.getByLabel('Emitted queries').innerText()) as unknown;
    expect(emitted).toEqual([
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018 },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2018 },
    ]);

    await page.locator('#query-builder').screenshot({ path: `${SHOTS}ui-query-builder-selected-1280.png` });

    // Tabs switch with the arrow keys, as Fluent's TabList promises.
    await page.getByRole('tab', { name: 'Indicators' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('radio', { name: 'Imports' }).isVisible()).toBe(true);
    await page.getByLabel('From month').fill('2024-3');
    await page.getByRole('button', { name: 'Get data' }).click();
    expect(await page.getByText('From month: enter a month YYYY-MM such as "2024-03", or leave it empty for the first month.').isVisible()).toBe(true);
    await page.locator('#query-builder').screenshot({ path: `${SHOTS}ui-query-builder-trade-error-1280.png` });

    await expectNoSeriousViolations(page);
    await page.context().close();
  }, 300_000);

  it('at 400x800 and 320 px (taskpane): nothing wider than the window, no serious accessibility violation', async () => {
    const page = await open(400);
    await page.screenshot({ path: `${SHOTS}ui-gallery-400.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}ui-gallery-400-top.png` });
    await shootSections(page, 400);
    // GSO: Vietnam only, so no country picker; a frequency instead.
    await page.getByRole('combobox', { name: 'Source' }).selectOption('GSO');
    await page.getByRole('checkbox', { name: /^Consumer prices: all items, change vs same month/ }).first().waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search countries' }).count()).toBe(0);
    expect(await page.getByLabel('Frequency').isVisible()).toBe(true);
    await page.locator('#query-builder').screenshot({ path: `${SHOTS}ui-query-builder-gso-400.png` });
    await page.getByRole('tab', { name: 'Stocks' }).click();
    await page.getByLabel('Symbol').fill('VNM');
    await page.getByLabel('End date').fill('2024-02-30');
    await page.getByRole('button', { name: 'Get data' }).click();
    expect(await page.getByText('End date: enter a calendar date YYYY-MM-DD such as "2024-03-15", or leave it empty.').isVisible()).toBe(true);
    await page.locator('#query-builder').screenshot({ path: `${SHOTS}ui-query-builder-stocks-400.png` });

    expect(await overflow(page)).toEqual({ scrollWidth: 400, wider: [] });

    // The narrowest taskpane Office allows is 320 px: everything still fits.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.screenshot({ path: `${SHOTS}ui-gallery-320.png`, fullPage: true });
    expect(await overflow(page)).toEqual({ scrollWidth: 320, wider: [] });
    await expectNoSeriousViolations(page);
    await page.context().close();
  }, 300_000);
});
