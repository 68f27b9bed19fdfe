/** layoutSeries: Series to Grid, once, for every sink. */
import type { Series } from '@econdata/core';
import { arrangeGrid } from './arrange.ts';
import { sheetName } from './cells.ts';
import { layoutLong } from './long.ts';
import type { Arrangement, Grid, Orientation } from './types.ts';
import { groupByFrequency, layoutWide } from './wide.ts';

export interface LayoutOptions {
  /**
   * 'wide' (default): periods down, a column per series column. 'long': tidy rows. 'auto': wide,
   * unless the series mix frequencies (then long), what a worksheet block and a formula's spill use.
   */
  orientation?: Orientation | 'auto';
  /** The provenance block above the data (default true). Files we read back need it for an exact round trip. */
  provenance?: boolean;
  /** Sheet name; default from the series (the one title, or the kind). */
  name?: string;
  /** Layout options (`Dir`, `Sort`, `Header`, `Dates`; `readArrangement`); default periods down, oldest first, header and dates shown. */
  arrangement?: Arrangement;
}

/**
 * Lays out Series as a Grid. Wide grids take series of one frequency (see `groupByFrequency`).
 *
 * @example const grid = layoutSeries([gdp, cpi], { orientation: 'wide' });
 */
export function layoutSeries(series: readonly Series[], options: LayoutOptions = {}): Grid {
  const provenance = options.provenance ?? true;
  const name = sheetName(options.name ?? defaultName(series));
  const long = options.orientation === 'long' || (options.orientation === 'auto' && groupByFrequency(series).length > 1);
  const grid = long ? layoutLong(series, provenance, name) : layoutWide(series, provenance, name);
  return options.arrangement ? arrangeGrid(grid, options.arrangement) : grid;
}

function defaultName(series: readonly Series[]): string {
  const first = series[0];
  if (first === undefined) return 'Data';
  if (series.length === 1) return first.dimensions['symbol'] ?? first.dimensions['index'] ?? first.dimensions['indicator'] ?? first.kind;
  const kinds = new Set(series.map((s) => s.kind));
  return kinds.size === 1 ? `${first.kind} ${first.frequency}` : 'Data';
}
