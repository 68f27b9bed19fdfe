/**
 * The shared entry (`@econdata/core`) runs unchanged in a browser, as in the Office add-in: it is
 * bundled for the browser platform (a Node built-in would fail the build), loaded in the real
 * Chromium, and used there against the sandbox over CORS.
 */
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { hasChromium, launchChromium, serveBrowserBundle, type BundlePage } from '../../../test/support/chromium.ts';
import { realDataDir } from '../../../test/support/paths.ts';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

describe.skipIf(!hasChromium || !realDataDir)('the shared entry in Chromium', () => {
  let sb: Sandbox;
  let page: BundlePage;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dataDir: realDataDir! });
    page = await serveBrowserBundle(entry, 'core');
    origin = page.origin;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await page?.close();
    await sb?.close();
  });

  it('fetches Series, reports errors with their codes, and downloads an export', async () => {
    const tab = await browser.newPage();
    await tab.goto(origin);
    // Written as page source: the test runner must not rewrite its dynamic import.
    const script = `(async () => {
      const core = await import('/core.js');
      const baseURL = ${JSON.stringify(sb.url)};
      const client = new core.EconDataClient({ baseURL, apiKey: 'sandbox-pro', cache: new core.MemoryCacheStore() });
      const results = await client.fetchSeries([
        { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018, end_year: 2020 },
        { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2018, end_year: 2020 },
        { kind: 'stock', symbol: 'VNM', start_date: '2024-02-30' },
      ]);
      const denied = await new core.EconDataClient({ baseURL, apiKey: 'sandbox-free' }).getTrade({ period: '2024-03' }).catch((e) => e.toJSON());
      const csv = await client.exportCsv({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2020 });
      return {
        results: results.map((r) => (r.ok ? r.series.periods : r.error.code)),
        denied,
        csv: new TextDecoder().decode(csv.data).split(/\\r?\\n/)[0],
      };
    })()`;
    const out = (await tab.evaluate(script)) as { results: unknown[]; denied: unknown; csv: string };
    expect(out.results).toEqual([['2018', '2019', '2020'], ['2018', '2019', '2020'], 'invalid_parameter']);
    expect(out.denied).toMatchObject({ name: 'PermissionDeniedError', code: 'permission_denied', status: 403, retryable: false });
    expect(out.csv).toContain('indicator_code');
    expect(sb.stats().received).toBe(3);
  });
});
