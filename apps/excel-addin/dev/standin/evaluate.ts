/**
 * Runs an `=ECON.*(...)` formula's text through the registered functions, as Excel would: the
 * browser stand-in workbook (no Excel) uses it to show what a formula spills, and tests use it to
 * check that the formulas the taskpane writes ("insert as formula") are the ones these functions
 * accept. Literals only (text, numbers, TRUE/FALSE, array constants {a,b;c,d}, empty arguments):
 * cell references need Excel's calculation engine.
 */
import { CellError, FUNCTIONS } from '../../src/functions/functions.ts';
import type { CellValue } from '../../src/functions/args.ts';

type Arg = CellValue | CellValue[][];

/** Which parameters take a range (`any[][]`) and so receive a single value as a 1x1 matrix. */
const MATRIX_PARAMS: Readonly<Record<keyof typeof FUNCTIONS, readonly boolean[]>> = {
  INDICATOR: [false, true, true, false, false, false, false],
  VALUE: [false, false, false, false, false],
  TRADE: [false, false, false, false, false],
  STOCK: [true, false, false, false, false],
  DERIVED: [false, true, false, false, false],
  QUOTA: [],
};

/** A formula this evaluator cannot read; the message says where. */
class FormulaSyntaxError extends Error {
  override readonly name = 'FormulaSyntaxError';
}

/** Parses `=ECON.NAME(args)` into the function id and its literal arguments (null where omitted). */
export function parseEconFormula(formula: string): { id: keyof typeof FUNCTIONS; args: Arg[] } {
  const m = /^\s*=\s*ECON\.([A-Z]+)\s*\((.*)\)\s*$/is.exec(formula);
  if (!m) throw new FormulaSyntaxError(`Not an ECON formula: ${formula}`);
  const id = m[1]!.toUpperCase();
  if (!(id in FUNCTIONS)) throw new FormulaSyntaxError(`Unknown function ECON.${id}: the add-in has ${Object.keys(FUNCTIONS).map((f) => `ECON.${f}`).join(', ')}.`);
  const text = m[2]!;
  let i = 0;
  const skip = (): void => {
    while (text[i] === ' ') i++;
  };
  const scalar = (): CellValue => {
    skip();
    if (text[i] === '"') {
      let out = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new FormulaSyntaxError(`Unclosed text in ${formula}`);
        if (text[i] === '"' && text[i + 1] === '"') { out += '"'; i += 2; continue; }
        if (text[i] === '"') { i++; break; }
        out += text[i++];
      }
      return out;
    }
    const lit = /^(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|TRUE|FALSE)/i.exec(text.slice(i));
    if (lit) {
      i += lit[0].length;
      const t = lit[0].toUpperCase();
      return t === 'TRUE' ? true : t === 'FALSE' ? false : Number(lit[0]);
    }
    if (i >= text.length || text[i] === ',' || text[i] === ')') return null;
    throw new FormulaSyntaxError(`Cannot read "${text.slice(i, i + 20)}" in ${formula}: only literal values are evaluated here (cell references need Excel).`);
  };
  const arg = (): Arg => {
    skip();
    if (text[i] !== '{') return scalar();
    i++;
    const rows: CellValue[][] = [[]];
    for (;;) {
      rows[rows.length - 1]!.push(scalar());
      skip();
      const c = text[i++];
      if (c === ',') continue;
      if (c === ';') { rows.push([]); continue; }
      if (c === '}') return rows;
      throw new FormulaSyntaxError(`Unclosed array constant in ${formula}`);
    }
  };
  const args: Arg[] = [];
  if (text.trim() !== '') {
    for (;;) {
      args.push(arg());
      skip();
      if (i >= text.length) break;
      if (text[i] !== ',') throw new FormulaSyntaxError(`Expected "," at "${text.slice(i, i + 20)}" in ${formula}`);
      i++;
    }
  }
  return { id: id as keyof typeof FUNCTIONS, args };
}

/**
 * What the formula spills, or the error its cell shows (a CellError with Excel's code and message).
 * @example await evaluateEconFormula('=ECON.INDICATOR("WB","NY.GDP.MKTP.CD",{"VN","TH"},2015,2020)', 'Sheet1!B2')
 */
export async function evaluateEconFormula(formula: string, address?: string): Promise<unknown[][]> {
  let parsed: ReturnType<typeof parseEconFormula>;
  try {
    parsed = parseEconFormula(formula);
  } catch (error) {
    if (!(error instanceof FormulaSyntaxError)) throw error;
    throw new CellError('#VALUE!', error.message);
  }
  const { id, args } = parsed;
  const shape = MATRIX_PARAMS[id];
  if (args.length > shape.length) throw new CellError('#VALUE!', `ECON.${id} takes at most ${shape.length} arguments, got ${args.length}.`);
  const passed = shape.map((matrix, k) => {
    const a = args[k] ?? null;
    if (matrix) return Array.isArray(a) ? a : [[a]];
    if (Array.isArray(a)) throw new CellError('#VALUE!', `Argument ${k + 1} of ECON.${id} takes one value, not a list.`);
    return a;
  });
  const invocation = { functionName: `ECON.${id}`, ...(address ? { address } : {}) };
  if (id === 'QUOTA') {
    // A streaming function: its first result is what the cell shows first.
    return new Promise<unknown[][]>((resolve, reject) => {
      const streaming = {
        ...invocation,
        setResult: (v: unknown) => {
          streaming.onCanceled?.(); // one value is all a one-off evaluation needs: stop listening
          if (Array.isArray(v)) resolve(v as unknown[][]);
          else reject(v as Error);
        },
      } as unknown as CustomFunctions.StreamingInvocation<unknown[][]>;
      FUNCTIONS.QUOTA(streaming);
    });
  }
  const fn = FUNCTIONS[id] as (...a: unknown[]) => Promise<unknown>;
  const result = await fn(...passed, invocation);
  // ECON.VALUE returns one value: the cell shows it as a 1x1 result.
  return Array.isArray(result) ? (result as unknown[][]) : [[result]];
}
