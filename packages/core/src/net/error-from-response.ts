/**
 * Turns a non-success answer into the error taxonomy, whatever the body's shape: `{error: "..."}`,
 * `{error: {message, parameter, scope}}`, `{message}`, plain text or an HTML page. The server's
 * message is kept (in `serverMessage`, and in the message); the message also says what to do.
 */
import { createError, type EconError, type EconErrorDetails, type ErrorCode } from '../errors/errors.ts';
import { excerptOf, redactApiKey } from './redact.ts';

/** What an error body says, whatever its shape. */
export interface ErrorBody {
  /** The body's form: a JSON object, an HTML page, short plain text, or none of these (empty, cut JSON, long text). */
  form: 'json' | 'html' | 'text' | 'other';
  /** The message: `error` (a string), `error.message`, `message`, `detail` or `error.code` of JSON; an HTML page's title (or first h1); short text itself. */
  message: string | undefined;
  parameter: string | undefined;
  scope: 'minute' | 'day' | undefined;
  isHtml: boolean;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/**
 * Reads the message (and parameter, scope) out of any error body shape: the one reader of the
 * service's error answers (also for a downloaded file that turns out to be one, in @econdata/sheets).
 */
export function readErrorBody(text: string): ErrorBody {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  const out: ErrorBody = { form: 'other', message: undefined, parameter: undefined, scope: undefined, isHtml: false };
  if (trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      // Not JSON after all: the excerpt below shows what it was.
      json = undefined;
    }
    if (json && typeof json === 'object') {
      out.form = 'json';
      const o = json as Record<string, unknown>;
      const err = o['error'];
      const inner = err && typeof err === 'object' ? (err as Record<string, unknown>) : undefined;
      out.message = str(err) ?? str(inner?.['message']) ?? str(o['message']) ?? str(o['detail']) ?? str(inner?.['code']);
      out.parameter = str(inner?.['parameter']) ?? str(o['parameter']);
      const scope = inner?.['scope'] ?? o['scope'];
      if (scope === 'minute' || scope === 'day') out.scope = scope;
      return out;
    }
  }
  if (/^<(!doctype|html|head|body)/i.test(trimmed)) {
    out.isHtml = true;
    out.form = 'html';
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1] ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(trimmed)?.[1];
    out.message = str(title);
    return out;
  }
  if (trimmed !== '' && trimmed.length <= 300 && !trimmed.includes('<')) {
    out.form = 'text';
    out.message = trimmed.replace(/\s+/g, ' ');
  }
  return out;
}

/** Whether a refusal is about rate limits: any 429, or a 403 whose message says so. */
function isRateLimitRefusal(status: number, message: string | undefined): boolean {
  return status === 429 || (status === 403 && message !== undefined && /rate.?limit/i.test(message));
}

/**
 * What a message adds after what happened: for a programmer, which of core's calls or options
 * helps (the codes that exist, a longer timeout). What a person should do is @econdata/ui's
 * (ERROR_ADVICE): core's messages carry no advice of their own for people.
 */
const ADVICE: Record<string, string> = {
  authentication_required: 'Authentication required: no API key was sent.',
  invalid_key: 'Invalid API key: the service did not accept the key of this profile.',
  not_found: 'Check the source, indicator and country codes: listSources, listSourceIndicators and listCountries show what exists.',
  not_found_source: 'Check the source code: listSources shows what exists.',
  not_found_trade: 'Check flow, partner, hs_code and period against what the service says it has.',
  not_found_stocks: 'Check the symbol or index and the dates against what the service says it has.',
  not_found_export: 'Check the export\'s codes and dates against what the service says it has.',
  timeout: 'Try again, or allow more time with timeoutMs.',
};

/** What to check after a 404, by the route that answered it (a stock symbol is not an indicator code). */
function notFoundAdvice(path: string | undefined): string {
  if (path === undefined) return ADVICE['not_found']!;
  if (path.startsWith('/stocks')) return ADVICE['not_found_stocks']!;
  if (path.startsWith('/trade')) return ADVICE['not_found_trade']!;
  if (path.startsWith('/export')) return ADVICE['not_found_export']!;
  if (/^\/sources\/[^/]+\/indicators/.test(path)) return ADVICE['not_found_source']!;
  return ADVICE['not_found']!;
}

/**
 * A redirect, refused: what happened (the base URL is being redirected, and where to when the
 * runtime shows it) and what to do (use the final address as the base URL). The target is named
 * by origin and path only: its query string may hold the key.
 */
function redirectMessage(status: number, location: string | undefined): string {
  let target: URL | undefined;
  try {
    target = location === undefined ? undefined : new URL(location);
  } catch {
    target = undefined;
  }
  const head = status === 0
    ? 'The service redirected the request to another address (the browser hides which)'
    : `The service answered with a redirect (status ${status})${target ? ` to ${target.origin}${target.pathname}` : ''}`;
  const todo = status === 0
    ? 'open the base URL in a browser to see where it leads, and set that final address as the base URL (the service address of the connection or profile)'
    : `set the final address${target ? ` (here ${target.origin})` : ''} as the base URL (the service address of the connection or profile), if that is the service`;
  return `${head}, which the client does not follow so that the key goes nowhere else. The base URL is being redirected: ${todo}.`;
}

