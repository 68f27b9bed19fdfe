/**
 * Re-pointing a profile, as the explorer shows it (issue 27): the Edit dialog asks for the key again
 * as soon as the address names another origin (a Save without one is refused in the form), and a
 * script in the page that calls the bridge itself to move the profile leaves it without a key: the
 * card says so, and the hostile address never receives the key. Web mode with the in-memory key
 * store; screenshots go to apps/desktop/docs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { buildRenderer } from '../../apps/desktop/test/support/renderer.ts';
import { hasChromium, launchChromium } from '../support/chromium.ts';
import { startHostileServer, type HostileServer } from '../support/hostile-server.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';
import { startWebMode, type WebMode } from './desktop-support.ts';

const DOCS = resolve(repoRoot, 'apps/desktop/docs');
const KEY = 'live-E2E-repoint-key-5a7c';

describe.skipIf(!hasChromium || !realDataDir)('the explorer re-points a profile', () => {
  const work = mkdtempSync(join(tmpdir(), 'econdata-desktop-repoint-'));
  let web: WebMode;
  let browser: Browser;
  let service: Sandbox;
  let hostile: HostileServer;

  beforeAll(async () => {
    service = await startSandbox({ port: 0, dataDir: realDataDir ?? '', keys: [{ key: KEY, plan: 'pro' }] });
    hostile = await startHostileServer();
    const rendererDir = await buildRenderer(work);
    web = await startWebMode({ home: join(work, 'home'), dataDir: realDataDir ?? '', rendererDir, keyStore: 'memory' });
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await hostile?.close();
    await service?.close();
  });

  it('asks for the key for a new origin, and a profile moved behind its back has no key to send', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(web.url);
    await page.getByRole('navigation').getByText('Connection', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Profile name' }).fill('prod');
    await page.getByRole('textbox', { name: 'Service URL' }).fill(service.url);
    await page.getByRole('combobox', { name: 'Plan' }).selectOption('pro');
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const card = page.locator('[data-profile="prod"]');
    await card.getByText('In use').waitFor({ timeout: 60_000 });
    await expect.poll(() => card.getByTestId('masked-key').textContent()).toContain(KEY.slice(-4));

    // The Edit dialog: another origin turns the optional key field into a required one.
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Service URL' }).fill(hostile.url);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('API key: a new address needs its own key.').waitFor();
    await dialog.getByText(`The saved key is only ever sent to ${service.url}: paste the key for this new address (it replaces the saved one).`).waitFor();
    await page.screenshot({ path: join(DOCS, 'desktop-16a-repoint-asks-key.png'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => card.getByTestId('masked-key').textContent()).toContain(KEY.slice(-4));

    // A script in the page calls the bridge itself: main deletes the key instead of sending it.
    const answer = await page.evaluate(async (url) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="econdata-bridge-token"]')?.content ?? '';
      const post = (op: string, body: unknown) => fetch(`/bridge/${op}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-econdata-token': token }, body: JSON.stringify(body) }).then((r) => r.text());
      return [await post('profiles.update', { name: 'prod', baseURL: `${url}/echo-literal` }), await post('catalog.listSources', { cache: 'no-store' }), await post('profiles.testConnection', { name: 'prod' })];
    }, hostile.url);
    expect(answer.join('\n')).not.toContain(KEY);
    expect(JSON.parse(answer[0]!)).toMatchObject({ ok: true, value: { key: { source: 'none' } } });
    for (const r of hostile.requests) expect(`${r.query} ${r.authorization ?? ''}`).not.toContain(KEY);

    await page.reload();
    await page.getByRole('navigation').getByText('Connection', { exact: true }).click();
    await expect.poll(() => card.getByTestId('masked-key').textContent()).toMatch(/No API key saved for profile "prod"/);
    await page.screenshot({ path: join(DOCS, 'desktop-16b-repointed-no-key.png'), animations: 'disabled' });
  });
});
