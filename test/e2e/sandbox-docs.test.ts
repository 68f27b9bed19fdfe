/**
 * The sandbox's interactive docs render in Chromium, offline, list every operation, and "Try it out" works with a key.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { hasChromium, launchChromium } from '../support/chromium.ts';

describe.skipIf(!hasChromium)('sandbox /api/docs in Chromium', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  beforeAll(async () => {
    sandbox = await startSandbox();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  it('lists every operation, loads nothing from outside, and runs a request with the Free key', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(sandbox.url) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    await page.goto(`${sandbox.url}/api/docs`, { waitUntil: 'networkidle' });
    await page.locator('.opblock').first().waitFor();

    expect(await page.locator('.info .title').innerText()).toContain('Economic Data Service (Econdata sandbox)');
    expect(await page.locator('.info .description').innerText()).toContain('Serving DEMO DATA (generated, not real numbers).');
    const operations = await page.locator('.opblock-summary').evaluateAll((els) =>
      els.map((el) => `${el.querySelector('.opblock-summary-method')?.textContent} ${el.querySelector('.opblock-summary-path')?.textContent}`));
    expect(operations.sort()).toEqual([
      'GET /_sandbox/stats', 'GET /api/v1/countries', 'GET /api/v1/export/csv', 'GET /api/v1/export/excel', 'GET /api/v1/indicators',
      'GET /api/v1/sources', 'GET /api/v1/sources/{source_code}/indicators', 'GET /api/v1/stocks/vietnam', 'GET /api/v1/trade/vietnam',
      'POST /_sandbox/reload', 'POST /_sandbox/reset', 'POST /api/v1/indicators/batch',
    ]);
    expect(await page.locator('section.models .model-container').count()).toBe(10);

    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await page.locator('.auth-container input').first().fill('sandbox-free');
    await page.locator('.auth-btn-wrapper button.authorize').first().click();
    await page.locator('.btn-done').first().click();
    const op = page.locator('#operations-Indicators-get_api_v1_indicators');
    await op.locator('.opblock-summary').click();
    await op.getByRole('button', { name: 'Execute' }).click();
    const status = op.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    expect((await status.innerText()).trim()).toBe('200');
    expect(await op.locator('.live-responses-table .microlight').first().innerText()).toContain('"indicator_code": "NY.GDP.MKTP.CD"');
    expect(sandbox.stats().by_key['free']).toMatchObject({ received: 1, answered: 1 });
    expect(outside).toEqual([]);
    await page.close();
  });
});
