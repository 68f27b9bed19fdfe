/** searchIndicators over the real lists of WB, IMF and GSO, read from the sandbox over HTTP. */
import { EconDataClient } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { useSandboxes } from '../../../test/support/sandboxes.ts';
import { realDataDir } from '../../../test/support/paths.ts';
import { searchIndicators, type SearchEntry } from '../src/search/search-indicators.ts';

const sandbox = useSandboxes();

async function realEntries(): Promise<SearchEntry[]> {
  const sb = await sandbox();
  const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-free' });
  const entries: SearchEntry[] = [];
  for (const source of ['WB', 'IMF', 'GSO']) {
    for (const i of (await client.listSourceIndicators({ source_code: source })).data) entries.push({ ...i, source });
  }
  return entries;
}

const ids = (list: SearchEntry[]): string[] => list.map((e) => `${e.source}:${e.code}`);

describe.skipIf(!realDataDir)('searchIndicators on the real lists (WB, IMF, GSO)', () => {
  it('finds consumer price inflation of all three sources near the top, in English, in Vietnamese and misspelt', async () => {
    const entries = await realEntries();
    expect(entries).toHaveLength(737);
    for (const text of ['inflation', 'lạm phát', 'lam phat', 'inflaton', 'CPI']) {
      const top = ids(searchIndicators(entries, text, { limit: 12 }));
      expect(top, text).toEqual(expect.arrayContaining(['WB:FP.CPI.TOTL.ZG', 'IMF:PCPIPCH', 'GSO:CPI.TOTAL.YOY']));
    }
    // The World Bank's headline "Inflation, consumer prices (annual %)" above GSO's "Core inflation" (issue 19).
    expect(ids(searchIndicators(entries, 'inflation', { limit: 3 }))[0]).toBe('WB:FP.CPI.TOTL.ZG');
    // Typed as GSO names its 60 series, the phrase itself ranks them above IMF's "Consumer price index" (a synonym).
    const typed = ids(searchIndicators(entries, 'consumer prices', { limit: 100 }));
    expect(typed.slice(0, 7)).toContain('WB:FP.CPI.TOTL.ZG');
    expect(typed.indexOf('IMF:PCPIPCH')).toBeGreaterThan(typed.indexOf('GSO:CPI.TOTAL.YOY'));
  });

  it('ranks the headline above a component: "lạm phát", "lam phat" and "inflation" list WB and GSO headline inflation before GSO core inflation (issue 28)', async () => {
    const entries = await realEntries();
    for (const text of ['lạm phát', 'lam phat', 'inflation']) {
      const all = ids(searchIndicators(entries, text, { limit: 100 }));
      expect(all[0], text).toBe('WB:FP.CPI.TOTL.ZG');
      const firstComponent = all.findIndex((id) => id.startsWith('GSO:CPI.') && !id.startsWith('GSO:CPI.TOTAL.'));
      expect(all.indexOf('GSO:CPI.TOTAL.YOY'), text).toBeLessThan(firstComponent);
      expect(all.indexOf('GSO:CPI.TOTAL.YOY'), text).toBeLessThan(6);
      expect(all.indexOf('IMF:PCPIPCH'), text).toBeLessThan(firstComponent);
    }
    // Named, the component comes first; the totals of industry, retail, exports and GDP before their parts.
    expect(ids(searchIndicators(entries, 'lạm phát cơ bản', { limit: 3 }))).toEqual(['GSO:CPI.CORE_INFLATION.MOM', 'GSO:CPI.CORE_INFLATION.YOY', 'GSO:CPI.CORE_INFLATION.YTD_AVG_YOY']);
    expect(ids(searchIndicators(entries, 'san xuat cong nghiep', { limit: 3 })).every((id) => id.startsWith('GSO:IIP.TOTAL.'))).toBe(true);
    expect(ids(searchIndicators(entries, 'bán lẻ', { limit: 5 })).every((id) => id.startsWith('GSO:RETAIL.TOTAL.'))).toBe(true);
    expect(ids(searchIndicators(entries, 'xuất khẩu', { limit: 1 }))).toEqual(['GSO:TRADE.EXPORT.TOTAL.VALUE']);
    expect(ids(searchIndicators(entries, 'tăng trưởng GDP', { limit: 3 }))).toEqual(['IMF:NGDP_RPCH', 'WB:NY.GDP.MKTP.KD.ZG', 'GSO:GDP.TOTAL.YOY']);
  });

  it('ranks GDP growth of every source: the World Bank name first, IMF constant-price change and GSO total in the first 20', async () => {
    const entries = await realEntries();
    const top = ids(searchIndicators(entries, 'gdp growth', { limit: 20 }));
    expect(top[0]).toBe('WB:NY.GDP.MKTP.KD.ZG');
    expect(top).toEqual(expect.arrayContaining(['IMF:NGDP_RPCH', 'GSO:GDP.TOTAL.YOY']));
    expect(top.every((id) => !id.startsWith('GSO:CPI'))).toBe(true);
  });

  it('finds exports, never imports: GSO\'s total and the World Bank names first, GSO\'s commodities after', async () => {
    const entries = await realEntries();
    const all = ids(searchIndicators(entries, 'exports', { limit: 1000 }));
    // GSO's trade names say exports (issue 28): its total, named "Merchandise exports", comes first.
    expect(all.slice(0, 3)).toEqual(['GSO:TRADE.EXPORT.TOTAL.VALUE', 'WB:TX.VAL.MRCH.CD.WT', 'WB:NE.EXP.GNFS.ZS']);
    expect(all).toContain('GSO:TRADE.EXPORT.TOTAL.VALUE');
    expect(all.filter((id) => id.includes('IMPORT'))).toEqual([]);
    expect(all.filter((id) => id.startsWith('GSO:TRADE.EXPORT.')).length).toBe(entries.filter((e) => e.code.startsWith('TRADE.EXPORT.')).length);
  });

  it('puts every listed indicator first when its own code is typed', async () => {
    const entries = await realEntries();
    const wrong = entries.filter((e) => {
      const first = searchIndicators(entries, e.code, { limit: 1, source: e.source })[0];
      return first !== e;
    });
    expect(wrong.map((e) => e.code)).toEqual([]);
  });
});
