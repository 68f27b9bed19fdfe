/**
 * The ECON.* formulas name their series in the language chosen on the Connection tab
 * (`econdata.nameLanguage` in the add-in's own storage, read by the shared runtime at each
 * calculation): called as Excel calls them, against the sandbox's real data over HTTP. GSO's
 * Vietnamese names are the service's `name_vi`; World Bank, trade and stock series have no
 * Vietnamese names from the service, so they keep theirs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataClient } from '@econdata/core';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { setRuntime } from '../runtime/instance.ts';
import { STORAGE_KEYS } from '../runtime/settings.ts';
import { cell, connected } from '../../test/support/call-functions.ts';

const sandbox = useSandboxes({ seed: 11 });
afterEach(() => setRuntime(undefined));

// GSO's own Vietnamese label of the item (gso_vn_cpi_monthly.csv, item_vi), as the service composes name_vi.
const CPI_VI = 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với cùng tháng năm trước';
const FOOD_VI = 'Chỉ số giá tiêu dùng: Hàng ăn và dịch vụ ăn uống, thay đổi so với cùng tháng năm trước';
const CPI_EN = 'Consumer prices: Consumer price index (all items), change vs same month of previous year';

const header = (spill: unknown): unknown[] => (spill as unknown[][])[0]!;
const rows = (spill: unknown): unknown[][] => (spill as unknown[][]).slice(1);

describe('ECON.* series names in the chosen language', () => {
  it('Vietnamese: GSO headers from name_vi (through a transform and a derived formula), other series as the service names them; back to English at the next calculation', async () => {
    const sb = await sandbox();
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' });
    const gso = (await direct.listSourceIndicators({ source_code: 'GSO' })).data;
    expect(gso.find((i) => i.code === 'CPI.TOTAL.YOY')).toMatchObject({ name: CPI_EN, name_vi: CPI_VI });
    const { options } = await connected(sb.url, 'enterprise', 'sandbox-enterprise');
    const storage = options.storage!;
    await storage.setItem(STORAGE_KEYS.nameLanguage, 'vi');

    const cpi = await cell('INDICATOR', 'Sheet1!A1', 'GSO', [['CPI.TOTAL.YOY']], [['']], 2024, 2024, 'monthly');
    expect(header(cpi)).toEqual(['Period', `${CPI_VI}: Vietnam`]);
    expect(rows(cpi).slice(0, 3)).toEqual([['2024-01', 3.3712019907], ['2024-02', 3.9764090106], ['2024-03', 3.9694268184]]);
    // Named before the transform adds its words.
    const pch = await cell('INDICATOR', 'Sheet1!A20', 'GSO', [['CPI.TOTAL.YOY'], ['CPI.FOOD_CATERING.YOY']], [['']], 2024, 2024, 'monthly', 'Units=pch');
    expect(header(pch)).toEqual(['Period', `${CPI_VI}: Vietnam, % change`, `${FOOD_VI}: Vietnam, % change`]);
    const derived = await cell('DERIVED', 'Sheet1!D1', 'a*2', [['GSO/CPI.TOTAL.YOY/monthly']], 2024, 2024);
    expect(header(derived)).toEqual(['Period', `[${CPI_VI}: Vietnam] × 2`]);
    expect(rows(derived)[0]).toEqual(['2024-01', 6.7424039814]);
    // No Vietnamese name from the service: as sent.
    expect(header(await cell('INDICATOR', 'Sheet1!F1', 'WB', [['NY.GDP.MKTP.CD']], [['VN']], 2022, 2023))).toEqual(['Period', 'GDP (current US$): Vietnam']);
    expect(header(await cell('TRADE', 'Sheet1!H1', 'exports', null, null, '2024-01:2024-02'))).toEqual(['Period', 'Vietnam trade: exports (World, All goods): Exports', 'Vietnam trade: exports (World, All goods): Exports, year to date']);
    expect(header(await cell('STOCK', 'Sheet1!K1', [['VNM']], '2024-03-01', '2024-03-05', 'close'))).toEqual(['Period', 'VNM: Close']);

    // The next calculation after switching back: English, from the cache (no request).
    await storage.setItem(STORAGE_KEYS.nameLanguage, 'en');
    sb.reset();
    expect(header(await cell('INDICATOR', 'Sheet1!A1', 'GSO', [['CPI.TOTAL.YOY']], [['']], 2024, 2024, 'monthly'))).toEqual(['Period', `${CPI_EN}: Vietnam`]);
    expect(header(await cell('DERIVED', 'Sheet1!D1', 'a*2', [['GSO/CPI.TOTAL.YOY/monthly']], 2024, 2024))).toEqual(['Period', `[${CPI_EN}: Vietnam] × 2`]);
    expect(sb.stats().received).toBe(0);
  });

  it('the catalogue is asked once for Vietnamese names, never in English, and never for ECON.VALUE', async () => {
    const sb = await sandbox();
    const { options } = await connected(sb.url, 'enterprise', 'sandbox-enterprise');
    sb.reset();
    // English (the default): one request, the series.
    await cell('INDICATOR', 'Sheet1!A1', 'GSO', [['CPI.TOTAL.YOY']], [['']], 2023, 2023, 'monthly');
    expect(sb.stats().received).toBe(1);
    await options.storage!.setItem(STORAGE_KEYS.nameLanguage, 'vi');
    sb.reset();
    // A number has no name: the series only (gso_vn_cpi_monthly.csv, 2024-03, mom_pct).
    expect(await cell('VALUE', 'Sheet1!B1', 'GSO', 'CPI.TOTAL.MOM', null, '2024-03')).toBe(-0.2326);
    expect(sb.stats().received).toBe(1);
    sb.reset();
    const spills = await Promise.all(['CPI.TOTAL.MOM', 'CPI.FOOD_CATERING.MOM'].map((code, i) => cell('INDICATOR', `Sheet1!C${i + 1}`, 'GSO', [[code]], [['']], 2024, 2024, 'monthly')));
    const asked = sb.stats().received;
    expect(spills.map(header)).toEqual([
      ['Period', 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với tháng trước: Vietnam'],
      ['Period', 'Chỉ số giá tiêu dùng: Hàng ăn và dịch vụ ăn uống, thay đổi so với tháng trước: Vietnam'],
    ]);
    sb.reset();
    await cell('INDICATOR', 'Sheet1!E1', 'GSO', [['CPI.TOTAL.MOM']], [['']], 2024, 2024, 'monthly');
    expect(sb.stats().received).toBe(0);
    // The two series in one batch, and the catalogue once (what a client's catalogue load costs).
    sb.reset();
    await new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' }).catalogue();
    expect(asked).toBe(1 + sb.stats().received);
  });
});
