/**
 * Switching the language of series names recalculates the workbook, so an ECON formula already in
 * the sheet takes the new names at once: the stand-in workbook's formula calculates through the
 * registered functions and the shared runtime against a real sandbox over HTTP, and the full
 * calculation the taskpane asks for (recalculateWorkbook) names it again from the cache.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { recalculateWorkbook } from '../../src/office/recalculate.ts';
import { setRuntime } from '../../src/runtime/instance.ts';
import { createAddinRuntime } from '../../src/runtime/runtime.ts';
import { STORAGE_KEYS } from '../../src/runtime/settings.ts';
import { MemoryStorage } from '../../src/runtime/storage.ts';
import { evaluateEconFormula } from './evaluate.ts';
import { createStandinWorkbook } from './workbook.ts';
import { untilChanged } from '../../test/support/until-changed.ts';

const sandbox = useSandboxes({ seed: 12 });
afterEach(() => setRuntime(undefined));

// GSO's own labels of the item (gso_vn_cpi_monthly.csv: item, item_vi), as the service composes name and name_vi.
const CPI_EN = 'Consumer prices: Consumer price index (all items), change vs same month of previous year: Vietnam';
const CPI_VI = 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với cùng tháng năm trước: Vietnam';

describe('the language switch recalculates the formulas already in the sheet', () => {
  it('a GSO spill is renamed in Vietnamese and back, with its values unchanged and no series asked again', async () => {
    const sb = await sandbox();
    const storage = new MemoryStorage();
    const rt = createAddinRuntime({ storage, indexedDB: new IDBFactory(), probe: async () => false });
    expect(await rt.connect({ baseURL: sb.url, plan: 'enterprise' }, 'sandbox-enterprise')).toMatchObject({ ok: true });
    setRuntime(rt);
    const wb = createStandinWorkbook(undefined, evaluateEconFormula);
    const sheet = wb.model.sheets[0]!;
    const cell = (r: number, c: number): unknown => sheet.cell(r, c)?.value;
    wb.model.setValues({ sheet, top: 0, left: 0, rows: 1, cols: 1 }, [['=ECON.INDICATOR("GSO","CPI.TOTAL.YOY","",2024,2024,"monthly")']], true);
    await untilChanged(wb.subscribe, () => cell(0, 1) === CPI_EN);
    expect([cell(1, 0), cell(1, 1)]).toEqual(['2024-01', 3.3712019907]);

    await storage.setItem(STORAGE_KEYS.nameLanguage, 'vi');
    sb.reset();
    await recalculateWorkbook(wb.excel);
    await untilChanged(wb.subscribe, () => cell(0, 1) === CPI_VI);
    expect([cell(1, 0), cell(1, 1)]).toEqual(['2024-01', 3.3712019907]);
    // The names come from the catalogue, fetched once: /sources and the lists of WB, IMF and GSO
    // (4 requests); the series itself comes from the cache.
    expect(sb.stats().received).toBe(4);

    await storage.setItem(STORAGE_KEYS.nameLanguage, 'en');
    sb.reset();
    await recalculateWorkbook(wb.excel);
    await untilChanged(wb.subscribe, () => cell(0, 1) === CPI_EN);
    expect(sb.stats().received).toBe(0);
  });
});
