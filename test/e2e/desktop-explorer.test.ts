/**
 * The desktop explorer end to end, in headless Chromium on web mode started as the README starts it:
 * first launch on the embedded sandbox; a profile with its own key; WB -> GDP -> Viet Nam and
 * Thailand charted; XLSX exports saved to the library; the service stopped; the export reopened
 * and compared with an older one (revised values highlighted). Every screen is screenshotted at
 * 1280x800 and scanned by axe-core; the key is looked for in all the page sent, received and kept.
 * Keys go to the real OS keychain (the Secret Service): the renderer is built from the shipped
 * electron.vite.config.ts and served by web mode with its default key store. It runs inside the
 * throwaway gnome-keyring of scripts/test.sh (or scripts/lib/with-keyring.sh), never the user's own.
 *
 * Two sandboxes stand for the service at two moments: "2023" serves a copy of the real data with
 * Viet Nam's GDP for 2022 and 2023 as first published (lower), "now" the data as it is.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { buildRenderer } from '../../apps/desktop/test/support/renderer.ts';
import { keychainRequired, probeRealKeychain, secretToolLookup } from '../../packages/keychain/test/support/real-keychain.ts';
import { hasLibreOffice, libreOfficeSheets } from '../../packages/sheets/test/libreoffice.ts';
import { hasChromium, launchChromium } from '../support/chromium.ts';
import { realDataDir, repoRoot } from '../support/paths.ts';
import { expectSearchRanking, searchEverySource } from '../support/search-steps.ts';
import { LeakRecorder, startWebMode, type WebMode } from './desktop-support.ts';

const KEY = 'e2e-k3y-Zq7Xw9Rt4Lm2Vb8N';
const SHOTS = resolve(repoRoot, '.test-results/screenshots');

/** The data folder with VN's 2022 and 2023 GDP as first published: 2% lower. */
function olderVintage(dir: string, data: string): void {
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(data)) if (f !== 'wb_wdi_values.csv') symlinkSync(join(data, f), join(dir, f));
  const lines = readFileSync(join(data, 'wb_wdi_values.csv'), 'utf8').split('\n').map((line) => {
    const m = /^NY\.GDP\.MKTP\.CD,VNM,(2022|2023),([\d.]+)$/.exec(line);
    return m ? `NY.GDP.MKTP.CD,VNM,${m[1]},${(Number(m[2]) * 0.98).toFixed(4)}` : line;
  });
  writeFileSync(join(dir, 'wb_wdi_values.csv'), lines.join('\n'));
}

// The profiles here are named plainly ("analyst"): they may only go to a throwaway keyring, the one
// ECONDATA_REQUIRE_KEYCHAIN marks, and a keyring that does not answer there is a failure, not a skip.
const keychain = keychainRequired ? await probeRealKeychain() : undefined;
const title = 'desktop explorer in Chromium (web mode, OS keychain)';

