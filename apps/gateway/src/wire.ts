/**
 * The gateway's answers on the wire: the success envelope (spec 2.1) and one error body, the one
 * the sandbox writes (`{ success: false, error: { status, code, message, parameter?, scope? } }`),
 * which core's client reads. Statuses are the spec's (section 7), plus two of the gateway's own:
 * 502 when the service cannot be used and nothing cached answers, 503 when the gateway's own
 * state (Redis) does not answer.
 */
import { EconError } from '@econdata/core';

export interface WireError {
  status: number;
  code: string;
  message: string;
  parameter?: string;
  scope?: 'minute' | 'day';
  retryAfterMs?: number;
}

export function errorBody(e: WireError): { success: false; error: Omit<WireError, 'retryAfterMs'> } {
  const { retryAfterMs: _r, ...error } = e;
  return { success: false, error };
}

/** The gateway's state store stopped answering: refuse rather than risk the plan. */
export function stateDown(): WireError {
  return { status: 503, code: 'state_unavailable', message: 'Service unavailable: the gateway cannot reach its shared state (Redis), so it sends nothing to the service rather than risk the team\'s plan. Try again in a moment; if it lasts, tell the gateway\'s administrator.' };
}

/** How an error from core (or anything else) reads on the wire. */
export function wireError(error: unknown): WireError {
  if (!(error instanceof EconError)) return stateDown();
  const said = error.serverMessage ?? error.message;
  const named = { ...(error.parameter === undefined ? {} : { parameter: error.parameter }) };
  switch (error.code) {
    case 'invalid_parameter':
      return { status: 400, code: 'invalid_parameters', message: /^invalid parameters/i.test(said) ? said : `Invalid parameters: ${said}`, ...named };
    case 'bad_request':
      return { status: 400, code: 'bad_request', message: said, ...named };
    case 'not_found':
      return { status: 404, code: /^data not found/i.test(said) ? 'data_not_found' : 'not_found', message: said, ...named };
    case 'permission_denied':
      return { status: 403, code: 'insufficient_permissions', message: said };
    case 'rate_limited':
    case 'quota_exhausted': {
      const scope = error.scope ?? (error.code === 'quota_exhausted' ? 'day' : 'minute');
      return { status: 429, code: 'rate_limit_exceeded', message: `Rate limit exceeded: the team's plan has no requests left this ${scope}${error.resetAt ? ` (until ${error.resetAt.toISOString()})` : ''}.`, scope, ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }) };
    }
    case 'authentication':
      return { status: 502, code: 'upstream_refused_key', message: 'Bad gateway: the service refused the gateway\'s team key. Tell the gateway\'s administrator (the key may have been revoked or rotated).' };
    case 'key_unavailable':
      return { status: 503, code: 'team_key_unavailable', message: 'Service unavailable: the gateway cannot read the team\'s key. Tell the gateway\'s administrator.' };
    case 'server_error':
      return { status: error.status === 500 ? 500 : 502, code: 'server_error', message: said };
    case 'storage':
      return stateDown();
    default:
      // connection, timeout, invalid_response, aborted: the service could not be used, and no cached answer stood in.
      return { status: 502, code: 'upstream_unavailable', message: `Bad gateway: the service did not give a usable answer and nothing cached answers this request (${error.message})` };
  }
}
