/**
 * The Excel add-in's taskpane end to end in headless Chromium: the add-in's own page (office.js
 * served locally: Office.onReady resolves with no host) with the in-page workbook stand-in beside
 * it, against a real sandbox over HTTP. Connect with a demo key, browse, build queries, insert a WB
 * indicator block, a trade block and a stock block, refresh (one value made old first, so the
 * revision shows); a screenshot of every step; axe finds no serious or critical violation; the key
 * is nowhere in the document, the DOM, or localStorage beyond the add-in's own key entry.
 */
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EconDataClient } from '@econdata/core';
import { SCREENSHOTS as SHOTS, useAddinBrowser } from '../support/addin-browser.ts';
import { cellText, insertedNotice, selectCell } from '../support/addin-sheet.ts';
import { hasChromium } from '../support/chromium.ts';
import { realDataDir } from '../support/paths.ts';
import { expectSearchRanking, searchEverySource } from '../support/search-steps.ts';

const KEY = 'sandbox-pro';

/**
 * Serious or critical axe violations on the page, as 'id: target html' lines (empty when clean).
 * Fluent's focus manager (Tabster) adds invisible `<i tabindex=0 aria-hidden data-tabster-dummy>`
 * sentinels that move focus on at once; axe reads them as hidden focusable content, so they are
 * left out of the scan (nothing of ours is).
 */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.html.slice(0, 200)}`));
}

/** Everything the page holds that a key could leak into: the stand-in document, the DOM, inputs, localStorage. */
async function leakScan(page: Page): Promise<{ document: string; dom: string; inputs: string[]; storage: Record<string, string> }> {
  return page.evaluate(() => {
    const standin = (globalThis as unknown as { econdataStandin?: { model: { dump(): string } } }).econdataStandin;
    const storage: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i += 1) {
      const k = localStorage.key(i);
      if (k !== null) storage[k] = localStorage.getItem(k) ?? '';
    }
    return {
      document: standin?.model.dump() ?? '(no stand-in)',
      dom: document.documentElement.outerHTML,
      inputs: [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value),
      storage,
    };
  });
}

async function expectNoLeak(page: Page): Promise<void> {
  const scan = await leakScan(page);
  expect(scan.document).not.toContain(KEY);
  expect(scan.dom).not.toContain(KEY);
  expect(scan.inputs.filter((v) => v.includes(KEY))).toEqual([]);
  // The add-in's own key storage (OfficeRuntime.storage outside Office falls back to localStorage) is the one place allowed.
  expect(Object.entries(scan.storage).filter(([k, v]) => v.includes(KEY) && k !== 'econdata.apiKey')).toEqual([]);
}

describe.skipIf(!hasChromium || !realDataDir)('Excel add-in taskpane in Chromium', () => {
  const env = useAddinBrowser();

  it('connects, inserts an indicator, a trade and a stock block, refreshes with a revision highlighted, and keeps the key out', async () => {
    const { sandbox, server } = env;
    // axe needs a page of an explicit context (openPage makes one).
    const { context, page, pageErrors } = await env.openPage();
    await page.getByText('Connect to the Economic Data Service').waitFor();
    await page.screenshot({ path: join(SHOTS, 'addin-1-connect.png') });
    expect(await axeProblems(page)).toEqual([]);

    // Connect: the sandbox's address and a Pro demo key; the plan is left "From the service" and
    // learned from its rate-limit headers. Save tests, stores and connects.
    await page.getByLabel('Service URL').fill(sandbox.url);
    expect(await page.getByLabel('Plan').inputValue()).toBe('detect');
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'Data', selected: true }).waitFor({ timeout: 30_000 });
    await page.getByText(/Pro plan: .* today/).waitFor();
    await expectNoLeak(page);

    // The first thing on the Data tab: one search across every source, ranked as in the explorer
    // (inflation in three spellings, headline first in Vietnamese, trade names, growth, exports).
    await page.getByText(/737 indicators in WB, IMF, GSO/).waitFor({ timeout: 30_000 });
    const search = (text: string): Promise<string[]> => searchEverySource(page, text);
    await expectSearchRanking(page);
    await search('lạm phát');
    await page.getByRole('button', { name: 'Add to favourites' }).click();
    await page.getByRole('region', { name: /^About / }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'addin-1b-search.png') });
    for (const width of [320, 450]) {
      await page.setViewportSize({ width: width + 680, height: 800 });
      const [outer, scroll, client] = await page.getByRole('main', { name: 'Econdata taskpane' }).evaluate((el) => [el.getBoundingClientRect().width, el.scrollWidth, el.clientWidth]);
      expect(outer).toBeLessThanOrEqual(450);
      expect(scroll).toBeLessThanOrEqual(client ?? 0);
      await page.screenshot({ path: join(SHOTS, `addin-1c-search-${width}.png`) });
    }
    // A GSO name of two hundred characters and a code of a hundred without a space, added to the
    // query: at 320 px the taskpane still never scrolls sideways (issue 22, item 5).
    const longCode = 'GSO GDP.ACTIVITIES_OF_HOUSEHOLDS_AS_EMPLOYERS_UNDIFFERENTIATED_GOODS_AND_SERVICES_PRODUCING_ACTIVITIES_OF_HOUSEHOLDS_FOR_OWN_USE.VALUE';
    expect(await search('households as employers undifferentiated')).toContain(longCode);
    await page.locator(`[data-result="${longCode}"]`).click();
    await page.keyboard.press('Enter');
    await page.getByRole('checkbox', { name: /HOUSEHOLDS_AS_EMPLOYERS/ }).first().waitFor();
    await page.setViewportSize({ width: 320 + 680, height: 800 });
    const narrow = await page.getByRole('main', { name: 'Econdata taskpane' }).evaluate((el) => [el.getBoundingClientRect().width, el.scrollWidth, el.clientWidth]);
    expect(narrow[0]).toBe(320);
    expect(narrow[1]).toBeLessThanOrEqual(narrow[2] ?? 0);
    await page.getByRole('checkbox', { name: /HOUSEHOLDS_AS_EMPLOYERS/ }).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'addin-1d-long-names-320.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await axeProblems(page)).toEqual([]);

    // Browse: GDP found by the search and added (WB chosen with it), Viet Nam picked, years typed.
    expect((await search('NY.GDP.MKTP.CD'))[0]).toBe('WB NY.GDP.MKTP.CD');
    await page.locator('[data-result="WB NY.GDP.MKTP.CD"]').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('checkbox', { name: /\(NY\.GDP\.MKTP\.CD\)/ }).isChecked()).toBe(true);
    // Countries in name order, countries before aggregates (issue 22, item 3: not by ISO code,
    // which began Andorra, United Arab Emirates, Afghanistan); the service's spelling, the common one,
    // the Vietnamese one and the ISO 3-letter code all find Vietnam.
    const countryRows = () => page.getByRole('list', { name: 'Countries', exact: true }).locator('li label').allInnerTexts();
    await expect.poll(async () => (await countryRows()).slice(0, 5)).toEqual(['Afghanistan (AF)', 'Åland Islands (AX)', 'Albania (AL)', 'Algeria (DZ)', 'American Samoa (AS)']);
    for (const text of ['Viet Nam', 'Việt Nam', 'Vietnam', 'VNM']) {
      await page.getByLabel('Search countries').fill(text);
      await expect.poll(countryRows, { message: text }).toEqual(['Vietnam (VN)']);
    }
    await page.getByLabel('Search countries').fill('Viet');
    await page.getByRole('checkbox', { name: /\(VN\)/ }).check();
    await page.getByLabel('Start year').fill('2015');
    await page.getByLabel('End year').fill('2023');
    await page.screenshot({ path: join(SHOTS, 'addin-2-query.png') });
    expect(await axeProblems(page)).toEqual([]);

    // Charts beside blocks are on by default; this walk lays blocks side by side, so it turns them
    // off (addin-analyst.test.ts shows them).
    await page.getByRole('checkbox', { name: /Chart beside the block/ }).uncheck();
    // The selection moves with the keyboard too: A1, then two cells down and one right is B3; up again is B2.
    await page.getByRole('region', { name: /arrow keys move the selected cell/ }).focus();
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowUp']) await page.keyboard.press(key);
    await expect.poll(() => page.getByTestId('name-box').innerText()).toBe('B2');
    // ...and the insert runs from the keyboard: focus the button, press Enter.
    await page.getByRole('button', { name: 'Insert at selection' }).focus();
    await page.keyboard.press('Enter');
    expect(await insertedNotice(page)).toBe('Inserted “GDP (current US$): Vietnam” at Sheet1!B2:C28 (written in one request to Excel).');
    expect(await cellText(page, 'B2')).toBe('Series');
    expect(await cellText(page, 'C2')).toBe('indicator:WB:NY.GDP.MKTP.CD:VN:2015-2023');
    expect(await cellText(page, 'B19')).toBe('Period');
    expect(await cellText(page, 'B20')).toBe('2015');
    expect(await cellText(page, 'B28')).toBe('2023');
    expect(await cellText(page, 'C20')).toBe('239,258,328,382'); // WB's 2015 figure in the shared data, shown as #,##0
    await page.screenshot({ path: join(SHOTS, 'addin-3-indicator-block.png') });

    // Trade: Vietnam's exports to the world, all products, January to June 2024: a range of months
    // (one request for every month, trimmed by core).
    await page.getByRole('tab', { name: 'Trade' }).click();
    await page.getByLabel('Partner').fill('WLD');
    await page.getByLabel('HS code').fill('TOTAL');
    await page.getByLabel('From month').fill('2024-01');
    await page.getByLabel('To month').fill('2024-06');
    await selectCell(page, 'E2');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    expect(await insertedNotice(page)).toBe('Inserted “Vietnam trade: exports (World, All goods)” at Sheet1!E2:G26 (written in one request to Excel).');
    // The provenance block's 18 rows (its Query the request sent, a Months row the months kept), the header row, then exactly six months.
    const monthsRow = (await Promise.all(Array.from({ length: 18 }, (_, i) => cellText(page, `E${2 + i}`)))).indexOf('Months');
    expect(await cellText(page, `F${2 + monthsRow}`)).toBe('2024-01 to 2024-06 (trimmed on the client from the service\'s answer)');
    expect(await cellText(page, 'E20')).toBe('Period');
    expect(await cellText(page, 'E21')).toBe('2024-01');
    expect(await cellText(page, 'E26')).toBe('2024-06');
    expect(await cellText(page, 'E27')).toBe('');
    // Before a partner is asked for: the answers so far hold totals only, said above the field.
    await page.getByLabel('Partner').focus();
    expect(await page.getByTestId('trade-totals-notice').innerText()).toBe('The service\'s trade answers so far hold totals only (partner World, all goods): a breakdown by country may not exist.');
    await page.screenshot({ path: join(SHOTS, 'addin-4-trade-block.png') });
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'addin-4-trade-range-320.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Stocks: VNM daily prices for the first quarter of 2024.
    await page.getByRole('tab', { name: 'Stocks' }).click();
    await page.getByLabel('Symbol').fill('VNM');
    await page.getByLabel('Start date').fill('2024-01-02');
    await page.getByLabel('End date').fill('2024-03-29');
    await selectCell(page, 'I2');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    expect(await insertedNotice(page)).toMatch(/^Inserted “VNM” at Sheet1!I2:N\d+ \(written in one request to Excel\)\.$/);
    expect(await cellText(page, 'J15')).toBe('VNM: Open');
    await page.screenshot({ path: join(SHOTS, 'addin-5-stock-block.png') });
    expect(await axeProblems(page)).toEqual([]);

    // The same query as a formula instead: the exact ECON.STOCK call at the selection.
    await selectCell(page, 'P2');
    await page.getByRole('radio', { name: /Formulas/ }).check();
    await page.getByRole('button', { name: 'Insert as formula' }).click();
    const wrote = page.getByRole('tabpanel', { name: 'Data' }).getByRole('status').filter({ hasText: 'Wrote' });
    await wrote.waitFor();
    expect(await wrote.innerText()).toBe('Wrote =ECON.STOCK("VNM","2024-01-02","2024-03-29") at Sheet1!P2. Excel fills the cells when the ECON functions calculate.');
    // The stand-in calculates it with the add-in's own ECON.STOCK (through the shared runtime) and spills it.
    await expect.poll(() => cellText(page, 'P2'), { timeout: 30_000 }).not.toBe('#BUSY!');
    expect([await cellText(page, 'P2'), await cellText(page, 'P3'), await cellText(page, 'Q3'), await cellText(page, 'T3')]).toEqual(['Period', '2024-01-02', '59.56', '59.64']); // the period as its text (a bare serial day would read 45293)
    expect(await page.locator('output[aria-label="Cell contents"]').innerText()).toBe('=ECON.STOCK("VNM","2024-01-02","2024-03-29")');
    await page.screenshot({ path: join(SHOTS, 'addin-5b-formula.png') });
    await page.getByRole('radio', { name: /Values/ }).check();

    // A derived series from the Derived tab: the per-capita preset over series a, written as
    // =ECON.DERIVED below the stock block; the stand-in calculates it through the shared runtime.
    await page.getByRole('tab', { name: 'Derived' }).click();
    const derivedPanel = page.getByRole('tabpanel', { name: 'Derived' });
    await derivedPanel.getByLabel('Series a').fill('WB/NY.GDP.MKTP.CD/VN');
    await derivedPanel.getByLabel('From year').fill('2015');
    await derivedPanel.getByLabel('To year').fill('2023');
    // I80 may be below what the sheet shows (it shows a few rows past the selection; the trade
    // block above holds six months): step down to it.
    for (let row = 70; row <= 80; row += 2) await selectCell(page, `I${row}`);
    await derivedPanel.getByRole('radio', { name: /Formula/ }).check();
    await derivedPanel.getByRole('button', { name: 'Per capita' }).click();
    const wroteDerived = derivedPanel.getByRole('status').filter({ hasText: 'Wrote' });
    await wroteDerived.waitFor();
    expect(await wroteDerived.innerText()).toBe('Wrote =ECON.DERIVED("per_capita","WB/NY.GDP.MKTP.CD/VN",2015,2023) at Sheet1!I80. Excel fills the cells when the ECON functions calculate.');
    await expect.poll(() => cellText(page, 'J80'), { timeout: 30_000 }).toBe('GDP (current US$): Vietnam, per capita');
    expect(await cellText(page, 'I81')).toBe('2015'); // the period as its text, as the stock formula's
    expect(await cellText(page, 'I89')).toBe('2023');
    // The World Bank's own GDP per capita for 2015, fetched here: the same number to 1e-9.
    const direct = new EconDataClient({ baseURL: sandbox.url, apiKey: KEY });
    const pcap = (await direct.getIndicators({ source: 'WB', indicator: 'NY.GDP.PCAP.CD', country: 'VN', start_year: 2015, end_year: 2015 })).data[0]!.value!;
    expect(Math.abs(Number((await cellText(page, 'J81')).replace(/,/g, '')) / pcap - 1)).toBeLessThan(1e-9);
    await selectCell(page, 'J81');
    await page.screenshot({ path: join(SHOTS, 'addin-5d-derived.png') });
    expect(await axeProblems(page)).toEqual([]);

    // The same preset as values: a block at I100 whose provenance header names the formula and its
    // operands, kept in the document for Refresh (the Blocks list below names them too).
    await derivedPanel.getByRole('radio', { name: /Values/ }).check();
    // The sheet shows a few rows past the selection: step down to I100.
    for (let row = 90; row <= 100; row += 2) await selectCell(page, `I${row}`);
    await derivedPanel.getByRole('button', { name: 'Per capita' }).click();
    const insertedDerived = derivedPanel.getByRole('status').filter({ hasText: 'Inserted' });
    await insertedDerived.waitFor({ timeout: 60_000 });
    expect(await insertedDerived.innerText()).toMatch(/^Inserted “GDP \(current US\$\): Vietnam, per capita” at Sheet1!I100:J\d+; Refresh computes a\/b again from its 2 series\.$/);
    // The block's own labels in column I, from its top (I100) down.
    const labels = await Promise.all(Array.from({ length: 20 }, (_, i) => cellText(page, `I${100 + i}`)));
    const formulaCell = `J${100 + labels.indexOf('Formula')}`;
    const periodRow = 100 + labels.indexOf('Period');
    expect(labels.indexOf('Formula')).toBeGreaterThan(0);
    expect(await cellText(page, formulaCell)).toContain('a/b');
    // The block's 2015 per capita is the formula's, to the last digit.
    const raw = (r: number, c: number): Promise<unknown> => page.evaluate(([row, col]) => (globalThis as unknown as { econdataStandin: { model: { sheets: Array<{ cell(r: number, c: number): { value: unknown } | undefined }> } } }).econdataStandin.model.sheets[0]?.cell(row!, col!)?.value, [r, c]);
    expect(await raw(periodRow, 9)).toBe(await raw(80, 9));
    await selectCell(page, formulaCell);
    await page.screenshot({ path: join(SHOTS, 'addin-5e-derived-block.png') });
    expect(await axeProblems(page)).toEqual([]);
    // A currency conversion of a percentage is refused with a sentence in the taskpane, and nothing is written.
    await derivedPanel.getByLabel('Series a').fill('WB/FP.CPI.TOTL.ZG/VN');
    await selectCell(page, 'L100');
    await derivedPanel.getByRole('button', { name: 'In US dollars' }).click();
    const refused = derivedPanel.getByRole('alert');
    await refused.waitFor({ timeout: 60_000 });
    expect(await refused.innerText()).toMatch(/a \(Inflation, consumer prices \(annual %\)\) is in .*, a percentage: it has no currency, so an exchange rate cannot convert it\./);
    expect(await cellText(page, 'L100')).toBe('');
    await refused.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'addin-5f-derived-refused.png') });
    await page.getByRole('tab', { name: 'Data' }).click();

    // A fourth block, FPT's prices: refreshing all four then costs more than a few requests.
    await page.getByLabel('Symbol').fill('FPT');
    await selectCell(page, 'W2');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    expect(await insertedNotice(page)).toMatch(/^Inserted “FPT” at Sheet1!W2:AB\d+ \(written in one request to Excel\)\.$/);

    // Transformed: the same GDP query as growth from a year ago (analysis's Units=pc1), as a block...
    const rawCell = (r: number, c: number): Promise<unknown> => page.evaluate(([row, col]) => (globalThis as unknown as { econdataStandin: { model: { sheets: Array<{ cell(r: number, c: number): { value: unknown } | undefined }> } } }).econdataStandin.model.sheets[0]?.cell(row!, col!)?.value, [r, c]);
    await page.getByRole('tab', { name: 'Indicators' }).click();
    await page.getByRole('button', { name: 'Transform (optional): as published' }).click();
    await page.getByLabel('Show as').selectOption('pc1');
    await page.getByRole('button', { name: 'Transform: % change from a year ago' }).waitFor();
    await selectCell(page, 'B31');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    expect(await insertedNotice(page)).toBe('Inserted “GDP (current US$): Vietnam, % change from a year ago” at Sheet1!B31:C58 (written in one request to Excel).');
    // The provenance block says the transform; one more row than the level block above it.
    expect([await cellText(page, 'B44'), await cellText(page, 'C44')]).toEqual(['Transform', 'Units=pc1']);
    expect([await cellText(page, 'B49'), await cellText(page, 'C49')]).toEqual(['Period', 'GDP (current US$): Vietnam, % change from a year ago']);
    expect(await cellText(page, 'B50')).toBe('2015');
    // 2016's growth, from the level block's own 2015 and 2016 values (C20, C21).
    const growth2016 = ((await rawCell(20, 2) as number) / (await rawCell(19, 2) as number) - 1) * 100;
    expect(await rawCell(50, 2)).toBeCloseTo(growth2016, 9);
    expect(await cellText(page, 'C51')).toBe(`${growth2016.toFixed(2)}%`);

    // ...and as a formula: the transform is its trailing argument, and it spills the block's cells.
    await selectCell(page, 'B61');
    await page.getByRole('radio', { name: /Formulas/ }).check();
    await page.getByRole('button', { name: 'Insert as formula' }).click();
    await wrote.filter({ hasText: 'Units=pc1' }).waitFor();
    expect(await wrote.innerText()).toBe('Wrote =ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2015,2023,,"Units=pc1") at Sheet1!B61. Excel fills the cells when the ECON functions calculate.');
    await expect.poll(() => cellText(page, 'B61'), { timeout: 30_000 }).not.toBe('#BUSY!');
    expect([await cellText(page, 'B61'), await cellText(page, 'C61')]).toEqual(['Period', 'GDP (current US$): Vietnam, % change from a year ago']);
    for (let r = 0; r < 9; r += 1) {
      // The period reads the same (the formula writes it as text, the block as a date formatted as its year); the values are equal.
      expect([await cellText(page, `B${62 + r}`), await rawCell(61 + r, 2)]).toEqual([await cellText(page, `B${50 + r}`), await rawCell(49 + r, 2)]);
    }
    // ...and shows as the block does: the cells it spills into got the block's number format (issue 28, item 12).
    await expect.poll(() => cellText(page, 'C62'), { timeout: 30_000 }).toBe(await cellText(page, 'C50'));
    expect(await cellText(page, 'C70')).toBe(await cellText(page, 'C58'));
    await page.screenshot({ path: join(SHOTS, 'addin-5d-transformed.png') });
    expect(await axeProblems(page)).toEqual([]);

    // Layout options: the same growth across the sheet, newest first (a horizontal spill)...
    await page.getByLabel('Periods down or across').selectOption('H');
    await page.getByLabel('Order of periods').selectOption('D');
    await selectCell(page, 'H92');
    await page.getByRole('button', { name: 'Insert as formula' }).click();
    await wrote.filter({ hasText: 'Dir=H' }).waitFor();
    expect(await wrote.innerText()).toBe('Wrote =ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2015,2023,,"Units=pc1 Dir=H Sort=D") at Sheet1!H92. Excel fills the cells when the ECON functions calculate.');
    await expect.poll(() => rawCell(91, 7), { timeout: 30_000 }).toBe('Period');
    expect([await cellText(page, 'H92'), await cellText(page, 'I92'), await cellText(page, 'Q92'), await cellText(page, 'H93')]).toEqual(['Period', '2023', '2015', 'GDP (current US$): Vietnam, % change from a year ago']);
    // The vertical spill's values (B61: 2015 in row 62 .. 2023 in row 70), newest first across row 93 (right of the trade block, E2:G157).
    for (let c = 0; c < 9; c += 1) expect(await rawCell(92, 8 + c)).toBe(await rawCell(69 - c, 2));
    await page.getByLabel('Periods down or across').selectOption('V');
    await page.getByLabel('Order of periods').selectOption('A');

    // ...and ECON.VALUE filled down beside a column of country codes (typed in B, formulas in C), below it.
    await page.evaluate(() => {
      const { model } = (globalThis as unknown as { econdataStandin: { model: { sheets: unknown[]; setValues(r: unknown, v: unknown, formulas?: boolean): void } } }).econdataStandin;
      const sheet = model.sheets[0];
      model.setValues({ sheet, top: 94, left: 1, rows: 1, cols: 2 }, [['Country', 'GDP 2023']]);
      model.setValues({ sheet, top: 95, left: 1, rows: 5, cols: 1 }, [['VN'], ['TH'], ['ID'], ['MY'], ['PH']]);
      model.setValues({ sheet, top: 95, left: 2, rows: 5, cols: 1 }, [96, 97, 98, 99, 100].map((r) => [`=ECON.VALUE("WB","NY.GDP.MKTP.CD",B${r},2023)`]), true);
    });
    await expect.poll(async () => (await Promise.all([95, 96, 97, 98, 99].map((r) => rawCell(r, 2)))).every((v) => v !== undefined && v !== '#BUSY!'), { timeout: 30_000 }).toBe(true);
    // Vietnam's 2023 GDP: the level block's own 2023 cell (C28); the neighbours numbers too.
    expect(await rawCell(95, 2)).toBe(await rawCell(27, 2));
    for (let r = 96; r <= 99; r += 1) expect(typeof await rawCell(r, 2)).toBe('number');
    await selectCell(page, 'C96');
    await page.screenshot({ path: join(SHOTS, 'addin-5e-value-layout.png') });
    // Options where the frequency goes (issue 28, item 3): `Units=pc1` as the sixth argument is the
    // options, and spills the same growth as the formula the taskpane wrote at B61.
    await page.evaluate(() => {
      const { model } = (globalThis as unknown as { econdataStandin: { model: { sheets: unknown[]; setValues(r: unknown, v: unknown, formulas?: boolean): void } } }).econdataStandin;
      model.setValues({ sheet: model.sheets[0], top: 60, left: 40, rows: 1, cols: 1 }, [['=ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2015,2023,"Units=pc1")']], true);
    });
    await expect.poll(() => rawCell(60, 40), { timeout: 30_000 }).toBe('Period');
    expect(await rawCell(60, 41)).toBe('GDP (current US$): Vietnam, % change from a year ago');
    for (let r = 61; r < 70; r += 1) expect([await rawCell(r, 40), await rawCell(r, 41)]).toEqual([await rawCell(r, 1), await rawCell(r, 2)]);
    await page.getByRole('radio', { name: /Values/ }).check();

    // GSO: the frequency offers only what the indicator list gives the chosen series. Core inflation's
    // year-to-date average has monthly and annual; adding headline CPI (monthly only) moves Annual to Monthly.
    const frequencyOptions = () => page.getByLabel('Frequency').locator('option').allInnerTexts();
    for (const code of ['CPI.CORE_INFLATION.YTD_AVG_YOY', 'CPI.TOTAL.YOY']) {
      expect((await search(code))[0]).toBe(`GSO ${code}`);
      await page.locator(`[data-result="GSO ${code}"]`).click();
      await page.keyboard.press('Enter');
      if (code !== 'CPI.TOTAL.YOY') {
        await expect.poll(frequencyOptions).toEqual(['Service default', 'Monthly', 'Annual']);
        await page.getByLabel('Frequency').selectOption('annual');
      }
    }
    await expect.poll(frequencyOptions).toEqual(['Service default', 'Monthly']);
    expect(await page.getByLabel('Frequency').inputValue()).toBe('monthly');
    await page.getByLabel('Frequency').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'addin-5e-gso-frequency.png') });

    // Series names in Vietnamese (issue 22, item 13): chosen on the Connection tab, kept in the
    // add-in's own storage; the picker and the inserted block (title, header row) then carry GSO's
    // Vietnamese name (the service's name_vi, from GSO's item_vi in gso_vn_cpi_monthly.csv).
    const CPI_VI = 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với cùng tháng năm trước';
    // A formula already in the sheet (right of the FPT block) takes the new names at once: the
    // switch asks for a full calculation, answered from the cache.
    await page.evaluate(() => {
      const { model } = (globalThis as unknown as { econdataStandin: { model: { sheets: unknown[]; setValues(r: unknown, v: unknown, formulas?: boolean): void } } }).econdataStandin;
      model.setValues({ sheet: model.sheets[0], top: 1, left: 29, rows: 1, cols: 1 }, [['=ECON.INDICATOR("GSO","CPI.TOTAL.YOY","",2024,2024,"monthly")']], true);
    });
    await expect.poll(() => rawCell(1, 30), { timeout: 30_000 }).toBe('Consumer prices: Consumer price index (all items), change vs same month of previous year: Vietnam');
    await page.getByRole('tab', { name: 'Connection' }).click();
    await page.getByLabel('Series names').selectOption('vi');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('econdata.nameLanguage'))).toBe('vi');
    await expect.poll(() => rawCell(1, 30), { timeout: 30_000 }).toBe(`${CPI_VI}: Vietnam`);
    expect([await rawCell(2, 29), await rawCell(2, 30)]).toEqual(['2024-01', 3.3712019907]);
    await page.getByLabel('Series names').scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 400 + 680, height: 800 });
    await page.screenshot({ path: join(SHOTS, 'addin-7d-series-names-400.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: 'Data' }).click();
    // Headline CPI alone, for 2024: twelve months, as published (the growth chosen above undone).
    await page.getByLabel('Show as').selectOption('lin');
    await page.getByRole('button', { name: 'Transform (optional): as published' }).waitFor();
    await page.getByRole('checkbox', { name: /\(CPI\.CORE_INFLATION\.YTD_AVG_YOY\)/ }).first().uncheck();
    const cpiBox = page.getByRole('checkbox', { name: /\(CPI\.TOTAL\.YOY\)/ }).first();
    await expect.poll(() => cpiBox.evaluate((el: HTMLInputElement) => el.labels?.[0]?.textContent)).toBe(`${CPI_VI} (CPI.TOTAL.YOY)`);
    await page.getByLabel('Start year').fill('2024');
    await page.getByLabel('End year').fill('2024');
    // Beside the growth block (B31:C58), below the trade block (E2:G26): E30.
    await selectCell(page, 'E30');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    expect(await insertedNotice(page)).toBe(`Inserted “${CPI_VI}: Vietnam” at Sheet1!E30:F59 (written in one request to Excel).`);
    // The block's own labels in column E, from its top (E30) down; its title in F.
    const viLabels = await Promise.all(Array.from({ length: 20 }, (_, i) => rawCell(29 + i, 4)));
    const viHeader = 29 + viLabels.indexOf('Period');
    expect(viLabels.indexOf('Period')).toBeGreaterThan(0);
    expect([await rawCell(viHeader, 4), await rawCell(viHeader, 5)]).toEqual(['Period', `${CPI_VI}: Vietnam`]);
    // January 2024: 3.3712019907 in gso_vn_cpi_monthly.csv (yoy_pct of CPI).
    expect(await rawCell(viHeader + 1, 5)).toBe(3.3712019907);
    const viTitle = await Promise.all(Array.from({ length: 17 }, (_, i) => rawCell(29 + i, 5)));
    expect(viTitle).toContain(`${CPI_VI}: Vietnam`);
    await page.setViewportSize({ width: 400 + 680, height: 800 });
    // The header cell selected (the formula bar shows its whole name), the block's labels in view:
    // the sheet scrolled back so column D starts at its left edge.
    await selectCell(page, `F${viHeader + 1}`);
    await page.locator(`td[data-address="D${viHeader + 1}"]`).evaluate((el) => el.scrollIntoView({ inline: 'start', block: 'nearest' }));
    // The taskpane shows the notice naming the inserted block.
    await page.getByRole('tabpanel', { name: 'Data' }).getByRole('status').filter({ hasText: 'Inserted' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'addin-5g-vietnamese-block-400.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await axeProblems(page)).toEqual([]);
    // Back to English: the blocks below are refreshed in the language they were inserted in.
    await page.getByRole('tab', { name: 'Connection' }).click();
    await page.getByLabel('Series names').selectOption('en');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('econdata.nameLanguage'))).toBe('en');
    await expect.poll(() => rawCell(1, 30), { timeout: 30_000 }).toBe('Consumer prices: Consumer price index (all items), change vs same month of previous year: Vietnam');

    // The Blocks list has all seven, with their queries and the transform; the Vietnamese one says so.
    await page.getByRole('tab', { name: 'Blocks' }).click();
    const list = page.getByRole('list', { name: 'Blocks' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(7);
    expect(await list.getByRole('listitem').last().innerText()).toContain(`${CPI_VI}: Vietnam`);
    expect(await list.getByRole('listitem').last().innerText()).toContain('Tiếng Việt');
    expect(await list.innerText()).toContain('Formula: a/b');
    expect(await list.innerText()).toContain('b = /indicators?source=WB&indicator=SP.POP.TOTL&country=VN&start_year=2015&end_year=2023');
    expect(await list.innerText()).toContain('Transform: Units=pc1 (% change from a year ago)');
    expect(await list.innerText()).toContain('/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2015&end_year=2023');
    expect(await list.innerText()).toContain('/stocks/vietnam?symbol=VNM&start_date=2024-01-02&end_date=2024-03-29');

    // Copy as code (issue 33): the transformed block as Python applying the transform with pandas, from the widened request; no key.
    await list.getByRole('button', { name: 'Copy as code: GDP (current US$): Vietnam, % change from a year ago' }).click();
    const code = page.getByRole('dialog', { name: 'Copy as code' });
    const python = code.getByLabel('Python (pandas) snippet');
    await expect.poll(() => python.innerText(), { timeout: 30_000 }).toContain('frame = units(frame, "pc1")');
    expect(await python.innerText()).toMatch(/URL = "http:\/\/127\.0\.0\.1:\d+\/api\/v1\/indicators\?country=VN&end_year=2023&indicator=NY\.GDP\.MKTP\.CD&source=WB&start_year=2014"/);
    expect(await python.innerText()).not.toContain(KEY);
    await page.screenshot({ path: join(SHOTS, 'addin-5h-copy-as-code.png') });
    await code.getByRole('tab', { name: 'Excel formula' }).click();
    expect(await code.getByLabel('Excel formula snippet').innerText()).toBe('=ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2015,2023,,"Units=pc1")');
    await code.getByRole('button', { name: 'Close' }).click();
    await code.waitFor({ state: 'detached' });

    // An older vintage in the sheet: GDP 2020 as it was before the source revised it.
    const real2020 = await page.evaluate(() => {
      const standin = (globalThis as unknown as { econdataStandin: { model: { sheets: Array<{ cell(r: number, c: number): { value: unknown } | undefined }> } } }).econdataStandin;
      const cell = standin.model.sheets[0]?.cell(24, 2);
      const now = cell?.value;
      if (cell && typeof now === 'number') cell.value = now - 1_000_000_000;
      return now;
    });
    expect(typeof real2020).toBe('number');
    await page.getByRole('button', { name: 'Refresh all' }).click();
    // Six requests (GSO's CPI its own; the transformed block fetches 2014 too; the derived block's population joins GDP's batch): the cost is shown against the quota left before anything is fetched.
    const cost = page.getByRole('region', { name: 'Cost preview' });
    await cost.waitFor();
    expect(await cost.getByRole('status').innerText()).toMatch(/6 requests/);
    await page.screenshot({ path: join(SHOTS, 'addin-5c-cost-preview.png') });
    await cost.getByRole('button', { name: 'Refresh' }).click();
    const summary = page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('status').filter({ hasText: 'value revised' });
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.innerText()).toBe(
      'GDP (current US$): Vietnam: 1 value revised (2020: 345,615,738,537.796 → 346,615,738,537.796).\n' +
        'Vietnam trade: exports (World, All goods): no change.\nVNM: no change.\nGDP (current US$): Vietnam, per capita: no change.\nFPT: no change.\n' +
        `GDP (current US$): Vietnam, % change from a year ago: no change.\n${CPI_VI}: Vietnam: no change.\nRevised cells are highlighted in the worksheet; click a revised value to select its cell.`,
    );
    // Names are English again on the Connection tab, and the Vietnamese block keeps its names.
    expect(await rawCell(viHeader, 5)).toBe(`${CPI_VI}: Vietnam`);
    expect(await page.locator('td[data-address="C25"]').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 235, 156)');
    // Refresh kept the transform: the block still says it and holds the same growth.
    expect(await cellText(page, 'C44')).toBe('Units=pc1');
    expect(await rawCell(50, 2)).toBeCloseTo(growth2016, 9);
    expect(await page.evaluate(() => (globalThis as unknown as { econdataStandin: { model: { sheets: Array<{ cell(r: number, c: number): { value: unknown } | undefined }> } } }).econdataStandin.model.sheets[0]?.cell(24, 2)?.value)).toBe(real2020);
    await selectCell(page, 'C25');
    await page.screenshot({ path: join(SHOTS, 'addin-6-refreshed.png') });
    expect(await axeProblems(page)).toEqual([]);

    // Refresh one: only VNM's block is fetched and rewritten.
    await page.getByRole('button', { name: 'Refresh VNM' }).click();
    await page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('status').filter({ hasText: /^VNM: no change\.$/ }).waitFor({ timeout: 60_000 });

    // A block of two countries (issue 28, item 8): GDP of Vietnam and Thailand, 2020-2023, below the
    // growth formula's spill (B61:C70), with Thailand's 2021 made old. Refreshed alone, its summary
    // names Thailand's series for the revised value, and a click on that value selects its cell.
    await page.getByRole('tab', { name: 'Data' }).click();
    expect((await search('NY.GDP.MKTP.CD'))[0]).toBe('WB NY.GDP.MKTP.CD');
    await page.locator('[data-result="WB NY.GDP.MKTP.CD"]').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('checkbox', { name: /\(NY\.GDP\.MKTP\.CD\)/ }).isChecked()).toBe(true);
    for (const [text, code] of [['Viet', 'VN'], ['Thai', 'TH']] as const) {
      await page.getByLabel('Search countries').fill(text);
      const box = page.getByRole('checkbox', { name: new RegExp(`\\(${code}\\)`) });
      if (!(await box.isChecked())) await box.check();
    }
    await page.getByLabel('Start year').fill('2020');
    await page.getByLabel('End year').fill('2023');
    await selectCell(page, 'B72');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    expect(await insertedNotice(page)).toMatch(/^Inserted “GDP \(current US\$\): Vietnam and 1 more” at Sheet1!B72:D\d+ \(written in one request to Excel\)\.$/);
    const pairLabels = await Promise.all(Array.from({ length: 20 }, (_, i) => rawCell(71 + i, 1)));
    const pairHeader = 71 + pairLabels.indexOf('Period');
    expect(pairLabels.indexOf('Period')).toBeGreaterThan(0);
    expect([await rawCell(pairHeader, 2), await rawCell(pairHeader, 3)]).toEqual(['GDP (current US$): Vietnam', 'GDP (current US$): Thailand']);
    // Thailand's 2021 (the second data row, column D) as an older vintage had it.
    const th2021 = pairHeader + 2;
    expect(await cellText(page, `B${th2021 + 1}`)).toBe('2021');
    const th2021Now = await page.evaluate((row) => {
      const cell = (globalThis as unknown as { econdataStandin: { model: { sheets: Array<{ cell(r: number, c: number): { value: unknown } | undefined }> } } }).econdataStandin.model.sheets[0]?.cell(row, 3);
      const now = cell?.value;
      if (cell && typeof now === 'number') cell.value = now - 1_000_000_000;
      return now as number;
    }, th2021);
    await selectCell(page, 'A1');
    await page.getByRole('tab', { name: 'Blocks' }).click();
    await page.getByRole('button', { name: 'Refresh GDP (current US$): Vietnam and 1 more' }).click();
    const pairSummary = page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('status').filter({ hasText: 'value revised' });
    await pairSummary.waitFor({ timeout: 60_000 });
    const figure = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
    const revisedWords = `GDP (current US$): Thailand, 2021: ${figure.format(th2021Now - 1_000_000_000)} → ${figure.format(th2021Now)}`;
    expect(await pairSummary.innerText()).toBe(
      `GDP (current US$): Vietnam and 1 more: 1 value revised (${revisedWords}).\nRevised cells are highlighted in the worksheet; click a revised value to select its cell.`,
    );
    expect(await rawCell(th2021, 3)).toBe(th2021Now);
    // The revised value is a link: a click selects its cell (Office.js range.select(); the stand-in's name box says which).
    await pairSummary.getByRole('button', { name: revisedWords }).click();
    await expect.poll(() => page.getByTestId('name-box').innerText()).toBe(`D${th2021 + 1}`);
    expect(await page.locator(`td[data-address="D${th2021 + 1}"]`).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 235, 156)');
    await page.screenshot({ path: join(SHOTS, 'addin-6d-revision-named.png') });
    expect(await axeProblems(page)).toEqual([]);

    // With the service gone, a refresh fails as a whole: it says why and every old value stays.
    const before = await page.evaluate(() => (globalThis as unknown as { econdataStandin: { model: { dump(): string } } }).econdataStandin.model.dump());
    await env.closeSandbox();
    // The header notices before any request fails: the browser's offline/online event makes the
    // taskpane check the service at once (keyless, no quota), and it does not answer (issue 22, item 6).
    const connectionState = page.getByTestId('connection-state');
    await page.evaluate(() => globalThis.dispatchEvent(new Event('offline')));
    await page.getByTestId('connection-state').and(page.locator('[data-state="not_answering"]')).waitFor({ timeout: 30_000 });
    expect(await connectionState.innerText()).toMatch(/^Not answering since \d{2}:\d{2}: the service$/);
    await page.getByRole('button', { name: 'Refresh all' }).click();
    await page.getByRole('region', { name: 'Cost preview' }).getByRole('button', { name: 'Refresh' }).click();
    const failedRefresh = page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('alert');
    await failedRefresh.waitFor({ timeout: 90_000 });
    expect(await failedRefresh.innerText()).toBe(
      'Nothing was changed: the old values are still in place. 10 of 10 queries failed; the first, GDP (current US$): Vietnam: ' +
        `The service cannot be reached at ${sandbox.url}. Check the address and your network connection, then retry. ` +
        `If it is running, it must allow requests from this origin (${server.origin}): ask its administrator to add it to the allowed origins (CORS).`,
    );
    expect(await page.evaluate(() => (globalThis as unknown as { econdataStandin: { model: { dump(): string } } }).econdataStandin.model.dump())).toBe(before);
    // The header still says the service does not answer, instead of a quota left, and since when.
    expect(await connectionState.getAttribute('data-state')).toBe('not_answering');
    expect(await connectionState.innerText()).toMatch(/^Not answering since \d{2}:\d{2}: the service$/);
    await page.screenshot({ path: join(SHOTS, 'addin-6b-refresh-failed.png') });
    expect(await axeProblems(page)).toEqual([]);

    // At the narrowest taskpane width (320 px) nothing runs off the side.
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.getByRole('tab', { name: 'Data' }).click();
    const widths = await page.getByRole('main', { name: 'Econdata taskpane' }).evaluate((el) => [el.getBoundingClientRect().width, el.scrollWidth, el.clientWidth]);
    expect(widths[0]).toBe(320);
    expect(widths[1]).toBeLessThanOrEqual(widths[2] ?? 0);
    await page.screenshot({ path: join(SHOTS, 'addin-6c-narrow-320.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The Connection tab says which service, and nothing anywhere holds the key.
    await page.getByRole('tab', { name: 'Connection' }).click();
    await page.getByText(`Development: the local sandbox at ${sandbox.url}`).waitFor({ state: 'attached' });
    await page.getByText('pro plan (as the service states).').waitFor({ state: 'attached' });
    expect(await page.getByLabel('Plan').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe('From the service: Pro');
    await page.screenshot({ path: join(SHOTS, 'addin-7-connection.png') });
    await expectNoLeak(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 900_000); // about 4 minutes alone; up to 10 on a machine shared by several runs
});
