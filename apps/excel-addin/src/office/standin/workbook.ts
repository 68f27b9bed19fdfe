/**
 * The in-page workbook a plain browser gets in place of Excel (Office.onReady gave no host): a
 * WorkbookModel, its Excel.run stand-in, and change notices for the sheet view beside the taskpane.
 */
import type { ExcelHost } from '../excel-api.ts';
import { WorkbookModel } from './model.ts';
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

/** A fresh in-page workbook with one empty sheet and A1 selected. */
export function createStandinWorkbook(sheetNames: string[] = ['Sheet1']): StandinWorkbook {
  const model = new WorkbookModel(sheetNames);
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = (): void => {
    version += 1;
    for (const fn of listeners) fn();
  };
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
