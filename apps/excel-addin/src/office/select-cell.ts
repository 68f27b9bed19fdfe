/** Takes the user to a cell: a refresh summary's revised value, clicked, selects its cell in the sheet. */
import { splitAddress } from './a1.ts';
import type { ExcelHost } from './excel-api.ts';

/**
 * Selects the cell (or range) at an address Excel gave ('Sheet1!C21', "'My sheet'!C21") with
 * Office.js's worksheet.activate() and range.select() (its sheet shown first). One sync.
 */
export async function selectCell(excel: ExcelHost, address: string): Promise<void> {
  const { sheet, cells } = splitAddress(address);
  await excel.run(async (context) => {
    const worksheet = context.workbook.worksheets.getItem(sheet);
    worksheet.activate();
    worksheet.getRange(cells).select();
    await context.sync();
  });
}
