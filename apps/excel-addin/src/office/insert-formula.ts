/**
 * "Insert as formula": the ECON.* custom-function call that stands for a query (its text: @econdata/ui's
 * formulaFor, the one writer, also used by "Copy as code"), written at the selection instead of
 * values, so the cells recalculate through the shared runtime's cache.
 * Signatures: ECON.INDICATOR(source, indicator, country, [start_year], [end_year], [frequency], [transform]),
 * ECON.TRADE(flow, [partner], [hs_code], [period: a month or 2024-01:2024-06], [transform]), ECON.STOCK(symbol_or_index, [start_date],
 * [end_date], [field], [transform]), ECON.DERIVED(expression, operands, [start_year], [end_year], [transform]);
 * `transform` is @econdata/analysis's canonical text ('Units=pc1').
 */
import type { SeriesQuery } from '@econdata/core';
import { formulasFor } from '@econdata/ui';
import type { ExcelHost } from './excel-api.ts';

/** Columns left between formulas written side by side, so one spill does not block the next. */
const FORMULA_SPACING = 8;

/** Writes the formulas of some queries (with the transform, if any) at the selection (see writeFormulas). */
export async function insertFormulas(excel: ExcelHost, queries: readonly SeriesQuery[], transform?: string): Promise<{ formulas: string[]; address: string }> {
  return writeFormulas(excel, formulasFor(queries, transform));
}

/** Writes formulas at the selection, side by side (one sync), and returns the cells they went to. */
export async function writeFormulas(excel: ExcelHost, formulas: string[]): Promise<{ formulas: string[]; address: string }> {
  return excel.run(async (context) => {
    const anchor = context.workbook.getSelectedRange().getCell(0, 0);
    context.workbook.application.suspendApiCalculationUntilNextSync();
    formulas.forEach((f, i) => (anchor.getOffsetRange(0, i * FORMULA_SPACING).formulas = [[f]]));
    const cells = anchor.load('address');
    await context.sync();
    return { formulas, address: cells.address };
  });
}
