/**
 * Where the taskpane writes: Excel's own `Excel.run`, when Office.onReady found Excel. Outside Excel
 * there is none: the production page says so, and the development server's page puts the in-page
 * workbook stand-in there instead (dev/standin, never in the production build).
 */
import type { ExcelHost } from '../office/excel-api.ts';

/** Excel when the add-in runs in Excel, else undefined. */
export function excelHost(): ExcelHost | undefined {
  const office = (globalThis as { Office?: { context?: { host?: unknown }; HostType?: { Excel?: unknown } } }).Office;
  const excel = (globalThis as { Excel?: unknown }).Excel;
  const inExcel = office?.context?.host !== undefined && office.context.host !== null && office.context.host === office.HostType?.Excel;
  return inExcel && excel ? excel as ExcelHost : undefined;
}
