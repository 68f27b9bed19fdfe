/**
 * One error taxonomy for the whole product: a base class, one subclass per kind, each with a stable
 * string `code`. Errors cross Electron IPC and Office runtimes, where `instanceof` is lost, so every
 * error serializes with `toJSON()` and comes back with `errorFromJSON()`; guards test the code, not
 * the prototype.
 */

export type ErrorCode =
  | 'invalid_parameter'
  | 'bad_request'
  | 'authentication'
  | 'permission_denied'
  | 'rate_limited'
  | 'quota_exhausted'
  | 'not_found'
  | 'server_error'
  | 'connection'
  | 'timeout'
  | 'aborted'
  | 'invalid_response';

export interface EconErrorDetails {
  /** HTTP status, when a response was received. */
  status?: number;
  /** The parameter that was refused (invalid_parameter, or a 400 naming one). */
  parameter?: string;
  /** How long to wait before trying again, when known. */
  retryAfterMs?: number;
  /** When the exhausted allowance comes back (quota_exhausted, rate_limited). */
  resetAt?: Date;
  /** Which rate window refused: the minute or the day. */
  scope?: 'minute' | 'day';
  /** The message the server sent, verbatim (already part of `message`). */
  serverMessage?: string;
  /** A short, secret-free excerpt of an unreadable body (invalid_response). */
  excerpt?: string;
  cause?: unknown;
}

/** The JSON form of an EconError: what crosses IPC and runtime boundaries. */
export interface SerializedEconError {
  name: 'EconError';
  code: ErrorCode;
  message: string;
  status?: number;
  parameter?: string;
  retryAfterMs?: number;
  resetAt?: string;
  scope?: 'minute' | 'day';
  serverMessage?: string;
  excerpt?: string;
  retryable: boolean;
}

/** Codes whose request may succeed if sent again later (the retry policy: src/net/retry.ts). */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set(['rate_limited', 'server_error', 'connection', 'timeout']);
/** The 5xx statuses that say "try later"; 501 Not Implemented or 505 would answer the same again. */
const RETRYABLE_5XX: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** The base of every error the product raises about data access. */
export class EconError extends Error {
  override readonly name = 'EconError';
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly parameter: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly resetAt: Date | undefined;
  readonly scope: 'minute' | 'day' | undefined;
  readonly serverMessage: string | undefined;
  readonly excerpt: string | undefined;

  constructor(code: ErrorCode, message: string, details: EconErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status;
    this.parameter = details.parameter;
    this.retryAfterMs = details.retryAfterMs;
    this.resetAt = details.resetAt;
    this.scope = details.scope;
    this.serverMessage = details.serverMessage;
    this.excerpt = details.excerpt;
  }

  /** Whether sending the same request again later may succeed. */
  get retryable(): boolean {
    if (this.code === 'server_error' && this.status !== undefined) return RETRYABLE_5XX.has(this.status);
    return RETRYABLE.has(this.code);
  }

  toJSON(): SerializedEconError {
    const json: SerializedEconError = { name: 'EconError', code: this.code, message: this.message, retryable: this.retryable };
    if (this.status !== undefined) json.status = this.status;
    if (this.parameter !== undefined) json.parameter = this.parameter;
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs;
    if (this.resetAt !== undefined) json.resetAt = this.resetAt.toISOString();
    if (this.scope !== undefined) json.scope = this.scope;
    if (this.serverMessage !== undefined) json.serverMessage = this.serverMessage;
    if (this.excerpt !== undefined) json.excerpt = this.excerpt;
    return json;
  }
}

// One subclass per kind, so callers can `catch (e) { if (e instanceof RateLimitError) ... }` within a
// realm, and `isEconError(e, 'rate_limited')` across realms.

