/**
 * "Insert as formula": the ECON.* custom-function call that stands for a query (its text: @econdata/ui's
 * formulaFor, the one writer, also used by "Copy as code", given this build's namespace), written at
 * the selection instead of values, so the cells recalculate through the shared runtime's cache.
 * Signatures: ECON.INDICATOR(source, indicator, country, [start_year], [end_year], [frequency], [options]),
 * ECON.TRADE(flow, [partner], [hs_code], [period: a month or 2024-01:2024-06], [options]), ECON.STOCK(symbol_or_index, [start_date],
 * [end_date], [field], [options]), ECON.DERIVED(expression, operands, [start_year], [end_year], [options]);
 * `options` holds the transform in @econdata/analysis's canonical text ('Units=pc1'), and the layout options.
 */
import { optionPairs } from '@econdata/analysis';
import type { Series, SeriesQuery } from '@econdata/core';
import { layoutSeries, readArrangement } from '@econdata/sheets';
import { formulasFor } from '@econdata/ui';
import type { ExcelHost } from './excel-api.ts';
import { splitAddress } from './a1.ts';
import { FUNCTIONS_NAMESPACE } from '../functions/namespace.ts';

/** Columns left between formulas written side by side, so one spill does not block the next. */
const FORMULA_SPACING = 8;

/** Writes the formulas of some queries (with the transform, if any) at the selection (see writeFormulas). */
export async function insertFormulas(excel: ExcelHost, queries: readonly SeriesQuery[], transform?: string): Promise<{ formulas: string[]; address: string }> {
  return writeFormulas(excel, formulasFor(FUNCTIONS_NAMESPACE, queries, transform));
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

/** Points per character of a column's width, as inserted blocks set them (block-writer.ts). */
const POINTS_PER_CHAR = 6;

/**
 * Sets the number formats and column widths of the cells a formula spills into, from the Grid an
 * inserted block of the same series holds (sheets' layout, without the provenance rows, as the
 * spill itself): a long number is then shown whole ("5,688.12", not "5688.…") where the column
 * was narrow (issue 28). Periods down only (`Dir=V`, the default): across, the spill's columns are
 * periods and keep the sheet's widths. One sync.
 *
 * @example await formatSpill(excel, 'Sheet1!B61', series, 'Units=pc1')
 */
export async function formatSpill(excel: ExcelHost, address: string, series: readonly Series[], options = ''): Promise<void> {
  const arrangement = readArrangement(optionPairs(options));
  if (series.length === 0 || arrangement.dir === 'H') return;
  const grid = layoutSeries(series, { orientation: 'auto', provenance: false, arrangement });
  const head = grid.rows.length;
  await excel.run(async (context) => {
    // Excel's address of the anchor ('Sheet1!B61', a quoted sheet name 'My sheet'!B61): its cell, not the selection, which may have moved.
    const { sheet, cells } = splitAddress(address);
    const anchor = context.workbook.worksheets.getItem(sheet).getRange(cells);
    grid.columns.forEach((col, c) => (anchor.getOffsetRange(0, c).format.columnWidth = col.width * POINTS_PER_CHAR));
    if (grid.body.rowCount > 0) {
      grid.body.columns.forEach((col, c) => {
        const cells = anchor.getOffsetRange(head, c).getResizedRange(grid.body.rowCount - 1, 0);
        if (col.formats) cells.numberFormat = col.formats.map((f) => [f]);
        else if (col.fmt !== undefined) cells.numberFormat = col.fmt;
      });
    }
    await context.sync();
  });
}
