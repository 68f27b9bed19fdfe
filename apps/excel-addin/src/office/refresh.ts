/**
 * Refresh: re-runs the queries of the blocks the document remembers. Everything is fetched first;
 * only when every query answered is anything written, so a failed refresh leaves every old value in
 * place and says why. Then one Excel.run reads the current tables (one sync) and rewrites the blocks
 * (one more sync while they fit one request), highlighting revised values.
 */
import { fetchPlans, planDerived, planShown, sentQueries, type SeriesFetch, type ShownPlan } from '@econdata/analysis';
import type { Catalogue, Series, SeriesQuery, SeriesResult, SourceInfo } from '@econdata/core';
import { gridColumnCount, gridRowCount, seriesWithNewData, watchKey } from '@econdata/sheets';
import { loadBindings, removeBinding, type BindingProblem, type BlockBinding } from './bindings.ts';
import { REVISED_FILL, writeBlocks, type BlockJob, type WriteOptions } from './block-writer.ts';
import type { ExcelHost, XChart, XRange, XTable } from './excel-api.ts';
import { bindingFor, layoutBlock } from './insert.ts';
import { blockChanges, changeParts, summaryText, type BlockChanges, type SummaryPart } from './revisions.ts';

/** Highlights per refresh at most (each is a call in the request): the summary still counts all. */
const MAX_HIGHLIGHTS = 2_000;

export interface BlockStatus extends BlockBinding {
  /** False when the block's table is no longer in the workbook. */
  present: boolean;
}

/** Every block the document remembers, and whether its table is still there (two syncs). */
export async function listBlocks(excel: ExcelHost): Promise<{ blocks: BlockStatus[]; problems: BindingProblem[] }> {
  return excel.run(async (context) => {
    const pending = loadBindings(context);
    await context.sync();
    const { bindings, problems } = pending.read();
    if (bindings.length === 0) return { blocks: [], problems };
    const tables = bindings.map((b) => context.workbook.tables.getItemOrNullObject(b.table).load('name'));
    await context.sync();
    return { blocks: bindings.map((b, i) => ({ ...b, present: tables[i]?.isNullObject === false })), problems };
  });
}


/** One block's failed query. */
export interface RefreshFailure {
  block: BlockBinding;
  query: SeriesQuery;
  error: unknown;
}

/** A refresh that wrote nothing: some query failed. */
export class RefreshError extends Error {
  override readonly name = 'RefreshError';
  constructor(
    message: string,
    readonly failures: RefreshFailure[],
  ) {
    super(message);
  }
}

/** A revised value the summary shows, with the address of its cell ('Sheet1!C21'): the taskpane selects it on a click. */
interface RevisedLink {
  text: string;
  address: string;
}

/** One line of a refresh's summary: words, and revised values that link to their cells. */
export type SummaryLine = ReadonlyArray<string | RevisedLink>;

interface RefreshedBlock {
  binding: BlockBinding;
  address: string;
  changes: BlockChanges;
  summary: string;
}

export interface RefreshResult {
  blocks: RefreshedBlock[];
  /** Blocks whose table was deleted: their bindings were removed. */
  missing: BlockBinding[];
  syncs: number;
  /** What changed, one sentence per block. */
  text: string;
  /** The same sentences, each revised value shown with its cell's address. */
  lines: SummaryLine[];
}

