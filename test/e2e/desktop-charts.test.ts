/**
 * Charts that go into a report (issue 29), in the explorer in Chromium (web mode on the real data,
 * keys in memory): the chart saved as PNG (its signature and pixel size at 2x) and as SVG (its
 * texts: title, every legend name, both axes' units, the source line, a shaded period's label),
 * the chart and the table copied (the clipboard's PNG, and TSV whose values equal the data file at
 * full precision), a second axis in one click when units differ, the world-event shading, and a
 * mixed-frequency conversion named in words (GSO monthly CPI shown quarterly with GDP).
 * Screenshots of each new screen and of the saved images go to apps/desktop/docs.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../../apps/desktop/test/support/renderer.ts';
import { hasChromium, launchChromium } from '../support/chromium.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';
import { startWebMode, type WebMode } from './desktop-support.ts';

const DOCS = resolve(repoRoot, 'apps/desktop/docs');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The real data file's value of an indicator, country and year, as written there. */
function wdi(indicator: string, iso3: string, year: number): string {
  const line = readFileSync(join(realDataDir ?? '', 'wb_wdi_values.csv'), 'utf8').split('\n').find((l) => l.startsWith(`${indicator},${iso3},${year},`));
  return line?.split(',')[3] ?? '';
}

/** The real data file's GSO CPI (all items) year-on-year % of some months, as numbers. */
function gsoCpi(months: readonly string[]): number[] {
  const rows = readFileSync(join(realDataDir ?? '', 'gso_vn_cpi_monthly.csv'), 'utf8').split('\n').filter((l) => months.some((m) => l.startsWith(`${m},CPI,`)));
  // period,item_code,item_vi,item_en,yoy_pct,mom_pct,ytd_avg_yoy_pct: the names hold no comma for CPI.
  return rows.map((l) => Number(l.split(',')[4]));
}

