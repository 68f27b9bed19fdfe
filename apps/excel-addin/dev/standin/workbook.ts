/**
 * The in-page workbook a plain browser gets in place of Excel (Office.onReady gave no host): a
 * WorkbookModel, its Excel.run stand-in, and change notices for the sheet view beside the taskpane.
 */
import type { ExcelHost, XValue } from '../../src/office/excel-api.ts';
import { addressOf, parseAddress, WorkbookModel, type Rect, type SheetModel } from './model.ts';
import { inlineReferences, overlaps } from './references.ts';
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
  /** Types a value into a cell of the selected sheet, as a user would: formulas that read it calculate again. */
  edit(address: string, value: XValue): void;
}

/** Computes what a formula spills (the ECON functions of the shared runtime), or throws the cell's error. */
export type FormulaEvaluator = (formula: string, address: string) => Promise<unknown[][]>;

/** What a cell shows for a value a function returned (numbers, text, booleans; anything else as text). */
function cellValue(v: unknown): XValue {
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  return v === null || v === undefined ? '' : String(v);
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
    // Formula cells and the cells each read: an edit of one of those calculates it again.
    const formulas = new Map<string, { sheet: SheetModel; row: number; col: number; formula: string; reads: Rect[] }>();
    const calculate = (sheet: SheetModel, row: number, col: number, formula: string): void => {
      const address = addressOf({ sheet, top: row, left: col, rows: 1, cols: 1 });
      const { text, reads } = inlineReferences(formula, sheet);
      formulas.set(address, { sheet, row, col, formula, reads });
      model.spill(sheet, row, col, [['#BUSY!']]);
      void evaluate(text, address).then(
        (result) => model.spill(sheet, row, col, result.map((line) => line.map(cellValue))),
        (error: unknown) => {
          const code = (error as { code?: unknown }).code;
          model.spill(sheet, row, col, [[typeof code === 'string' && code.startsWith('#') ? code : '#VALUE!']]);
          console.warn(`${address}: ${error instanceof Error ? error.message : String(error)}`);
        },
      ).finally(changed);
    };
    model.onFormula = (sheet, row, col, formula) => {
      if (/^=ECON\./i.test(formula)) calculate(sheet, row, col, formula);
    };
    model.onCalculateAll = () => {
      for (const f of [...formulas.values()]) if (f.sheet.cell(f.row, f.col)?.formula === f.formula) calculate(f.sheet, f.row, f.col, f.formula);
    };
    model.onValues = (written) => {
      for (const [address, f] of formulas) {
        if (f.sheet.cell(f.row, f.col)?.formula !== f.formula) {
          formulas.delete(address); // overwritten: no longer a formula cell
          continue;
        }
        if (f.reads.some((r) => overlaps(r, written))) calculate(f.sheet, f.row, f.col, f.formula);
      }
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
    edit(address, value) {
      model.setValues(parseAddress(model.selection.sheet, address), [[value]]);
      changed();
    },
  };
}
