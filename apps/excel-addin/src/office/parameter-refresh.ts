/**
 * The Blocks tab's view of parameter blocks: each read as its cells are now (what the formula below
 * it asks), and refreshed by asking the service again for exactly those queries (`cache: 'reload'`,
 * so the answer lands in the cache the formulas read) and entering the formula again, so Excel
 * calculates it from the new answer. A query that fails leaves the formula as it was.
 */
import type { SeriesQuery } from '@econdata/core';
import type { ExcelHost } from './excel-api.ts';
import { PARAMS_SETTING_PREFIX, readParameterBlocks, type ParameterState } from './parameters.ts';
import { planShown, sentQueries } from '@econdata/analysis';
import type { FetchSeries } from './refresh.ts';

/** Every parameter block of the workbook, read from its cells (two syncs: the settings, the cells). */
export async function listParameterBlocks(excel: ExcelHost): Promise<ParameterState[]> {
  return excel.run(async (context) => {
    const settings = context.workbook.settings.load('items/key,items/value');
    await context.sync();
    return readParameterBlocks(context, settings.items.map((i) => ({ key: i.key, value: i.value })));
  });
}

/** What refreshing these blocks asks the service (the queries their formulas load, widened by their options). */
export function parameterQueries(states: readonly ParameterState[]): SeriesQuery[] {
  return states.filter((s) => !s.problem).flatMap((s) => sentQueries(planShown(s.queries, s.transform, { calendar: 'own' })));
}

/**
 * Fetches every block's queries anew (through `fetchSeries`, which should store the answers), then
 * enters each formula again in one sync. Throws the first failure before writing anything.
 */
export async function refreshParameterBlocks(excel: ExcelHost, states: readonly ParameterState[], fetchSeries: FetchSeries, now: Date = new Date()): Promise<{ syncs: number; text: string }> {
  const usable = states.filter((s) => !s.problem);
  const results = await fetchSeries(parameterQueries(usable));
  const failed = results.find((r) => !r.ok);
  if (failed && !failed.ok) throw failed.error;
  return excel.run(async (context) => {
    for (const s of usable) {
      const b = s.binding;
      context.workbook.worksheets.getItem(b.sheet).getRange(b.formulaAt).formulas = [[b.formula]];
      context.workbook.settings.add(PARAMS_SETTING_PREFIX + b.id, JSON.stringify({ ...b, refreshed_at: now.toISOString() }));
    }
    await context.sync();
    const lines = usable.map((s) => `${s.binding.formulaAt}: asked again for ${s.queries.length === 1 ? '1 series' : `${s.queries.length} series`}.`);
    for (const s of states) if (s.problem) lines.push(`${s.binding.formulaAt}: not refreshed, its parameters are refused: ${s.problem}`);
    return { syncs: 1, text: lines.join('\n') };
  });
}
