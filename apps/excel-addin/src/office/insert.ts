/**
 * "Insert at selection": Series laid out by sheets, written as a block whose top-left cell is the
 * selected cell, bound to its queries in the document, with a chart beside it when asked. One
 * Excel.run: one sync to check the cells the block needs are empty, then one sync for a block under
 * the payload limit (one per chunk above it).
 */
import type { DerivedRequest } from '@econdata/analysis';
import type { NameLanguage, Series, SeriesQuery } from '@econdata/core';
import { optionPairs } from '@econdata/analysis';
import { InvalidParameterError } from '@econdata/core';
import { gridColumnCount, gridRowCount, layoutSeries, readArrangement, type Grid } from '@econdata/sheets';
import { newBlockId, removeBinding, type BlockBinding } from './bindings.ts';
import { writeBlocks, type WriteOptions } from './block-writer.ts';
import type { ExcelHost } from './excel-api.ts';

/** The selection has no room: the block would overwrite cells that hold data. */
export class BlockOverwriteError extends Error {
  override readonly name = 'BlockOverwriteError';
}

export interface InsertedBlock {
  binding: BlockBinding;
  /** 'Sheet1!B2:H40'. */
  address: string;
  /** context.sync() calls of the insert: the look at the target, then one per request written. */
  syncs: number;
  chunks: number;
  /** Estimated request bytes of the block's values. */
  bytes: number;
}

/**
 * The layout a block uses: wide, unless its series mix frequencies (then long: one row each),
 * arranged by its layout options (sheets' canonical text, 'Dir=H Sort=D'). A block is an Excel
 * table, and a table has a header row (Refresh, the chart and the user's filters read it), so the
 * options that leave the header row out are refused here with what to do instead.
 */
export function layoutBlock(series: readonly Series[], arrangementText = ''): Grid {
  const arrangement = readArrangement(optionPairs(arrangementText));
  if (!arrangement.header || (arrangement.dir === 'H' && !arrangement.dates)) {
    const option = arrangement.header ? 'Dates=N with Dir=H' : 'Header=N';
    throw new InvalidParameterError(arrangement.header ? 'Dates' : 'Header', `${option} leaves out the row that heads the block's Excel table, and a table needs one (Refresh and the chart read it). Insert as formulas for a spill without it.`);
  }
  return layoutSeries(series, { orientation: 'auto', arrangement });
}

/** Whether a block's chart can be drawn: it needs the periods down its first column (`Dir=V`, `Dates=Y`). */
export function chartFits(arrangementText = ''): boolean {
  const a = readArrangement(optionPairs(arrangementText));
  return a.dir === 'V' && a.dates;
}

/** A short name for the block in lists. */
function blockTitle(series: readonly Series[]): string {
  const first = series[0];
  if (!first) return 'Empty block';
  const who = (s: Series): string => s.dimensions['symbol'] ?? s.dimensions['index'] ?? s.title;
  return series.length === 1 ? who(first) : `${who(first)} and ${series.length - 1} more`;
}

/** What a block's binding keeps beside its queries: how its series were made and named. */
export interface BlockRecipe {
  /** The canonical transform text the series went through. */
  transform?: string | undefined;
  derived?: readonly DerivedRequest[] | undefined;
  arrangement?: string | undefined;
  /** The language the series were named in (English when absent). */
  language?: NameLanguage | undefined;
}

/** The binding of a Grid about to be written. */
export function bindingFor(grid: Grid, series: readonly Series[], queries: readonly SeriesQuery[], ids: { id: string; table: string }, now: Date, recipe: BlockRecipe = {}): BlockBinding {
  const { transform, derived, arrangement, language } = recipe;
  return {
    id: ids.id,
    table: ids.table,
    title: blockTitle(series),
    queries: [...queries],
    ...(transform ? { transform } : {}),
    ...(arrangement ? { arrangement } : {}),
    ...(derived && derived.length > 0 ? { derived: [...derived] } : {}),
    ...(language && language !== 'en' ? { language } : {}),
    layout: { orientation: grid.orientation, headRows: grid.regions.header.top, headColumns: grid.regions.header.left, columns: grid.columns.length },
    inserted_at: now.toISOString(),
    refreshed_at: null,
    stale: series.some((s) => s.provenance.stale === true),
  };
}

/**
 * Writes `series` at the selection as a new block. `queries` are the asked queries (as Refresh will
 * ask them again) and `transform` the canonical text the series went through, kept in the binding;
 * for derived series, `derived` their recipes (and `queries` their operands); `language` the one
 * the series were named in (Refresh names them in it again).
 *
 * @example const block = await insertBlock(Excel, series, queries, { onProgress, transform: 'Units=pc1' });
 */
export async function insertBlock(
  excel: ExcelHost,
  series: readonly Series[],
  queries: readonly SeriesQuery[],
  options: WriteOptions & { now?: Date; transform?: string; chart?: boolean; derived?: readonly DerivedRequest[]; arrangement?: string; language?: NameLanguage; title?: string } = {},
): Promise<InsertedBlock> {
  if (series.length === 0 || series.every((s) => s.periods.length === 0)) {
    throw new Error('Nothing to insert: the query returned no observations. Widen the years or dates, or pick another country or indicator.');
  }
  const now = options.now ?? new Date();
  const grid = layoutBlock(series, options.arrangement);
  const binding = bindingFor(grid, series, queries, newBlockId(now), now, { transform: options.transform, derived: options.derived, arrangement: options.arrangement || undefined, language: options.language });
  if (options.title) binding.title = options.title;
  return excel.run(async (context) => {
    // First look at where the block would go: a block never overwrites the user's cells.
    const anchor = context.workbook.getSelectedRange().getCell(0, 0);
    const rows = gridRowCount(grid);
    const columns = gridColumnCount(grid);
    const target = anchor.getResizedRange(rows - 1, columns - 1).load('address');
    const used = target.getUsedRangeOrNullObject(true);
    used.load('address');
    await context.sync();
    if (!used.isNullObject) {
      throw new BlockOverwriteError(
        `The block needs ${target.address} (${rows} rows x ${columns} columns), and ${used.address} already holds data. Select an empty cell with that much room below and to the right, then insert again.`,
      );
    }
    // A chart rides on the last write request: still two syncs for a block under the limit.
    const { blocks, syncs } = await writeBlocks(context, [{ anchor, grid, binding, series, ...(options.chart && chartFits(options.arrangement) ? { chart: true as const } : {}) }], options);
    const written = blocks[0];
    if (!written) throw new Error('unreachable: one block, one result');
    return {
      binding,
      address: written.range.address,
      syncs: 1 + syncs,
      chunks: written.chunks.length,
      bytes: written.chunks.reduce((s, c) => s + c.bytes, 0),
    };
  });
}

/**
 * Writes kept releases of series side by side at the selection (one column per release, periods
 * down, each titled with its retrieval time), with a chart overlaying them: a sheet of values, not
 * a block (its binding is removed, so no refresh rewrites it); `title` names the chart. Returns its address.
 */
export async function insertReleases(excel: ExcelHost, releases: readonly Series[], title: string): Promise<string> {
  const block = await insertBlock(excel, releases, releases.map((s) => s.provenance.query), { chart: true, title });
  await excel.run(async (context) => {
    removeBinding(context, block.binding.table);
    await context.sync();
  });
  return block.address;
}
