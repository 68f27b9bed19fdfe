/**
 * The sentences of a worksheet cell (the add-in's `=ECON.*` formulas): short, since Excel's error
 * flyout is small, and saying what to do in Excel (recalculate, open the taskpane). Reached through
 * `describeError(error, { surface: 'cell', query })`; the add-in puts Excel's `#VALUE!` / `#N/A` on top.
 */
import type { SeriesQuery } from '@econdata/core';
import type { UiError } from './normalize.ts';

const RESETS_AT_MIDNIGHT = '00:00 UTC';

function utc(at: Date | undefined): string | undefined {
  return at ? `${at.toISOString().slice(11, 16)} UTC` : undefined;
}

/** The source a query reads, as cells name it ("WB", "Vietnam trade", "Vietnam stocks"). */
function sourceOf(query: SeriesQuery | undefined): string {
  if (!query) return 'that data';
  return query.kind === 'indicator' ? query.source.toUpperCase() : query.kind === 'trade' ? 'Vietnam trade' : 'Vietnam stocks';
}

/** What the service said, without the spec's "Data not found:" heading and core's advice after it. */
function saidDetail(e: UiError): string {
  const said = e.serverMessage ?? e.message;
  return said.replace(/^Data not found:\s*/i, '').replace(/\s*\(status 404\).*$/s, '');
}

/** "No data" told as the user can act on it: the unknown code core names (`parameter`, `value`), or what is missing. */
function notFound(e: UiError, query: SeriesQuery | undefined): string {
  if (e.parameter === 'indicator' && e.value !== undefined) {
    const source = query?.kind === 'indicator' ? `${query.source.toUpperCase()} ` : '';
    return `Unknown ${source}indicator code ${e.value}: see the taskpane's browser for the codes.`;
  }
  if (e.parameter === 'country' && e.value !== undefined) return `Unknown country code ${e.value}: use ISO 2-letter codes such as VN (the taskpane's browser lists them).`;
  if (e.parameter === 'source' && e.value !== undefined) return `Unknown source ${e.value}: use WB, IMF or GSO (the taskpane lists every source).`;
  if (e.parameter === 'symbol' && e.value !== undefined) return `Unknown symbol ${e.value}: use a listed ticker such as VNM, or an index (VNINDEX, HNX, UPCOM).`;
  return `No data: ${saidDetail(e)}`;
}

function dailyLimit(e: UiError): string {
  return `Daily limit reached, resets ${utc(e.resetAt) ?? RESETS_AT_MIDNIGHT}. Values already fetched stay; new ones wait for the reset.`;
}

/** The sentence a cell shows for an error. */
export function cellSentence(e: UiError, query: SeriesQuery | undefined): string {
  switch (e.code) {
    case 'invalid_parameter':
    case 'bad_request':
      return e.message;
    case 'not_found':
      return notFound(e, query);
    case 'authentication':
    case 'key_unavailable':
      return 'The API key was refused or is missing: open the Econdata taskpane and connect again with a valid key.';
    case 'permission_denied':
      return `Your plan does not include ${sourceOf(query)}: upgrade the plan, or use a source it includes (the taskpane shows which).`;
    case 'quota_exhausted':
      return dailyLimit(e);
    case 'rate_limited':
      return e.scope === 'day' ? dailyLimit(e) : `Rate limit reached: recalculate after ${utc(e.resetAt) ?? 'a minute'} (Ctrl+Alt+F9).`;
    case 'connection':
    case 'timeout':
      return 'The data service cannot be reached and this formula has no saved value yet: check the connection in the Econdata taskpane, then recalculate.';
    case 'server_error':
      return `The data service failed${e.status ? ` (${e.status})` : ''}: recalculate later (Ctrl+Alt+F9).`;
    case 'invalid_response':
      return 'The data service sent an answer that cannot be read: recalculate later; if it persists, check the address in the taskpane.';
    case 'aborted':
      return 'Cancelled: recalculate to fetch it again.';
    default:
      return `Unexpected failure: ${e.message}. Recalculate (Ctrl+Alt+F9); if it persists, reload the add-in.`;
  }
}
