/**
 * The add-in as an analyst builds a report, end to end in headless Chromium (the add-in's page with
 * the in-page workbook stand-in, a real sandbox over HTTP): an IMF block whose projections are
 * shaded, with a chart beside it; an ECON formula whose arguments live in labelled cells (changing
 * the country re-queries it); refresh on open turned on in the Blocks tab, then the workbook
 * "reopened": the taskpane loads, shows the cost against the quota left, and refreshes. Screenshots
 * of each step.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS as SHOTS, useAddinBrowser } from '../support/addin-browser.ts';
import { cellText, insertedNotice, selectCell } from '../support/addin-sheet.ts';
import { hasChromium } from '../support/chromium.ts';
import { realDataDir } from '../support/paths.ts';

const KEY = 'sandbox-pro';

const fill = (page: Page, a1: string): Promise<string> => page.locator(`td[data-address="${a1}"]`).evaluate((el) => getComputedStyle(el).backgroundColor);

describe.skipIf(!hasChromium || !realDataDir)('Excel add-in: an analyst\'s report in Chromium', () => {
  const env = useAddinBrowser();

  it('shades IMF projections with a chart beside the block, re-queries parameter cells, and refreshes on open', async () => {
    const { sandbox } = env;
    const { context, page, pageErrors } = await env.openPage();
    await page.getByLabel('Service URL').fill(sandbox.url);
    await page.getByLabel('Plan').selectOption('pro');
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'Data', selected: true }).waitFor({ timeout: 30_000 });

    // IMF's real GDP growth for Viet Nam, 2018-2030: the years after the IMF's last actual are projections.
    const searchBox = page.getByRole('searchbox', { name: 'Search every source' });
    await page.getByText(/indicators in WB, IMF, GSO/).waitFor({ timeout: 30_000 });
    await searchBox.fill('NGDP_RPCH');
    await page.locator('[data-result="IMF NGDP_RPCH"]').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('checkbox', { name: /\(NGDP_RPCH\)/ }).isChecked()).toBe(true);
    await page.getByLabel('Search countries').fill('Viet');
    await page.getByRole('checkbox', { name: /\(VN\)/ }).check();
    await page.getByLabel('Start year').fill('2018');
    await page.getByLabel('End year').fill('2030');
    expect(await page.getByRole('checkbox', { name: /Chart beside the block/ }).isChecked()).toBe(true);
    await selectCell(page, 'B2');
    await page.getByRole('button', { name: 'Insert at selection' }).click();
    expect(await insertedNotice(page)).toMatch(/^Inserted “.*: Vietnam” at Sheet1!B2:D\d+, with a chart beside it \(written in one request to Excel\)\.$/);
    // The legend line of the provenance block, and the shading of the projected years.
    const forecastsRow = await page.locator('td', { hasText: /^Forecasts$/ }).getAttribute('data-address');
    const row = Number(forecastsRow?.slice(1));
    const legend = await cellText(page, `C${row}`);
    expect(legend).toMatch(/^20\d\d to 2030 are projections \(shaded\)$/);
    const firstProjected = Number(legend.slice(0, 4));
    const header = await page.locator('td', { hasText: /^Period$/ }).first().getAttribute('data-address');
    const top = Number(header?.slice(1)) + 1; // 2018's row
    const projectedRow = top + (firstProjected - 2018);
    expect(await cellText(page, `B${projectedRow}`)).toBe(String(firstProjected));
    expect(await fill(page, `C${projectedRow}`)).toBe('rgb(226, 239, 218)');
    expect(await fill(page, `D${projectedRow}`)).toBe('rgb(226, 239, 218)');
    expect(await cellText(page, `D${projectedRow}`)).toBe('TRUE');
    expect(await fill(page, `C${projectedRow - 1}`)).not.toBe('rgb(226, 239, 218)');
    // The chart: a native chart over the block's own cells, titled from the series.
    const chart = page.locator('figure[data-chart]');
    await chart.waitFor();
    expect(await chart.getByRole('img').getAttribute('aria-label')).toMatch(/^Chart: Gross domestic product \(GDP\), Constant prices, Percent change: Vietnam$/);
    expect(await chart.locator('path').count()).toBe(1);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'addin-8-imf-forecast-chart.png') });

    // A formula whose arguments live in cells: WB GDP for Viet Nam, below the IMF block.
    await page.getByRole('radio', { name: /Formulas/ }).check();
    await page.getByRole('checkbox', { name: /Arguments in cells/ }).check();
    await searchBox.fill('NY.GDP.MKTP.CD');
    await page.locator('[data-result="WB NY.GDP.MKTP.CD"]').click();
    await page.keyboard.press('Enter');
    await page.getByLabel('Search countries').fill('Viet');
    await page.getByRole('checkbox', { name: /\(VN\)/ }).check();
    await page.getByLabel('Start year').fill('2015');
    await page.getByLabel('End year').fill('2023');
    // Two rows below the block (the sheet shows three rows past what is used).
    await selectCell(page, 'B36');
    await page.getByRole('button', { name: 'Insert as formula' }).click();
    const wrote = page.getByRole('tabpanel', { name: 'Data' }).getByRole('status').filter({ hasText: 'Wrote the parameters' });
    await wrote.waitFor({ timeout: 30_000 });
    expect(await wrote.innerText()).toBe('Wrote the parameters and =ECON.INDICATOR(C36,C37,C38,C39,C40,C41,C42) at Sheet1!B36:C44: change a parameter cell and the formula asks again. The Blocks tab lists it.');
    expect(await Promise.all(['B36', 'C36', 'B37', 'C37', 'B38', 'C38', 'B39', 'C39', 'B40', 'C40'].map((a) => cellText(page, a)))).toEqual(
      ['Source', 'WB', 'Indicator', 'NY.GDP.MKTP.CD', 'Country', 'VN', 'From', '2015', 'To', '2023'],
    );
    await expect.poll(() => cellText(page, 'C44'), { timeout: 30_000 }).toBe('GDP (current US$): Vietnam');
    const vietnam2015 = await cellText(page, 'C45');
    // The analyst types TH over VN: the formula asks again and the whole spill is Thailand's.
    await page.evaluate(() => (globalThis as unknown as { econdataStandin: { edit(a: string, v: string): void } }).econdataStandin.edit('C38', 'TH'));
    await expect.poll(() => cellText(page, 'C44'), { timeout: 30_000 }).toBe('GDP (current US$): Thailand');
    expect(await cellText(page, 'C45')).not.toBe(vietnam2015);
    await selectCell(page, 'C38');
    await page.screenshot({ path: join(SHOTS, 'addin-9-parameters.png') });
    await page.getByRole('radio', { name: /Values/ }).check();

    // The Blocks tab lists the IMF block and the parameter block as its cells say now (Thailand).
    await page.getByRole('tab', { name: 'Blocks' }).click();
    const params = page.getByRole('list', { name: 'Formulas with parameters' });
    await params.waitFor();
    expect(await params.innerText()).toContain('/indicators?source=WB&start_year=2015&end_year=2023&indicator=NY.GDP.MKTP.CD&country=TH');
    // Refresh on open, turned on for this workbook.
    await page.getByRole('switch', { name: 'Refresh when this workbook opens' }).check();
    await page.getByText('Saved in this workbook.', { exact: false }).waitFor();

    // The workbook is "reopened": the taskpane loads with it, shows the cost and refreshes.
    await page.evaluate(() => (globalThis as unknown as { econdataStandin: { reopen(): void } }).econdataStandin.reopen());
    const done = page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('status').filter({ hasText: 'Refreshed on open' });
    await done.waitFor({ timeout: 60_000 });
    expect(await done.innerText()).toMatch(/^Refreshed on open\. This needs 2 requests; [\d,]+ left today\.\n.*: Vietnam: no change\.\nB44: asked again for 1 series\.$/);
    expect(await page.getByRole('switch', { name: 'Refresh when this workbook opens' }).isChecked()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'addin-10-refresh-on-open.png') });
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 400_000);
});
