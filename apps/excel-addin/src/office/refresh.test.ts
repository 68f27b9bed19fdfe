/**
 * Refresh through office-addin-mock: the blocks the document remembers are re-run; revised values
 * are rewritten and highlighted with a summary; a failed fetch writes nothing; a moved sheet keeps
 * its block; a deleted table's binding is dropped. Exact sync counts throughout.
 */
import { EconError, type SeriesQuery, type SeriesResult } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { BLOCK_SETTING_PREFIX } from './bindings.ts';
import { REVISED_FILL } from './block-writer.ts';
import { insertBlock } from './insert.ts';
import { listBlocks, refreshBlocks, RefreshError } from './refresh.ts';
import type { FetchSeries } from './refresh.ts';
import { addressOf, parseAddress, WorkbookModel } from '../../dev/standin/model.ts';
import { selectCell } from './select-cell.ts';
import { gdpQuery, gdpSeries, stockQuery, stockSeries } from '../../test/support/fixtures.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';

const NOW = new Date('2026-11-22T19:30:00.000Z');

/** A fetch answering from a table of query -> result, recording what it was asked. */
function fetchFrom(answer: (q: SeriesQuery) => SeriesResult): FetchSeries & { asked: SeriesQuery[][] } {
  const asked: SeriesQuery[][] = [];
  const f = async (queries: SeriesQuery[]): Promise<SeriesResult[]> => {
    asked.push(queries);
    return queries.map(answer);
  };
  return Object.assign(f, { asked });
}

async function twoBlocks(model: WorkbookModel): Promise<void> {
  const excel = mockExcel(model);
  model.select('Sheet1', 'B2');
  await insertBlock(excel, [gdpSeries()], [gdpQuery], { now: new Date('2026-11-22T19:00:00Z') });
  model.select('Sheet1', 'F2');
  await insertBlock(excel, [stockSeries(3)], [stockQuery], { now: new Date('2026-11-22T19:01:00Z') });
}

const value = (model: WorkbookModel, row: number, col: number): unknown => model.sheets[0]?.cell(row, col)?.value;
const fill = (model: WorkbookModel, row: number, col: number): string | undefined => model.sheets[0]?.cell(row, col)?.fill;

