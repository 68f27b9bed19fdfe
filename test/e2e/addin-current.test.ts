/**
 * The add-in keeping a workbook current (issue 33), end to end in headless Chromium (the add-in's
 * page with the in-page workbook stand-in) against a sandbox serving a temporary copy of the real
 * data folder, so the walk can revise it: two blocks inserted (IMF growth, World Bank GDP); Copy as
 * code of the GDP block (curl with the full address and $ECONDATA_API_KEY, read back from the
 * clipboard, never the key); the World Bank file revised and the sandbox reloaded; "Check for new
 * data" marks the GDP block alone for one catalogue request, and "Refresh updated" refreshes it
 * alone (the catalogue and one indicators request, counted by the sandbox and seen in the page's
 * requests). Then a block first written on 14 March (the page's clock), revised and refreshed today,
 * written as of 31 March and its kept releases side by side with the sandbox stopped (no request
 * at all). Screenshots of each step.
 */
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS as SHOTS, useAddinBrowser } from '../support/addin-browser.ts';
import { cellText, insertedNotice, selectCell } from '../support/addin-sheet.ts';
import { hasChromium } from '../support/chromium.ts';
import { realDataDir } from '../support/paths.ts';

const KEY = 'sandbox-pro';
const DAY_MS = 86_400_000;

/**
 * A writable copy of the real data folder, every file dated 30 days ago: blocks written today find
 * no source newer than themselves until the walk revises a file.
 */
function dataCopy(from: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'addin-current-data-'));
  cpSync(from, dir, { recursive: true });
  const then = new Date(Date.now() - 30 * DAY_MS);
  for (const file of readdirSync(dir)) {
    chmodSync(join(dir, file), 0o644);
    utimesSync(join(dir, file), then, then);
  }
  return dir;
}

/** Connects the taskpane to the sandbox on the Pro plan, and waits for the search to know the catalogue. */
async function connect(page: Page, url: string): Promise<void> {
  await page.getByLabel('Service URL').fill(url);
  await page.getByLabel('Plan').selectOption('pro');
  await page.getByLabel('API key').fill(KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('tab', { name: 'Data', selected: true }).waitFor({ timeout: 30_000 });
  await page.getByText(/indicators in WB, IMF, GSO/).waitFor({ timeout: 30_000 });
}

/** Searches an indicator by its code and puts it in the query, for Viet Nam over the years given. */
async function chooseIndicator(page: Page, code: string, result: string, from: string, to: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search every source' }).fill(code);
  await page.locator(`[data-result="${result}"]`).click();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('checkbox', { name: new RegExp(`\\(${code.replaceAll('.', '\\.')}\\)`) }).isChecked()).toBe(true);
  await page.getByLabel('Search countries').fill('Viet');
  await page.getByRole('checkbox', { name: /\(VN\)/ }).check();
  await page.getByLabel('Start year').fill(from);
  await page.getByLabel('End year').fill(to);
}

