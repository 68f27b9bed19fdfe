/**
 * "Test connection": one cheap request (the source list), optionally one data query for a source's
 * permission, and the failure told as the user can act on it. A browser reports a CORS refusal as a
 * failed fetch with no status, exactly like a host that is down; the two are told apart by a
 * `no-cors` probe, which succeeds against any host that answers.
 */
import { EconError, type EconDataClient, type SeriesQuery } from '@econdata/core';

/** What went wrong, in the words the taskpane shows. */
export type ConnectionProblem =
  | 'not_connected'   // no settings or key yet
  | 'invalid_settings' // the address or plan is not acceptable
  | 'bad_key'         // 401: the key is wrong or missing
  | 'no_permission'   // 403: the plan does not include that source
  | 'rate_limited'    // 429 / rate-limit 403 / the day's allowance is spent
  | 'cors'            // the host answers, but not to this origin
  | 'unreachable'     // nothing answers at that address (or not in time)
  | 'not_the_service' // something answers, but not as the Economic Data Service
  | 'server_error'    // the service failed (5xx)
  | 'unexpected';     // not a service failure: the add-in's own storage or code failed

export type ConnectionOutcome =
  | { ok: true; service: 'sandbox' | 'real'; demoData: boolean; sources: string[]; message: string }
  | { ok: false; problem: ConnectionProblem; message: string; code?: EconError['code']; status?: number; resetAt?: Date };

/** Answers whether anything listens at an address, with no CORS needed. */
export type ReachabilityProbe = (url: string) => Promise<boolean>;

/**
 * The browser's probe: an opaque `no-cors` fetch resolves whenever the host answers at all. Outside
 * a browser there is no CORS, so a failed request already means the host is unreachable.
 */
export const browserProbe: ReachabilityProbe = async (url) => {
  if (typeof document === 'undefined' || typeof fetch !== 'function') return false;
  try {
    await fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
    return true;
  } catch (error) {
    // The expected answer when nothing listens: the caller reports "unreachable" with the address.
    void error;
    return false;
  }
};

export interface TestContext {
  client: EconDataClient;
  baseURL: string;
  service: 'sandbox' | 'real';
  probe: ReachabilityProbe;
  /** The page's origin, for the CORS message. */
  origin: string | undefined;
  /** A data query to check the plan's permission for one source (costs one request). */
  permission?: SeriesQuery;
}

const CALL = { maxRetries: 0, timeoutMs: 15_000, cache: 'no-store' } as const;

/** Runs the test and returns its outcome; never throws for a service failure. */
export async function runConnectionTest(ctx: TestContext): Promise<ConnectionOutcome> {
  let sources: string[];
  let demoData: boolean;
  try {
    const answer = await ctx.client.listSources({}, CALL);
    sources = answer.data.map((s) => s.code);
    demoData = /^DEMO DATA/i.test(answer.metadata.source) || answer.data.some((s) => /^DEMO DATA/i.test(String(s.description ?? '')));
  } catch (error) {
    return explain(error, ctx);
  }
  if (ctx.permission) {
    const [result] = await ctx.client.fetchSeries([ctx.permission], CALL);
    // "No data" for the probe still proves the key may read that source.
    if (result && !result.ok && result.error.code !== 'not_found') return explain(result.error, ctx);
  }
  const where = ctx.service === 'sandbox' ? `the local sandbox at ${ctx.baseURL}${demoData ? ' (demo data, not real)' : ''}` : ctx.baseURL;
  return { ok: true, service: ctx.service, demoData, sources, message: `Connected to ${where}: ${sources.length} sources (${sources.join(', ')}).` };
}

/** The outcome of a failure, with a sentence that says what to do. */
export async function explain(error: unknown, ctx: Pick<TestContext, 'baseURL' | 'probe' | 'origin' | 'permission'>): Promise<ConnectionOutcome> {
  if (!(error instanceof EconError)) {
    // Not an answer of the service (IndexedDB refused the quota log, a bug): said as it is, never as "unreachable".
    const what = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: 'unexpected', message: `The connection could not be tested: ${what}. Reload the add-in; if it persists, report it with this message.` };
  }
  const base = { code: error.code, ...(error.status === undefined ? {} : { status: error.status }) };
  switch (error.code) {
    case 'authentication':
      return { ok: false, problem: 'bad_key', ...base, message: 'The service refused the API key (401). Check it for typos, or generate a new key in the provider\'s dashboard (Settings > API Keys), then connect again.' };
    case 'permission_denied': {
      const source = ctx.permission?.kind === 'indicator' ? ctx.permission.source : ctx.permission?.kind;
      return { ok: false, problem: 'no_permission', ...base, message: `Your plan does not include ${source ?? 'that data'} (403). Choose data your plan includes, or upgrade the plan.${error.serverMessage ? ` The service said: ${error.serverMessage}` : ''}` };
    }
    case 'rate_limited':
    case 'quota_exhausted': {
      const at = error.resetAt;
      const when = at ? ` Try again after ${utcTime(at)} UTC.` : ' Try again in a minute.';
      const what = error.code === 'quota_exhausted' || error.scope === 'day' ? 'The day\'s request allowance is spent.' : 'Too many requests this minute.';
      return { ok: false, problem: 'rate_limited', ...base, ...(at ? { resetAt: at } : {}), message: `${what}${when} Cached values keep showing meanwhile.` };
    }
    case 'connection':
    case 'timeout': {
      if (error.code === 'connection' && await ctx.probe(ctx.baseURL)) {
        return { ok: false, problem: 'cors', ...base, message: `${ctx.baseURL} answers, but not to this add-in: the service must allow the origin ${ctx.origin ?? 'of this add-in'} in its CORS settings (for the sandbox: --cors-origins). Ask its administrator to add it.` };
      }
      const why = error.code === 'timeout' ? 'did not answer in time' : 'could not be reached';
      return { ok: false, problem: 'unreachable', ...base, message: `${ctx.baseURL} ${why}. Check the address and your network${ctx.baseURL.includes('127.0.0.1') || ctx.baseURL.includes('localhost') ? ', and that the sandbox runs (pnpm sandbox)' : ''}.` };
    }
    case 'not_found':
    case 'invalid_response':
    case 'bad_request':
      return { ok: false, problem: 'not_the_service', ...base, message: `${ctx.baseURL} answers, but not as the Economic Data Service (${error.status === undefined ? error.code : `status ${error.status}`}). Check the address: give the service's base URL, e.g. https://api.example.com.` };
    case 'server_error':
      return { ok: false, problem: 'server_error', ...base, message: `The service failed (${error.status ?? 'server error'}). Try again later; if it persists, tell the service's support.` };
    case 'invalid_parameter':
      return { ok: false, problem: 'invalid_settings', ...base, message: error.message };
    default:
      return { ok: false, problem: 'unreachable', ...base, message: error.message };
  }
}

/** HH:MM of an instant, in UTC (quota windows reset on UTC days). */
export function utcTime(at: Date): string {
  return at.toISOString().slice(11, 16);
}