/**
 * Builds the error for a non-2xx answer (or a 2xx with `success: false`). Every status maps to one code
 * (the table in the README): 400, 405-407, 409, 411-418, 421-431 and any other 4xx `bad_request`;
 * 401 `authentication`; 402, 403, 451 `permission_denied`; 403 or 429 about rate limits `rate_limited`;
 * 404, 410 `not_found`; 408 `timeout`; 5xx `server_error`; 2xx with success: false, 3xx, 1xx `invalid_response`.
 * @param extra.key the API key in use, so that no message or excerpt can echo it.
 * @param extra.path the route (below /api/v1), so that the advice fits what was asked.
 * @param extra.location the Location header of a redirect (absolute), named in its error.
 * @param extra.params the request's parameters: when the body names a parameter, its value in the
 *   request becomes the error's `value` (from what core sent, never read out of the server's text).
 */
export function errorFromResponse(status: number, bodyText: string, extra: { retryAfterMs?: number; now: number; key?: string; path?: string; params?: Record<string, string | number>; location?: string }): EconError {
  const body = readErrorBody(bodyText);
  const serverMessage = body.message === undefined ? undefined : redactApiKey(body.message, extra.key);
  const details: EconErrorDetails = { status };
  if (serverMessage !== undefined) details.serverMessage = serverMessage;
  if (body.parameter !== undefined) {
    details.parameter = body.parameter;
    const sent = extra.params?.[body.parameter];
    if (sent !== undefined) details.value = redactApiKey(String(sent), extra.key);
  }
  if (extra.retryAfterMs !== undefined) details.retryAfterMs = extra.retryAfterMs;
  if ((serverMessage === undefined || body.isHtml) && bodyText !== '') details.excerpt = excerptOf(bodyText, extra.key);
  const said = serverMessage ?? `HTTP ${status}`;

  let code: ErrorCode;
  let message: string;
  if (isRateLimitRefusal(status, serverMessage)) {
    code = 'rate_limited';
    const scope = body.scope ?? (serverMessage && /\b(day|daily)\b/i.test(serverMessage) ? 'day' : serverMessage && /\bminute\b/i.test(serverMessage) ? 'minute' : undefined);
    if (scope) details.scope = scope;
    if (extra.retryAfterMs !== undefined) details.resetAt = new Date(extra.now + extra.retryAfterMs);
    message = `${said} (status ${status}).`;
  } else if (status === 401) {
    code = 'authentication';
    message = serverMessage && /authentication required/i.test(serverMessage) ? ADVICE['authentication_required']! : ADVICE['invalid_key']!;
    if (serverMessage && !/^(invalid api key|authentication required)/i.test(serverMessage)) message += ` (The service said: ${serverMessage})`;
  } else if (status === 402 || status === 403 || status === 451) {
    code = 'permission_denied';
    message = `${said} (status ${status}).`;
  } else if (status === 404 || status === 410) {
    code = 'not_found';
    message = `${said} (status ${status}). ${notFoundAdvice(extra.path)}`;
  } else if (status === 408) {
    code = 'timeout';
    message = `${said} (status 408): the service gave up waiting for the request. ${ADVICE['timeout']}`;
  } else if (status === 407) {
    code = 'bad_request';
    message = `${said} (status 407): a proxy between this computer and the service asks for its own credentials. Configure the proxy, or ask your network administrator.`;
  } else if (status >= 400 && status < 500) {
    code = 'bad_request';
    message = `${said} (status ${status}).`;
  } else if (status >= 500 && status < 600) {
    code = 'server_error';
    message = `${body.isHtml || serverMessage === undefined ? `Server error (status ${status}, an unreadable ${body.isHtml ? 'HTML page' : 'body'})` : said} (status ${status}).`;
  } else if (status >= 200 && status < 300) {
    code = 'invalid_response';
    message = `The service answered status ${status} with success: false (${said}). Try again later; if it persists, report it to the provider.`;
  } else if ((status >= 300 && status < 400) || status === 0) {
    // Redirects are not followed: the key would travel to an address nobody configured. A browser
    // refusing one (fetch's redirect: 'manual') shows status 0 and hides the code and target.
    code = 'invalid_response';
    message = redirectMessage(status, extra.location);
  } else {
    // 1xx, or a number outside HTTP (600 and up): not an answer the interface allows.
    code = 'invalid_response';
    message = `The service answered with an unexpected status ${status} (${said}). Try again later; if it persists, report it to the provider.`;
  }
  return createError(code, redactApiKey(message, extra.key), details);
}
