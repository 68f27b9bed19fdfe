/**
 * The add-in's page (taskpane.html + src/main.ts) in real Chromium with office.js served locally:
 * main.ts registers the functions with office.js's own CustomFunctions.associate (outside Excel it
 * keeps them in CustomFunctions._association.m_mappings, where Excel's host would look them up),
 * the runtime restores the saved connection from localStorage, and the registered ECON.INDICATOR
 * answers from the sandbox (a bad argument: Excel's error code and message), then from
 * the page's IndexedDB after a reload (Excel reopened) without a request.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { serveAddin, type AddinServer } from '../../../test/support/addin-server.ts';
import { hasChromium, launchChromium } from '../../../test/support/chromium.ts';
import { realDataDir } from '../../../test/support/paths.ts';

describe.skipIf(!hasChromium)('the add-in page with a CustomFunctions host', () => {
  let sb: Sandbox;
  let server: AddinServer;
  let browser: Browser;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, ...(realDataDir ? { dataDir: realDataDir } : {}) });
    server = await serveAddin();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await sb?.close();
  });

  const REGISTERED = '(globalThis.CustomFunctions?._association?.m_mappings ?? {})';

  /**
   * The page's data requests (the formulas' routes), as they leave the browser. The taskpane
   * shares the client and reads source and country lists meanwhile: those are not counted.
   */
  const data: string[] = [];

  /** A saved connection in place (as after connecting in an earlier session), then the page. */
  async function openPage(): Promise<Page> {
    const context = await browser.newContext();
    await context.addInitScript(`
      // Only in the add-in's own frame (office.js adds frames of other origins).
      if (location.origin === ${JSON.stringify(server.origin)} && !localStorage.getItem('econdata.connection')) {
        localStorage.setItem('econdata.connection', JSON.stringify({ baseURL: ${JSON.stringify(sb.url)}, plan: 'free' }));
        localStorage.setItem('econdata.apiKey', 'sandbox-free');
      }`);
    const page = await context.newPage();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === sb.url && url.pathname.startsWith('/api/v1/indicators')) data.push(`${r.method()} ${url.pathname}`);
    });
    // The dev server transforms the page's modules on first request: on a loaded machine that takes over 30 s.
    await page.goto(server.pageURL, { timeout: 180_000 });
    await page.waitForFunction(`Object.keys(${REGISTERED}).length === 6`);
    // The taskpane mounts beside the functions (its chunk loads after them; the first dev-server load is slow).
    await page.getByRole('heading', { name: 'Econdata' }).waitFor({ timeout: 150_000 });
    return page;
  }

  /** One recalculation of three cells, called as Excel calls them. */
  const recalc = (page: Page): Promise<unknown[]> => page.evaluate(`(async () => {
    const f = ${REGISTERED}.INDICATOR;
    const inv = (address) => ({ address, functionName: 'ECON.INDICATOR' });
    const cells = [
      f('WB', [['NY.GDP.MKTP.CD']], [['VN']], 2018, 2020, null, null, inv('Sheet1!A1')),
      f('WB', [['NY.GDP.MKTP.CD']], [['VN', 'TH']], 2018, 2020, null, null, inv('Sheet1!D1')),
      f('WB', [['NY.GDP.MKTP.CD']], [['VN']], 'soon', 2020, null, null, inv('Sheet1!H1')),
    ];
    return Promise.all(cells.map((c) => c.then((v) => v, (e) => ({ code: e.code, message: e.message, kind: e.constructor.name }))));
  })()`);

  it('registers ECON.*, answers one recalculation with one request, and a reload answers from IndexedDB', { timeout: 240_000 }, async () => {
    const page = await openPage();
    expect(await page.evaluate(`Object.keys(${REGISTERED})`)).toEqual(['INDICATOR', 'VALUE', 'TRADE', 'STOCK', 'DERIVED', 'QUOTA']);
    const [one, two, bad] = await recalc(page);
    // sheets' Grid, values only: 2018-01-01..2020-01-01 as serial days.
    expect((one as unknown[][]).map((r) => r[0])).toEqual(['Period', '2018', '2019', '2020']);
    expect((two as unknown[][])[0]).toEqual(['Period', 'GDP (current US$): Vietnam', 'GDP (current US$): Thailand']);
    // Outside Excel, office.js leaves CustomFunctions.Error undefined: the same code and message come as a CellError.
    expect(bad).toEqual({ code: '#VALUE!', message: 'Invalid start_year: expected a whole year between 1800 and 2200 such as 2015, got "soon". Correct it and try again.', kind: 'CellError' });
    expect(data.splice(0)).toEqual(['POST /api/v1/indicators/batch']);

    await page.reload();
    await page.waitForFunction(`typeof ${REGISTERED}.INDICATOR === 'function'`);
    await page.getByRole('heading', { name: 'Econdata' }).waitFor({ timeout: 150_000 });
    const again = await recalc(page);
    expect(again.slice(0, 2)).toEqual([one, two]);
    expect(data).toEqual([]);
    await page.context().close();
  });
});
