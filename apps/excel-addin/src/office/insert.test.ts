/**
 * "Insert at selection" through office-addin-mock: exact cells, number formats, the table's range,
 * the binding, and the exact number of context.sync() calls (one for a block under the limit).
 */
import { describe, expect, it } from 'vitest';
import { BLOCK_SETTING_PREFIX, parseBinding } from './bindings.ts';
import { TABLE_STYLE } from './block-writer.ts';
import { insertBlock } from './insert.ts';
import { addressOf, WorkbookModel } from '../../dev/standin/model.ts';
import { gdpQuery, gdpSeries, stockQuery, stockSeries, tradeQuery, tradeSeries } from '../../test/support/fixtures.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';

const NOW = new Date('2026-11-22T19:10:00.000Z');

function cell(model: WorkbookModel, a1: string): { value: unknown; numberFormat: string; fill?: string; bold?: boolean } {
  const m = /^([A-Z]+)(\d+)$/.exec(a1);
  const col = [...(m?.[1] ?? 'A')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const c = model.sheets[0]?.cell(Number(m?.[2]) - 1, col);
  return c ? { value: c.value, numberFormat: c.numberFormat, ...(c.fill ? { fill: c.fill } : {}), ...(c.bold ? { bold: true } : {}) } : { value: undefined, numberFormat: 'General' };
}

function onlyTable(model: WorkbookModel): { name: string; address: string; style: string } {
  const tables = [...model.tables.values()];
  expect(tables).toHaveLength(1);
  const t = tables[0];
  return { name: t?.name ?? '', address: t ? addressOf(t.rect) : '', style: t?.style ?? '' };
}

describe('insertBlock (office-addin-mock)', () => {
  it('writes a WB indicator block at the selection in two syncs (look, write): provenance, real years, #,##0 values, a table, the binding', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const block = await insertBlock(mockExcel(model), [gdpSeries()], [gdpQuery], { now: NOW });

    expect(model.syncs).toBe(2);
    expect(block).toMatchObject({ address: 'Sheet1!B2:C23', syncs: 2, chunks: 1 });
    expect(cell(model, 'B2')).toEqual({ value: 'Series', numberFormat: 'General', bold: true });
    expect(cell(model, 'C2').value).toBe('indicator:WB:NY.GDP.MKTP.CD:VN:2020-2023');
    expect(cell(model, 'B11').value).toBe('Source');
    expect(cell(model, 'C11').value).toBe('World Bank World Development Indicators');
    expect(cell(model, 'B12').value).toBe('Last updated');
    expect(cell(model, 'C12').value).toBe('2026-10-01');
    expect(cell(model, 'B13').value).toBe('Retrieved at');
    expect(cell(model, 'C14').value).toBe('/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2020&end_year=2023');
    expect(cell(model, 'B19').value).toBe('Period');
    expect(cell(model, 'C19').value).toBe('GDP (current US$): Viet Nam');
    // 2020-01-01 is Excel serial 43831; the year shows through the date format.
    expect([20, 21, 22, 23].map((r) => cell(model, `B${r}`))).toEqual([43831, 44197, 44562, 44927].map((value) => ({ value, numberFormat: 'yyyy' })));
    expect([20, 21, 22, 23].map((r) => cell(model, `C${r}`))).toEqual(
      [346_615_738_154, '', 408_802_378_226, 429_716_969_309].map((value) => ({ value, numberFormat: '#,##0' })),
    );
    expect(cell(model, 'A1').value).toBeUndefined();
    expect(cell(model, 'D20').value).toBeUndefined();
    expect(onlyTable(model)).toEqual({ name: block.binding.table, address: 'Sheet1!B19:C23', style: TABLE_STYLE });

    const stored = model.settings.get(BLOCK_SETTING_PREFIX + block.binding.table);
    expect(parseBinding('k', stored)).toEqual({
      id: block.binding.id,
      table: block.binding.table,
      title: 'GDP (current US$): Viet Nam',
      queries: [gdpQuery],
      layout: { orientation: 'wide', headRows: 17, headColumns: 0, columns: 2 },
      inserted_at: NOW.toISOString(),
      refreshed_at: null,
      stale: false,
    });
  });

  it('writes a trade block: monthly dates as yyyy-mm, USD million with two decimals, value and year-to-date columns', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'A1');
    const block = await insertBlock(mockExcel(model), [tradeSeries()], [tradeQuery], { now: NOW });
    expect(model.syncs).toBe(2);
    const header = block.binding.layout.headRows + 1;
    expect(cell(model, `A${header}`).value).toBe('Period');
    expect(cell(model, `B${header}`).value).toBe('Vietnam trade: exports (World, All products): Exports');
    expect(cell(model, `C${header}`).value).toBe('Vietnam trade: exports (World, All products): Exports, year to date');
    expect(cell(model, `A${header + 1}`)).toEqual({ value: 45352, numberFormat: 'yyyy-mm' });
    expect(cell(model, `B${header + 1}`)).toEqual({ value: 32_500.5, numberFormat: '#,##0.00' });
    expect(cell(model, `C${header + 1}`)).toEqual({ value: 93_010.25, numberFormat: '#,##0.00' });
    expect(onlyTable(model).address).toBe(`Sheet1!A${header}:C${header + 1}`);
    expect(block.address).toBe(`Sheet1!A1:C${header + 1}`);
  });

  it('writes a stock block: daily dates, VND prices and share volumes as whole numbers, five columns', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'D4');
    const block = await insertBlock(mockExcel(model), [stockSeries(3)], [stockQuery], { now: NOW });
    expect(model.syncs).toBe(2);
    const header = 4 + block.binding.layout.headRows;
    expect(['D', 'E', 'F', 'G', 'H', 'I'].map((c) => cell(model, `${c}${header}`).value)).toEqual(['Period', 'VNM: Open', 'VNM: High', 'VNM: Low', 'VNM: Close', 'VNM: Volume']);
    expect(cell(model, `D${header + 1}`)).toEqual({ value: 45352, numberFormat: 'yyyy-mm-dd' });
    expect(cell(model, `D${header + 3}`)).toEqual({ value: 45354, numberFormat: 'yyyy-mm-dd' });
    expect(cell(model, `E${header + 1}`)).toEqual({ value: 68_000, numberFormat: '#,##0' });
    expect(cell(model, `I${header + 3}`)).toEqual({ value: 1_002_026, numberFormat: '#,##0' });
    expect(onlyTable(model).address).toBe(`Sheet1!D${header}:I${header + 3}`);
  });

  it('gives each quarter its own date format (a real date shown as 2024-Q1), sent per cell in the same write sync', async () => {
    const model = new WorkbookModel();
    const q = { ...gdpSeries([100.5, 101.25, 102]), id: 'indicator:GSO:GDP.Q:VN', frequency: 'quarterly' as const, periods: ['2024-Q1', '2024-Q2', '2024-Q3'] };
    const block = await insertBlock(mockExcel(model), [q], [gdpQuery], { now: NOW });
    expect(model.syncs).toBe(2);
    const first = 1 + block.binding.layout.headRows + 1;
    expect([0, 1, 2].map((i) => cell(model, `A${first + i}`))).toEqual([
      { value: 45292, numberFormat: 'yyyy"-Q1"' },
      { value: 45383, numberFormat: 'yyyy"-Q2"' },
      { value: 45474, numberFormat: 'yyyy"-Q3"' },
    ]);
  });

  it('lays series of different frequencies out long (one row per value) in one table with unique headers', async () => {
    const model = new WorkbookModel();
    const block = await insertBlock(mockExcel(model), [gdpSeries(), tradeSeries()], [gdpQuery, tradeQuery], { now: NOW });
    expect(model.syncs).toBe(2);
    expect(block.binding.layout.orientation).toBe('long');
    const t = [...model.tables.values()][0];
    const headers = t ? model.values({ ...t.rect, rows: 1 })[0] : [];
    expect(new Set(headers).size).toBe(headers?.length);
    // 3 GDP values (one missing year is kept as an empty row) + 2 trade values.
    expect(t?.rect.rows).toBe(1 + 4 + 2);
  });

  it('splits a block larger than the request limit into chunks, one sync each, every request under the limit, with progress', async () => {
    const model = new WorkbookModel();
    const limit = 60_000;
    const progress: string[] = [];
    const block = await insertBlock(mockExcel(model, limit), [stockSeries(2_000)], [stockQuery], {
      now: NOW,
      chunkBytes: 40_000,
      onProgress: (p) => progress.push(`${p.rowsDone}/${p.rowsTotal} ${p.chunk}/${p.chunks}`),
    });
    expect(block.chunks).toBeGreaterThan(1);
    expect(model.syncs).toBe(1 + block.chunks);
    expect(block.syncs).toBe(1 + block.chunks);
    expect(progress).toHaveLength(block.chunks);
    expect(progress.at(-1)).toBe(`2000/2000 ${block.chunks}/${block.chunks}`);
    expect(Math.max(...model.requests)).toBeLessThanOrEqual(limit);
    const header = 1 + block.binding.layout.headRows;
    expect(onlyTable(model).address).toBe(`Sheet1!A${header}:F${header + 2000}`);
    expect(cell(model, `A${header + 2000}`)).toEqual({ value: 45352 + 1999, numberFormat: 'yyyy-mm-dd' });
    expect(cell(model, `F${header + 2000}`)).toEqual({ value: 1_000_000 + 1999 * 1_013, numberFormat: '#,##0' });
  });

  it('when Excel refuses a request as too large, sends its chunks again in halves until they fit', async () => {
    const model = new WorkbookModel();
    const limit = 60_000;
    const block = await insertBlock(mockExcel(model, limit), [stockSeries(2_000)], [stockQuery], { now: NOW, chunkBytes: 10_000_000 });
    const refused = model.requests.filter((b) => b > limit);
    expect(refused.length).toBeGreaterThan(0);
    expect(block.syncs).toBe(model.syncs);
    expect(model.syncs).toBeGreaterThan(1 + refused.length);
    const header = 1 + block.binding.layout.headRows;
    expect(onlyTable(model).address).toBe(`Sheet1!A${header}:F${header + 2000}`);
    expect(cell(model, `F${header + 2000}`)).toEqual({ value: 1_000_000 + 1999 * 1_013, numberFormat: '#,##0' });
    expect(model.settings.size).toBe(1);
  });

  it('a one-row block that alone exceeds the limit fails with Excel\'s error and leaves the workbook empty', async () => {
    const model = new WorkbookModel();
    const one = { ...gdpSeries([1]), periods: ['2020'] };
    const error = await insertBlock(mockExcel(model, 1_000), [one], [gdpQuery]).then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'RequestPayloadSizeLimitExceeded' });
    expect(model.sheets[0]?.cells.size).toBe(0);
    expect(model.tables.size).toBe(0);
    expect(model.settings.size).toBe(0);
  });

  it('never overwrites the user\'s cells: a selection without room is refused after one look, with what to do', async () => {
    const model = new WorkbookModel();
    const mine = model.sheets[0]?.cell(10, 2, true); // C11, inside where the block would go from B2
    if (mine) mine.value = 'my note';
    model.select('Sheet1', 'B2');
    await expect(insertBlock(mockExcel(model), [gdpSeries()], [gdpQuery])).rejects.toThrow(
      'The block needs Sheet1!B2:C23 (22 rows x 2 columns), and Sheet1!C11 already holds data. Select an empty cell with that much room below and to the right, then insert again.',
    );
    expect(model.syncs).toBe(1);
    expect(model.sheets[0]?.cells.size).toBe(1);
    expect(model.tables.size).toBe(0);
  });

  it('refuses an empty answer with a sentence that says what to do, before touching the workbook', async () => {
    const model = new WorkbookModel();
    const empty = { ...gdpSeries(), periods: [], values: [[]] };
    await expect(insertBlock(mockExcel(model), [empty], [gdpQuery])).rejects.toThrow(
      'Nothing to insert: the query returned no observations. Widen the years or dates, or pick another country or indicator.',
    );
    expect(model.syncs).toBe(0);
  });
});
