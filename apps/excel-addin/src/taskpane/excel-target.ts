/**
 * Where the taskpane writes: Excel's own `Excel.run` inside Excel, or the in-page workbook stand-in
 * when Office.onReady found no host (a plain browser: development, the Chromium tests).
 */
import type { ExcelHost } from '../office/excel-api.ts';
import { createStandinWorkbook, type FormulaEvaluator, type StandinWorkbook } from '../office/standin/workbook.ts';

export interface ExcelTarget {
  excel: ExcelHost;
  /** Set when there is no Excel: the taskpane shows this workbook beside itself. */
  standin?: StandinWorkbook;
}

/** Excel when the add-in runs in Excel, else a fresh in-page workbook whose ECON formulas `evaluate` computes. */
export function resolveExcelTarget(evaluate?: FormulaEvaluator): ExcelTarget {
  const office = (globalThis as { Office?: { context?: { host?: unknown }; HostType?: { Excel?: unknown } } }).Office;
  const excel = (globalThis as { Excel?: unknown }).Excel;
  const inExcel = office?.context?.host !== undefined && office.context.host !== null && office.context.host === office.HostType?.Excel;
  if (inExcel && excel) return { excel: excel as ExcelHost };
  const standin = createStandinWorkbook(undefined, evaluate);
  return { excel: standin.excel, standin };
}