describe.skipIf(!hasChromium || !realDataDir)('charts that go into a report (explorer, Chromium)', () => {
  const work = mkdtempSync(join(tmpdir(), 'econdata-desktop-charts-'));
  const downloads = join(work, 'home', 'downloads');
  let web: WebMode;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const rendererDir = await buildRenderer(work);
    web = await startWebMode({ home: join(work, 'home'), dataDir: realDataDir ?? '', rendererDir, keyStore: 'memory' });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(web.url).origin });
    page = await context.newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const explore = (): ReturnType<Page['getByRole']> => page.getByRole('region', { name: 'Explore' });

  /** Saves the chart through the dialog; returns the file's name in Downloads. */
  async function saveImage(name: string, format: RegExp, size: RegExp, shot?: string, where = page.getByRole('region', { name: 'Explore' })): Promise<string> {
    const files = (): string[] => (existsSync(downloads) ? readdirSync(downloads) : []);
    const before = new Set(files());
    await where.getByRole('button', { name: 'Chart image' }).click();
    await page.getByRole('menuitem', { name: 'Save chart as image…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('radio', { name: format }).check();
    await dialog.getByRole('radio', { name: size }).check();
    if (shot) await page.screenshot({ path: join(DOCS, shot), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await where.getByTestId('chart-image-result').getByText(/^Saved the chart as /).waitFor();
    const added = files().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    return added[0] ?? '';
  }

  /** An SVG file's texts by their role, read by the browser's own XML parser. */
  function svgTexts(svg: string): Promise<Record<string, string[]>> {
    return page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      if (doc.querySelector('parsererror')) throw new Error('not well-formed SVG');
      const out: Record<string, string[]> = {};
      for (const t of doc.querySelectorAll('text[data-role]')) (out[t.getAttribute('data-role') ?? ''] ??= []).push(t.textContent ?? '');
      out['images'] = [...doc.querySelectorAll('image')].map((i) => i.outerHTML);
      return out;
    }, svg);
  }

  /** Shows a saved image in the page alone, at its own size, and screenshots it into the docs. */
  async function shootImage(file: string, shot: string): Promise<void> {
    const viewer = await context.newPage();
    const bytes = readFileSync(join(downloads, file));
    const type = file.endsWith('.svg') ? 'image/svg+xml' : 'image/png';
    await viewer.setContent(`<body style="margin:0;background:#fff"><img id="i" src="data:${type};base64,${bytes.toString('base64')}"></body>`);
    await viewer.locator('#i').screenshot({ path: join(DOCS, shot) });
    await viewer.close();
  }

  it('saves the example chart with the crisis shaded as PNG (1x and 2x) and SVG, and copies chart and table', async () => {
    await page.goto(web.url);
    await page.getByRole('button', { name: 'Show an example: GDP of Vietnam and Thailand' }).click();
    await explore().locator('[data-chart-drawn]').waitFor({ timeout: 60_000 });
    // World events from a menu: the global financial crisis shaded, kept on the chart.
    await page.getByRole('button', { name: 'Shade periods' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Global financial crisis/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Shading: 1' }).waitFor();
    // A dated event line of the user's own.
    await page.getByRole('button', { name: 'Shading: 1' }).click();
    await page.getByRole('menuitem', { name: 'Add an event line…' }).click();
    const add = page.getByRole('dialog');
    await add.getByRole('textbox', { name: 'Label' }).fill('WTO accession');
    await add.getByRole('textbox', { name: 'Date' }).fill('2007-01-11');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Shading: 2' }).waitFor();
    await page.screenshot({ path: join(DOCS, 'desktop-15-shaded.png'), animations: 'disabled' });

    const png2 = await saveImage('GDP VN TH', /PNG at 2x/, /Slide/, 'desktop-15a-save-image.png');
    const bytes2 = readFileSync(join(downloads, png2));
    expect(png2).toBe('GDP-VN-TH.png');
    expect([...bytes2.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(bytes2)).toEqual({ width: 2560, height: 1440 });
    const png1 = await saveImage('GDP VN TH half', /PNG at 1x/, /Half page/);
    expect(pngSize(readFileSync(join(downloads, png1)))).toEqual({ width: 800, height: 500 });
    await shootImage(png1, 'desktop-15b-image-png.png');

    const svgFile = await saveImage('GDP VN TH vector', /SVG/, /Slide/);
    const svg = readFileSync(join(downloads, svgFile), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"')).toBe(true);
    const t = await svgTexts(svg);
    expect(t['images']).toEqual([]);
    expect(t['title']?.join(' ')).toContain('GDP (current US$)');
    expect(t['legend']).toEqual(['Vietnam', 'Thailand']);
    expect(t['unit-left']).toEqual(['current US$']);
    expect(t['mark-label']).toEqual(['Global financial crisis', 'WTO accession']);
    expect(t['source']?.join(' ')).toMatch(/^Source: World Bank[^(]*\(retrieved \d{4}-\d{2}-\d{2}\)\. Chart: Econdata\.$/);
    await shootImage(svgFile, 'desktop-15c-image-svg.png');

    // Copy the chart: the clipboard holds a PNG.
    await page.getByRole('button', { name: 'Chart image' }).click();
    await page.getByRole('menuitem', { name: 'Copy chart image' }).click();
    await page.getByTestId('chart-image-result').getByText(/^Copied the chart as an image/).waitFor();
    const clipped = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const blob = await item?.getType('image/png');
      return blob ? [...new Uint8Array(await blob.arrayBuffer()).subarray(0, 8)] : [];
    });
    expect(clipped).toEqual(PNG_SIGNATURE);

    // Copy the table: TSV with a header row, values equal to the data file at full precision.
    await page.getByRole('button', { name: 'Chart image' }).click();
    await page.getByRole('menuitem', { name: 'Copy table' }).click();
    await page.getByTestId('chart-image-result').getByText(/^Copied the table/).waitFor();
    const { text, html } = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return { text: await (await item!.getType('text/plain')).text(), html: await (await item!.getType('text/html')).text() };
    });
    const rows = text.split('\n').map((r) => r.split('\t'));
    expect(rows[0]).toEqual(['Period', 'GDP (current US$): Vietnam', 'GDP (current US$): Thailand']);
    const y2000 = rows.find((r) => r[0] === '2000');
    expect(y2000?.slice(1).map(Number)).toEqual([Number(wdi('NY.GDP.MKTP.CD', 'VNM', 2000)), Number(wdi('NY.GDP.MKTP.CD', 'THA', 2000))]);
    expect(html).toContain('<th>GDP (current US$): Vietnam</th>');
  }, 240_000);

  it('puts a percentage on a right axis in one click: both axes name their units, the legend says which', async () => {
    await page.goto(web.url);
    const searchBox = page.getByRole('searchbox', { name: 'Search every source' });
    await page.getByText(/737 indicators in WB, IMF, GSO/).waitFor({ timeout: 60_000 });
    for (const code of ['NY.GDP.MKTP.CD', 'NY.GDP.MKTP.KD.ZG']) {
      await searchBox.fill(code);
      await page.locator(`[data-result="WB ${code}"]`).click();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('checkbox', { name: new RegExp(`\\(${code.replace(/\./g, '\\.')}\\)`) }).isChecked()).toBe(true);
    }
    await page.getByRole('searchbox', { name: 'Search countries' }).fill('Viet');
    await page.getByRole('checkbox', { name: /\(VN\)/ }).check();
    await page.getByRole('button', { name: 'Get data' }).click();
    await explore().locator('[data-chart-drawn]').waitFor({ timeout: 60_000 });
    const offer = page.getByTestId('second-axis-offer');
    expect(await offer.innerText()).toBe('Put annual % on a right axis');
    await offer.click();
    await page.getByRole('button', { name: 'Right axis: 1' }).waitFor();
    await expect.poll(() => explore().locator('.u-legend').innerText()).toMatch(/\(right axis\)/);
    await page.getByRole('button', { name: 'Shade periods' }).click();
    await page.getByRole('menuitemcheckbox', { name: /COVID-19/ }).click();
    await page.keyboard.press('Escape');
    await explore().locator('[data-chart-drawn]').waitFor();
    await page.screenshot({ path: join(DOCS, 'desktop-15d-two-axes.png'), animations: 'disabled' });

    const svgFile = await saveImage('GDP and growth VN', /SVG/, /Half page/);
    const t = await svgTexts(readFileSync(join(downloads, svgFile), 'utf8'));
    expect(t['unit-left']).toEqual(['current US$']);
    expect(t['unit-right']).toEqual(['annual %']);
    expect(t['legend']?.join(' ')).toMatch(/\(left axis\).*\(right axis\)/);
    expect(t['mark-label']).toEqual(['COVID-19']);
    const pngFile = await saveImage('GDP and growth VN', /PNG at 1x/, /Half page/);
    await shootImage(pngFile, 'desktop-15e-two-axes-png.png');

    // Exported to Saved exports and opened again: the right axis and the shading come back with it.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: /Excel workbook/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('GDP and growth, two axes');
    await dialog.getByRole('radio', { name: /Saved exports/ }).check();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByTestId('export-result').waitFor();
    const manifests = readdirSync(join(work, 'home', 'exports')).filter((f) => f.endsWith('.json'));
    expect(manifests).toHaveLength(1);
    const manifest = JSON.parse(readFileSync(join(work, 'home', 'exports', manifests[0] ?? ''), 'utf8')) as { chart?: { right_axis?: string[]; marks?: unknown[] } };
    expect(manifest.chart?.marks).toEqual([{ kind: 'range', from: '2020-01', to: '2020-12', label: 'COVID-19' }]);
    expect(manifest.chart?.right_axis).toHaveLength(1);
    expect(manifest.chart?.right_axis?.[0]).toContain('NY.GDP.MKTP.KD.ZG');
    await page.getByRole('navigation').getByText('Saved exports', { exact: true }).click();
    const library = page.getByRole('region', { name: 'Saved exports' });
    await library.locator('[data-export-id]').filter({ hasText: 'GDP and growth, two axes' }).getByRole('button', { name: /^Open/ }).click();
    await library.locator('[data-chart-drawn]').waitFor();
    await library.getByRole('button', { name: 'Shading: 1' }).waitFor();
    await library.getByRole('button', { name: 'Right axis: 1' }).waitFor();
    await expect.poll(() => library.locator('.u-legend').innerText()).toMatch(/GDP growth \(annual %\): Vietnam \(right axis\)/);
    await page.screenshot({ path: join(DOCS, 'desktop-15f-reopened-two-axes.png'), animations: 'disabled' });
    const reopened = await saveImage('Reopened two axes', /SVG/, /Half page/, undefined, library);
    const again = await svgTexts(readFileSync(join(downloads, reopened), 'utf8'));
    expect(again['unit-right']).toEqual(['annual %']);
    expect(again['mark-label']).toEqual(['COVID-19']);
  }, 240_000);

  it('reads a table of five ASEAN countries\' GDP growth at 1280x800: the indicator once, the countries as headers, no sideways overflow', async () => {
    await page.goto(web.url);
    const searchBox = page.getByRole('searchbox', { name: 'Search every source' });
    await page.getByText(/737 indicators in WB, IMF, GSO/).waitFor({ timeout: 60_000 });
    await searchBox.fill('NY.GDP.MKTP.KD.ZG');
    await page.locator('[data-result="WB NY.GDP.MKTP.KD.ZG"]').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('checkbox', { name: /\(NY\.GDP\.MKTP\.KD\.ZG\)/ }).isChecked()).toBe(true);
    for (const [search, code] of [['Viet', 'VN'], ['Thai', 'TH'], ['Malaysia', 'MY'], ['Philippines', 'PH'], ['Indonesia', 'ID']] as const) {
      await page.getByRole('searchbox', { name: 'Search countries' }).fill(search);
      await page.getByRole('checkbox', { name: new RegExp(`\\(${code}\\)`) }).check();
    }
    await page.getByRole('button', { name: 'Get data' }).click();
    await explore().locator('[data-chart-drawn]').waitFor({ timeout: 60_000 });
    const table = explore().getByTestId('series-table');
    await expect.poll(() => table.getByRole('columnheader').allInnerTexts()).toEqual(['Period', 'Vietnam', 'Thailand', 'Malaysia', 'Philippines', 'Indonesia']);
    expect(await explore().getByTestId('table-shared-name').innerText()).toBe('GDP growth (annual %)');
    // Every column on screen: nothing runs off the right edge (Malaysia and the Philippines were hidden).
    const fit = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    // The unit's precision (2 decimals for %), more on demand; every digit on hover equals the data file.
    // The last year (the table scrolled to its end): every country has it.
    await table.evaluate((el) => { el.scrollTop = el.scrollHeight; });
    await table.getByRole('rowheader', { name: '2025', exact: true }).waitFor();
    const vn = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2025', exact: true }) }).getByRole('cell').first();
    const exact = wdi('NY.GDP.MKTP.KD.ZG', 'VNM', 2025);
    expect(exact).not.toBe('');
    expect(await vn.innerText()).toBe(`${Number(exact).toFixed(2)}%`);
    expect(Number((await vn.getAttribute('title'))?.replace('Exact value: ', ''))).toBe(Number(exact));
    await page.screenshot({ path: join(DOCS, 'desktop-16-table-five-countries.png'), animations: 'disabled' });
    await explore().getByRole('button', { name: 'More decimals' }).click();
    await explore().getByRole('button', { name: 'More decimals' }).click();
    expect(await vn.innerText()).toBe(`${Number(exact).toFixed(4)}%`);
  }, 240_000);

  it('names a mixed-frequency conversion in words: GSO monthly CPI with quarterly GDP, neither query naming a frequency', async () => {
    await page.goto(web.url);
    await page.getByText(/737 indicators in WB, IMF, GSO/).waitFor({ timeout: 60_000 });
    await page.getByRole('combobox', { name: 'Source' }).selectOption('GSO');
    for (const code of ['CPI.TOTAL.YOY', 'GDP.TOTAL.VALUE']) {
      await page.getByRole('searchbox', { name: 'Search indicators' }).fill(code);
      await page.getByRole('checkbox', { name: new RegExp(`\\(${code.replaceAll('.', '\\.')}\\)`) }).check();
    }
    await page.getByRole('combobox', { name: 'Frequency' }).selectOption('');
    await page.getByRole('button', { name: 'Get data' }).click();
    const note = explore().getByTestId('conversion-note');
    await note.waitFor({ timeout: 60_000 });
    // What analysis converted from (the monthly values), not "its published values": the query named no frequency.
    expect(await note.innerText()).toBe('Shown quarterly, the lowest frequency open: Consumer prices: Consumer price index (all items), change vs same month of previous year: Vietnam as the quarterly average of the monthly values.');
    // The value shown is that average of the data file's months (2014-Q1: January to March).
    const table = explore().getByTestId('series-table');
    const headers = await table.getByRole('columnheader').allInnerTexts();
    const cpi = headers.findIndex((h) => /Consumer price/.test(h));
    const q1 = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '2014-Q1', exact: true }) }).getByRole('cell').nth(cpi - 1);
    const months = gsoCpi(['2014-01', '2014-02', '2014-03']);
    expect(months).toHaveLength(3);
    expect(Number((await q1.getAttribute('title'))?.replace('Exact value: ', ''))).toBeCloseTo((months[0]! + months[1]! + months[2]!) / 3, 10);
    await explore().locator('[data-chart-drawn]').waitFor();
    await page.screenshot({ path: join(DOCS, 'desktop-16b-mixed-frequency-note.png'), animations: 'disabled' });
  }, 240_000);
});
