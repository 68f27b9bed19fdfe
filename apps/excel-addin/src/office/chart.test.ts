/**
 * A chart with a block (office-addin-mock): the chart's type, series cells, title with its source
 * line, legend, value axis title, place and size (from the number and length of the legend's names),
 * and the sync count (the chart rides on the block's write request: still 2 syncs).
 */
import { indicatorFixture } from '@econdata/core/testing';
import { describe, expect, it } from 'vitest';
import { chartSize } from './chart.ts';
import { BLOCK_SETTING_PREFIX, parseBinding } from './bindings.ts';
import { insertBlock } from './insert.ts';
import { listBlocks, refreshBlocks } from './refresh.ts';
import { addressOf, WorkbookModel, type ChartModel } from '../../dev/standin/model.ts';
import { gdpQuery, gdpSeries, imfQuery, imfSeries, stockQuery, stockSeries, tradeQuery, tradeSeries } from '../../test/support/fixtures.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';

const NOW = new Date('2026-11-22T19:10:00.000Z');
const WDI = 'Source: World Bank World Development Indicators (retrieved 2026-11-22). Chart: Econdata.';

/** A chart as cells: each series' name, values and axis addresses. */
function shape(c: ChartModel | undefined): unknown {
  if (!c) return undefined;
  return {
    name: c.name, type: c.type, title: c.title, anchor: c.anchor, width: c.width, height: c.height, legend: c.legend, axis: c.valueAxisTitle,
    series: c.series.map((s) => ({ name: s.name, values: s.values && addressOf(s.values), x: s.x && addressOf(s.x) })),
  };
}