export interface RefreshOptions extends WriteOptions {
  now?: Date;
  /** How an error reads for a person (the taskpane passes @econdata/ui's describeError). */
  describe?: (error: unknown) => string;
  /** Called when fetching is done and writing starts. */
  onWriting?: () => void;
  /**
   * The catalogue (the taskpane: api.catalogue()), asked only when a block was inserted with
   * names in another language than English, to name its series in that language again.
   */
  catalogue?: () => Promise<Catalogue>;
  /**
   * The date the answers are as of (`fetchSeries` answers from the vintages kept on this computer):
   * kept in each block's binding, so the Blocks tab says it and the refreshes that run over every
   * block leave it. Absent: today's data (a block written as of a date comes back to today).
   */
  asOf?: string;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A fetch of many queries, one result per query, in order (the taskpane's `api.fetchSeries`): a `SeriesFetch` whose options may be left out. */
export type FetchSeries = (queries: SeriesQuery[], options?: Parameters<SeriesFetch>[1]) => Promise<SeriesResult[]>;

/** What showing a block fetches again: a derived block its recipes, any other its queries through its transform, named in the language it was inserted in. */
function blockPlan(b: BlockBinding): ShownPlan {
  const language = b.language ?? 'en';
  return b.derived ? planDerived(b.derived, { language }) : planShown(b.queries, b.transform, { language, calendar: 'own' });
}

/**
 * Fetches every block at once, through the one path (@econdata/analysis's `fetchPlans`: one job,
 * each block widened for its transform, named in its language, transformed back to the asked
 * range); throws RefreshError (nothing written) if any query failed.
 */
async function fetchAll(blocks: readonly BlockBinding[], fetchSeries: FetchSeries, describe: (e: unknown) => string, catalogue: RefreshOptions['catalogue']): Promise<Series[][]> {
  const plans = blocks.map(blockPlan);
  const queries = plans.flatMap((p) => p.queries);
  // The answers as they came, to count the failed operands of derived blocks.
  let answers: SeriesResult[] = [];
  const recorded: FetchSeries = async (qs, o) => (answers = await fetchSeries(qs, o));
  // The catalogue only when something will be written: a failed refresh writes nothing, and a
  // catalogue served from the cache would not say whether the service answers.
  const names = catalogue ? { catalogue: async (): Promise<Catalogue> => (answers.every((r) => r.ok) ? catalogue() : { sources: [] }) } : undefined;
  const results = await fetchPlans(recorded, plans, names ? { names } : {});
  const failures: RefreshFailure[] = [];
  let at = 0;
  const series = blocks.map((block, b) => {
    const mine = answers.slice(at, (at += plans[b]!.queries.length));
    if (block.derived) return derivedSeries(block, block.derived, results[b]!, mine, failures);
    return block.queries.map((query, i) => {
      const r = results[b]![i];
      if (!r) failures.push({ block, query, error: new Error('no answer came back for this query') });
      else if (!r.ok) failures.push({ block, query, error: r.error });
      return r?.ok ? r.series : undefined;
    });
  });
  if (failures.length > 0) {
    const first = failures[0];
    const which = failures.length === 1 ? '' : `${failures.length} of ${queries.length} queries failed; the first, `;
    throw new RefreshError(`Nothing was changed: the old values are still in place. ${which}${first?.block.title}: ${describe(first?.error)}`, failures);
  }
  return series.map((list) => list.filter((s): s is Series => s !== undefined));
}

/**
 * The blocks whose sources have data dated on or after the block's last write (the catalogue's
 * `last_updated`, @econdata/sheets' watch rule), and the queries the others would have asked.
 * Trade and stock blocks have no catalogue date: always due.
 */
export function blocksWithNewData<B extends BlockBinding>(blocks: readonly B[], sources: readonly SourceInfo[]): { due: B[]; savedQueries: number } {
  const due = blocks.filter((b) => seriesWithNewData(blockFetchQueries(b).map((query) => ({
    key: watchKey('', query), query, lastUpdated: null, lookedAt: b.refreshed_at ?? b.inserted_at,
  })), sources).length > 0);
  const savedQueries = blocks.filter((b) => !due.includes(b)).reduce((n, b) => n + blockFetchQueries(b).length, 0);
  return { due, savedQueries };
}

/** What refreshing a block asks the service; throws what the engine refuses before any request. */
export function blockFetchQueries(b: BlockBinding): SeriesQuery[] {
  return sentQueries(blockPlan(b));
}

/**
 * A derived block's series from its recipes' results. Failures are counted as queries are (one
 * per failed operand, from `answers`), so "6 of 7 queries failed" stays true; a recipe analysis refuses counts once.
 */
function derivedSeries(block: BlockBinding, recipes: NonNullable<BlockBinding['derived']>, results: readonly SeriesResult[], answers: readonly SeriesResult[], failures: RefreshFailure[]): Array<Series | undefined> {
  let at = 0;
  return results.map((r, i) => {
    const recipe = recipes[i]!;
    const mine = answers.slice(at, (at += recipe.operands.length));
    if (r.ok) return r.series;
    const failed = recipe.operands.filter((_, j) => mine[j]?.ok === false);
    if (failed.length === 0) failures.push({ block, query: recipe.operands[0]!.query, error: r.error });
    for (const o of failed) {
      const answer = mine[recipe.operands.indexOf(o)] as Extract<SeriesResult, { ok: false }>;
      failures.push({ block, query: o.query, error: answer.error });
    }
    return undefined;
  });
}

/**
 * Throws RefreshError (nothing written yet) when a block's new extent covers filled cells outside
 * its old one: the user's data next to a block is never overwritten by its growth.
 */
function refuseOverwrites(blocks: readonly BlockBinding[], reads: ReadonlyArray<{ table: XTable; range: XRange; future: XRange | undefined } | undefined>): void {
  blocks.forEach((block, i) => {
    const read = reads[i];
    if (!read?.future || read.table.isNullObject) return;
    const oldRows = block.layout.headRows + read.range.rowCount;
    const oldColumns = Math.max(block.layout.headColumns + read.range.columnCount, block.layout.columns);
    const values = read.future.values;
    let filled = 0;
    values.forEach((row, r) => row.forEach((v, c) => {
      if ((r >= oldRows || c >= oldColumns) && v !== '') filled += 1;
    }));
    if (filled > 0) {
      const size = `${values.length} rows x ${values[0]?.length ?? 0} columns`;
      throw new RefreshError(
        `Nothing was changed: the old values are still in place. ${block.title} has grown to ${size} and would overwrite ${filled} filled ${filled === 1 ? 'cell' : 'cells'} below or beside it: move ${filled === 1 ? 'that cell' : 'those cells'} (or the block), then refresh again.`,
        [],
      );
    }
  });
}

/**
 * Re-runs `blocks` (from listBlocks) and rewrites them with revisions highlighted.
 *
 * @example const result = await refreshBlocks(Excel, blocks, (q) => client.fetchSeries(q));
 */
export async function refreshBlocks(excel: ExcelHost, blocks: readonly BlockBinding[], fetchSeries: FetchSeries, options: RefreshOptions = {}): Promise<RefreshResult> {
  const describe = options.describe ?? errorText;
  const fresh = await fetchAll(blocks, fetchSeries, describe, options.catalogue);
  options.onWriting?.();
  const now = options.now ?? new Date();
  return excel.run(async (context) => {
    // A block listBlocks found without its table is not asked about again (a null object's range
    // would fail the whole request in Excel).
    // Each block's new extent is read too: a block that grew must not overwrite the user's cells.
    const grids = fresh.map((series, i) => layoutBlock(series, blocks[i]?.arrangement));
    const reads = blocks.map((b, i) => {
      if ((b as Partial<BlockStatus>).present === false) return undefined;
      const table: XTable = context.workbook.tables.getItemOrNullObject(b.table).load('name');
      const range: XRange = table.getRange().load('rowIndex,rowCount,columnCount,values');
      const grid = grids[i];
      const future = grid ? table.getRange().getOffsetRange(-b.layout.headRows, -b.layout.headColumns).getCell(0, 0).getResizedRange(gridRowCount(grid) - 1, gridColumnCount(grid) - 1).load('values') : undefined;
      // Its chart, where the user left it (a chart the user deleted is not drawn again).
      const chart: XChart | undefined = b.chart ? range.worksheet.charts.getItemOrNullObject(b.chart).load('top,left,width,height') : undefined;
      return { table, range, future, chart };
    });
    await context.sync();
    refuseOverwrites(blocks, reads);
    const jobs: BlockJob[] = [];
    const done: Array<Omit<RefreshedBlock, 'address'> & { parts: SummaryPart[]; cells: Map<SummaryPart, XRange> }> = [];
    const missing: BlockBinding[] = [];
    let highlights = 0;
    blocks.forEach((block, i) => {
      const read = reads[i];
      const series = fresh[i] ?? [];
      if (!read || read.table.isNullObject) {
        missing.push(block);
        removeBinding(context, block.table);
        return;
      }
      const headRows = Math.min(block.layout.headRows, read.range.rowIndex);
      const anchor = read.range.getOffsetRange(-headRows, -block.layout.headColumns).getCell(0, 0);
      const grid = grids[i] ?? layoutBlock(series, block.arrangement);
      const changes = blockChanges(read.range.values, series, grid);
      const parts = changeParts(block.title, changes.diff, changes.revisedCells, options.asOf);
      // The cells of the revised values the summary shows, their addresses loaded with the last write.
      const cells = new Map<SummaryPart, XRange>();
      const binding: BlockBinding = { ...bindingFor(grid, series, block.queries, block, now, block), inserted_at: block.inserted_at, refreshed_at: now.toISOString() };
      if (block.chart && !read.chart?.isNullObject) binding.chart = block.chart;
      if (options.asOf) binding.asOf = options.asOf;
      const oldRows = headRows + read.range.rowCount;
      const oldColumns = Math.max(block.layout.headColumns + read.range.columnCount, block.layout.columns);
      const chart = read.chart && !read.chart.isNullObject ? read.chart : undefined;
      jobs.push({
        anchor,
        grid,
        binding,
        series,
        // Drawn again over the new rows, at the old chart's place and size.
        ...(chart ? { chart: { top: chart.top, left: chart.left, width: chart.width, height: chart.height } } : {}),
        before: () => {
          chart?.delete();
          read.table.delete();
          anchor.getResizedRange(oldRows - 1, oldColumns - 1).clear();
        },
        after: () => {
          for (const cell of changes.revisedCells) {
            if (highlights >= MAX_HIGHLIGHTS) break;
            anchor.getOffsetRange(cell.row, cell.column).format.fill.color = REVISED_FILL;
            highlights += 1;
          }
          for (const part of parts) if (typeof part !== 'string' && part.cell) cells.set(part, anchor.getOffsetRange(part.cell.row, part.cell.column).load('address'));
        },
      });
      done.push({ binding, changes, summary: summaryText(parts), parts, cells });
    });
    const { blocks: written, syncs: writeSyncs } = await writeBlocks(context, jobs, options);
    let syncs = 1 + writeSyncs;
    if (jobs.length === 0 && missing.length > 0) {
      await context.sync();
      syncs += 1;
    }
    const result = done.map(({ parts: _p, cells: _c, ...d }, i) => ({ ...d, address: written[i]?.range.address ?? '' }));
    const lines: SummaryLine[] = done.map((d) => d.parts.map((p) => {
      if (typeof p === 'string') return p;
      const cell = d.cells.get(p);
      return cell ? { text: p.text, address: cell.address } : p.text;
    }));
    for (const m of missing) lines.push([`${m.title}: its table was deleted from the workbook, so the add-in forgot this block.`]);
    return { blocks: result, missing, syncs, lines, text: lines.map(summaryText).join('\n') };
  });
}
