/**
 * The sentences of a worksheet cell (the add-in's `=ECON.*` formulas): short, since Excel's error
 * flyout is small, and saying what to do in Excel (recalculate, open the taskpane). Reached through
 * `describeError(error, { surface: 'cell', query })`; the add-in puts Excel's `#VALUE!` / `#N/A` on top.
 */
import type { SeriesQuery } from '@econdata/core';
import { ERROR_ADVICE } from './advice.ts';
import { isRedirect, type UiError } from './normalize.ts';

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
    return `Unknown ${source}indicator code ${e.value} (the taskpane's browser lists the codes).`;
  }
  if (e.parameter === 'country' && e.value !== undefined) return `Unknown country code ${e.value}: countries are ISO 2-letter codes such as VN (the taskpane's browser lists them).`;
  if (e.parameter === 'source' && e.value !== undefined) return `Unknown source ${e.value}: the sources are WB, IMF and GSO (the taskpane lists every source).`;
  if (e.parameter === 'symbol' && e.value !== undefined) return `Unknown symbol ${e.value}: symbols are listed tickers such as VNM, or an index (VNINDEX, HNX, UPCOM).`;
  return `No data: ${saidDetail(e)}`;
}

function dailyLimit(e: UiError): string {
  return `Daily limit reached, resets ${utc(e.resetAt) ?? RESETS_AT_MIDNIGHT}. ${ERROR_ADVICE.quota_exhausted}`;
}

/** Failures that may pass by themselves: the cell says how Excel runs the formula again. */
const TRANSIENT: ReadonlySet<UiError['code']> = new Set(['rate_limited', 'connection', 'timeout', 'server_error', 'invalid_response', 'aborted', 'storage', 'unknown']);

/** Excel's own way to run a formula again. */
const RECALCULATE = 'Recalculate with Ctrl+Alt+F9.';

/** What happened, in a cell's few words (the advice follows). */
function happened(e: UiError, query: SeriesQuery | undefined): string {
  switch (e.code) {
    case 'invalid_parameter':
    case 'bad_request':
      return e.message;
    case 'not_found':
      return notFound(e, query);
    case 'authentication':
      return 'The API key was refused: open the Econdata taskpane.';
    case 'key_unavailable':
      return 'The API key is missing: open the Econdata taskpane.';
    case 'permission_denied':
      return `Your plan does not include ${sourceOf(query)} (the taskpane shows what it includes).`;
    case 'rate_limited':
      return `Rate limit reached, resets ${utc(e.resetAt) ?? 'within a minute'}.`;
    case 'connection':
      return 'The data service cannot be reached and this formula has no saved value yet.';
    case 'timeout':
      return 'The data service did not answer in time and this formula has no saved value yet.';
    case 'server_error':
      return `The data service failed${e.status ? ` (${e.status})` : ''}.`;
    case 'invalid_response':
      return 'The data service sent an answer that cannot be read.';
    case 'aborted':
      return 'Cancelled.';
    case 'storage':
      return `A file of the add-in could not be used: ${e.message}`;
    default:
      return `Unexpected failure: ${e.message}.`;
  }
}

/** The sentence a cell shows for an error: what happened, ui's advice, and how Excel runs the formula again. */
export function cellSentence(e: UiError, query: SeriesQuery | undefined): string {
  if (e.code === 'quota_exhausted' || (e.code === 'rate_limited' && e.scope === 'day')) return dailyLimit(e);
  const what = happened(e, query);
  const { code } = e;
  // A refused value is its owner's sentence as it is (core's ends "Correct it and try again."): Excel's flyout is small.
  if (code === 'invalid_parameter') return what;
  // Recalculating meets the same redirect: the remedy is the address.
  if (isRedirect(e)) return 'The data service\'s address redirects elsewhere, which is not followed so that the key goes nowhere else: set its final address in the taskpane.';
  const again = TRANSIENT.has(code) ? ` ${RECALCULATE}` : '';
  return `${/[.!?]$/.test(what) ? what : `${what}.`} ${ERROR_ADVICE[code]}${again}`;
}
