/**
 * Cell references in the stand-in's formulas: `B3`, `$B$3`, `B3:D3` (on the formula's own sheet) are
 * replaced by the literals the cells hold (a range becomes an array constant), so the literal-only
 * evaluator (evaluate.ts) can run a formula that refers to a parameter block; the cells read are
 * returned so the workbook can calculate the formula again when one of them changes, as Excel does.
 */
import { columnIndex } from '../../src/office/a1.ts';
import type { XValue } from '../../src/office/excel-api.ts';
import type { Rect, SheetModel } from './model.ts';

const REF = /^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?/;

function literal(v: XValue | undefined): string {
  if (v === undefined || v === '') return '';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return `"${v.replace(/"/g, '""')}"`;
}

/** The formula with every reference replaced by its cells' values, and the cells it read. */
export function inlineReferences(formula: string, sheet: SheetModel): { text: string; reads: Rect[] } {
  const reads: Rect[] = [];
  let out = '';
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i]!;
    if (ch === '"') {
      // Text in quotes is never a reference: copy it through its closing quote ("" is an escaped quote).
      let j = i + 1;
      while (j < formula.length && !(formula[j] === '"' && formula[j + 1] !== '"')) j += formula[j] === '"' ? 2 : 1;
      out += formula.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const before = formula[i - 1] ?? '';
    const m = /[A-Za-z0-9_.]/.test(before) ? null : REF.exec(formula.slice(i));
    if (!m || formula[i + m[0].length] === '(') {
      out += ch;
      i += 1;
      continue;
    }
    const top = Number(m[2]) - 1;
    const left = columnIndex(m[1]!);
    const rect: Rect = { sheet, top, left, rows: m[4] ? Number(m[4]) - top : 1, cols: m[3] ? columnIndex(m[3]) - left + 1 : 1 };
    reads.push(rect);
    const value = (r: number, c: number): string => literal(sheet.cell(r, c)?.value);
    if (rect.rows === 1 && rect.cols === 1) out += value(top, left);
    else out += `{${Array.from({ length: rect.rows }, (_, r) => Array.from({ length: rect.cols }, (_, c) => value(top + r, left + c)).join(',')).join(';')}}`;
    i += m[0].length;
  }
  return { text: out, reads };
}

/** Whether two rectangles on one sheet share a cell. */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.sheet === b.sheet && a.top < b.top + b.rows && b.top < a.top + a.rows && a.left < b.left + b.cols && b.left < a.left + a.cols;
}
