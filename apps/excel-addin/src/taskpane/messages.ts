/**
 * Errors as sentences that say what to do: the service's errors through @econdata/ui's
 * describeError; Excel's own refusals (a write that does not fit, a table over a table) in words
 * about the worksheet.
 */
import { describeError, hasErrorCode, type DescribeContext } from '@econdata/ui';
import { BlockOverwriteError } from '../office/insert.ts';
import { RefreshError } from '../office/refresh.ts';

/** Whether an error came from Excel (Office.js RichApi errors carry `code` and `debugInfo`, or our stand-in's codes). */
function excelError(e: unknown): e is Error & { code?: string } {
  if (!(e instanceof Error)) return false;
  return e.name === 'RichApi.Error' || /^(InvalidArgument|InvalidOperation|ItemNotFound|RequestPayloadSizeLimitExceeded|PropertyNotLoaded)\b/.test(e.message) || 'debugInfo' in e;
}

/** The sentence a person reads for `error`. */
export function errorSentence(error: unknown, ctx: DescribeContext = {}): string {
  if (error instanceof RefreshError || error instanceof BlockOverwriteError) return error.message;
  if (excelError(error)) {
    const what = error.message.replace(/[.\s]+$/, '');
    if (/overlap/i.test(what)) return `Excel refused the write: ${what}. Select an empty cell with room below and to the right (away from other tables), then insert again.`;
    return `Excel refused the write: ${what}. Select an empty cell with room below and to the right, then try again.`;
  }
  if (!hasErrorCode(error) && error instanceof Error && /:\s/.test(error.message) && /[.!]$/.test(error.message)) return error.message;
  return describeError(error, ctx).text;
}