describe('a chart with a block (office-addin-mock)', () => {
  it('draws a line chart of an indicator block to its right, over the block\'s cells, in the same 2 syncs', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const block = await insertBlock(mockExcel(model), [gdpSeries()], [gdpQuery], { now: NOW, chart: true });
    expect(model.syncs).toBe(2);
    expect(block.address).toBe('Sheet1!B2:C23');
    expect(model.charts).toHaveLength(1);
    expect(shape(model.charts[0])).toEqual({
      name: `${block.binding.table}_chart`, type: 'Line', title: `GDP (current US$): Viet Nam\n${WDI}`,
      // Header row 19, one empty column (D) between the block (B:C) and the chart; 200 points of
      // plot, the title (1 line of 19), the source (2 lines of 12), a legend row (14), margins (32).
      anchor: { row: 18, col: 4 }, width: 360, height: 289, legend: 'Bottom', axis: 'current US$',
      series: [{ name: 'GDP (current US$): Viet Nam', values: 'Sheet1!C20:C23', x: 'Sheet1!B20:B23' }],
    });
    const stored = parseBinding('k', model.settings.get(BLOCK_SETTING_PREFIX + block.binding.table));
    expect(stored).toMatchObject({ chart: `${block.binding.table}_chart` });
    // The source line under the title in 9-point grey.
    expect(model.charts[0]?.titleRun).toEqual({ start: 'GDP (current US$): Viet Nam'.length + 1, length: WDI.length, size: 9, color: '#595959' });
  });

  it('sizes the chart so the legend shows five long names in full, below the plot', async () => {
    const countries = [['VN', 'Viet Nam'], ['TH', 'Thailand'], ['MY', 'Malaysia'], ['PH', 'Philippines'], ['ID', 'Indonesia']] as const;
    const name = 'Gross domestic product (GDP), Constant prices, Percent change';
    const series = countries.map(([code, country]) => indicatorFixture({
      query: { kind: 'indicator', source: 'IMF', indicator: 'NGDP_RPCH', country: code }, name, countryName: country, unit: 'Percent change',
      periods: ['2021', '2022', '2023'], values: [1, 2, 3], sourceName: 'IMF World Economic Outlook', retrievedAt: '2026-11-22T19:00:00.000Z',
    }));
    const model = new WorkbookModel();
    await insertBlock(mockExcel(model), series, series.map((s) => s.provenance.query), { now: NOW, chart: true });
    const chart = model.charts[0];
    expect(chart?.series.map((s) => s.name)).toEqual(countries.map(([, c]) => `${name}: ${c}`));
    // The longest name, 'Gross domestic ... Percent change: Philippines' (74 characters), takes 30 + 74 x 5 = 400
    // points of legend: the chart is 400 + 32 wide, one name a legend row (five rows).
    expect(chart?.width).toBe(432);
    expect(chartSize({ width: 360 }, chart?.series.map((s) => s.name) ?? [], '', '').legendRows).toBe(5);
    expect([chart?.legend, chart?.valueAxisTitle]).toEqual(['Bottom', 'Percent change']);
    // The plot, the block's title on two lines, the source on one (76 x 5 <= 400), five legend rows, margins.
    expect(chart?.height).toBe(200 + 19 * 2 + 12 + 14 * 5 + 32);
    expect(chart?.title.split('\n')[1]).toBe('Source: IMF World Economic Outlook (retrieved 2026-11-22). Chart: Econdata.');
  });

  it('gives names that fit side by side one legend row, and never grows past 880 points', () => {
    // 200 points of plot, a title line (19), a legend row (14), margins (32).
    expect(chartSize({ width: 360 }, ['Vietnam', 'Thailand'], 'GDP', '')).toEqual({ width: 360, height: 265, legendRows: 1 });
    expect(chartSize({ width: 360 }, ['x'.repeat(400)], 'T', '').width).toBe(880);
  });

  it('leaves the projection flag out of an IMF chart', async () => {
    const model = new WorkbookModel();
    const block = await insertBlock(mockExcel(model), [imfSeries()], [imfQuery], { now: NOW, chart: true });
    expect(model.syncs).toBe(2);
    const header = 1 + block.binding.layout.headRows;
    expect(shape(model.charts[0])).toMatchObject({
      type: 'Line', title: 'Gross domestic product (GDP), Constant prices, Percent change: Vietnam\nSource: IMF World Economic Outlook (retrieved 2026-11-22). Chart: Econdata.',
      series: [{ name: 'Gross domestic product (GDP), Constant prices, Percent change: Vietnam', values: `Sheet1!B${header + 1}:B${header + 6}`, x: `Sheet1!A${header + 1}:A${header + 6}` }],
    });
  });

  it('draws a stock chart (open, high, low, close) for one ticker; close lines for several', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'A1');
    const one = await insertBlock(mockExcel(model), [stockSeries(30)], [stockQuery], { now: NOW, chart: true });
    expect(model.syncs).toBe(2);
    const h = 1 + one.binding.layout.headRows;
    expect(shape(model.charts[0])).toEqual({
      name: `${one.binding.table}_chart`, type: 'StockOHLC', title: 'VNM\nSource: Vietnam stock exchanges (HOSE, HNX, UPCOM) (retrieved 2026-11-22). Chart: Econdata.',
      // Six columns A:F, then G empty: the chart at H; 30 periods make it 320 + ... = 360 wide (the minimum).
      // Four legend entries of 30 + 9 x 5 = 75 points share one row of 328.
      anchor: { row: h - 1, col: 7 }, width: 360, height: 200 + 19 + 12 * 2 + 14 + 32, legend: 'Bottom', axis: expect.any(String),
      series: ['Open', 'High', 'Low', 'Close'].map((f, i) => ({ name: `VNM: ${f}`, values: `Sheet1!${'BCDE'[i]}${h + 1}:${'BCDE'[i]}${h + 30}`, x: `Sheet1!A${h + 1}:A${h + 30}` })),
    });

    const two = new WorkbookModel();
    const fpt = { ...stockSeries(30, { ...stockQuery, symbol: 'FPT' } as typeof stockQuery), id: 'stock:FPT', dimensions: { symbol: 'FPT' } };
    const both = await insertBlock(mockExcel(two), [stockSeries(30), fpt], [stockQuery, { ...stockQuery, symbol: 'FPT' } as typeof stockQuery], { now: NOW, chart: true });
    expect(two.syncs).toBe(2);
    const h2 = 1 + both.binding.layout.headRows;
    expect(shape(two.charts[0])).toMatchObject({
      type: 'Line', title: 'VNM and 1 more\nSource: Vietnam stock exchanges (HOSE, HNX, UPCOM) (retrieved 2026-11-22). Chart: Econdata.',
      series: [
        { name: 'VNM: Close', values: `Sheet1!E${h2 + 1}:E${h2 + 30}`, x: `Sheet1!A${h2 + 1}:A${h2 + 30}` },
        { name: 'FPT: Close', values: `Sheet1!J${h2 + 1}:J${h2 + 30}`, x: `Sheet1!A${h2 + 1}:A${h2 + 30}` },
      ],
    });
  });

  it('draws no chart where one would say nothing (a single month of trade) and says so in the binding', async () => {
    const model = new WorkbookModel();
    const block = await insertBlock(mockExcel(model), [tradeSeries()], [tradeQuery], { now: NOW, chart: true });
    expect(model.syncs).toBe(2);
    expect(model.charts).toEqual([]);
    expect(block.binding.chart).toBeUndefined();
  });

  it('a block too large for one request still gets its chart, with its last chunk', async () => {
    const model = new WorkbookModel();
    const block = await insertBlock(mockExcel(model, 60_000), [stockSeries(2_000)], [stockQuery], { now: NOW, chart: true, chunkBytes: 40_000 });
    expect(model.syncs).toBe(1 + block.chunks);
    const h = 1 + block.binding.layout.headRows;
    expect(shape(model.charts[0])).toMatchObject({ type: 'StockOHLC', width: 720, series: [{ name: 'VNM: Open', values: `Sheet1!B${h + 1}:B${h + 2000}` }, {}, {}, {}] });
  });

  it('follows a refresh that brings new rows: drawn again over the grown block, where and as large as the user left it (2 syncs)', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const excel = mockExcel(model);
    const block = await insertBlock(excel, [stockSeries(5)], [stockQuery], { now: NOW, chart: true });
    const chart = model.charts[0];
    if (!chart) throw new Error('no chart');
    // The user moves and enlarges it.
    Object.assign(chart, { top: 30, left: 500, width: 600, height: 300 });
    const { blocks } = await listBlocks(excel);
    const before = model.syncs;
    await refreshBlocks(excel, blocks, async (qs) => qs.map(() => ({ ok: true as const, series: stockSeries(8) })), { now: NOW });
    expect(model.syncs - before).toBe(2);
    const h = 2 + block.binding.layout.headRows;
    expect(model.charts).toHaveLength(1);
    expect(shape(model.charts[0])).toMatchObject({
      name: `${block.binding.table}_chart`, type: 'StockOHLC', width: 600, height: 300,
      series: [{ name: 'VNM: Open', values: `Sheet1!C${h + 1}:C${h + 8}`, x: `Sheet1!B${h + 1}:B${h + 8}` }, {}, {}, {}],
    });
    expect([model.charts[0]?.top, model.charts[0]?.left]).toEqual([30, 500]);

    // A chart the user deleted is not drawn again, and the block forgets it.
    model.charts.splice(0);
    const again = await listBlocks(excel);
    await refreshBlocks(excel, again.blocks, async (qs) => qs.map(() => ({ ok: true as const, series: stockSeries(8) })), { now: NOW });
    expect(model.charts).toEqual([]);
    expect(parseBinding('k', model.settings.get(BLOCK_SETTING_PREFIX + block.binding.table))).not.toHaveProperty('chart');
  });
});
