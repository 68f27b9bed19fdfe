/**
 * A native Excel chart beside a block: lines for indicator and trade series, a stock chart
 * (open-high-low-close) for one ticker and close lines for several. Its data are the block's own
 * cells (the period column as the axis, one chart series per value column; flag columns such as
 * is_projection are left out), so editing a value moves the line; a refresh draws it again over
 * the rewritten block (new rows included) where the user left it, at the size they gave it.
 * Ready for a report as inserted: the legend below the plot, the chart sized so every series' name
 * shows in full (from the number and length of the names), the value axis titled with the units,
 * and the source line (ui's, as the explorer's images carry it) under the title.
 * Everything is queued on the request that writes the block: no extra sync.
 */
import type { Series } from '@econdata/core';
import type { Grid } from '@econdata/sheets';
import { sourceLine } from '@econdata/ui';
import type { XChart, XChartType, XRange } from './excel-api.ts';

/** Where a chart goes and how big it is, in points (kept across refreshes). */
export interface ChartPlace {
  top: number;
  left: number;
  width: number;
  height: number;
}

interface ChartPlan {
  type: XChartType;
  /** Grid columns charted, the period column (0) first. */
  columns: number[];
  width: number;
  height: number;
}

const HEIGHT = 240;
const MIN_WIDTH = 360;
const MAX_WIDTH = 720;
/** The widest a chart grows so that a long legend entry shows whole (about 160 characters). */
const LEGEND_MAX_WIDTH = 880;
/** The plot's own height, whatever the title and legend above and below it take. */
const PLOT_HEIGHT = 200;
/**
 * Excel's chart text in points (Calibri): a legend entry (9 pt) is about 5 points a character after
 * its 20-point marker and a 10-point gap; the title (14 pt) about 7.5 a character and 19 a line; the
 * source line under it (9 pt, grey) 5 a character and 12 a line; a legend row 14. Estimates on the
 * generous side: an entry that would just fit is given room.
 */
const LEGEND_CHAR = 5;
const LEGEND_MARKER = 30;
const LEGEND_ROW = 14;
const TITLE_CHAR = 7.5;
const TITLE_LINE = 19;
const SOURCE_SIZE = 9;
const SOURCE_CHAR = 5;
const SOURCE_LINE = 12;
const SIDE = 16;

/** Lines a text takes at `char` points a character in `room` points. */
const linesOf = (text: string, char: number, room: number): number => (text === '' ? 0 : Math.max(1, Math.ceil((text.length * char) / room)));

/**
 * The chart's size for its legend names, title and source line: wide enough for the longest name
 * on a legend row of its own (up to about 160 characters), and tall enough for the plot, the
 * wrapped title and source, and every legend row (entries fill rows left to right, as Excel lays
 * out a bottom legend).
 *
 * @example chartSize({ width: 360 }, ['GDP growth (annual %): Vietnam', ...], 'GDP growth', 'Source: ...').height
 */
export function chartSize(plan: { width: number }, names: readonly string[], title: string, source: string): { width: number; height: number; legendRows: number } {
  const entries = names.map((n) => LEGEND_MARKER + n.length * LEGEND_CHAR);
  const longest = Math.max(0, ...entries);
  const width = Math.round(Math.max(plan.width, Math.min(LEGEND_MAX_WIDTH, longest + SIDE * 2)));
  // Entries fill rows left to right, as Excel lays a bottom legend out.
  let legendRows = names.length > 0 ? 1 : 0;
  let used = 0;
  for (const w of entries) {
    if (used > 0 && used + w > width - SIDE * 2) {
      legendRows += 1;
      used = 0;
    }
    used += w;
  }
  const room = width - SIDE * 2;
  const head = linesOf(title, TITLE_CHAR, room) * TITLE_LINE + linesOf(source, SOURCE_CHAR, room) * SOURCE_LINE;
  const height = Math.round(Math.max(HEIGHT, PLOT_HEIGHT + head + legendRows * LEGEND_ROW + SIDE * 2));
  return { width, height, legendRows };
}

/** The units of the charted columns, each once ('current US$', 'current US$ / annual %'); '' when none is known. */
function chartUnits(grid: Grid, plan: ChartPlan, series: readonly Series[]): string {
  const units = plan.columns.slice(1).map((c) => {
    const col = grid.columns[c];
    const s = col?.series === undefined ? undefined : series[col.series];
    return s?.columns.find((k) => k.key === col?.key)?.unit ?? '';
  });
  return [...new Set(units)].filter((u) => u !== '').join(' / ');
}

/** The block's chart name: its table's name, suffixed (names are unique per sheet, tables per workbook). */
const chartName = (table: string): string => `${table}_chart`;

/**
 * What to chart for a laid-out block, or null when a chart would say nothing: a long layout (mixed
 * frequencies), fewer than two periods, or no value column.
 */
