/**
 * The in-page workbook a plain browser gets in place of Excel (Office.onReady gave no host): a
 * WorkbookModel, its Excel.run stand-in, and change notices for the sheet view beside the taskpane.
 */
import type { ExcelHost, XValue } from '../../src/office/excel-api.ts';
import { addressOf, WorkbookModel, type SheetModel } from './model.ts';
import { standinExcel } from './standin-excel.ts';

export interface StandinWorkbook {
  readonly model: WorkbookModel;
  readonly excel: ExcelHost;
  /** Calls `fn` after every change (a request applied, a cell selected); returns the unsubscribe function. */
  subscribe(fn: () => void): () => void;
  /** Increments on every change (for React's useSyncExternalStore). */
  version(): number;
  /** Selects a cell, e.g. select('B2'), on the first sheet. */
  select(address: string): void;
}

/** Computes what a formula spills (the ECON functions of the shared runtime), or throws the cell's error. */
export type FormulaEvaluator = (formula: string, address: string) => Promise<unknown[][]>;

/** What a cell shows for a value a function returned (numbers, text, booleans; anything else as text). */
function cellValue(v: unknown): XValue {
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  return v === null || v === undefined ? '' : String(v);
}

/**
 * A formula with its plain cell references (`A12`, on the same sheet) replaced by the cells' values
 * as literals: the evaluator reads literals only, and a column filled down (`=ECON.VALUE(...,A12,2023)`)
 * needs its references. Text inside quotes is left alone.
 */
function withReferences(formula: string, sheet: SheetModel): string {
  return formula.split(/("(?:[^"]|"")*")/).map((part, i) => (i % 2 === 1 ? part : part.replace(/\b([A-Z]{1,3})(\d+)\b/g, (ref, letters: string, digits: string) => {
    const col = [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
    const v = sheet.cell(Number(digits) - 1, col)?.value;
    if (typeof v === 'number') return String(v);
    return v === undefined || v === '' ? '' : `"${String(v).replace(/"/g, '""')}"`;
  }))).join('');
}

/**
 * A fresh in-page workbook with one empty sheet and A1 selected. With `evaluate`, ECON formulas
 * written into it calculate and spill, as Excel would run the add-in's custom functions.
 */
export function createStandinWorkbook(sheetNames: string[] = ['Sheet1'], evaluate?: FormulaEvaluator): StandinWorkbook {
  const model = new WorkbookModel(sheetNames);
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = (): void => {
    version += 1;
    for (const fn of listeners) fn();
  };
  if (evaluate) {
    model.onFormula = (sheet, row, col, formula) => {
      if (!/^=ECON\./i.test(formula)) return;
      const address = addressOf({ sheet, top: row, left: col, rows: 1, cols: 1 });
      model.spill(sheet, row, col, [['#BUSY!']]);
      void evaluate(withReferences(formula, sheet), address).then(
        (result) => model.spill(sheet, row, col, result.map((line) => line.map(cellValue))),
        (error: unknown) => {
          const code = (error as { code?: unknown }).code;
          model.spill(sheet, row, col, [[typeof code === 'string' && code.startsWith('#') ? code : '#VALUE!']]);
          console.warn(`${address}: ${error instanceof Error ? error.message : String(error)}`);
        },
      ).finally(changed);
    };
  }
  return {
    model,
    excel: standinExcel(model, undefined, changed),
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    version: () => version,
    select(address) {
      model.select(model.selection.sheet.name, address);
      changed();
    },
  };
}