describe('listBlocks and refreshBlocks (office-addin-mock)', () => {
  it('lists the blocks in insertion order in two syncs', async () => {
    const model = new WorkbookModel();
    await twoBlocks(model);
    const before = model.syncs;
    const { blocks, problems } = await listBlocks(mockExcel(model));
    expect(model.syncs - before).toBe(2);
    expect(problems).toEqual([]);
    expect(blocks.map((b) => [b.title, b.queries, b.present, b.refreshed_at])).toEqual([
      ['GDP (current US$): Viet Nam', [gdpQuery], true, null],
      ['VNM', [stockQuery], true, null],
    ]);
  });

  it('fetches every query at once, rewrites the blocks in one more read and one write sync, highlights revised values and says what changed', async () => {
    const model = new WorkbookModel();
    await twoBlocks(model);
    const excel = mockExcel(model);
    const { blocks } = await listBlocks(excel);
    const fetch = fetchFrom((q) =>
      q.kind === 'indicator'
        ? { ok: true, series: gdpSeries([346_615_738_154, 366_137_590_000, 410_000_000_000, 429_716_969_309]) }
        : { ok: true, series: stockSeries(3) },
    );
    const before = model.syncs;
    const result = await refreshBlocks(excel, blocks, fetch, { now: NOW });

    expect(fetch.asked).toEqual([[gdpQuery, stockQuery]]);
    expect(model.syncs - before).toBe(2);
    expect(result.syncs).toBe(2);
    // GDP data rows start at row 20 (index 19), column C (index 2).
    expect([19, 20, 21, 22].map((r) => value(model, r, 2))).toEqual([346_615_738_154, 366_137_590_000, 410_000_000_000, 429_716_969_309]);
    expect([19, 20, 21, 22].map((r) => fill(model, r, 2))).toEqual([undefined, undefined, REVISED_FILL, undefined]);
    expect(result.text).toBe('GDP (current US$): Viet Nam: 1 value revised (2022: 408,802,378,226 → 410,000,000,000), 1 added.\nVNM: no change.');
    expect(result.blocks.map((b) => b.changes.revisedCells)).toEqual([[{ row: 20, column: 1, id: 'indicator:WB:NY.GDP.MKTP.CD:VN:2020-2023', period: '2022', key: 'value' }], []]);
    // The summary's revised value carries its cell (C22: the row of 2022, the value column, highlighted above).
    expect(result.lines).toEqual([
      ['GDP (current US$): Viet Nam: ', '1 value revised (', { text: '2022: 408,802,378,226 → 410,000,000,000', address: 'Sheet1!C22' }, '), ', '1 added.'],
      ['VNM: no change.'],
    ]);
    // Same tables, same places, bindings stamped with the refresh time.
    expect([...model.tables.values()].map((t) => [t.name, addressOf(t.rect)])).toEqual([
      [blocks[0]?.table, 'Sheet1!B19:C23'],
      [blocks[1]?.table, 'Sheet1!F15:K18'],
    ]);
    const again = await listBlocks(excel);
    expect(again.blocks.map((b) => b.refreshed_at)).toEqual([NOW.toISOString(), NOW.toISOString()]);
    expect(again.blocks.map((b) => b.inserted_at)).toEqual(['2026-11-22T19:00:00.000Z', '2026-11-22T19:01:00.000Z']);
  });

  it('a refresh with one failed query writes nothing, leaves every old value in place and says why', async () => {
    const model = new WorkbookModel();
    await twoBlocks(model);
    const excel = mockExcel(model);
    const { blocks } = await listBlocks(excel);
    const document = model.dump();
    const syncs = model.syncs;
    const fetch = fetchFrom((q) =>
      q.kind === 'stock'
        ? { ok: false, error: new EconError('rate_limited', 'Rate limit reached: 60 requests a minute on the Free plan. Wait 40 s, or upgrade the plan.') }
        : { ok: true, series: gdpSeries([1, 2, 3, 4]) },
    );
    const error = await refreshBlocks(excel, blocks, fetch).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshError);
    expect((error as RefreshError).message).toBe(
      'Nothing was changed: the old values are still in place. VNM: Rate limit reached: 60 requests a minute on the Free plan. Wait 40 s, or upgrade the plan.',
    );
    expect((error as RefreshError).failures.map((f) => f.query)).toEqual([stockQuery]);
    expect(model.syncs).toBe(syncs);
    expect(model.dump()).toBe(document);
  });

  it('a failed refresh of a block named in Vietnamese writes nothing and never asks the catalogue (a cached one would not say whether the service answers)', async () => {
    const model = new WorkbookModel();
    const excel = mockExcel(model);
    model.select('Sheet1', 'B2');
    await insertBlock(excel, [gdpSeries()], [gdpQuery], { now: NOW, language: 'vi' });
    const { blocks } = await listBlocks(excel);
    expect(blocks.map((b) => b.language)).toEqual(['vi']);
    const document = model.dump();
    let catalogues = 0;
    const fetch = fetchFrom(() => ({ ok: false, error: new EconError('connection', 'The service cannot be reached.') }));
    const error = await refreshBlocks(excel, blocks, fetch, { catalogue: async () => { catalogues++; return { sources: [] }; } }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshError);
    expect(catalogues).toBe(0);
    expect(model.dump()).toBe(document);
  });

  it('refuses to let a grown block overwrite the cells below it, and changes nothing', async () => {
    const model = new WorkbookModel();
    await twoBlocks(model);
    const excel = mockExcel(model);
    const { blocks } = await listBlocks(excel);
    const below = model.sheets[0]?.cell(24, 2, true); // C25: two rows below GDP's last row (C23)
    if (below) below.value = 'my note';
    const document = model.dump();
    const longer = { ...gdpSeries(), periods: ['2020', '2021', '2022', '2023', '2024', '2025'], values: [[1, 2, 3, 4, 5, 6]] };
    const error = await refreshBlocks(excel, blocks, fetchFrom((q) => (q.kind === 'indicator' ? { ok: true, series: longer } : { ok: true, series: stockSeries(3) }))).then(() => undefined, (e: unknown) => e);
    expect((error as Error).message).toBe(
      'Nothing was changed: the old values are still in place. GDP (current US$): Viet Nam has grown to 24 rows x 2 columns and would overwrite 1 filled cell below or beside it: move that cell (or the block), then refresh again.',
    );
    expect(model.dump()).toBe(document);
  });

  it('follows a block whose sheet was renamed, and forgets a block whose table was deleted', async () => {
    const model = new WorkbookModel();
    await twoBlocks(model);
    const excel = mockExcel(model);
    const { blocks } = await listBlocks(excel);
    const sheet = model.sheets[0];
    if (sheet) sheet.name = 'Prices and GDP';
    const stockTable = model.table(blocks[1]?.table ?? '');
    if (stockTable) model.deleteTable(stockTable);
    const listed = await listBlocks(excel);
    expect(listed.blocks.map((b) => b.present)).toEqual([true, false]);

    const result = await refreshBlocks(excel, listed.blocks, fetchFrom(() => ({ ok: true, series: gdpSeries() })), { now: NOW });
    expect(result.blocks.map((b) => b.address)).toEqual(["'Prices and GDP'!B2:C23"]);
    expect(result.missing.map((b) => b.title)).toEqual(['VNM']);
    expect(result.text).toBe('GDP (current US$): Viet Nam: no change.\nVNM: its table was deleted from the workbook, so the add-in forgot this block.');
    expect([...model.settings.keys()]).toEqual([BLOCK_SETTING_PREFIX + blocks[0]?.table]);
  });
});

