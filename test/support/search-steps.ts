/**
 * The one search across every source (@econdata/ui's SearchQueryBuilder) as both apps' browser
 * walks drive it: the same box, the same list and the same ranking in the explorer and the taskpane,
 * so the steps are written once here (they were copied in both walks).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Types `text` in the search box and answers the matches' "SOURCE CODE" in order, once this text's results are listed. */
export async function searchEverySource(page: Page, text: string): Promise<string[]> {
  await page.getByRole('searchbox', { name: 'Search every source' }).fill(text);
  // The results of this text (the list follows the box a render later: a deferred value).
  const list = page.getByRole('listbox', { name: 'Matching indicators' }).and(page.locator(`[data-query="${text}"]`));
  await list.getByRole('option').first().waitFor();
  return list.getByRole('option').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-result') ?? ''));
}

/**
 * What an economist's first searches find, on the real data: consumer price inflation of WB, IMF
 * and GSO in English, in Vietnamese and misspelt; headline inflation first in Vietnamese with and
 * without accents, GSO's core inflation after GSO's CPI (issue 28, item 1); GSO's trade series
 * saying which way the goods go, no two results sharing a name (item 2); GDP growth; exports, and
 * no imports among them.
 */
export async function expectSearchRanking(page: Page): Promise<void> {
  const search = (text: string): Promise<string[]> => searchEverySource(page, text);
  for (const text of ['inflation', 'lạm phát', 'inflaton']) {
    expect((await search(text)).slice(0, 12), text).toEqual(expect.arrayContaining(['WB FP.CPI.TOTL.ZG', 'IMF PCPIPCH', 'GSO CPI.TOTAL.YOY']));
  }
  for (const text of ['lạm phát', 'lam phat']) {
    const found = await search(text);
    expect(found[0], text).toBe('WB FP.CPI.TOTL.ZG');
    expect(found.indexOf('GSO CPI.TOTAL.YOY'), text).toBeLessThan(found.indexOf('GSO CPI.CORE_INFLATION.YOY'));
  }
  expect((await search('merchandise total value')).slice(0, 2).sort()).toEqual(['GSO TRADE.EXPORT.TOTAL.VALUE', 'GSO TRADE.IMPORT.TOTAL.VALUE']);
  const tradeNames = await page.locator('[data-query="merchandise total value"] [role="option"] > span:first-of-type > :first-child').allInnerTexts();
  expect(tradeNames.slice(0, 2).sort()).toEqual(['Merchandise exports: TOTAL, value', 'Merchandise imports: TOTAL, value']);
  expect(new Set(tradeNames).size).toBe(tradeNames.length);
  const growth = await search('gdp growth');
  expect(growth[0]).toBe('WB NY.GDP.MKTP.KD.ZG');
  expect(growth).toEqual(expect.arrayContaining(['IMF NGDP_RPCH', 'GSO GDP.TOTAL.YOY']));
  const exportsFound = await search('exports');
  expect(exportsFound.slice(0, 3)).toEqual(['GSO TRADE.EXPORT.TOTAL.VALUE', 'WB TX.VAL.MRCH.CD.WT', 'WB NE.EXP.GNFS.ZS']);
  expect(exportsFound.some((id) => id.includes('IMPORT'))).toBe(false);
}
