/**
 * The Excel add-in's taskpane through a team gateway (issue 32), in headless Chromium: a gateway
 * (state in memory) in front of the sandbox holds the team's key; the analyst connects with
 * "Connects to: Team gateway", the gateway's address and the personal token the admin command
 * printed, inserts GDP of Viet Nam (the real data file's figure in the cell), and refreshes it: the
 * refresh reaches the gateway marked bulk (X-Econdata-Priority), the insert did not. The team's key
 * is nowhere in the stand-in document, the DOM, the fields or localStorage, nor in any request or
 * answer the page saw. Screenshot of the connection form: apps/excel-addin/docs.
 */
import { join, resolve } from 'node:path';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, MemoryState, startGateway, type AuditEntry, type Gateway } from '@econdata/gateway';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { useAddinBrowser } from '../support/addin-browser.ts';
import { cellText, insertedNotice, selectCell } from '../support/addin-sheet.ts';
import { hasChromium } from '../support/chromium.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';

const DOCS = resolve(repoRoot, 'apps/excel-addin/docs');
/** The team's key, held by the gateway only (its own sandbox knows it). */
const TEAM_KEY = 'team-key-addin-Zr4Wq8Hn';

describe.skipIf(!hasChromium || !realDataDir)('Excel add-in taskpane through a team gateway (Chromium)', () => {
  const env = useAddinBrowser();
  const audit: AuditEntry[] = [];
  let sandbox: Sandbox;
  let gateway: Gateway;
  let token: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: realDataDir, keys: [{ key: TEAM_KEY, plan: 'pro' }] });
    const state = new MemoryState();
    gateway = await startGateway({ upstream: sandbox.url, teamKey: TEAM_KEY, plan: 'pro', state, audit: (e) => audit.push(e) });
    token = await addUser(state, 'lan', 0.5);
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await sandbox?.close();
  });

  it('connects with a personal token, inserts the real figure, refreshes as bulk work, and never sees the team key', async () => {
    const { page, pageErrors } = await env.openPage();
    const seen: string[] = [];
    const toGateway: Array<{ url: string; priority: string | undefined }> = [];
    page.on('request', (r: Request) => {
      seen.push(`${r.url()}\n${JSON.stringify(r.headers())}\n${r.postData() ?? ''}`);
      if (r.url().startsWith(`${gateway.url}/api/v1/indicators`) && r.method() !== 'OPTIONS') toGateway.push({ url: r.url(), priority: r.headers()['x-econdata-priority'] });
    });
    page.on('response', (r) => void r.text().then((t) => seen.push(`${JSON.stringify(r.headers())}\n${t}`), () => seen.push(JSON.stringify(r.headers()))));

    await page.getByText('Connect to the Economic Data Service').waitFor();
    await page.getByRole('combobox', { name: 'Connects to' }).selectOption('gateway');
    await page.getByLabel('Gateway URL').fill(gateway.url);
    await page.getByLabel('Plan').selectOption('pro');
    await page.getByLabel('Personal token').fill(token);
    await page.screenshot({ path: join(DOCS, 'addin-11-team-gateway.png') });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'Data', selected: true }).waitFor({ timeout: 30_000 });

    // GDP of Viet Nam 2015-2023, through the gateway.
    await page.getByText(/737 indicators in WB, IMF, GSO/).waitFor({ timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Search every source' }).fill('NY.GDP.MKTP.CD');
    await page.locator('[data-result="WB NY.GDP.MKTP.CD"]').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('checkbox', { name: /\(NY\.GDP\.MKTP\.CD\)/ }).isChecked()).toBe(true);
    await page.getByLabel('Search countries').fill('Viet');
    await page.getByRole('checkbox', { name: /\(VN\)/ }).check();
    await page.getByLabel('Start year').fill('2015');
    await page.getByLabel('End year').fill('2023');
    await page.getByRole('checkbox', { name: /Chart beside the block/ }).uncheck();
    await selectCell(page, 'B2');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    expect(await insertedNotice(page)).toBe('Inserted “GDP (current US$): Vietnam” at Sheet1!B2:C28 (written in one request to Excel).');
    expect(await cellText(page, 'B20')).toBe('2015');
    expect(await cellText(page, 'C20')).toBe('239,258,328,382'); // WB's 2015 figure in the shared data, shown as #,##0
    const inserted = toGateway.length;
    expect(inserted).toBeGreaterThan(0);
    expect(toGateway.every((r) => r.priority === undefined)).toBe(true);

    // Refresh all: bulk work, said so to the gateway.
    await page.getByRole('tab', { name: 'Blocks' }).click();
    await page.getByRole('button', { name: 'Refresh all' }).click();
    const done = page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('status').filter({ hasText: 'no change' });
    const cost = page.getByRole('region', { name: 'Cost preview' });
    await done.or(cost).first().waitFor({ timeout: 60_000 });
    if (await cost.isVisible()) await cost.getByRole('button', { name: 'Refresh' }).click();
    await done.waitFor({ timeout: 60_000 });
    expect(toGateway.slice(inserted).map((r) => r.priority)).toEqual(toGateway.slice(inserted).map(() => 'bulk'));
    expect(toGateway.length).toBeGreaterThan(inserted);

    // The gateway served the analyst "lan"; the team key stayed on it.
    expect(audit.some((e) => e.analyst === 'lan' && e.path.startsWith('/api/v1/indicators') && e.status === 200)).toBe(true);
    const held = await page.evaluate(() => {
      const standin = (globalThis as unknown as { econdataStandin?: { model: { dump(): string } } }).econdataStandin;
      const storage = Array.from({ length: localStorage.length }, (_, i) => `${localStorage.key(i) ?? ''}=${localStorage.getItem(localStorage.key(i) ?? '') ?? ''}`);
      return [standin?.model.dump() ?? '', document.documentElement.outerHTML, ...[...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value), ...storage];
    });
    expect(held.filter((t) => t.includes(TEAM_KEY))).toEqual([]);
    expect(seen.filter((t) => t.includes(TEAM_KEY))).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