function chartPlan(grid: Grid): ChartPlan | null {
  if (grid.orientation !== 'wide' || grid.body.rowCount < 2) return null;
  const values = grid.columns.flatMap((c, i) => (c.role === 'value' ? [i] : []));
  if (values.length === 0) return null;
  const keys = values.map((i) => grid.columns[i]?.key);
  const ohlc = ['open', 'high', 'low', 'close'];
  const stocks = new Set(values.map((i) => grid.columns[i]?.series)).size;
  let type: XChartType = 'Line';
  let columns = values;
  if (keys.includes('close')) {
    // One ticker: Excel's stock chart needs exactly date, open, high, low, close in that order.
    const inOrder = values.slice(0, 4).every((i, k) => grid.columns[i]?.key === ohlc[k] && i === k + 1);
    if (stocks === 1 && inOrder) {
      type = 'StockOHLC';
      columns = values.slice(0, 4);
    } else {
      columns = values.filter((i) => grid.columns[i]?.key === 'close');
    }
  }
  // Wider for long series, so points do not crowd: ~4 points per period between the bounds.
  const width = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, 200 + grid.body.rowCount * 4)));
  return { type, columns: [0, ...columns], width, height: HEIGHT };
}

/** The chart's title: the series' own title for one series, the block's title otherwise. */
function chartTitle(grid: Grid, blockTitle: string, plan: ChartPlan): string {
  const seriesOf = new Set(plan.columns.slice(1).map((c) => grid.columns[c]?.series));
  if (seriesOf.size !== 1) return blockTitle;
  const header = grid.rows[grid.regions.header.top]?.[plan.columns[1] ?? 1]?.v;
  const title = typeof header === 'string' ? header : blockTitle;
  // A stock chart's first column is 'VNM: Open': the ticker names the chart.
  return plan.type === 'StockOHLC' ? title.replace(/: Open$/, '') : title;
}

/**
 * Queues a chart of the block whose header row starts at `header` (the table's top-left cell) and
 * has `rows` data rows, placed at `place` (a refresh) or to the right of the block. Returns its name.
 */
export function queueChart(header: XRange, grid: Grid, rows: number, table: string, blockTitle: string, series: readonly Series[], place?: ChartPlace): string | null {
  const plan = chartPlan(grid);
  if (!plan) return null;
  const width = grid.columns.length;
  const axis = header.getOffsetRange(1, 0).getResizedRange(rows - 1, 0);
  const values = (c: number): XRange => header.getOffsetRange(1, c).getResizedRange(rows - 1, 0);
  // The value columns right after the period column go in charts.add in one range (Excel names
  // each series from the header row and takes the first column as the axis); value columns
  // further right (after a flag column, or several tickers' closes) are added one by one.
  let run = 0;
  while (plan.columns[run + 1] === run + 1) run += 1;
  let chart: XChart;
  let rest: number[];
  if (run > 0) {
    chart = header.worksheet.charts.add(plan.type, header.getResizedRange(rows, run), 'Columns');
    rest = plan.columns.slice(run + 1);
  } else {
    const c = plan.columns[1] ?? 1;
    chart = header.worksheet.charts.add(plan.type, header.getOffsetRange(0, c).getResizedRange(rows, 0), 'Columns');
    chart.series.getItemAt(0).setXAxisValues(axis);
    rest = plan.columns.slice(2);
  }
  for (const c of rest) {
    const name = grid.rows[grid.regions.header.top]?.[c]?.v;
    const s = chart.series.add(typeof name === 'string' ? name : `Column ${c + 1}`);
    s.setValues(values(c));
    s.setXAxisValues(axis);
  }
  // Never read back a property set in this request: Office.js would want it loaded first.
  const name = chartName(table);
  chart.name = name;
  const headerRow = grid.rows[grid.regions.header.top] ?? [];
  const names = plan.columns.slice(1).map((c) => { const v = headerRow[c]?.v; return typeof v === 'string' ? v : `Column ${c + 1}`; });
  const title = chartTitle(grid, blockTitle, plan);
  const source = series.length > 0 ? sourceLine(series) : '';
  // The source line under the title, smaller and grey, as FRED puts it under its graphs.
  chart.title.text = source === '' ? title : `${title}\n${source}`;
  if (source !== '') {
    const small = chart.title.getSubstring(title.length + 1, source.length);
    small.font.size = SOURCE_SIZE;
    small.font.color = '#595959';
  }
  chart.legend.position = 'Bottom';
  const units = chartUnits(grid, plan, series);
  if (units !== '') chart.axes.valueAxis.title.text = units;
  if (place) {
    chart.top = place.top;
    chart.left = place.left;
    chart.width = place.width;
    chart.height = place.height;
  } else {
    const size = chartSize(plan, names, title, source);
    chart.setPosition(header.getOffsetRange(0, width + 1));
    chart.width = size.width;
    chart.height = size.height;
  }
  return name;
}
