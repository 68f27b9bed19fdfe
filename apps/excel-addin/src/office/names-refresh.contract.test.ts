/**
 * Blocks keep the language their series were named in: a block inserted with Vietnamese names
 * (the Data tab's and the Derived tab's fetch, through @econdata/analysis's fetchShown / fetchDerived) records it in its
 * binding, and Refresh names the new answers in it again, whatever the Connection tab says now; an
 * English block stays English. Against the sandbox's real data over HTTP, through office-addin-mock.
 */
import { EconDataClient, type SeriesQuery } from '@econdata/core';
import type { DerivedRequest } from '@econdata/analysis';
import { describe, expect, it } from 'vitest';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';
import { fetchDerived, fetchShown, fromClient } from '@econdata/analysis';
import { operandQueries } from './derived-block.ts';
import { insertBlock } from './insert.ts';
import { listBlocks, refreshBlocks } from './refresh.ts';

const sandbox = useSandboxes({ seed: 5 });
const cpi = { kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.YOY', frequency: 'monthly', start_year: 2024, end_year: 2024 } satisfies SeriesQuery;
// The service's name_vi of CPI.TOTAL.YOY (GSO's item_vi "CHỈ SỐ GIÁ TIÊU DÙNG" in gso_vn_cpi_monthly.csv) and its name.
const CPI_VI = 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với cùng tháng năm trước';
const CPI_EN = 'Consumer prices: Consumer price index (all items), change vs same month of previous year';
const double: DerivedRequest = { expression: 'a*2', operands: [{ name: 'a', query: cpi }] };

/** Each block's table header row, in the order the blocks were inserted. */
function headers(model: WorkbookModel): unknown[][] {
  return [...model.tables.values()].map((t) => model.values(t.rect)[0]!);
}

describe('series names of blocks across Refresh (office-addin-mock, sandbox)', () => {
  it('a Vietnamese block and a derived one stay Vietnamese after Refresh, an English one stays English', async () => {
    const sb = await sandbox();
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' });
    const fetch = (q: SeriesQuery[]) => client.fetchSeries(q);
    const names = fromClient(client).names;
    const vi = (q: SeriesQuery[]) => fetchShown(fetch, q, '', { names, language: 'vi', calendar: 'own' });
    const model = new WorkbookModel();
    const excel = mockExcel(model);

    const [named] = await vi([cpi]);
    const [plain] = await fetch([cpi]);
    const [derived] = await fetchDerived(fetch, [double], { names, language: 'vi' });
    if (!named?.ok || !plain?.ok || !derived?.ok) throw new Error('the sandbox did not answer');
    model.select('Sheet1', 'A1');
    const a = await insertBlock(excel, [named.series], [cpi], { language: 'vi', chart: false });
    model.select('Sheet1', 'E1');
    const b = await insertBlock(excel, [plain.series], [cpi], { language: 'en', chart: false });
    model.select('Sheet1', 'I1');
    const c = await insertBlock(excel, [derived.series], operandQueries([double]), { derived: [double], language: 'vi', chart: false });
    expect([a.binding.language, b.binding.language, c.binding.language]).toEqual(['vi', undefined, 'vi']);
    const inserted = [['Period', `${CPI_VI}: Vietnam`], ['Period', `${CPI_EN}: Vietnam`], ['Period', `[${CPI_VI}: Vietnam] × 2`]];
    expect(headers(model)).toEqual(inserted);

    // The workbook reopened: the bindings read back; Refresh with the catalogue to name from.
    const { blocks } = await listBlocks(excel);
    expect(blocks.map((x) => [x.title, x.language])).toEqual([[`${CPI_VI}: Vietnam`, 'vi'], [`${CPI_EN}: Vietnam`, undefined], [`[${CPI_VI}: Vietnam] × 2`, 'vi']]);
    const result = await refreshBlocks(excel, blocks, (q) => client.fetchSeries(q, { cache: 'no-store' }), { catalogue: () => client.catalogue() });
    expect(result.text).toBe([`${CPI_VI}: Vietnam: no change.`, `${CPI_EN}: Vietnam: no change.`, `[${CPI_VI}: Vietnam] × 2: no change.`].join('\n'));
    expect(headers(model)).toEqual(inserted);
    // The refreshed bindings keep the language for the next refresh.
    expect((await listBlocks(excel)).blocks.map((x) => x.language)).toEqual(['vi', undefined, 'vi']);
    // Values are the service's (gso_vn_cpi_monthly.csv, 2024-01 yoy_pct 3.3712019907), doubled in the derived block.
    const [ta, , tc] = [...model.tables.values()];
    expect(model.values(ta!.rect)[1]).toEqual([expect.anything(), 3.3712019907]);
    expect(model.values(tc!.rect)[1]).toEqual([expect.anything(), 6.7424039814]);
  });
});
