/**
 * The language of series names, kept by main: what it fetches (chart, table) and what it exports
 * (CSV with a BOM for Excel, XLSX read back by LibreOffice) carry GSO's Vietnamese names once chosen.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeriesQuery } from '@econdata/core';
import { filesUnder, useMain } from '../../../test/support/harness.ts';
import { hasLibreOffice, libreOfficeSheets } from '../../../../../packages/sheets/test/libreoffice.ts';

const CPI: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.YOY', country: 'VN', frequency: 'monthly', start_year: 2023, end_year: 2024 };
const VI = 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với cùng tháng năm trước';
const EN = 'Consumer prices: Consumer price index (all items), change vs same month of previous year';

describe('series names in the chosen language', () => {
  const main = useMain();

  it('keeps the choice in preferences.json and names fetched and exported series with it', async () => {
    const { services, folders } = await main.make();
    expect(await services.handlers['settings.preferences']({})).toEqual({ nameLanguage: 'en' });
    const before = (await services.handlers['series.fetch']({ queries: [CPI] }))[0]!;
    expect(before.ok && before.series.dimensions['indicator_name']).toBe(EN);

    expect(await services.handlers['settings.setPreferences']({ nameLanguage: 'vi' })).toEqual({ nameLanguage: 'vi' });
    expect(JSON.parse(await readFile(join(folders.home, 'preferences.json'), 'utf8'))).toEqual({ nameLanguage: 'vi' });
    expect(await services.dispatch('settings.setPreferences', { nameLanguage: 'fr' })).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'nameLanguage' } });

    const after = (await services.handlers['series.fetch']({ queries: [CPI], transform: 'Units=pc1' }))[0]!;
    if (!after.ok) throw new Error('the CPI fetch failed');
    expect(after.series.dimensions['indicator_name']).toBe(VI);
    expect(after.series.title.startsWith(`${VI}: `)).toBe(true);
    // A World Bank series has no Vietnamese name: it keeps its English one.
    const gdp = (await services.handlers['series.fetch']({ queries: [{ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2021 }] }))[0]!;
    expect(gdp.ok && gdp.series.dimensions['indicator_name']).toBe('GDP (current US$)');

    const csv = await services.handlers['exports.writeLocal']({ queries: [CPI], format: 'csv', name: 'CPI vi', destination: 'downloads' });
    const bytes = await readFile(csv.path!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 with a BOM: Excel reads it as UTF-8
    expect(bytes.toString('utf8')).toContain(VI);
    const xlsx = await services.handlers['exports.writeLocal']({ queries: [CPI], format: 'xlsx', name: 'CPI vi', destination: 'downloads' });
    expect(await filesUnder(folders.downloads)).toEqual(['CPI-vi.csv', 'CPI-vi.xlsx']);
    if (hasLibreOffice) {
      const books = await libreOfficeSheets([xlsx.path!], true);
      const text = [...books.get(xlsx.path!)!.values()].flat(2).join('\n');
      expect(text).toContain(VI);
      expect(text).not.toContain(EN);
    }
  });
});
