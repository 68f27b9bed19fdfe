/**
 * The explorer through a team gateway (issue 32), in Chromium (web mode on the real data, keys in
 * memory): a gateway (state in memory) in front of the sandbox holds the team's key; the analyst
 * adds a profile of type "Team gateway" with the personal token the admin command printed, and
 * charts GDP of Viet Nam: the table's values equal the real data file's, the requests went through
 * the gateway as that analyst (its audit log), and the team's key is nowhere in the page (its
 * traffic, DOM, fields, storage, events). Screenshots of the connection form and the chart go to
 * apps/desktop/docs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, MemoryState, startGateway, type AuditEntry, type Gateway } from '@econdata/gateway';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { buildRenderer } from '../../apps/desktop/test/support/renderer.ts';
import { hasChromium, launchChromium } from '../support/chromium.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';
import { LeakRecorder, startWebMode, type WebMode } from './desktop-support.ts';

const DOCS = resolve(repoRoot, 'apps/desktop/docs');
const TEAM_KEY = 'team-key-desktop-Q7vN3xLp';

/** The real data file's value of an indicator, country and year. */
function wdi(indicator: string, iso3: string, year: number): number {
  const line = readFileSync(join(realDataDir ?? '', 'wb_wdi_values.csv'), 'utf8').split('\n').find((l) => l.startsWith(`${indicator},${iso3},${year},`));
  return Number(line?.split(',')[3]);
}

describe.skipIf(!hasChromium || !realDataDir)('the explorer through a team gateway (Chromium)', () => {
  const work = mkdtempSync(join(tmpdir(), 'econdata-desktop-gateway-'));
  const audit: AuditEntry[] = [];
  let sandbox: Sandbox;
  let gateway: Gateway;
  let state: MemoryState;
  let token: string;
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  const leaks = new LeakRecorder();

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: realDataDir, keys: [{ key: TEAM_KEY, plan: 'pro' }] });
    state = new MemoryState();
    gateway = await startGateway({ upstream: sandbox.url, teamKey: TEAM_KEY, plan: 'pro', state, audit: (e) => audit.push(e) });
    token = await addUser(state, 'mai', 0.5);
    const rendererDir = await buildRenderer(work);
    web = await startWebMode({ home: join(work, 'home'), dataDir: realDataDir ?? '', rendererDir, keyStore: 'memory' });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await leaks.attach(page);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await gateway?.close();
    await sandbox?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const nav = (name: string) => page.getByRole('navigation').getByText(name, { exact: true });

  it('connects with a Team gateway profile and a personal token, and charts the real values; the team key never reaches the page', async () => {
    await page.goto(web.url);
    await nav('Connection').click();
    await page.getByRole('textbox', { name: 'Profile name' }).fill('team');
    await page.getByRole('combobox', { name: 'Connects to' }).selectOption('gateway');
    await page.getByRole('textbox', { name: 'Gateway URL' }).fill(gateway.url);
    await page.getByRole('combobox', { name: 'Plan' }).selectOption('pro');
    await page.getByLabel('Personal token').fill(token);
    await page.getByRole('button', { name: 'Save', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(DOCS, 'desktop-16-team-gateway.png'), animations: 'disabled' });
    await leaks.snapshot(page, 'form');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const card = page.locator('[data-profile="team"]');
    await card.getByText('In use').waitFor();
    expect(await card.innerText()).toContain('Team gateway');
    await card.getByRole('button', { name: 'Test connection' }).click();
    await card.getByText(/^Connected in \d+ ms: 3 sources listed\.$/).waitFor();
    await page.screenshot({ path: join(DOCS, 'desktop-16b-team-gateway-profile.png'), animations: 'disabled' });
    await leaks.snapshot(page, 'profile');

    // GDP of Viet Nam, 2015-2020, through the gateway.
    await nav('Explore').click();
    const box = page.getByRole('searchbox', { name: 'Search every source' });
    await box.fill('NY.GDP.MKTP.CD');
    await page.locator('[data-result="WB NY.GDP.MKTP.CD"]').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('checkbox', { name: /\(NY\.GDP\.MKTP\.CD\)/ }).isChecked()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search countries' }).fill('Viet');
    await page.getByRole('checkbox', { name: /\(VN\)/ }).check();
    await page.getByLabel('Start year').fill('2015');
    await page.getByLabel('End year').fill('2020');
    await page.getByRole('button', { name: 'Get data' }).click();
    await page.locator('[data-chart-drawn]').waitFor({ timeout: 60_000 });
    const rows = await page.getByTestId('series-table').getByRole('row').allInnerTexts();
    const shown = new Map(rows.slice(1).map((r) => r.split(/\s+/)).map(([year, value]) => [Number(year), Number((value ?? '').replaceAll(',', ''))]));
    // As shown (sheets' display format, whole dollars at this size), equal to the data file's figure.
    for (const year of [2015, 2016, 2017, 2018, 2019, 2020]) expect(Math.round(shown.get(year) ?? NaN), String(year)).toBe(Math.round(wdi('NY.GDP.MKTP.CD', 'VNM', year)));
    await page.screenshot({ path: join(DOCS, 'desktop-16c-through-gateway.png'), animations: 'disabled' });
    await leaks.snapshot(page, 'chart');

    // The gateway served them to its analyst "mai", with the team's key behind it.
    const asked = audit.filter((e) => e.analyst === 'mai' && e.path.startsWith('/api/v1/indicators'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((e) => e.status === 200)).toBe(true);
    expect(sandbox.stats().received).toBeGreaterThan(0);

    // The team's key is nowhere in the page; the personal token went to main once (the profile's create request).
    await leaks.settle();
    expect(leaks.requests.length).toBeGreaterThan(5);
    expect(leaks.findings(TEAM_KEY)).toEqual([]);
    expect(leaks.findings(token).filter((f) => !f.startsWith('request body of /bridge/profiles.create') && !f.startsWith('page (DOM, fields, storage or events) at step form'))).toEqual([]);
  }, 300_000);
});