/** Refused by the client before any request: names the parameter and the accepted form. */
export class InvalidParameterError extends EconError {
  constructor(parameter: string, message: string, details: Omit<EconErrorDetails, 'parameter'> = {}) {
    super('invalid_parameter', message, { ...details, parameter });
  }
}
/** 400 from the service. */
export class BadRequestError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('bad_request', message, details); }
}
/** 401: the key is missing or invalid. */
export class AuthenticationError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('authentication', message, details); }
}
/** 403 Insufficient permissions: the plan does not include this data. */
export class PermissionDeniedError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('permission_denied', message, details); }
}
/** 429, or a 403 whose message says rate limit: the plan's request rate was exceeded. */
export class RateLimitError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('rate_limited', message, details); }
}
/** The day's allowance is spent (or a wait would be longer than the cap): carries `resetAt`. */
export class QuotaExhaustedError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('quota_exhausted', message, details); }
}
/** 404: no such route or no matching data. */
export class NotFoundError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('not_found', message, details); }
}
/** 5xx. */
export class ServerError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('server_error', message, details); }
}
/** The service could not be reached, or the connection broke. */
export class ConnectionError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('connection', message, details); }
}
/** No complete answer within the time allowed. */
export class TimeoutError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('timeout', message, details); }
}
/** The caller cancelled. */
export class AbortError extends EconError {
  constructor(message = 'Request cancelled', details: EconErrorDetails = {}) { super('aborted', message, details); }
}
/** A reply that is not what the interface promises: not JSON, truncated, an HTML page, a wrong shape. */
export class InvalidResponseError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('invalid_response', message, details); }
}

// InvalidParameterError takes the parameter first, so it is built apart in createError.
const CLASS_BY_CODE: Record<Exclude<ErrorCode, 'invalid_parameter'>, new (message: string, details: EconErrorDetails) => EconError> = {
  bad_request: BadRequestError,
  authentication: AuthenticationError,
  permission_denied: PermissionDeniedError,
  rate_limited: RateLimitError,
  quota_exhausted: QuotaExhaustedError,
  not_found: NotFoundError,
  server_error: ServerError,
  connection: ConnectionError,
  timeout: TimeoutError,
  aborted: AbortError,
  invalid_response: InvalidResponseError,
};

/** Builds the error of the given code; the one constructor the rest of core uses. */
export function createError(code: ErrorCode, message: string, details: EconErrorDetails = {}): EconError {
  if (code === 'invalid_parameter') return new InvalidParameterError(details.parameter ?? 'unknown', message, details);
  return new CLASS_BY_CODE[code](message, details);
}

/** Whether a value is an EconError (of a given code), also after it crossed a realm or was serialized. */
export function isEconError(value: unknown, code?: ErrorCode): value is EconError | SerializedEconError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { name?: unknown; code?: unknown };
  if (v.name !== 'EconError' || typeof v.code !== 'string') return false;
  if (v.code !== 'invalid_parameter' && !(v.code in CLASS_BY_CODE)) return false;
  return code === undefined || v.code === code;
}

/**
 * Rebuilds an EconError from its JSON form (the other half of `toJSON`), so a renderer or an Office
 * runtime gets the same class, code and fields back. Anything else becomes an `invalid_response`.
 *
 * @example const error = errorFromJSON(JSON.parse(ipcPayload));
 */
export function errorFromJSON(json: unknown): EconError {
  if (!isEconError(json)) {
    return new InvalidResponseError('An error arrived in an unknown form', { excerpt: String(JSON.stringify(json)).slice(0, 200) });
  }
  const s = json as SerializedEconError;
  const details: EconErrorDetails = {};
  if (s.status !== undefined) details.status = s.status;
  if (s.parameter !== undefined) details.parameter = s.parameter;
  if (s.retryAfterMs !== undefined) details.retryAfterMs = s.retryAfterMs;
  if (s.resetAt !== undefined) details.resetAt = new Date(s.resetAt);
  if (s.scope !== undefined) details.scope = s.scope;
  if (s.serverMessage !== undefined) details.serverMessage = s.serverMessage;
  if (s.excerpt !== undefined) details.excerpt = s.excerpt;
  return createError(s.code, s.message, details);
}
