/**
 * The runtime in real Chromium, as in the add-in's web runtime: localStorage for settings and key,
 * real IndexedDB for the cache, real fetch with CORS. "Test connection" must tell a service that
 * refuses this origin (CORS) from one that is down, which only a browser can show.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { hasChromium, launchChromium, serveBrowserBundle, type BundlePage } from '../../../../test/support/chromium.ts';
import { realDataDir } from '../../../../test/support/paths.ts';

const entry = fileURLToPath(new URL('./index.ts', import.meta.url));

describe.skipIf(!hasChromium)('the runtime in Chromium', () => {
  let page: BundlePage;
  let browser: Browser;
  const sandboxes: Sandbox[] = [];
  const sandbox = async (corsOrigins?: string[]): Promise<Sandbox> => {
    const sb = await startSandbox({ port: 0, ...(realDataDir ? { dataDir: realDataDir } : {}), ...(corsOrigins ? { corsOrigins } : {}) });
    sandboxes.push(sb);
    return sb;
  };

  beforeAll(async () => {
    page = await serveBrowserBundle(entry, 'runtime');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await page?.close();
    await Promise.all(sandboxes.map((sb) => sb.close()));
  });

  async function connectIn(tab: Page, baseURL: string, load: boolean): Promise<Record<string, unknown>> {
    // Written as page source: the test runner must not rewrite its dynamic import.
    return tab.evaluate(`(async () => {
      const { createAddinRuntime } = await import('/runtime.js');
      const rt = createAddinRuntime();
      const outcome = await rt.connect({ baseURL: ${JSON.stringify(baseURL)}, plan: 'free' }, 'sandbox-free');
      let series = null;
      if (${load} && outcome.ok) series = (await rt.load({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018, end_year: 2020 })).periods;
      const dbs = (await indexedDB.databases()).map((d) => d.name).sort();
      return { outcome, series, storage: Object.keys(localStorage).sort(), key: localStorage.getItem('econdata.apiKey'), keyStorage: rt.status.keyStorage, dbs };
    })()`);
  }

  it('connects with localStorage and IndexedDB, and fetches through the collector', async () => {
    const sb = await sandbox();
    const tab = await browser.newPage();
    await tab.goto(page.origin);
    const out = await connectIn(tab, sb.url, true);
    expect(out['outcome']).toMatchObject({ ok: true, service: 'sandbox' });
    expect(out['series']).toEqual(['2018', '2019', '2020']);
    expect(out).toMatchObject({ storage: ['econdata.apiKey', 'econdata.connection'], key: 'sandbox-free', keyStorage: 'localStorage', dbs: ['econdata-cache', 'econdata-quota'] });
    await tab.close();
  });

  it('a reachable service that does not allow this origin is "cors", naming the origin', async () => {
    const sb = await sandbox([]); // CORS off
    const tab = await browser.newPage();
    await tab.goto(page.origin);
    const out = await connectIn(tab, sb.url, false);
    expect(out['outcome']).toMatchObject({ ok: false, problem: 'cors' });
    expect((out['outcome'] as { message: string }).message).toBe(`${sb.url} answers, but not to this add-in: the service must allow the origin ${page.origin} in its CORS settings (for the sandbox: --cors-origins). Ask its administrator to add it.`);
    expect(out['storage']).toEqual([]);
    await tab.close();
  });

  it('a service that is down is "unreachable"', async () => {
    const sb = await sandbox();
    const url = sb.url;
    await sb.close();
    const tab = await browser.newPage();
    await tab.goto(page.origin);
    const out = await connectIn(tab, url, false);
    expect(out['outcome']).toMatchObject({ ok: false, problem: 'unreachable', code: 'connection' });
    await tab.close();
  });
});
