/**
 * A full calculation of the workbook, for a change the ECON formulas read at each calculation but
 * Excel cannot see (the language of series names, kept in the add-in's storage): without it, cells
 * already in the sheet would keep the old names until something else recalculated them. Their data
 * comes from the runtime's cache, so this costs no request for series already fetched.
 */
import type { ExcelHost } from './excel-api.ts';

/** Asks Excel to calculate every formula again (Application.calculate('Full'), ExcelApi 1.1). */
export async function recalculateWorkbook(excel: ExcelHost): Promise<void> {
  await excel.run(async (context) => {
    context.workbook.application.calculate('Full');
    await context.sync();
  });
}
