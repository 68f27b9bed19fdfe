/**
 * Pure: any failure of an ECON.* formula as the Excel error its cell shows, with a message that
 * says what to do. Excel shows custom messages only with #VALUE! and #N/A: #VALUE! for what the
 * formula's author must change, #N/A for data that cannot be had now.
 */
import { EconError, type SeriesQuery } from '@econdata/core';
import { ArgumentError } from './args.ts';
import { NotConnectedError } from '../runtime/types.ts';

export interface ExcelErrorInfo {
  code: '#VALUE!' | '#N/A';
  message: string;
}

/** Excel truncates long messages in the error flyout; keep the useful start. */
const MAX_MESSAGE = 250;

function utc(at: Date | undefined): string | undefined {
  return at ? `${at.toISOString().slice(11, 16)} UTC` : undefined;
}

function clip(message: string): string {
  return message.length <= MAX_MESSAGE ? message : `${message.slice(0, MAX_MESSAGE - 1)}\u2026`;
}

/** The source a query reads, for messages ("WB", "trade", "stocks"). */
function sourceOf(query: SeriesQuery | undefined): string {
  if (!query) return 'that data';
  return query.kind === 'indicator' ? query.source.toUpperCase() : query.kind === 'trade' ? 'Vietnam trade' : 'Vietnam stocks';
}

/** A "no data" answer told as the user can act on it: which code is unknown, or what is missing. */
function notFound(error: EconError, query: SeriesQuery | undefined): string {
  const said = error.serverMessage ?? error.message;
  const indicator = /unknown (\w+) indicator "?([^";]+?)"?(?:;|$)/i.exec(said);
  if (indicator) return `Unknown ${indicator[1]} indicator code ${indicator[2]}: see the taskpane's browser for the codes.`;
  if (query?.kind === 'indicator' && new RegExp(`unknown\\s+(?:\\w+\\s+)?indicator`, 'i').test(said)) return `Unknown ${query.source.toUpperCase()} indicator code ${query.indicator}: see the taskpane's browser for the codes.`;
  const country = /unknown country "?([^";]+?)"?(?:;|$)/i.exec(said);
  if (country) return `Unknown country code ${country[1]}: use ISO 2-letter codes such as VN (the taskpane's browser lists them).`;
  const detail = said.replace(/^Data not found:\s*/i, '').replace(/\s*\(status 404\).*$/s, '');
  return `No data: ${detail}`;
}

/** The Excel error of a formula's failure. `query` is the query that failed, when one did. */
export function excelError(error: unknown, query?: SeriesQuery): ExcelErrorInfo {
  if (error instanceof ArgumentError) return { code: '#VALUE!', message: clip(error.message) };
  if (error instanceof NotConnectedError) return { code: '#N/A', message: error.message };
  if (!(error instanceof EconError)) {
    return { code: '#N/A', message: clip(`Unexpected failure: ${error instanceof Error ? error.message : String(error)}. Recalculate (Ctrl+Alt+F9); if it persists, reload the add-in.`) };
  }
  const source = sourceOf(query);
  switch (error.code) {
    case 'invalid_parameter':
    case 'bad_request':
      return { code: '#VALUE!', message: clip(error.message) };
    case 'not_found':
      return { code: '#N/A', message: clip(notFound(error, query)) };
    case 'authentication':
    case 'key_unavailable':
      return { code: '#N/A', message: 'The API key was refused or is missing: open the Econdata taskpane and connect again with a valid key.' };
    case 'permission_denied':
      return { code: '#N/A', message: `Your plan does not include ${source}: upgrade the plan, or use a source it includes (the taskpane shows which).` };
    case 'quota_exhausted':
      return { code: '#N/A', message: `Daily limit reached, resets ${utc(error.resetAt) ?? '00:00 UTC'}. Values already fetched stay; new ones wait for the reset.` };
    case 'rate_limited':
      return error.scope === 'day'
        ? { code: '#N/A', message: `Daily limit reached, resets ${utc(error.resetAt) ?? '00:00 UTC'}. Values already fetched stay; new ones wait for the reset.` }
        : { code: '#N/A', message: `Rate limit reached: recalculate after ${utc(error.resetAt) ?? 'a minute'} (Ctrl+Alt+F9).` };
    case 'connection':
    case 'timeout':
      return { code: '#N/A', message: 'The data service cannot be reached and this formula has no saved value yet: check the connection in the Econdata taskpane, then recalculate.' };
    case 'server_error':
      return { code: '#N/A', message: `The data service failed${error.status ? ` (${error.status})` : ''}: recalculate later (Ctrl+Alt+F9).` };
    case 'invalid_response':
      return { code: '#N/A', message: 'The data service sent an answer that cannot be read: recalculate later; if it persists, check the address in the taskpane.' };
    case 'aborted':
      return { code: '#N/A', message: 'Cancelled: recalculate to fetch it again.' };
    default:
      return { code: '#N/A', message: clip(error.message) };
  }
}
