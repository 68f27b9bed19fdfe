/**
 * The sentences of "Test connection" in a browser runtime (the add-in's taskpane): what failed, by
 * status, and what to do, with the address tested. A browser reports a CORS refusal exactly like a
 * host that is down; the caller tells them apart (a `no-cors` probe) and passes `reachable`.
 * Reached through `describeError(error, { surface: 'connection-test', ... })`.
 */
import { isLoopbackHost, type SeriesQuery } from '@econdata/core';
import { isRedirect, type UiError } from './normalize.ts';

export interface ConnectionTestContext {
  baseURL: string;
  /** The page's origin, named in a CORS refusal. */
  origin?: string;
  /** The data query that checked the plan's permission for a source, if one did. */
  query?: SeriesQuery;
  /** The address answers a `no-cors` probe: a connection failure is then a CORS refusal. */
  reachable?: boolean;
}

function utcTime(at: Date): string {
  return at.toISOString().slice(11, 16);
}

/** Whether the address is this machine (core's rule): then the sandbox may simply not be running. */
function isLoopback(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false; // not an address at all: the form's check says so
  }
}

/** The sentence "Test connection" shows for an error. */
export function connectionTestSentence(e: UiError, ctx: ConnectionTestContext): string {
  switch (e.code) {
    case 'authentication':
      return 'The service refused the API key (401). Check it for typos, or generate a new key in the provider\'s dashboard (Settings > API Keys), then connect again.';
    case 'permission_denied': {
      const source = ctx.query?.kind === 'indicator' ? ctx.query.source : ctx.query?.kind;
      return `Your plan does not include ${source ?? 'that data'} (403). Choose data your plan includes, or upgrade the plan.${e.serverMessage ? ` The service said: ${e.serverMessage}` : ''}`;
    }
    case 'rate_limited':
    case 'quota_exhausted': {
      const when = e.resetAt ? ` Try again after ${utcTime(e.resetAt)} UTC.` : ' Try again in a minute.';
      const what = e.code === 'quota_exhausted' || e.scope === 'day' ? 'The day\'s request allowance is spent.' : 'Too many requests this minute.';
      return `${what}${when} Cached values keep showing meanwhile.`;
    }
    case 'connection':
    case 'timeout': {
      if (e.code === 'connection' && ctx.reachable === true) {
        return `${ctx.baseURL} answers, but not to this add-in: the service must allow the origin ${ctx.origin ?? 'of this add-in'} in its CORS settings (for the sandbox: --cors-origins). Ask its administrator to add it.`;
      }
      const why = e.code === 'timeout' ? 'did not answer in time' : 'could not be reached';
      return `${ctx.baseURL} ${why}. Check the address and your network${isLoopback(ctx.baseURL) ? ', and that the sandbox runs (pnpm sandbox)' : ''}.`;
    }
    case 'not_found':
    case 'invalid_response':
    case 'bad_request':
      if (isRedirect(e)) return `${ctx.baseURL} redirects to another address, which this add-in does not follow so that your key goes nowhere else. Open it in a browser to see where it leads, and connect with that final address.`;
      return `${ctx.baseURL} answers, but not as the Economic Data Service (${e.status === undefined ? e.code : `status ${e.status}`}). Check the address: give the service's base URL, e.g. https://api.example.com.`;
    case 'server_error':
      return `The service failed (${e.status ?? 'server error'}). Try again later; if it persists, tell the service's support.`;
    case 'unknown':
      // Not an answer of the service (the add-in's storage refused, a bug): said as it is, never as "unreachable".
      return `The connection could not be tested: ${e.message}. Reload the add-in; if it persists, report it with this message.`;
    default:
      return e.message;
  }
}
