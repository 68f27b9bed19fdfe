/**
 * Projection periods marked in a block: the cells of a series whose `is_projection` flag is true
 * (IMF WEO) get a fill and italics, matching the legend line sheets writes in the provenance block
 * ("2025 to 2030 are projections (shaded)"). One fill call per run of projected rows per series,
 * so a block's marks ride on the request that writes it.
 */
import type { Grid } from '@econdata/sheets';
import type { XRange } from './excel-api.ts';

/** Fill of projected cells: light green, apart from the table's blue bands, revised yellow and warning orange. */
export const FORECAST_FILL = '#E2EFDA';

/** A rectangle of the data body to fill: rows [top, top + rows), columns [left, right]. */
interface Run {
  top: number;
  rows: number;
  left: number;
  right: number;
}

/** Runs of projected rows per series, over the series' value and flag columns (wide grids). */
function forecastRuns(grid: Grid): Run[] {
  const runs: Run[] = [];
  // Periods across (Dir=H): the flag is a row, not a column; the legend row still names the years.
  if (grid.arrangement?.dir === 'H') return runs;
  grid.columns.forEach((col, c) => {
    if (col.role !== 'flag' || col.key !== 'is_projection') return;
    const own = grid.columns.map((o, i) => (o.series === col.series && (o.role === 'value' || o.role === 'flag') ? i : -1)).filter((i) => i >= 0);
    const left = Math.min(...own);
    const right = Math.max(...own);
    const flags = grid.body.columns[c]?.values ?? [];
    let start = -1;
    for (let r = 0; r <= grid.body.rowCount; r += 1) {
      const on = r < grid.body.rowCount && flags[r] === true;
      if (on && start < 0) start = r;
      if (!on && start >= 0) {
        runs.push({ top: start, rows: r - start, left, right });
        start = -1;
      }
    }
  });
  return runs;
}

/** Queues the fills; `dataTop` is the block's first data cell (column 0). */
export function queueForecastFills(dataTop: XRange, grid: Grid): number {
  const runs = forecastRuns(grid);
  for (const run of runs) {
    const cells = dataTop.getOffsetRange(run.top, run.left).getResizedRange(run.rows - 1, run.right - run.left);
    cells.format.fill.color = FORECAST_FILL;
    // Italic as well, as IMF's own tables set projections: the mark survives printing in grey.
    cells.format.font.italic = true;
  }
  return runs.length;
}
