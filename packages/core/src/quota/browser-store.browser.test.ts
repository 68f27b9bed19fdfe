/**
 * The browser stores in the real Chromium: localStorage (BrowserQuotaStore) keeps the day across a
 * reload; IndexedDB (IndexedDbQuotaStore) also keeps two tabs of one origin from losing each other's
 * entries, which localStorage cannot promise even under navigator.locks (see indexeddb-store.ts).
 */
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, serveBrowserBundle, type BundlePage } from '../../../../test/support/chromium.ts';

const entry = fileURLToPath(new URL('../index.ts', import.meta.url));

describe.skipIf(!hasChromium)('browser quota stores in Chromium', () => {
  let server: BundlePage;
  let browser: Browser;
  let context: BrowserContext;
  let origin: string;

  beforeAll(async () => {
    // Bundled for the browser platform: a Node built-in anywhere in the shared entry fails here.
    server = await serveBrowserBundle(entry, 'core');
    origin = server.origin;
    browser = await launchChromium();
    context = await browser.newContext();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  // Page source, so that the test runner does not rewrite the dynamic import.
  const ledgerScript = (requests: number) => `(async () => {
    const core = await import('/core.js');
    const keyId = await core.quotaKeyId('sandbox-free');
    const store = new core.BrowserQuotaStore({ storage: localStorage, locks: navigator.locks });
    const ledger = new core.QuotaLedger({ plan: 'free', keyId, store });
    for (let i = 0; i < ${requests}; i += 1) (await ledger.acquire({ priority: 'interactive' })).answered();
    const status = await ledger.refresh();
    return { used: status.day.used, stored: Object.keys(localStorage).map((k) => k + '=' + localStorage.getItem(k)).join('\\n') };
  })()`;

  it('keeps the day across a reload of the page, and never stores the key', async () => {
    const tab = await context.newPage();
    await tab.goto(origin);
    const first = (await tab.evaluate(ledgerScript(7))) as { used: number; stored: string };
    expect(first.used).toBe(7);
    await tab.reload();
    const second = (await tab.evaluate(ledgerScript(0))) as { used: number; stored: string };
    expect(second.used).toBe(7);
    expect(second.stored).toMatch(/^econdata\.quota\.[0-9a-f]{16}=/);
    expect(second.stored).not.toContain('sandbox-free');
    await tab.close();
  });

  it('IndexedDbQuotaStore keeps the day across a reload, and loses no entry when two tabs change one log at once', async () => {
    const tabs = await Promise.all([context.newPage(), context.newPage()]);
    await Promise.all(tabs.map((tab) => tab.goto(origin)));
    const script = `(async () => {
      const core = await import('/core.js');
      const store = new core.IndexedDbQuotaStore();
      // One change per task, so that the two tabs' changes interleave.
      for (let i = 0; i < 60; i += 1) {
        await store.update('shared', (log) => { log.sent.push(i); });
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return true;
    })()`;
    await Promise.all(tabs.map((tab) => tab.evaluate(script)));
    const tab = tabs[0] as (typeof tabs)[number];
    await tab.reload();
    const count = await tab.evaluate(`(async () => {
      const core = await import('/core.js');
      return new core.IndexedDbQuotaStore().update('shared', (log) => log.sent.length);
    })()`);
    expect(count).toBe(120);
    const ledgerUsed = await tab.evaluate(`(async () => {
      const core = await import('/core.js');
      const ledger = new core.QuotaLedger({ plan: 'free', keyId: 'ledger', store: new core.IndexedDbQuotaStore() });
      for (let i = 0; i < 3; i += 1) (await ledger.acquire({ priority: 'interactive' })).answered();
      const again = new core.QuotaLedger({ plan: 'free', keyId: 'ledger', store: new core.IndexedDbQuotaStore() });
      return (await again.refresh()).day.used;
    })()`);
    expect(ledgerUsed).toBe(3);
  });
});