describe.skipIf(!hasChromium || !realDataDir || !keychainRequired)(keychainRequired ? title : `${title} (skipped: needs the throwaway keyring of scripts/test.sh; run it with bash scripts/lib/with-keyring.sh pnpm exec vitest run test/e2e/desktop-explorer.test.ts)`, () => {
  const work = mkdtempSync(join(tmpdir(), 'econdata-desktop-e2e-'));
  let older: Sandbox;
  let current: Sandbox;
  let web: WebMode;
  let browser: Browser;
  let page: Page;
  const leaks = new LeakRecorder();
  const axe: Array<{ step: string; violations: string[] }> = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    olderVintage(join(work, 'data-2023'), realDataDir ?? '');
    [older, current] = await Promise.all([
      startSandbox({ port: 0, dataDir: join(work, 'data-2023'), keys: [{ key: KEY, plan: 'pro' }] }),
      startSandbox({ port: 0, dataDir: realDataDir, keys: [{ key: KEY, plan: 'pro' }] }),
    ]);
    const rendererDir = await buildRenderer(work);
    web = await startWebMode({ home: join(work, 'home'), dataDir: realDataDir ?? '', rendererDir });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await leaks.attach(page);
  }, 180_000);

  afterAll(async () => {
    // The screen as the run left it: what to look at first when a step failed.
    await page?.screenshot({ path: join(SHOTS, 'desktop-last.png') }).catch((e: unknown) => console.warn('no last screenshot:', e));
    await browser?.close();
    await web?.stop();
    await Promise.all([older?.close(), current?.close()]);
    rmSync(work, { recursive: true, force: true });
  });

  /** Screenshot, axe scan and leak snapshot of the screen as it is. */
  async function screen(step: string): Promise<void> {
    // Every chart on screen has refitted to its box (the plot and its legend inside it).
    // A function, not a string: the page's CSP forbids the eval a string predicate needs when it polls.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-testid=series-chart]')]
      .every((el) => el.offsetParent === null || (el.querySelector<HTMLElement>('.uplot')?.offsetHeight ?? 0) <= el.clientHeight));
    await page.screenshot({ path: join(SHOTS, `desktop-${step}.png`), animations: 'disabled' });
    // Fluent's focus manager (tabster) puts aria-hidden focus guards at the edges of focus groups:
    // they pass focus on the moment they get it, so no one lands on them. axe cannot know that.
    // Views kept mounted while another is shown are display:none (no one reaches them); each is
    // scanned on its own screen.
    const result = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').exclude('main > section[hidden]').analyze();
    axe.push({ step, violations: result.violations.filter((v) => (v.impact === 'serious' || v.impact === 'critical')).map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)}`).join(', ')}`) });
    await leaks.snapshot(page, step);
  }

  const nav = (name: string) => page.getByRole('navigation').getByText(name, { exact: true });

  async function createProfile(name: string, url: string): Promise<void> {
    await nav('Connection').click();
    await page.getByRole('textbox', { name: 'Profile name' }).fill(name);
    await page.getByRole('textbox', { name: 'Service URL' }).fill(url);
    await page.getByRole('combobox', { name: 'Plan' }).selectOption('pro');
    await page.getByLabel('API key').fill(KEY);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator(`[data-profile="${name}"]`).getByText('In use').waitFor();
  }

  /** The search across every source: the matches' "SOURCE CODE" in order, once the catalogue is there. */
  const search = (text: string): Promise<string[]> => searchEverySource(page, text);

  async function browseGdp(): Promise<void> {
    await nav('Explore').click();
    // Found by the search across every source, then added to the query (its source chosen with it).
    await page.getByText(/737 indicators in WB, IMF, GSO/).waitFor();
    expect((await search('NY.GDP.MKTP.CD'))[0]).toBe('WB NY.GDP.MKTP.CD');
    await page.locator('[data-result="WB NY.GDP.MKTP.CD"]').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('checkbox', { name: /\(NY\.GDP\.MKTP\.CD\)/ }).isChecked()).toBe(true);
    for (const [search, code] of [['Viet', 'VN'], ['Thai', 'TH']] as const) {
      await page.getByRole('searchbox', { name: 'Search countries' }).fill(search);
      await page.getByRole('checkbox', { name: new RegExp(`\\(${code}\\)`) }).check();
    }
    await page.getByRole('button', { name: 'Get data' }).click();
    await page.locator('[data-chart-drawn]').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Get data' }).isEnabled()).toBe(true);
  }

  async function exportXlsx(name: string, to: 'library' | 'downloads', kind: RegExp = /Excel workbook/): Promise<void> {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: kind }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('radio', { name: to === 'library' ? /Saved exports/ : /Downloads folder/ }).check();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByTestId('export-result').waitFor();
    await dialog.waitFor({ state: 'detached' });
  }

  it('walks from first launch to an offline comparison, with no key anywhere in the page', async () => {
    expect(keychain).toEqual({ ok: true });
    // 1. First launch: the embedded sandbox, said plainly.
    await page.goto(web.url);
    await page.getByTestId('sandbox-banner').waitFor();
    expect(await page.getByTestId('sandbox-banner').innerText()).toContain('Sandbox: a local copy of the service on real public data, for development. Connect to the real service in Connection.');
    await page.getByRole('checkbox').first().waitFor();
    await screen('1-first-launch');
    // Countries are listed by name, not by ISO code (issue 22, item 3: Andorra, United Arab Emirates,
    // Afghanistan ...), accents sorted with their letter; Vietnam is found by its other spellings.
    const countrySearch = page.getByRole('searchbox', { name: 'Search countries' });
    const countryLabels = (): Promise<string[]> => page.getByRole('list', { name: 'Countries' }).getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent ?? ''));
    await countrySearch.fill('');
    await expect.poll(async () => (await countryLabels()).slice(0, 6)).toEqual(['Afghanistan (AF)', 'Åland Islands (AX)', 'Albania (AL)', 'Algeria (DZ)', 'American Samoa (AS)', 'Andorra (AD)']);
    for (const spelling of ['Viet Nam', 'Việt Nam', 'Vietnam', 'viet nam', 'VNM']) {
      await countrySearch.fill(spelling);
      await expect.poll(countryLabels, { message: spelling }).toEqual(['Vietnam (VN)']);
    }
    await countrySearch.fill('');
    // One click from the empty screen to real data.
    await page.getByRole('button', { name: 'Show an example: GDP of Vietnam and Thailand' }).click();
    await page.getByRole('region', { name: 'Explore' }).locator('[data-chart-drawn]').waitFor();
    // The indicator said once above the table, the countries as headers (issue 29).
    expect(await page.getByRole('region', { name: 'Explore' }).getByTestId('series-table').getByRole('columnheader').allInnerTexts())
      .toEqual(['Period', 'Vietnam', 'Thailand']);
    expect(await page.getByRole('region', { name: 'Explore' }).getByTestId('table-shared-name').innerText()).toBe('GDP (current US$)');
    // The form shows what the example charts (issue 28, item 9): change one thing and Get data.
    const query = page.getByRole('complementary', { name: 'Query' });
    await expect.poll(() => query.getByRole('checkbox', { name: 'GDP (current US$) (NY.GDP.MKTP.CD)' }).isChecked()).toBe(true);
    expect(await query.locator('[aria-label="Selected countries"]').innerText()).toMatch(/^Vietnam\s+Thailand$/);
    expect(await query.getByLabel('Start year').inputValue()).toBe('2000');
    await screen('1b-example');
    // The transform beside the chart, one click: growth from a year ago, fetched a year wider by main.
    const example = page.getByRole('region', { name: 'Explore' });
    await example.getByRole('button', { name: '% change from a year ago', exact: true }).click();
    await example.getByTestId('transform-text').getByText('Units=pc1', { exact: true }).waitFor();
    await expect.poll(() => example.getByTestId('series-table').getByRole('columnheader').evaluateAll((hs) => hs.map((h) => h.getAttribute('title'))))
      .toEqual(['Period', 'GDP (current US$): Vietnam, % change from a year ago', 'GDP (current US$): Thailand, % change from a year ago']);
    expect(await example.getByTestId('table-shared-name').innerText()).toBe('GDP (current US$) · % change from a year ago');
    expect(await example.getByRole('button', { name: '% change from a year ago', exact: true }).getAttribute('aria-pressed')).toBe('true');
    // 2000 is the first year asked: its growth is defined because 1999 was fetched too.
    expect(await example.getByTestId('series-table').getByRole('row').nth(1).innerText()).toMatch(/^2000\s+[\d.]+%\s+-?[\d.]+%$/);
    await example.locator('[data-chart-drawn]').waitFor();
    await screen('1c-transformed');

    // 1c. One search across every source: consumer price inflation of WB, IMF and GSO, in English,
    // in Vietnamese and misspelt; GDP growth; exports. The active result's card says what it is.
    await page.getByText(/737 indicators in WB, IMF, GSO/).waitFor();
    await expectSearchRanking(page);
    await search('inflation');
    // Keyboard as in the pickers: into the list, down one, and the card follows the active result.
    await page.getByRole('searchbox', { name: 'Search every source' }).press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const seriesCard = page.getByRole('region', { name: /^About / });
    await expect.poll(async () => (await seriesCard.innerText()).includes('Last update')).toBe(true);
    await page.getByRole('button', { name: 'Add to favourites' }).click();
    await screen('1c-search');
    await page.getByRole('searchbox', { name: 'Search every source' }).fill('');
    await page.getByRole('button', { name: 'Search again: inflation' }).first().waitFor();

    // 2. The older vintage, exported to the library under its own profile.
    await createProfile('archive-2023', older.url);
    await browseGdp();
    await exportXlsx('GDP Viet Nam and Thailand (2023 vintage)', 'library');

    // 3. The profile of today's service: its key is shown masked, never whole.
    await createProfile('analyst', current.url);
    const card = page.locator('[data-profile="analyst"]');
    expect(await card.getByTestId('masked-key').innerText()).toMatch(/^…Vb8N, saved today/);
    await page.getByTestId('sandbox-banner').waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Test connection' }).click();
    await card.getByText(/^Connected in \d+ ms: 3 sources listed\.$/).waitFor();
    // A key the service refuses is not saved: the sentence says so, the old key stays.
    await card.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('dialog').getByLabel('New API key').fill('not-a-valid-key-0000');
    await page.getByRole('dialog').getByRole('button', { name: 'Replace key' }).click();
    await page.getByRole('dialog').locator('[data-error-code="key_rejected"]').waitFor();
    expect(await page.getByRole('dialog').getByLabel('New API key').inputValue()).toBe(''); // read once, then cleared
    await screen('2-key-rejected');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Fluent hides the app from screen readers while a dialog is open and gives it back just after
    // the dialog leaves: wait for that (it never coming back would hide the whole app).
    // (A locator, not waitForFunction: the page's CSP forbids the eval a string predicate needs.)
    await page.locator('#root:not([aria-hidden])').waitFor();
    expect(await card.getByTestId('masked-key').innerText()).toMatch(/^…Vb8N, saved today/);
    await screen('3-connection');

    // 4. Browse WB -> GDP -> VN and TH: chart and table.
    await browseGdp();
    const table = page.getByTestId('series-table');
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Period', 'Vietnam', 'Thailand']);
    await screen('4-chart');
    // Provenance opened on the series view lands below the table: chart, table and provenance
    // each have their own box (issue 22, item 2: it drew over the legend and the table rows).
    await page.getByRole('button', { name: /^Provenance: / }).click();
    const provenance = page.getByTestId('provenance-body');
    await provenance.waitFor();
    const boxes = await Promise.all([page.getByTestId('series-chart'), table, provenance].map(async (l) => (await l.boundingBox())!));
    for (const b of boxes) expect(b.width * b.height).toBeGreaterThan(0);
    const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect([overlap(boxes[0]!, boxes[1]!), overlap(boxes[0]!, boxes[2]!), overlap(boxes[1]!, boxes[2]!)]).toEqual([false, false, false]);
    // Each is seen, not covered: what is drawn at its middle belongs to it.
    for (const l of [page.getByTestId('series-chart'), table, provenance]) {
      await l.scrollIntoViewIfNeeded();
      expect(await l.evaluate((el) => { const r = el.getBoundingClientRect(); return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + Math.min(r.height / 2, 40))); })).toBe(true);
    }
    await screen('4b-provenance');
    // Copy as code (issue 33): the shown query as an address, curl, Python, R and the formula; the key never in it.
    await page.getByRole('button', { name: /^Copy as code: / }).click();
    const code = page.getByRole('dialog', { name: 'Copy as code' });
    const python = await code.getByLabel('Python (pandas) snippet').innerText();
    expect(python).toContain('/api/v1/indicators?country=VN&indicator=NY.GDP.MKTP.CD&source=WB');
    expect(python).toContain('os.environ["ECONDATA_API_KEY"]');
    expect(python).toContain('"GDP (current US$): Vietnam": column("value")');
    expect(python).not.toContain(KEY);
    await screen('4c-copy-as-code');
    await code.getByRole('tab', { name: 'curl' }).click();
    expect(await code.getByLabel('curl snippet').innerText()).toMatch(/^curl -H "Authorization: Bearer \$ECONDATA_API_KEY" "http:\/\/127\.0\.0\.1:\d+\/api\/v1\/indicators\?country=VN&/);
    await code.getByRole('tab', { name: 'Excel formula' }).click();
    expect(await code.getByLabel('Excel formula snippet').innerText()).toMatch(/^=ECON\.INDICATOR\("WB","NY\.GDP\.MKTP\.CD","VN"/);
    await code.getByRole('button', { name: 'Close' }).click();
    await code.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Provenance: / }).click();
    await provenance.waitFor({ state: 'detached' });
    // The quota in full: each window, what is left and when it frees up.
    await page.getByTestId('quota-button').click();
    await page.locator('[aria-label="Quota"]').getByText('Today', { exact: true }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'desktop-4-quota.png'), animations: 'disabled' });
    await page.keyboard.press('Escape');

    // The table scrolls from the keyboard: End reaches the last period.
    await table.focus();
    await page.keyboard.press('End');
    await table.getByRole('rowheader', { name: '2025', exact: true }).waitFor();

    // 5. Export XLSX to Downloads with the name the dialog proposes (the chart's title, colon and
    // all: issue 22, item 1, every first export failed on it), then "Save to library".
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: /Excel workbook/ }).click();
    const exportDialog = page.getByRole('dialog');
    expect(await exportDialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('GDP (current US$): Vietnam, Thailand');
    await exportDialog.getByRole('radio', { name: /Downloads folder/ }).check();
    await screen('5a-export-dialog');
    // A problem shows while typing, and the button waits for a name the rule takes.
    await exportDialog.getByRole('textbox', { name: 'Name' }).fill('   ');
    await exportDialog.getByText('Give the export a name.').waitFor();
    expect(await exportDialog.getByRole('button', { name: 'Export', exact: true }).isDisabled()).toBe(true);
    await exportDialog.getByRole('textbox', { name: 'Name' }).fill('GDP (current US$): Vietnam, Thailand');
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByTestId('export-result').waitFor();
    await exportDialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('export-result').innerText()).toMatch(/XLSX, [\d,]+ bytes: GDP-current-US-Vietnam-Thailand\.xlsx\nin .*\/downloads\n/);
    await page.getByTestId('export-result').getByRole('button', { name: 'Save to library' }).click();
    await page.getByTestId('export-result').getByText('Saved to Saved exports as "GDP (current US$): Vietnam, Thailand"', { exact: false }).waitFor();
    await screen('5-exported');

    // 6. The service goes away. Main checks it (no key, no quota) every 30 s, at once when the OS says
    // the network changed (issue 22, item 6: apps/desktop/src/main/services/reachability.contract.test.ts),
    // and at once when a request reaches no one (issue 28, item 7): the top bar is red within a
    // second of the failed request, while still green just before it.
    await Promise.all([older.close(), current.close()]);
    const connectionState = page.getByTestId('connection-state');
    expect(await connectionState.getAttribute('data-state')).toBe('answering');

    // With the service gone, what was fetched still answers from the cache; Japan, never fetched,
    // fails with a sentence saying what happened and what to do.
    await page.getByRole('searchbox', { name: 'Search countries' }).fill('Japan');
    await page.getByRole('checkbox', { name: /\(JP\)/ }).check();
    await page.getByRole('button', { name: 'Get data' }).click();
    const failure = page.getByRole('region', { name: 'Explore' }).getByText('Could not fetch WB NY.GDP.MKTP.CD for JP:');
    await failure.waitFor();
    await expect.poll(() => connectionState.getAttribute('data-state'), { timeout: 1_000 }).toBe('not_answering');
    expect(await connectionState.innerText()).toMatch(/^Not answering since \d\d:\d\d: the service$/);
    await expect.poll(() => page.getByRole('button', { name: 'Get data' }).isEnabled()).toBe(true);
    expect(await page.locator('[data-error-code]').first().getAttribute('data-error-code')).toBe('connection');
    // The top bar still says the service does not answer, since the time it was first seen so.
    await expect.poll(() => connectionState.getAttribute('data-state')).toBe('not_answering');
    expect(await connectionState.innerText()).toMatch(/^Not answering since \d\d:\d\d: the service$/);
    await screen('6-offline-error');
    // Another tab shows what belongs to it: no chart of GDP, no error of the GDP fetch.
    const exploreRegion = page.getByRole('region', { name: 'Explore' });
    await page.getByRole('tab', { name: 'Trade' }).click();
    await exploreRegion.getByText('Choose what to look at').waitFor();
    expect(await exploreRegion.locator('[data-error-code]').count()).toBe(0);
    expect(await exploreRegion.getByTestId('series-chart').count()).toBe(0);
    await screen('6b-trade-tab');
    // Back on Indicators, its own series and failure are there again.
    await page.getByRole('tab', { name: 'Indicators' }).click();
    await exploreRegion.getByTestId('series-chart').waitFor();
    expect(await exploreRegion.locator('[data-error-code]').first().getAttribute('data-error-code')).toBe('connection');

    // 7. Saved exports, offline: the list, the export opened, the two compared.
    await nav('Saved exports').click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const rows = page.locator('[data-export-id]');
    await expect.poll(() => rows.count()).toBe(2);
    // What each export asked, in words (issue 28, item 6): its series' names as the chart names them;
    // Re-run, Watch (issue 33) and Remove are labelled.
    expect(await rows.getByTestId('export-query').allInnerTexts()).toEqual(['GDP (current US$): Vietnam, Thailand', 'GDP (current US$): Vietnam, Thailand']);
    expect(await rows.first().getByRole('button').allInnerTexts()).toEqual(['Open', 'Re-run', 'Watch', 'Remove']);
    await screen('7-library');
    await page.getByRole('button', { name: 'Open GDP (current US$): Vietnam, Thailand', exact: true }).click();
    const openedExport = page.getByRole('region', { name: 'Saved exports' });
    await openedExport.locator('[data-chart-drawn]').waitFor();
    await screen('8-opened-offline');
    // Transformed as in Explore (the service is gone: main applies it to the file's series through
    // analysis's one path), then written again as shown: a CSV for pandas in Downloads.
    await openedExport.getByRole('button', { name: '% change from a year ago', exact: true }).click();
    await expect.poll(() => openedExport.getByTestId('series-table').getByRole('columnheader').allInnerTexts())
      .toEqual(['Period', 'Vietnam', 'Thailand']);
    // The headers read the same before and after the transform: wait for the shared name's words.
    await expect.poll(() => openedExport.getByTestId('table-shared-name').innerText()).toBe('GDP (current US$) · % change from a year ago');
    await openedExport.getByTestId('transform-text').getByText('Units=pc1', { exact: true }).waitFor();
    await openedExport.locator('[data-chart-drawn]').waitFor();
    await openedExport.getByRole('button', { name: 'Export', exact: true }).click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([expect.stringMatching(/^Excel workbook/), expect.stringMatching(/^CSV/)]);
    await page.getByRole('menuitem', { name: /^CSV/ }).click();
    const againDialog = page.getByRole('dialog');
    await againDialog.getByRole('radio', { name: /CSV for pandas/ }).check();
    expect(await againDialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('GDP (current US$): Vietnam, Thailand, % change from a year ago');
    await againDialog.getByRole('textbox', { name: 'Name' }).fill('GDP growth Vietnam Thailand');
    expect(await againDialog.getByRole('radio', { name: /Downloads folder/ }).isChecked()).toBe(true);
    expect(await againDialog.getByRole('radio', { name: /Saved exports/ }).isDisabled()).toBe(true);
    await againDialog.getByRole('button', { name: 'Export', exact: true }).click();
    await openedExport.getByTestId('export-result').waitFor();
    await screen('8b-opened-transformed');
    // The file's numbers: each year's growth of Viet Nam's GDP from the data folder's own values.
    const againCsv = readFileSync(join(work, 'home', 'downloads', 'GDP-growth-Vietnam-Thailand.csv'), 'utf8').trim().split(/\r?\n/);
    expect(againCsv[0]).toBe('Period,"GDP (current US$): Vietnam, % change from a year ago","GDP (current US$): Thailand, % change from a year ago"');
    const wdiNow = readFileSync(join(realDataDir ?? '', 'wb_wdi_values.csv'), 'utf8');
    const gdpVN = (year: number): number => Number(new RegExp(`^NY\\.GDP\\.MKTP\\.CD,VNM,${year},([\\d.eE+-]+)$`, 'm').exec(wdiNow)![1]);
    const checked = againCsv.slice(1).map((line) => line.split(',')).filter(([year]) => Number(year) >= 2001 && Number(year) <= 2023);
    expect(checked).toHaveLength(23);
    for (const [year, vn] of checked) expect(Math.abs(Number(vn) / ((gdpVN(Number(year)) / gdpVN(Number(year) - 1) - 1) * 100) - 1), year).toBeLessThan(1e-9);
    await page.getByRole('button', { name: 'Back to Saved exports' }).click();

    for (const r of await rows.all()) await r.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Compare selected' }).click();
    const summary = page.getByTestId('compare-summary');
    await summary.waitFor();
    expect(await summary.locator('li').first().innerText()).toBe('GDP (current US$): Vietnam: 2 values revised.');
    expect(await summary.getByTestId('revision-lines').locator('li').allInnerTexts()).toEqual([
      expect.stringMatching(/^GDP \(current US\$\): Vietnam, 2022: [\d,.]+ → [\d,.]+ \(\+2\.04%\)$/),
      expect.stringMatching(/^GDP \(current US\$\): Vietnam, 2023: [\d,.]+ → [\d,.]+ \(\+2\.04%\)$/),
    ]);
    const compareTable = page.getByRole('region', { name: 'Saved exports' }).getByTestId('series-table');
    await compareTable.waitFor();
    // The summary is shown whole, above the legend (it was squeezed, its last line over the legend).
    expect(await summary.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    const summaryBox = (await summary.boundingBox())!;
    expect(summaryBox.y + summaryBox.height).toBeLessThanOrEqual((await page.getByTestId('compare-legend').boundingBox())!.y);
    await compareTable.evaluate((el) => { el.scrollTop = el.scrollHeight; });
    const revised = compareTable.locator('[data-change="revised"]');
    await expect.poll(() => revised.count()).toBe(2);
    expect(await revised.first().getAttribute('title')).toMatch(/^Revised from [\d,.]+ to [\d,.]+ \(\+[\d,.]+\)$/);
    await screen('9-compare-offline');

    // 8. Back on the embedded sandbox: a stock as candlesticks (VNM, summer 2025).
    await nav('Connection').click();
    await page.locator('[data-profile="sandbox"]').getByRole('button', { name: 'Use this profile' }).click();
    await page.getByTestId('sandbox-banner').waitFor();
    await nav('Explore').click();
    await page.getByRole('tab', { name: 'Stocks' }).click();
    await page.getByRole('combobox', { name: 'Symbol' }).fill('VNM');
    await page.getByRole('textbox', { name: 'Start date' }).fill('2025-06-02');
    await page.getByRole('textbox', { name: 'End date' }).fill('2025-09-30');
    await page.getByRole('button', { name: 'Get data' }).click();
    await page.getByRole('radio', { name: 'Candlesticks' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Get data' }).isEnabled()).toBe(true);
    await page.getByRole('region', { name: 'Explore' }).locator('[data-chart-drawn]').waitFor();
    expect(await page.getByRole('region', { name: 'Explore' }).getByTestId('series-table').getByRole('columnheader').allInnerTexts())
      .toEqual(['Period', 'Open', 'High', 'Low', 'Close', 'Volume']);
    await screen('10-stocks');
    // Answers again: the top bar's state came back with the first answer.
    await expect.poll(() => page.getByTestId('connection-state').getAttribute('data-state')).toBe('answering');

    // The service's own CSV export of that query, to Downloads.
    await exportXlsx('VNM summer 2025', 'downloads', /Service's CSV export/);
    expect(await page.getByTestId('export-result').innerText()).toMatch(/^Exported\s*CSV, [\d,]+ bytes: VNM-summer-2025\.csv\nin .*\/downloads\n/);

    // Vietnam's customs exports, every month: the months the data skips are gaps in the line,
    // not a straight line across them (issue 22, item 9), and the chart names them.
    await page.getByRole('tab', { name: 'Trade' }).click();
    await page.getByRole('button', { name: 'Get data' }).click();
    const tradeChart = page.getByRole('region', { name: 'Explore' }).getByTestId('series-chart');
    await tradeChart.and(page.locator('[data-chart-drawn]')).waitFor();
    expect((await tradeChart.getAttribute('data-missing-periods'))?.split(' ')).toEqual(expect.arrayContaining(['2014-01', '2014-03']));
    expect(await page.getByRole('region', { name: 'Explore' }).getByTestId('chart-gaps').innerText()).toMatch(/^\d+ periods have no value \(gaps in the lines\): 2014-01, 2014-03, /);
    await screen('10b-trade-gap');

    // 9. GSO core inflation, monthly, then switched to annual in the series view.
    await page.getByRole('tab', { name: 'Indicators' }).click();
    await page.getByRole('combobox', { name: 'Source' }).selectOption('GSO');
    await page.getByRole('searchbox', { name: 'Search indicators' }).fill('CPI.CORE_INFLATION.YTD');
    await page.getByRole('checkbox', { name: /\(CPI\.CORE_INFLATION\.YTD_AVG_YOY\)/ }).check();
    await page.getByRole('combobox', { name: 'Frequency' }).selectOption('monthly');
    await page.getByRole('button', { name: 'Get data' }).click();
    const explore = page.getByRole('region', { name: 'Explore' });
    await explore.getByTestId('series-table').getByRole('rowheader', { name: '2015-01', exact: true }).waitFor();
    await explore.getByRole('radio', { name: 'Annual' }).click();
    await explore.getByTestId('series-table').getByRole('rowheader', { name: '2015', exact: true }).waitFor();
    expect(await explore.getByRole('radio', { name: 'Annual' }).isChecked()).toBe(true);
    // Both switches offer only the frequencies the indicator list gives this series (no quarterly).
    const gsoSwitch = explore.getByRole('radiogroup', { name: 'GSO frequency' }).getByRole('radio');
    expect(await gsoSwitch.evaluateAll((els) => els.map((e) => e.getAttribute('value')))).toEqual(['monthly', 'annual']);
    const frequencyOptions = () => page.getByRole('combobox', { name: 'Frequency' }).locator('option').allInnerTexts();
    expect(await frequencyOptions()).toEqual(['Service default', 'Monthly', 'Annual']);
    await screen('11-gso-annual');

    // Long GSO names that differ late: legend entries and table headers stay apart (the shared
    // start shortened, the whole name on hover), and the query panel never scrolls sideways.
    await page.getByRole('searchbox', { name: 'Search indicators' }).fill('CPI.TOTAL');
    for (const code of ['CPI.TOTAL.YOY', 'CPI.TOTAL.MOM']) await page.getByRole('checkbox', { name: new RegExp(`\\(${code.replaceAll('.', '\\.')}\\)`) }).check();
    await page.getByRole('button', { name: 'Get data' }).click();
    await expect.poll(() => explore.getByTestId('series-table').getByRole('columnheader').count()).toBe(4);
    await explore.locator('[data-chart-drawn]').waitFor();
    const headers = await explore.getByTestId('series-table').getByRole('columnheader').allInnerTexts();
    expect(new Set(headers.map((h) => h.replace(/\s+/g, ' '))).size).toBe(4);
    const legend = await explore.locator('.u-legend .u-series th').allInnerTexts();
    for (const text of legend.slice(1)) expect(text.trim()).toMatch(/^Consumer prices… .+: Vietnam$/);
    expect(new Set(legend).size).toBe(legend.length);
    expect(await explore.locator('.u-legend .u-series[title="Consumer prices: Consumer price index (all items), change vs same month of previous year: Vietnam"]').count()).toBe(1);
    expect(await page.getByRole('complementary', { name: 'Query' }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screen('11a-long-names');
    for (const code of ['CPI.TOTAL.YOY', 'CPI.TOTAL.MOM']) await page.getByRole('checkbox', { name: new RegExp(`\\(${code.replaceAll('.', '\\.')}\\)`) }).uncheck();

    // 10. Series of different frequencies together: GSO retail sales (monthly) and GDP (quarterly),
    // each at the service's default frequency, shown at the lowest of them, the conversion named.
    // The list shows what the search finds: look the earlier choice up to clear it.
    await page.getByRole('searchbox', { name: 'Search indicators' }).fill('CPI.CORE_INFLATION.YTD_AVG_YOY');
    await page.getByRole('checkbox', { name: /\(CPI\.CORE_INFLATION\.YTD_AVG_YOY\)/ }).uncheck();
    for (const code of ['RETAIL.TOTAL.VALUE', 'GDP.TOTAL.VALUE']) {
      await page.getByRole('searchbox', { name: 'Search indicators' }).fill(code);
      await page.getByRole('checkbox', { name: new RegExp(`\\(${code.replaceAll('.', '\\.')}\\)`) }).check();
    }
    await page.getByRole('combobox', { name: 'Frequency' }).selectOption('');
    await page.getByRole('button', { name: 'Get data' }).click();
    const note = explore.getByTestId('conversion-note');
    await note.waitFor();
    // The conversion in words (analysis' conversionWords): the query named no frequency, the monthly one analysis converted from.
    expect(await note.innerText()).toMatch(/^Shown quarterly, the lowest frequency open: Retail sales of goods and consumer services\b[^;]* as the quarterly average of the monthly values\.$/);
    expect(await explore.getByTestId('series-table').getByRole('row').nth(1).getByRole('rowheader').innerText()).toMatch(/^\d{4}-Q[1-4]$/);
    await explore.locator('[data-chart-drawn]').waitFor();
    await screen('11b-mixed-frequency');

    // 10b. A monthly-only series (headline CPI): the form and the series view offer Monthly alone,
    // never an Annual the service has no data for.
    for (const code of ['RETAIL.TOTAL.VALUE', 'GDP.TOTAL.VALUE']) {
      await page.getByRole('searchbox', { name: 'Search indicators' }).fill(code);
      await page.getByRole('checkbox', { name: new RegExp(`\\(${code.replaceAll('.', '\\.')}\\)`) }).uncheck();
    }
    await page.getByRole('searchbox', { name: 'Search indicators' }).fill('CPI.TOTAL.YOY');
    await page.getByRole('checkbox', { name: /\(CPI\.TOTAL\.YOY\)/ }).check();
    await expect.poll(frequencyOptions).toEqual(['Service default', 'Monthly']);
    await page.getByRole('button', { name: 'Get data' }).click();
    await explore.getByTestId('series-table').getByRole('rowheader', { name: '2014-01', exact: true }).waitFor();
    await expect.poll(() => gsoSwitch.evaluateAll((els) => els.map((e) => e.getAttribute('value')))).toEqual(['monthly']);
    await screen('11c-gso-monthly-only');

    // 10c'. Series names in Vietnamese (issue 22, item 13): chosen in Connection -> Display, kept by
    // main; the chart on screen is named again, and an XLSX export carries the name, read back by
    // LibreOffice with its diacritics. The name is GSO's own label of the item (the data's item_vi)
    // inside the service's Vietnamese title of the table and of the measure.
    const cpiVi = /^\d{4}-\d{2},CPI,([^,]+),/m.exec(readFileSync(join(realDataDir ?? '', 'gso_vn_cpi_monthly.csv'), 'utf8'))![1]!;
    expect(cpiVi).toBe('CHỈ SỐ GIÁ TIÊU DÙNG');
    const nameVi = `Chỉ số giá tiêu dùng: ${cpiVi}, thay đổi so với cùng tháng năm trước`;
    const nameEn = 'Consumer prices: Consumer price index (all items), change vs same month of previous year';
    await nav('Connection').click();
    const seriesNames = page.getByRole('combobox', { name: 'Series names' });
    expect(await seriesNames.locator('option').allInnerTexts()).toEqual(['English', 'Tiếng Việt (Vietnamese)']);
    await seriesNames.selectOption('vi');
    await expect.poll(() => seriesNames.inputValue()).toBe('vi');
    await expect.poll(() => JSON.parse(readFileSync(join(work, 'home', 'preferences.json'), 'utf8')) as unknown).toEqual({ nameLanguage: 'vi' });
    await screen('2b-name-language');
    await nav('Explore').click();
    const viTable = explore.getByTestId('series-table');
    await expect.poll(() => viTable.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => h.getAttribute('title')))).toEqual(['Period', `${nameVi}: Vietnam`]);
    await explore.locator('[data-chart-drawn]').waitFor();
    expect(await explore.locator('.u-legend .u-series[title]').evaluateAll((rows) => rows.map((r) => r.getAttribute('title')))).toEqual([`${nameVi}: Vietnam`]);
    expect(await explore.getByRole('heading', { level: 2 }).first().getAttribute('title')).toBe(`${nameVi}: Vietnam`);
    await screen('11f-vietnamese-names');
    await exportXlsx('CPI in Vietnamese', 'downloads');
    expect(await page.getByTestId('export-result').innerText()).toMatch(/XLSX, [\d,]+ bytes: CPI-in-Vietnamese\.xlsx\n/);
    expect(hasLibreOffice).toBe(true);
    const viBook = join(work, 'home', 'downloads', 'CPI-in-Vietnamese.xlsx');
    const viSheets = (await libreOfficeSheets([viBook], true)).get(viBook)!;
    const viText = [...viSheets.values()].flat(2);
    expect(viText).toContain(nameVi);
    expect(viText.join('\n')).not.toContain(nameEn);
    // Back to English: the steps below name series in English.
    await nav('Connection').click();
    await seriesNames.selectOption('en');
    await expect.poll(() => JSON.parse(readFileSync(join(work, 'home', 'preferences.json'), 'utf8')) as unknown).toEqual({ nameLanguage: 'en' });
    await nav('Explore').click();
    await expect.poll(() => viTable.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => h.getAttribute('title')))).toEqual(['Period', `${nameEn}: Vietnam`]);

    // 10c''. Seasonal adjustment (issue 30): GSO retail sales, monthly, adjusted with Tết taken out at
    // one click, then the original beside it on the same chart; the method and the Tết effects are
    // read beside the values.
    await page.getByRole('tab', { name: 'Indicators' }).click();
    await page.getByRole('searchbox', { name: 'Search indicators' }).fill('CPI.TOTAL.YOY');
    await page.getByRole('checkbox', { name: /\(CPI\.TOTAL\.YOY\)/ }).uncheck();
    await page.getByRole('searchbox', { name: 'Search indicators' }).fill('RETAIL.TOTAL.VALUE');
    await page.getByRole('checkbox', { name: /\(RETAIL\.TOTAL\.VALUE\)/ }).check();
    await page.getByRole('combobox', { name: 'Frequency' }).selectOption('monthly');
    await page.getByRole('button', { name: 'Get data' }).click();
    await explore.getByTestId('series-table').getByRole('rowheader', { name: '2012-01', exact: true }).waitFor();
    await explore.getByRole('button', { name: 'Seasonally adjusted, Tết removed', exact: true }).click();
    await expect.poll(() => explore.getByTestId('transform-text').textContent()).toBe('SA=tet');
    await expect.poll(() => explore.getByRole('heading', { level: 2 }).first().getAttribute('title')).toMatch(/, seasonally adjusted, Tết removed$/);
    expect(await explore.getByText(/seasonally adjusted with STL, multiplicative .* Tết effect .*: before [+−][\d.]+ % \(t = [+−][\d.]+\)/).count()).toBe(1);
    await explore.getByRole('checkbox', { name: 'With the original' }).check();
    await expect.poll(() => explore.getByTestId('series-table').getByRole('columnheader').count()).toBe(3);
    await explore.locator('[data-chart-drawn]').waitFor();
    const saLegend = await explore.locator('.u-legend .u-series[title]').evaluateAll((rows) => rows.map((r) => r.getAttribute('title')));
    expect(saLegend).toHaveLength(2);
    expect(saLegend.filter((t) => t?.endsWith('seasonally adjusted, Tết removed'))).toHaveLength(1);
    await screen('11g-seasonal-adjustment');
    await explore.getByRole('button', { name: 'Seasonally adjusted, Tết removed', exact: true }).click();
    await expect.poll(() => explore.getByTestId('series-table').getByRole('columnheader').count()).toBe(2);


    await page.getByRole('tab', { name: 'Trade' }).click();
    await page.getByRole('textbox', { name: 'From month' }).fill('2024-01');
    await page.getByRole('textbox', { name: 'To month' }).fill('2024-06');
    await page.getByRole('button', { name: 'Get data' }).click();
    await explore.getByTestId('series-table').getByRole('rowheader', { name: '2024-06', exact: true }).waitFor();
    expect(await explore.getByTestId('series-table').getByRole('rowheader').allInnerTexts()).toEqual(['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06']);
    // Before anyone asks for a partner: the answers so far hold totals only, and the form says so.
    await page.getByRole('textbox', { name: 'Partner' }).focus();
    expect(await page.getByTestId('trade-totals-notice').innerText()).toBe('The service\'s trade answers so far hold totals only (partner World, all goods): a breakdown by country may not exist.');
    await explore.locator('[data-chart-drawn]').waitFor();
    await screen('11d-trade-range');

    // 10d. A symbol the service does not have: its refusal lists the symbols it has, and from then
    // on the Symbol field suggests them (kept on this machine by core).
    await page.getByRole('tab', { name: 'Stocks' }).click();
    const symbol = page.getByRole('combobox', { name: 'Symbol' });
    await symbol.fill('XYZ');
    await page.getByRole('button', { name: 'Get data' }).click();
    await explore.getByText(/Could not fetch .*XYZ/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Get data' }).isEnabled()).toBe(true);
    await symbol.fill('');
    await symbol.focus();
    await symbol.pressSequentially('V');
    await expect.poll(() => page.getByRole('listbox').getByRole('option').allInnerTexts())
      .toEqual(['VCB', 'VCI', 'VEA', 'VHC', 'VHM', 'VIB', 'VIC', 'VJC', 'VND', 'VNM', 'VPB', 'VRE']);
    await page.screenshot({ path: join(SHOTS, 'desktop-11e-symbol-suggestions.png'), animations: 'disabled' });
    await page.keyboard.press('Escape');

    // 11. A file the user already has: the service's CSV from Downloads, opened in Saved exports.
    await nav('Saved exports').click();
    await page.getByRole('button', { name: 'Back to Saved exports' }).click();
    await page.getByTestId('open-file-input').setInputFiles(join(work, 'home', 'downloads', 'VNM-summer-2025.csv'));
    const opened = page.getByRole('region', { name: 'Saved exports' });
    await opened.getByRole('heading', { name: 'VNM-summer-2025.csv' }).waitFor();
    await opened.locator('[data-chart-drawn]').waitFor();
    expect(await opened.getByTestId('series-table').getByRole('rowheader').first().innerText()).toBe('2025-06-02');
    await screen('12-opened-file');

    // 12. A derived series: GDP per capita of Vietnam, GDP (NY.GDP.MKTP.CD) divided by population
    // (SP.POP.TOTL), written as a formula over two series; computed by main from both operands.
    await nav('Explore').click();
    await page.getByRole('button', { name: 'New derived series' }).click();
    const derive = page.getByRole('dialog');
    await derive.getByRole('textbox', { name: 'Expression' }).fill('a/b');
    await derive.getByRole('textbox', { name: 'Series a' }).fill('WB/NY.GDP.MKTP.CD/VN');
    await derive.getByRole('textbox', { name: 'Series b' }).fill('WB/SP.POP.TOTL/VN');
    await derive.getByRole('textbox', { name: 'From year' }).fill('2000');
    await derive.getByRole('button', { name: 'Show derived series' }).click();
    await derive.waitFor({ state: 'detached' });
    await page.locator('#root:not([aria-hidden])').waitFor();
    const derivedTable = explore.getByTestId('series-table');
    await expect.poll(() => derivedTable.getByRole('columnheader').allInnerTexts()).toEqual(['Period', '[GDP (current US$): Vietnam] ÷ [Population, total: Vietnam]']);
    // 2000: the two values of the data folder, divided here.
    const wdi = readFileSync(join(realDataDir ?? '', 'wb_wdi_values.csv'), 'utf8');
    const wdiValue = (code: string, year: number): number => Number(new RegExp(`^${code.replaceAll('.', '\\.')},VNM,${year},([\\d.eE+-]+)$`, 'm').exec(wdi)![1]);
    const perCapita2000 = wdiValue('NY.GDP.MKTP.CD', 2000) / wdiValue('SP.POP.TOTL', 2000);
    expect(await derivedTable.getByRole('row').nth(1).innerText()).toMatch(new RegExp(`^2000\\s+${Math.round(perCapita2000).toLocaleString('en-US')}$`));
    await explore.locator('[data-chart-drawn]').waitFor();
    await explore.getByText(/^Provenance:/).click();
    await explore.getByText('Formula', { exact: true }).waitFor();
    await screen('13-derived');
    await explore.getByText(/^Provenance:/).click();

    // The presets one click away on a chart: in US dollars refused for a percentage, with a sentence.
    await page.getByRole('button', { name: 'Derive', exact: true }).click();
    await page.getByRole('menuitem', { name: 'New derived series…' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Series a' }).fill('WB/FP.CPI.TOTL.ZG/VN');
    await page.getByRole('dialog').getByRole('button', { name: 'In US dollars' }).click();
    await explore.getByText('Could not derive a/b from WB FP.CPI.TOTL.ZG for VN:').waitFor();
    expect(await explore.locator('[data-error-code="invalid_parameter"]').innerText()).toMatch(/a percentage: it has no currency, so an exchange rate cannot convert it\./);

    // Saved with its formula and re-run from Saved exports: the same values, the formula kept.
    await page.getByRole('button', { name: 'New derived series' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Series a' }).fill('WB/NY.GDP.MKTP.CD/VN');
    await page.getByRole('dialog').getByRole('textbox', { name: 'From year' }).fill('2000');
    await page.getByRole('dialog').getByRole('button', { name: 'Per capita' }).click();
    await expect.poll(() => derivedTable.getByRole('columnheader').allInnerTexts()).toEqual(['Period', 'GDP (current US$): Vietnam, per capita']);
    await exportXlsx('GDP per capita Viet Nam', 'library');
    await nav('Saved exports').click();
    await page.getByRole('button', { name: 'Back to Saved exports' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const derivedRow = page.locator('[data-export-id]').filter({ hasText: 'GDP per capita Viet Nam' });
    // The query in words: the recipe's words, the years asked and its formula (issue 28, item 6).
    expect(await derivedRow.getByTestId('export-query').innerText()).toBe('GDP (current US$): Vietnam, per capita, from 2000 (formula a/b)');
    await derivedRow.getByRole('button', { name: 'Re-run' }).click();
    const rerunSummary = page.getByTestId('compare-summary');
    await rerunSummary.waitFor({ timeout: 60_000 });
    expect(await rerunSummary.innerText()).toContain('No value changed');
    await screen('14-derived-rerun');

    // No serious or critical accessibility violation on any screen.
    expect(axe.filter((a) => a.violations.length > 0)).toEqual([]);

    // The key went from the form to main once (the profile's create request) and is nowhere else.
    await leaks.settle();
    const found = leaks.findings(KEY);
    expect(found).toEqual(['request body of /bridge/profiles.create', 'request body of /bridge/profiles.create']);
    expect(leaks.requests.length).toBeGreaterThan(20);
    expect(leaks.snapshots.at(-1)?.text).toContain('"type":"quota"'); // the events were recorded, so they were searched
    // Where the key went instead: the OS keychain, one item per profile (as the OS's own tool sees it).
    expect([secretToolLookup('archive-2023'), secretToolLookup('analyst')]).toEqual([KEY, KEY]);

    // Last, web mode's local server stops: its event stream breaks and the top bar says so at once,
    // before any request finds out.
    await web.stop();
    await expect.poll(() => page.getByTestId('connection-state').innerText()).toMatch(/^Not answering since \d\d:\d\d: the explorer's local server$/);
  }, 600_000);
});
