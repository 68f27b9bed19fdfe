/**
 * Every error as a sentence that says what happened and what to do: the one place errors become
 * words, for both apps. Pure: the same error and context always give the same words, so each code
 * is unit-tested (describe-error.test.ts). A surface with its own room and remedies (a worksheet
 * cell, "Test connection" in a browser) gets its own sentences (describe-cell.ts,
 * describe-connection.ts), still chosen here from core's codes and fields, never from the
 * server's text.
 */
import type { QuotaStatus, SeriesQuery } from '@econdata/core';
import { formatClock, formatCount } from '../format/time.ts';
import { ERROR_ADVICE } from './advice.ts';
import { cellSentence } from './describe-cell.ts';
import { connectionTestSentence } from './describe-connection.ts';
import { asFamilyError, describeFamilyError, type FamilyError } from './describe-family.ts';
import { isRedirect, toUiError, type UiError, type UiErrorCode } from './normalize.ts';

/**
 * Where the sentence is shown: a panel or message bar (default); a worksheet cell (the add-in's
 * `=ECON.*` formulas: short, says to recalculate); the result of "Test connection" in a browser
 * runtime (names the address, tells CORS from an unreachable host by `reachable`).
 */
type ErrorSurface = 'panel' | 'cell' | 'connection-test';

/** What describeError may use beyond the error itself. */
export interface DescribeContext {
  /** The service address, named in connection errors. */
  baseURL?: string;
  /** The quota status, for the plan name and limits in rate-limit sentences. */
  quota?: QuotaStatus;
  /** The page's origin when running in a browser (add-in, web mode): a CORS refusal looks like a connection error there. */
  origin?: string;
  /** Time zone for reset times; the runtime's own when absent ('UTC' in tests). */
  timeZone?: string;
  /** Where the sentence is shown (default 'panel'). */
  surface?: ErrorSurface;
  /** The query that failed, when one did: a cell names its source, "Test connection" the source it checked. */
  query?: SeriesQuery;
  /** "Test connection": whether the address answers a `no-cors` probe (then a connection failure is CORS). */
  reachable?: boolean;
}

/** The button an error suggests. */
type ErrorAction = 'retry' | 'settings';

/** A described error: a short title, the sentence(s), the suggested action and how loud to be. */
export interface ErrorDescription {
  /** core's code, or a sheets or keychain code (`write_failed`, `invalid_profile`), or 'unknown'. */
  code: UiErrorCode | FamilyError['code'] | 'unknown';
  title: string;
  text: string;
  action?: ErrorAction;
  intent: 'error' | 'warning' | 'info';
}

