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

  it('ranks GDP growth of every source: the World Bank name first, IMF constant-price change and GSO total in the first 20', async () => {
    const entries = await realEntries();
    const top = ids(searchIndicators(entries, 'gdp growth', { limit: 20 }));
    expect(top[0]).toBe('WB:NY.GDP.MKTP.KD.ZG');
    expect(top).toEqual(expect.arrayContaining(['IMF:NGDP_RPCH', 'GSO:GDP.TOTAL.YOY']));
    expect(top.every((id) => !id.startsWith('GSO:CPI'))).toBe(true);
  });

  it('finds exports, never imports, with the World Bank names first and GSO exports after', async () => {
    const entries = await realEntries();
    const all = ids(searchIndicators(entries, 'exports', { limit: 1000 }));
    expect(all.slice(0, 2)).toEqual(['WB:TX.VAL.MRCH.CD.WT', 'WB:NE.EXP.GNFS.ZS']);
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
