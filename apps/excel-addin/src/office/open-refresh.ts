/**
 * Refresh on open: when a workbook that opted in opens (the add-in loads with it), every block and
 * parameter block is refreshed, but only after the cost is known: the estimate of what it would ask
 * the service, against the quota left today. When the day's allowance would not cover it, nothing
 * is fetched and nothing written: the outcome says so, for the taskpane to show with the cost.
 */
import type { Catalogue, Estimate, SeriesQuery, SourceInfo } from '@econdata/core';
import type { ExcelHost } from './excel-api.ts';
import { listParameterBlocks, parameterQueries, refreshParameterBlocks } from './parameter-refresh.ts';
import { blockFetchQueries, blocksWithNewData, listBlocks, refreshBlocks, type FetchSeries } from './refresh.ts';
import { readRefreshOnOpen } from './startup.ts';

export type OpenOutcome =
  | { kind: 'off' }
  | { kind: 'empty' }
  | { kind: 'refused'; estimate: Estimate }
  | { kind: 'refreshed'; estimate: Estimate; text: string; savedQueries: number }
  /** The catalogue says no block's source has newer data: nothing fetched but the catalogue. */
  | { kind: 'current'; savedQueries: number };

export interface OpenRefreshDeps {
  excel: ExcelHost;
  /** The cost of asking the service anew for these queries (the taskpane: api.estimate(q, { cache: 'no-store' })). */
  estimate(queries: SeriesQuery[]): Promise<Estimate>;
  /**
   * Asks the service anew and stores the answers (cache: 'reload'): one job for every block, so
   * what it costs is what the estimate said, and parameter blocks' formulas then read the answers.
   */
  reloadSeries: FetchSeries;
  /** How an error reads (ui's describeError). */
  describe?: (error: unknown) => string;
  /** The catalogue, to name again the series of blocks inserted with Vietnamese names (refreshBlocks). */
  catalogue?: () => Promise<Catalogue>;
  /**
   * The catalogue's sources past the client's cache (the taskpane: listSources with cache 'reload').
   * Given, only blocks whose source has data dated on or after their last write are refreshed (the
   * "Refresh updated" rule); the queries of the others are counted as saved.
   */
  listSources?: () => Promise<readonly SourceInfo[]>;
}

/**
 * Runs refresh on open for a workbook that opted in: off, nothing to refresh, refused for the
 * quota (nothing fetched or written), or refreshed (the summary of each block). A refresh that fails
 * throws as the Blocks tab's Refresh does (nothing written).
 */
export async function refreshOnOpen(deps: OpenRefreshDeps): Promise<OpenOutcome> {
  const { excel } = deps;
  if (!(await readRefreshOnOpen(excel))) return { kind: 'off' };
  // A block written as of a date stays as it is (its own Refresh brings it back).
  let blocks = (await listBlocks(excel)).blocks.filter((b) => b.present && !b.asOf);
  const params = (await listParameterBlocks(excel)).filter((p) => !p.problem);
  if (blocks.length + params.length === 0) return { kind: 'empty' };
  let savedQueries = 0;
  if (deps.listSources) ({ due: blocks, savedQueries } = blocksWithNewData(blocks, await deps.listSources()));
  const queries = [...blocks.flatMap(blockFetchQueries), ...parameterQueries(params)];
  if (queries.length === 0) return { kind: 'current', savedQueries };
  const estimate = await deps.estimate(queries);
  // The minute window only makes it wait; the day's allowance is what it could not get back.
  if (estimate.quota && !estimate.quota.fitsToday) return { kind: 'refused', estimate };
  const results = await deps.reloadSeries(queries);
  const answers = new Map(queries.map((q, i) => [JSON.stringify(q), results[i]]));
  const answered: FetchSeries = async (qs) => qs.map((q) => answers.get(JSON.stringify(q)) ?? { ok: false, error: new Error('unreachable: every query was fetched above') as never });
  const lines: string[] = [];
  if (blocks.length > 0) lines.push((await refreshBlocks(excel, blocks, answered, { ...(deps.describe ? { describe: deps.describe } : {}), ...(deps.catalogue ? { catalogue: deps.catalogue } : {}) })).text);
  if (params.length > 0) lines.push((await refreshParameterBlocks(excel, params, answered)).text);
  return { kind: 'refreshed', estimate, text: lines.join('\n'), savedQueries };
}
