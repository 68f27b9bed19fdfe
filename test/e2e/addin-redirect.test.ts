/**
 * The Excel add-in's taskpane connecting to an address that redirects (issue 27 item 10), in
 * headless Chromium: the service answers 301 to another, recording server. The add-in does not
 * follow it, says the address redirects and to connect with the final address, and the target never
 * sees the request nor the key (the query-key mode and every code, 301 to 308, are
 * packages/core/test/transport.browser.test.ts). Screenshot: apps/excel-addin/docs/addin-13-redirect.png.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAddinBrowser } from '../support/addin-browser.ts';
import { hasChromium } from '../support/chromium.ts';
import { useHostileServers } from '../support/hostile-server.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';

const DOCS = resolve(repoRoot, 'apps/excel-addin/docs');
const KEY = 'sk_live+Sec/RET=7f3a9c51d2';

describe.skipIf(!hasChromium || !realDataDir)('Excel add-in taskpane: a service address that redirects (Chromium)', () => {
  const env = useAddinBrowser();
  const hostile = useHostileServers();

  it('is not followed: the connection test says the address redirects, and the target never gets the key', async () => {
    const target = await hostile();
    const redirecting = await hostile({ location: target.url });
    const { page, pageErrors } = await env.openPage();
    const address = `${redirecting.url}/redirect-301`;

    await page.getByText('Connect to the Economic Data Service').waitFor();
    await page.getByLabel('Service URL').fill(address);
    await page.getByLabel('Plan').selectOption('pro');
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Save' }).click();
    const said = page.getByText(`${address} redirects to another address, which this add-in does not follow so that your key goes nowhere else. Open it in a browser to see where it leads, and connect with that final address.`);
    await said.waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(DOCS, 'addin-13-redirect.png') });

    // The redirecting address was asked; the target may see the reachability probe (no key), never the key.
    expect(redirecting.requests.some((r) => r.path.startsWith('/redirect-301/api/v1/'))).toBe(true);
    for (const r of target.requests) {
      expect(r.path.startsWith('/redirect-301/api/v1/'), `${r.method} ${r.path}`).toBe(false);
      expect(`${r.query} ${r.authorization ?? ''}`).not.toContain(encodeURIComponent(KEY));
      expect(`${r.query} ${r.authorization ?? ''}`).not.toContain(KEY);
    }
    // Not connected: the form is still there.
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