describe('the refresh summary takes the user to each revised value (issue 28, item 8)', () => {
  const thQuery: SeriesQuery = { ...gdpQuery, country: 'TH' } as SeriesQuery;
  const thSeries = (values: Array<number | null>): ReturnType<typeof gdpSeries> => {
    const vn = gdpSeries(values);
    return { ...vn, id: vn.id.replace(':VN', ':TH'), title: 'GDP (current US$): Thailand', provenance: { ...vn.provenance, query: thQuery } };
  };
  const TH = [500_000_000_000, 505_000_000_000, 495_000_000_000, 514_000_000_000];

  it('names the country of a revised value in a block of two, links it to its cell, and selecting it shows its sheet and selects that cell', async () => {
    const model = new WorkbookModel(['Sheet1', 'GDP sheet']);
    const excel = mockExcel(model);
    model.select('GDP sheet', 'B2');
    await insertBlock(excel, [gdpSeries(), thSeries(TH)], [gdpQuery, thQuery], { now: NOW });
    model.select('Sheet1', 'A1');
    const { blocks } = await listBlocks(excel);
    const revised = [...TH.slice(0, 2), 496_500_000_000, TH[3]!];
    const result = await refreshBlocks(excel, blocks, fetchFrom((q) => ({ ok: true, series: q.kind === 'indicator' && q.country === 'TH' ? thSeries(revised) : gdpSeries() })), { now: NOW });

    const [line] = result.lines;
    const link = line?.find((p) => typeof p !== 'string');
    expect(typeof link === 'object' ? link.text : link).toBe('GDP (current US$): Thailand, 2022: 495,000,000,000 → 496,500,000,000');
    expect(result.text).toBe(`${blocks[0]?.title}: 1 value revised (GDP (current US$): Thailand, 2022: 495,000,000,000 → 496,500,000,000).`);
    if (typeof link !== 'object') throw new Error('no link to the revised value');
    // The highlighted cell is the one the link names.
    const cell = parseAddress(model.sheet('GDP sheet'), link.address.split('!')[1] ?? '');
    expect(link.address.startsWith("'GDP sheet'!")).toBe(true);
    expect(model.sheet('GDP sheet').cell(cell.top, cell.left)?.value).toBe(496_500_000_000);
    expect(model.sheet('GDP sheet').cell(cell.top, cell.left)?.fill).toBe(REVISED_FILL);

    const before = model.syncs;
    await selectCell(excel, link.address);
    expect(model.syncs - before).toBe(1);
    expect(addressOf(model.selection)).toBe(link.address);
  });
});