const sentence = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`);

function detail(e: UiError): string {
  const server = e.serverMessage ?? '';
  return server ? ` The service said: ${sentence(server)}` : '';
}

function rateLimited(e: UiError, ctx: DescribeContext): string {
  const q = ctx.quota;
  const day = e.scope === 'day';
  const limit = q ? (day ? q.day.limit : q.minute.limit) : null;
  const head = limit !== null && q
    ? `Rate limit reached: ${formatCount(limit)} requests a ${day ? 'day' : 'minute'} on the ${q.plan} plan.`
    : 'Rate limit reached: the service refused more requests for now.';
  // The error's own reset time first; else the ledger's for the window that refused.
  const at = e.resetAt ?? (q ? (day ? q.day.resetAt : q.minute.resetAt) : null) ?? undefined;
  if (at) return `${head} It resets at ${formatClock(at, ctx.timeZone)}. ${ERROR_ADVICE.rate_limited}`;
  if (e.retryAfterMs !== undefined) return `${head} It resets in ${Math.ceil(e.retryAfterMs / 1000)} s. ${ERROR_ADVICE.rate_limited}`;
  return `${head} ${ERROR_ADVICE.rate_limited}`;
}

function quotaExhausted(e: UiError, ctx: DescribeContext): string {
  const q = ctx.quota;
  const head = q && q.day.limit !== null
    ? `Daily limit reached: all ${formatCount(q.day.limit)} requests of the ${q.plan} plan are used.`
    : 'Daily limit reached: no requests are left today.';
  const reset = e.resetAt ?? q?.day.resetAt ?? undefined;
  const when = reset ? ` It resets at ${formatClock(reset, ctx.timeZone)}.` : ' It resets within 24 hours.';
  return `${head}${when} ${ERROR_ADVICE.quota_exhausted}`;
}

function connection(ctx: DescribeContext): string {
  const where = ctx.baseURL ? ` at ${ctx.baseURL}` : '';
  const cors = ctx.origin
    ? ` If it is running, it must allow requests from this origin (${ctx.origin}): ask its administrator to add it to the allowed origins (CORS).`
    : '';
  return `The service cannot be reached${where}. ${ERROR_ADVICE.connection}${cors}`;
}

/** Describes an error (an EconError, a SheetsError or KeychainError, their JSON, or anything thrown) for a person, in the words of `ctx.surface`. */
export function describeError(error: unknown, ctx: DescribeContext = {}): ErrorDescription {
  // A file or key problem (sheets, keychain) reads the same on every surface: its message names the thing.
  const family = asFamilyError(error);
  if (family) return { code: family.code, ...describeFamilyError(family) };
  const e = toUiError(error);
  const d = describeForPanel(e, ctx);
  if (ctx.surface === 'cell') return { ...d, text: cellSentence(e, ctx.query) };
  if (ctx.surface === 'connection-test') {
    const test = { baseURL: ctx.baseURL ?? 'The service', ...(ctx.origin ? { origin: ctx.origin } : {}), ...(ctx.query ? { query: ctx.query } : {}), ...(ctx.reachable === undefined ? {} : { reachable: ctx.reachable }) };
    return { ...d, text: connectionTestSentence(e, test) };
  }
  return d;
}

function describeForPanel(e: UiError, ctx: DescribeContext): ErrorDescription {
  switch (e.code) {
    case 'invalid_parameter':
      return { code: e.code, title: 'Check the input', intent: 'warning', text: /try again/i.test(e.message) ? sentence(e.message) : `${sentence(e.message)} ${ERROR_ADVICE.invalid_parameter}` };
    case 'bad_request':
      return { code: e.code, title: 'Request refused', intent: 'error', text: `The service refused the request as invalid${e.status ? ` (${e.status})` : ''}.${detail(e)} ${ERROR_ADVICE.bad_request}` };
    case 'authentication':
      return { code: e.code, title: 'API key refused', intent: 'error', action: 'settings', text: `The service refused the API key (it is wrong, revoked or expired). ${ERROR_ADVICE.authentication}` };
    case 'key_unavailable':
      return { code: e.code, title: 'API key unavailable', intent: 'error', action: 'settings', text: `The API key could not be read: the keychain is locked or holds no key for this profile. ${ERROR_ADVICE.key_unavailable}` };
    case 'permission_denied':
      return { code: e.code, title: 'Not included in your plan', intent: 'error', text: `Your plan does not include this data.${detail(e)} ${ERROR_ADVICE.permission_denied}` };
    case 'rate_limited':
      return { code: e.code, title: 'Too many requests', intent: 'warning', action: 'retry', text: rateLimited(e, ctx) };
    case 'quota_exhausted':
      return { code: e.code, title: 'No requests left today', intent: 'warning', text: quotaExhausted(e, ctx) };
    case 'not_found':
      return { code: e.code, title: 'No data', intent: 'info', text: `No data matches this query.${detail(e)} ${ERROR_ADVICE.not_found}` };
    case 'server_error':
      return { code: e.code, title: 'Service error', intent: 'error', action: 'retry', text: `The service failed${e.status ? ` (${e.status})` : ''} while answering. ${ERROR_ADVICE.server_error}` };
    case 'connection':
      return { code: e.code, title: 'Cannot reach the service', intent: 'error', action: 'retry', text: connection(ctx) };
    case 'timeout':
      return { code: e.code, title: 'No answer in time', intent: 'error', action: 'retry', text: `The service did not answer in time. ${ERROR_ADVICE.timeout}` };
    case 'aborted':
      return { code: e.code, title: 'Cancelled', intent: 'info', text: `The request was cancelled. ${ERROR_ADVICE.aborted}` };
    case 'storage':
      return { code: e.code, title: 'Local file problem', intent: 'error', action: 'retry', text: `A file this app keeps on this computer could not be used: ${sentence(e.message)} ${ERROR_ADVICE.storage}` };
    case 'invalid_response':
      if (isRedirect(e)) return { code: e.code, title: 'The service address redirects', intent: 'error', action: 'settings', text: `The service${ctx.baseURL ? ` at ${ctx.baseURL}` : ''} sends requests on to another address, which this app does not follow so that your API key goes nowhere else. Open the address in a browser to see where it leads, and set that final address as the service address.` };
      return { code: e.code, title: 'Unreadable reply', intent: 'error', action: 'retry', text: `The service sent a reply this app cannot read${e.status ? ` (${e.status})` : ''}. ${ERROR_ADVICE.invalid_response}` };
    default:
      return { code: 'unknown', title: 'Unexpected error', intent: 'error', action: 'retry', text: `Something went wrong: ${sentence(e.message)} ${ERROR_ADVICE.unknown}` };
  }
}
