/**
 * =ECON.DERIVED(expression, operands, [start_year], [end_year], [options]): a series computed
 * from several (`a/b*100`), or a preset over one (`per_capita`, `share_of_gdp`, `real`, `usd`).
 * The operands are texts in @econdata/analysis's operand form (`WB/NY.GDP.MKTP.CD/VN`,
 * `GSO/CPI.MOM/monthly Level=pch`), one per cell of a range or array, named a, b, c ... in reading
 * order, so a row of operand cells fills down like any other formula. Every operand goes through
 * the shared collector with every other formula of the recalculation (one batched job), and the
 * result spills through the same layout as ECON.INDICATOR.
 */
import { derivedQueries, formatTransform, readDerived, type DerivedRequest } from '@econdata/analysis';
import type { Arrangement } from '@econdata/sheets';
import { problemSentence, queryProblems, refusalSentence, type CheckedQuery } from '@econdata/core';
import type { AddinRuntime } from '../runtime/types.ts';
import { ArgumentError, cellTexts, MAX_SERIES_PER_CELL, optionsArg, placeOptions, type CellRange, type CellValue } from './args.ts';
import { FormulaError, loadDerived, spillOf, type CallContext, type SpillMatrix } from './compute.ts';

/** A year argument: a whole number, or text that reads as one; empty is none (core judges the range). */
function year(name: string, value: CellValue): number | undefined {
  if (value === null || value === undefined || String(value).trim() === '') return undefined;
  const n = Number(String(value).trim());
  if (!Number.isInteger(n)) throw new ArgumentError(name, refusalSentence(name, 'a year such as 2015', value));
  return n;
}

/** The formula's arguments as a derived request; every operand's query is core's to judge, as a request would be. */
export function derivedArgs(expression: CellValue, operands: CellRange, startYear?: CellValue, endYear?: CellValue, options?: CellValue): DerivedRequest {
  const text = expression === null || expression === undefined ? '' : String(expression).trim();
  if (text === '') throw new ArgumentError('expression', 'expression is required: a formula over the operands a, b, c ... such as "a/b*100", or a preset: per_capita, share_of_gdp, real, usd.');
  const start = year('start_year', startYear);
  const end = year('end_year', endYear);
  // The layout options of the same text are the spill's (derivedFormula reads them); the transform goes to the request.
  const request = readDerived(text, cellTexts(operands), { ...(start !== undefined ? { start_year: start } : {}), ...(end !== undefined ? { end_year: end } : {}) }, formatTransform(optionsArg(options).transform));
  const queries = derivedQueries(request);
  if (queries.length > MAX_SERIES_PER_CELL) throw new ArgumentError('operands', `This formula asks for ${queries.length} series; one cell may ask for at most ${MAX_SERIES_PER_CELL}.`);
  for (const o of request.operands) {
    const problem = Object.values(queryProblems(o.query as CheckedQuery))[0];
    if (problem) throw new ArgumentError('operands', problemSentence(problem, `operand ${o.name}'s ${problem.parameter}`));
  }
  return request;
}

/** =ECON.DERIVED(...) */
export async function derivedFormula(rt: AddinRuntime, args: [CellValue, CellRange, CellValue?, CellValue?, CellValue?], ctx: CallContext = {}): Promise<SpillMatrix> {
  let request: DerivedRequest;
  let arrangement: Arrangement;
  try {
    const placed = placeOptions(args, 2, 4);
    request = derivedArgs(...placed);
    arrangement = optionsArg(placed[4]).arrangement;
  } catch (error) {
    throw new FormulaError(error, undefined);
  }
  // Every operand is needed: a derived value without one of them would be a different number.
  // The operands are named in the chosen language; a preset's words follow it.
  const derived = await loadDerived(rt, request, ctx);
  try {
    return spillOf([derived], arrangement);
  } catch (error) {
    throw new FormulaError(error, undefined);
  }
}
