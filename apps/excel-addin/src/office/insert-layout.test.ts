/**
 * Blocks inserted with layout options (sheets' `Dir`, `Sort`, `Dates`; what the taskpane's Layout
 * fields send) through office-addin-mock: exact cells, formats, the table's range, the binding and
 * the exact context.sync() counts, then a refresh that lays the block out the same way again.
 */
import type { SeriesQuery, SeriesResult } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { BLOCK_SETTING_PREFIX, parseBinding } from './bindings.ts';
import { insertBlock } from './insert.ts';
import { listBlocks, refreshBlocks } from './refresh.ts';
import { addressOf, WorkbookModel } from '../../dev/standin/model.ts';
import { gdpQuery, gdpSeries } from '../../test/support/fixtures.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';

const NOW = new Date('2026-11-25T19:00:00.000Z');
const GDP = [346_615_738_154, '', 408_802_378_226, 429_716_969_309];

/** A cell by A1 address: value, number format, bold. */
function at(model: WorkbookModel, a1: string): { value: unknown; numberFormat: string; bold?: boolean } {
  const m = /^([A-Z]+)(\d+)$/.exec(a1)!;
  const col = [...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const c = model.sheets[0]?.cell(Number(m[2]) - 1, col);
  return c ? { value: c.value, numberFormat: c.numberFormat, ...(c.bold ? { bold: true } : {}) } : { value: undefined, numberFormat: 'General' };
}
const values = (model: WorkbookModel, cells: string[]): unknown[] => cells.map((a) => at(model, a).value);
const tableAddress = (model: WorkbookModel): string[] => [...model.tables.values()].map((t) => addressOf(t.rect));

describe('blocks with layout options (office-addin-mock)', () => {
  it('Sort=D: newest first, formats moving with their cells, the chart still beside it, two syncs', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const block = await insertBlock(mockExcel(model), [gdpSeries()], [gdpQuery], { now: NOW, arrangement: 'Sort=D', chart: true });
    expect([model.syncs, block.syncs, block.address]).toEqual([2, 2, 'Sheet1!B2:C23']);
    expect(['B20', 'B21', 'B22', 'B23'].map((a) => at(model, a))).toEqual([44927, 44562, 44197, 43831].map((value) => ({ value, numberFormat: 'yyyy' })));
    expect(values(model, ['C20', 'C21', 'C22', 'C23'])).toEqual([...GDP].reverse());
    expect(tableAddress(model)).toEqual(['Sheet1!B19:C23']);
    expect(block.binding.chart).toBeDefined();
    expect(parseBinding('k', model.settings.get(BLOCK_SETTING_PREFIX + block.binding.table))).toMatchObject({ arrangement: 'Sort=D', layout: { orientation: 'wide', headRows: 17, headColumns: 0, columns: 2 } });
  });

  it('Dir=H: the series is a row with its provenance on the left, periods across as the table header, no chart, two syncs', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const block = await insertBlock(mockExcel(model), [gdpSeries()], [gdpQuery], { now: NOW, arrangement: 'Dir=H', chart: true });
    expect([model.syncs, block.syncs, block.address]).toEqual([2, 2, 'Sheet1!B2:W3']);
    // Provenance: labels along row 2 (bold), the series' facts below them.
    expect(at(model, 'B2')).toEqual({ value: 'Series', numberFormat: 'General', bold: true });
    expect(values(model, ['B3', 'C2', 'C3'])).toEqual(['indicator:WB:NY.GDP.MKTP.CD:VN:2020-2023', 'Title', 'GDP (current US$): Viet Nam']);
    expect(values(model, ['K2', 'K3'])).toEqual(['Source', 'World Bank World Development Indicators']);
    expect(values(model, ['R2', 'R3'])).toEqual(['', '']); // the blank separator column
    // The table: the period row heads it (periods as their text), the series' values below in its number format.
    expect(values(model, ['S2', 'T2', 'U2', 'V2', 'W2'])).toEqual(['Period', '2020', '2021', '2022', '2023']);
    expect(['T3', 'U3', 'V3', 'W3'].map((a) => at(model, a))).toEqual(GDP.map((value) => ({ value, numberFormat: '#,##0' })));
    expect(at(model, 'S3').value).toBe('GDP (current US$): Viet Nam');
    expect(tableAddress(model)).toEqual(['Sheet1!S2:W3']);
    expect(block.binding.chart).toBeUndefined();
    expect(block.binding).toMatchObject({ arrangement: 'Dir=H', layout: { headRows: 0, headColumns: 17, columns: 22 } });
  });

  it('Dates=N: the provenance labels stay over an empty column, the table holds the values alone', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const block = await insertBlock(mockExcel(model), [gdpSeries()], [gdpQuery], { now: NOW, arrangement: 'Dates=N' });
    expect([model.syncs, block.address]).toEqual([2, 'Sheet1!B2:C23']);
    expect(values(model, ['B2', 'B11', 'B19', 'B20', 'C19', 'C20'])).toEqual(['Series', 'Source', '', '', 'GDP (current US$): Viet Nam', GDP[0]]);
    expect(tableAddress(model)).toEqual(['Sheet1!C19:C23']);
    expect(block.binding.layout).toMatchObject({ headRows: 17, headColumns: 1 });
  });

  it('Header=N and Dir=H with Dates=N are refused before anything is written: a table needs its header row', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    await expect(insertBlock(mockExcel(model), [gdpSeries()], [gdpQuery], { arrangement: 'Header=N' })).rejects.toThrow("Header=N leaves out the row that heads the block's Excel table, and a table needs one (Refresh and the chart read it). Insert as formulas for a spill without it.");
    await expect(insertBlock(mockExcel(model), [gdpSeries()], [gdpQuery], { arrangement: 'Dir=H Dates=N' })).rejects.toThrow('Dates=N with Dir=H leaves out the row');
    expect([model.syncs, tableAddress(model)]).toEqual([0, []]);
  });

  it('Refresh lays a Dir=H Sort=D block out the same way at the same place: one sync to read, one to write', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const excel = mockExcel(model);
    await insertBlock(excel, [gdpSeries()], [gdpQuery], { now: NOW, arrangement: 'Dir=H Sort=D' });
    expect(values(model, ['S2', 'T2', 'W2', 'T3', 'W3'])).toEqual(['Period', '2023', '2020', GDP[3], GDP[0]]);
    const { blocks } = await listBlocks(excel);
    const before = model.syncs;
    const revised = gdpSeries([346_615_738_154, 366_000_000_000, 408_802_378_226, 430_000_000_000]);
    const result = await refreshBlocks(excel, blocks, async (qs: SeriesQuery[]) => qs.map((): SeriesResult => ({ ok: true, series: revised })), { now: NOW });
    expect([model.syncs - before, result.syncs]).toEqual([2, 2]);
    expect(tableAddress(model)).toEqual(['Sheet1!S2:W3']);
    expect(values(model, ['B2', 'S2', 'T2', 'U2', 'V2', 'W2'])).toEqual(['Series', 'Period', '2023', '2022', '2021', '2020']);
    expect(values(model, ['T3', 'U3', 'V3', 'W3'])).toEqual([430_000_000_000, 408_802_378_226, 366_000_000_000, 346_615_738_154]);
    expect(result.blocks[0]?.binding).toMatchObject({ arrangement: 'Dir=H Sort=D', layout: { headRows: 0, headColumns: 17 } });
  });
});