describe.skipIf(!hasChromium || !realDataDir)('Excel add-in: a workbook kept current in Chromium', () => {
  let data = '';
  const env = useAddinBrowser(() => {
    data = dataCopy(realDataDir ?? '');
    return { dataDir: data, watch: false };
  });
  afterAll(() => {
    if (data) rmSync(data, { recursive: true, force: true });
  });

  it('copies a block as curl without the key, marks the block whose source has new data, and refreshes only it', async () => {
    const { sandbox } = env;
    const { context, page, pageErrors } = await env.openPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.origin });
    await connect(page, sandbox.url);

    // Two blocks: IMF's real GDP growth, then the World Bank's GDP below it.
    await chooseIndicator(page, 'NGDP_RPCH', 'IMF NGDP_RPCH', '2019', '2024');
    await selectCell(page, 'B2');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    const imf = await insertedNotice(page);
    expect(imf).toMatch(/^Inserted “.*: Vietnam” at Sheet1!B2:D\d+, with a chart beside it/);
    const below = Number(/B2:D(\d+)/.exec(imf)?.[1]) + 4;
    await chooseIndicator(page, 'NY.GDP.MKTP.CD', 'WB NY.GDP.MKTP.CD', '2019', '2023');
    await selectCell(page, `B${below}`);
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    await page.getByRole('tabpanel', { name: 'Data' }).getByRole('status').filter({ hasText: `Inserted “GDP (current US$): Vietnam” at Sheet1!B${below}` }).waitFor({ timeout: 60_000 });
    const gdp2021 = page.locator('td', { hasText: /^2021$/ }).last();
    const row2021 = Number((await gdp2021.getAttribute('data-address'))?.slice(1));
    const before = await cellText(page, `C${row2021}`);

    // Copy as code: curl with the whole address (base URL included) and the key's variable, never the key.
    await page.getByRole('tab', { name: 'Blocks' }).click();
    const list = page.getByRole('list', { name: 'Blocks' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    const gdpItem = list.getByRole('listitem').filter({ hasText: 'GDP (current US$): Vietnam' });
    const imfItem = list.getByRole('listitem').filter({ hasText: 'NGDP_RPCH' });
    await gdpItem.getByRole('button', { name: 'Copy as code: GDP (current US$): Vietnam' }).click();
    const code = page.getByRole('dialog', { name: 'Copy as code' });
    await code.getByRole('tab', { name: 'curl' }).click();
    const curl = code.getByLabel('curl snippet');
    const address = `${sandbox.url}/api/v1/indicators?country=VN&end_year=2023&indicator=NY.GDP.MKTP.CD&source=WB&start_year=2019`;
    await expect.poll(() => curl.innerText(), { timeout: 30_000 }).toBe(`curl -H "Authorization: Bearer $ECONDATA_API_KEY" "${address}"`);
    await code.getByRole('button', { name: 'Copy' }).click();
    await code.getByRole('status').filter({ hasText: 'curl copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`curl -H "Authorization: Bearer $ECONDATA_API_KEY" "${address}"`);
    expect(copied).not.toContain(KEY);
    await page.screenshot({ path: join(SHOTS, 'addin-12-copy-curl.png') });
    await code.getByRole('button', { name: 'Close' }).click();
    await code.waitFor({ state: 'detached' });

    // Nothing is newer than the blocks yet: the check costs the catalogue's one request and marks nothing.
    const status = page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('status');
    sandbox.reset();
    await page.getByRole('button', { name: 'Check for new data' }).click();
    const none = status.filter({ hasText: 'Checked the catalogue' });
    await none.waitFor({ timeout: 30_000 });
    expect(await none.innerText()).toBe('Checked the catalogue (1 request): 0 of 2 blocks have newer data; 2 queries not asked: nothing to refresh.');
    expect(sandbox.stats().received).toBe(1);

    // The World Bank revises Viet Nam's 2021 GDP: the copy's file is rewritten (dated now) and the sandbox reloads it.
    const file = join(data, 'wb_wdi_values.csv');
    let original = 0;
    let revised = 0;
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^NY\.GDP\.MKTP\.CD,VNM,2021,(.+)$/m, (_, v: string) => `NY.GDP.MKTP.CD,VNM,2021,${(revised = (original = Number(v)) + 1e9)}`));
    expect(original).toBeGreaterThan(1e9);
    const reload = (await (await fetch(`${sandbox.url}/_sandbox/reload`, { method: 'POST' })).json()) as { last_updated: Record<string, string> };
    const today = new Date().toISOString().slice(0, 10);
    expect(reload.last_updated['WB']).toBe(today);
    expect(reload.last_updated['IMF']! < today).toBe(true);

    // The check marks the GDP block alone, for one request.
    sandbox.reset();
    await page.getByRole('button', { name: 'Check for new data' }).click();
    const marked = status.filter({ hasText: '1 of 2 blocks' });
    await marked.waitFor({ timeout: 30_000 });
    expect(await marked.innerText()).toBe('Checked the catalogue (1 request): 1 of 2 blocks have newer data; 1 query not asked.\nMarked “New data”: GDP (current US$): Vietnam. Refresh updated fetches only that block (1 query).');
    expect(sandbox.stats().received).toBe(1);
    expect(await gdpItem.getByText('New data', { exact: true }).isVisible()).toBe(true);
    expect(await imfItem.getByText('New data', { exact: true }).count()).toBe(0);
    // The sheet scrolled to the GDP block, the taskpane to its marked card.
    await selectCell(page, `C${row2021}`);
    await gdpItem.getByText('New data', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'addin-12b-new-data.png') });

    // Refresh updated: the catalogue again, then the GDP block's one request; IMF's is not asked.
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === sandbox.url && url.pathname.startsWith('/api/v1/')) asked.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    sandbox.reset();
    await page.getByRole('button', { name: 'Refresh updated' }).click();
    const done = status.filter({ hasText: 'value revised' });
    await done.waitFor({ timeout: 60_000 });
    const summary = await done.innerText();
    const figure = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
    const revisedWords = `2021: ${figure.format(original)} → ${figure.format(revised)}`;
    expect(summary).toBe(`Checked the catalogue (1 request): 1 of 2 blocks have newer data; 1 query not asked.\nGDP (current US$): Vietnam: 1 value revised (${revisedWords}).\nRevised cells are highlighted in the worksheet; click a revised value to select its cell.`);
    expect(sandbox.stats().received).toBe(2);
    expect(asked.filter((a) => !a.startsWith('OPTIONS'))).toEqual([
      'GET /api/v1/sources',
      expect.stringMatching(/^GET \/api\/v1\/indicators\?.*indicator=NY\.GDP\.MKTP\.CD/) as string,
    ]);
    expect(await cellText(page, `C${row2021}`)).not.toBe(before);
    await expect.poll(() => gdpItem.getByText('New data', { exact: true }).count()).toBe(0);
    // The revised value is a link to its cell, highlighted.
    await selectCell(page, 'A1');
    await done.getByRole('button', { name: revisedWords }).click();
    await expect.poll(() => page.getByTestId('name-box').innerText()).toBe(`C${row2021}`);
    expect(await page.locator(`td[data-address="C${row2021}"]`).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 235, 156)');
    await page.screenshot({ path: join(SHOTS, 'addin-12c-refresh-updated.png') });
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 600_000);

  it('writes a block as of a date from the vintages kept on this computer with the service gone, and its releases side by side', async () => {
    const { sandbox } = env;
    const { context, page, pageErrors } = await env.openPage();
    // The block is first written on 14 March (the page's clock), then refreshed today after a revision.
    await context.clock.setFixedTime(new Date('2026-03-14T09:00:00Z'));
    await connect(page, sandbox.url);
    await chooseIndicator(page, 'NY.GDP.MKTP.CD', 'WB NY.GDP.MKTP.CD', '2019', '2023');
    await selectCell(page, 'B2');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    expect(await insertedNotice(page)).toMatch(/^Inserted “GDP \(current US\$\): Vietnam” at Sheet1!B2:C\d+/);
    const row2022 = Number((await page.locator('td', { hasText: /^2022$/ }).getAttribute('data-address'))?.slice(1));
    const march = await cellText(page, `C${row2022}`);

    // The World Bank revises 2022; the sandbox reloads; today the block is refreshed.
    const file = join(data, 'wb_wdi_values.csv');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^NY\.GDP\.MKTP\.CD,VNM,2022,(.+)$/m, (_, v: string) => `NY.GDP.MKTP.CD,VNM,2022,${Number(v) + 2e9}`));
    await fetch(`${sandbox.url}/_sandbox/reload`, { method: 'POST' });
    await context.clock.setFixedTime(new Date());
    await page.getByRole('tab', { name: 'Blocks' }).click();
    const item = page.getByRole('list', { name: 'Blocks' }).getByRole('listitem').filter({ hasText: 'GDP (current US$): Vietnam' });
    await item.getByRole('button', { name: 'Refresh GDP (current US$): Vietnam' }).click();
    const status = page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('status');
    await status.filter({ hasText: 'value revised (2022' }).waitFor({ timeout: 60_000 });
    const today = await cellText(page, `C${row2022}`);
    expect(today).not.toBe(march);

    // As of 31 March: the block as it was known then, from the kept releases alone.
    await item.getByRole('button', { name: 'Vintages: GDP (current US$): Vietnam' }).click();
    const vintages = page.getByRole('group', { name: 'Vintages of GDP (current US$): Vietnam' });
    await vintages.getByLabel('As of date').fill('2026-03-31');
    // The network off: the sandbox stops, and the page asks the service nothing from here on.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${sandbox.url}/api/v1/`)) asked.push(r.url());
    });
    await env.closeSandbox();
    await vintages.getByRole('button', { name: 'Write as of' }).click();
    const wrote = status.filter({ hasText: 'as of 2026-03-31' });
    await wrote.waitFor({ timeout: 60_000 });
    expect(await wrote.innerText()).toMatch(/^Wrote GDP \(current US\$\): Vietnam as of 2026-03-31, from the vintages kept on this computer \(no request\)\. Refresh on its card brings today's data back; Refresh all leaves it\.\nGDP \(current US\$\): Vietnam: 1 value as known on 2026-03-31 \(2022: .+ → .+\)\.\nCells whose value as known on 2026-03-31 differs from what the sheet showed are highlighted in the worksheet; click a value to select its cell\.$/);
    expect(asked).toEqual([]);
    // The block has one more provenance row now (its Warnings row says as of when): 2022 moved down one.
    const asOf2022 = Number((await page.locator('td', { hasText: /^2022$/ }).getAttribute('data-address'))?.slice(1));
    expect(asOf2022).toBe(row2022 + 1);
    expect(await cellText(page, `C${asOf2022}`)).toBe(march);
    const warnings = await page.locator('td', { hasText: /^Warnings$/ }).getAttribute('data-address');
    expect(await cellText(page, `C${warnings?.slice(1)}`)).toBe('As of 2026-03-31, kept on this computer: the answer retrieved 2026-03-14 (the service keeps no vintages; Refresh brings today\'s data back).');
    expect(await item.getByText('As of 2026-03-31', { exact: true }).isVisible()).toBe(true);
    // Refresh all passes a block shown as of a date by (here the only block: nothing to refresh).
    expect(await page.getByRole('button', { name: 'Refresh all' }).isDisabled()).toBe(true);
    await selectCell(page, `C${asOf2022}`);
    await vintages.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'addin-13-as-of.png') });

    // Its kept releases side by side, below the block, with a chart overlaying them: values, not a block.
    const below = asOf2022 + 6;
    await selectCell(page, `B${below}`);
    await vintages.getByRole('button', { name: 'Releases side by side' }).click();
    const side = status.filter({ hasText: 'side by side' });
    await side.waitFor({ timeout: 60_000 });
    expect(await side.innerText()).toMatch(new RegExp(`^Wrote 2 kept releases of GDP \\(current US\\$\\): Vietnam side by side at Sheet1!B${below}:D\\d+, with a chart overlaying them`));
    const headerRow = Number((await page.locator('td', { hasText: /^Period$/ }).last().getAttribute('data-address'))?.slice(1));
    const day = new Date().toISOString().slice(0, 10);
    expect(await cellText(page, `C${headerRow}`)).toBe('Retrieved 2026-03-14 09:00 UTC');
    expect(await cellText(page, `D${headerRow}`)).toMatch(new RegExp(`^Retrieved ${day} \\d\\d:\\d\\d UTC$`));
    const chart = page.locator('figure[data-chart]').last();
    expect(await chart.getByRole('img').getAttribute('aria-label')).toBe('Chart: GDP (current US$): Vietnam: releases kept on this computer');
    expect(await chart.locator('path').count()).toBe(2);
    const side2022 = Number((await page.locator('td', { hasText: /^2022$/ }).last().getAttribute('data-address'))?.slice(1));
    expect(side2022).toBeGreaterThan(headerRow);
    expect(await cellText(page, `C${side2022}`)).toBe(march);
    expect(await cellText(page, `D${side2022}`)).toBe(today);
    expect(asked).toEqual([]);
    await expect.poll(() => page.getByRole('list', { name: 'Blocks' }).getByRole('listitem').count()).toBe(1);
    await selectCell(page, `D${side2022}`);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'addin-13b-releases.png') });
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 600_000);
});
