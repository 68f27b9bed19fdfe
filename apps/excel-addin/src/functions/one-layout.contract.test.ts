/**
 * One layout: a series inserted as a block (office-addin-mock) and the same series as a formula's
 * spill show the same cells (header row, period cells, values, order), for annual, quarterly,
 * monthly and daily data fetched from the sandbox. The block adds only its provenance rows and
 * number formats, which custom functions cannot set: so a block's period is a date shown by its
 * format ('2015'), and a spill's period is that text (an unformatted serial would read 42005).
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeriesQuery } from '@econdata/core';
import { displayText } from '@econdata/sheets';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { insertBlock } from '../office/insert.ts';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';
import { createAddinRuntime } from '../runtime/runtime.ts';
import { MemoryStorage } from '../runtime/storage.ts';
import type { AddinRuntime } from '../runtime/types.ts';
import { indicatorFormula, stockFormula, tradeFormula, type SpillMatrix } from './compute.ts';

const sandbox = useSandboxes({ seed: 3 });
let rt: AddinRuntime | undefined;
afterEach(() => (rt = undefined));

/** The block's table (header row and data rows) as values, read back from the mocked workbook; periods as their format shows them. */
async function insertedCells(runtime: AddinRuntime, query: SeriesQuery): Promise<unknown[][]> {
  const series = await runtime.load(query);
  const model = new WorkbookModel();
  model.select('Sheet1', 'C3');
  await insertBlock(mockExcel(model), [series], [query]);
  const [table] = [...model.tables.values()];
  if (!table) throw new Error('no table written');
  const sheet = model.sheets[0]!;
  return Array.from({ length: table.rect.rows }, (_, r) => Array.from({ length: table.rect.cols }, (_, c) => {
    const cell = sheet.cell(table.rect.top + r, table.rect.left + c);
    return r > 0 && c === 0 && typeof cell?.value === 'number' ? displayText({ v: cell.value, fmt: cell.numberFormat }) : cell?.value;
  }));
}

async function connect(): Promise<AddinRuntime> {
  const sb = await sandbox();
  rt = createAddinRuntime({ storage: new MemoryStorage(), indexedDB: new IDBFactory(), probe: async () => false });
  const outcome = await rt.connect({ baseURL: sb.url, plan: 'enterprise' }, 'sandbox-enterprise');
  if (!outcome.ok) throw new Error(outcome.message);
  return rt;
}

describe('a block and a formula of the same series show the same cells', () => {
  it.each<[string, SeriesQuery, (r: AddinRuntime) => Promise<SpillMatrix>, string]>([
    ['annual (WB)', { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2015, end_year: 2020 }, (r) => indicatorFormula(r, ['WB', [['NY.GDP.MKTP.CD']], [['VN']], 2015, 2020, null]), '2015'],
    ['quarterly (GSO)', { kind: 'indicator', source: 'GSO', indicator: 'GDP.TOTAL.VALUE', start_year: 2023, end_year: 2024, frequency: 'quarterly' }, (r) => indicatorFormula(r, ['GSO', [['GDP.TOTAL.VALUE']], [['']], 2023, 2024, 'quarterly']), '2023-Q1'],
    ['monthly (GSO)', { kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.YOY', start_year: 2024, end_year: 2024, frequency: 'monthly' }, (r) => indicatorFormula(r, ['GSO', [['CPI.TOTAL.YOY']], [['']], 2024, 2024, 'monthly']), '2024-01'],
    ['monthly (trade)', { kind: 'trade', flow: 'exports', period: '2024-03' }, (r) => tradeFormula(r, ['exports', null, null, '2024-03']), '2024-03'],
    ['daily (stock)', { kind: 'stock', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-08' }, (r) => stockFormula(r, [[['VNM']], '2024-03-01', '2024-03-08', null]), '2024-03-01'],
  ])('%s', async (_, query, formula, firstPeriod) => {
    const runtime = await connect();
    const block = await insertedCells(runtime, query);
    const spill = await formula(runtime);
    expect(spill).toEqual(block);
    // The period as text in the spill, as the block's date format shows it.
    expect(spill[0]![0]).toBe('Period');
    expect(spill[1]![0]).toBe(firstPeriod);
    expect(spill.length).toBeGreaterThan(1);
  });
});
