/**
 * "Test connection": one cheap request (the source list), optionally one data query for a source's
 * permission, and the failure told as the user can act on it. A browser reports a CORS refusal as a
 * failed fetch with no status, exactly like a host that is down; the two are told apart by a
 * `no-cors` probe, which succeeds against any host that answers.
 */
import { EconError, type EconDataClient, type SeriesQuery } from '@econdata/core';
import { describeError } from '@econdata/ui';
import { probeService } from '@econdata/ui/reachability';

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
  // ui's keyless check, as the header's reachability watch makes it: one rule for "is it there".
  return (await probeService(url, { init: { mode: 'no-cors' }, target: 'docs' })).answered;
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

/** Which problem each of core's codes is, for "Test connection" (the words come from @econdata/ui). */
const PROBLEM: Partial<Record<EconError['code'], ConnectionProblem>> = {
  authentication: 'bad_key',
  permission_denied: 'no_permission',
  rate_limited: 'rate_limited',
  quota_exhausted: 'rate_limited',
  connection: 'unreachable',
  timeout: 'unreachable',
  not_found: 'not_the_service',
  invalid_response: 'not_the_service',
  bad_request: 'not_the_service',
  server_error: 'server_error',
  invalid_parameter: 'invalid_settings',
};

/** The outcome of a failure, with a sentence (ui's describeError, surface 'connection-test') that says what to do. */
export async function explain(error: unknown, ctx: Pick<TestContext, 'baseURL' | 'probe' | 'origin' | 'permission'>): Promise<ConnectionOutcome> {
  const words = { surface: 'connection-test' as const, baseURL: ctx.baseURL, ...(ctx.origin ? { origin: ctx.origin } : {}), ...(ctx.permission ? { query: ctx.permission } : {}) };
  if (!(error instanceof EconError)) {
    // Not an answer of the service (IndexedDB refused the quota log, a bug): never told as "unreachable".
    return { ok: false, problem: 'unexpected', message: describeError(error, words).text };
  }
  // A browser reports a CORS refusal like a host that is down: a no-cors probe tells them apart.
  const reachable = error.code === 'connection' && await ctx.probe(ctx.baseURL);
  const problem: ConnectionProblem = reachable ? 'cors' : PROBLEM[error.code] ?? 'unreachable';
  const at = problem === 'rate_limited' ? error.resetAt : undefined;
  return {
    ok: false, problem, code: error.code,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(at ? { resetAt: at } : {}),
    message: describeError(error, { ...words, reachable }).text,
  };
}
