/**
 * A failure of an ECON.* formula as the Excel error its cell shows. The words come from
 * @econdata/ui's describeError (surface 'cell'); this file puts Excel's error value on top. Excel
 * shows custom messages only with #VALUE! and #N/A (CustomFunctions.ErrorCode invalidValue and
 * notAvailable): #VALUE! for what the formula's author must change, #N/A for data that cannot be
 * had now.
 */
import type { SeriesQuery } from '@econdata/core';
import { describeError, type ErrorDescription } from '@econdata/ui';
import { NotConnectedError } from '../runtime/types.ts';

export interface ExcelErrorInfo {
  code: '#VALUE!' | '#N/A';
  message: string;
}

/** Excel truncates long messages in the error flyout; keep the useful start. */
const MAX_MESSAGE = 250;
/** Codes the formula's author fixes by changing the formula (a bad argument, a refused request). */
const AUTHOR_FIXES: ReadonlySet<ErrorDescription['code']> = new Set(['invalid_parameter', 'bad_request']);

function clip(message: string): string {
  return message.length <= MAX_MESSAGE ? message : `${message.slice(0, MAX_MESSAGE - 1)}\u2026`;
}

/** The Excel error of a formula's failure. `query` is the query that failed, when one did. */
export function excelError(error: unknown, query?: SeriesQuery): ExcelErrorInfo {
  // The add-in's own state, not a failure of the service: its message is the sentence.
  if (error instanceof NotConnectedError) return { code: '#N/A', message: error.message };
  const d = describeError(error, { surface: 'cell', ...(query ? { query } : {}) });
  return { code: AUTHOR_FIXES.has(d.code) ? '#VALUE!' : '#N/A', message: clip(d.text) };
}
