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
  | 'key_unavailable'
  | 'permission_denied'
  | 'rate_limited'
  | 'quota_exhausted'
  | 'not_found'
  | 'server_error'
  | 'connection'
  | 'timeout'
  | 'aborted'
  | 'invalid_response'
  | 'storage';

/** Codes whose request may succeed if sent again later (the retry policy, net/retry.ts, applies it). */
const RETRYABLE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['rate_limited', 'server_error', 'connection', 'timeout']);
/** The 5xx statuses that say "try later" (501 or 505 answer the same again). */
const RETRYABLE_5XX: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** Whether an error of this code (and HTTP status) may succeed if sent again: the one rule. */
export function isRetryable(code: ErrorCode, status: number | undefined): boolean {
  if (code === 'server_error' && status !== undefined) return RETRYABLE_5XX.has(status);
  return RETRYABLE_CODES.has(code);
}

/** The class name of each code: `name` of an error and of its JSON form. */
export const ERROR_NAMES = {
  invalid_parameter: 'InvalidParameterError',
  bad_request: 'BadRequestError',
  authentication: 'AuthenticationError',
  key_unavailable: 'KeyUnavailableError',
  permission_denied: 'PermissionDeniedError',
  rate_limited: 'RateLimitedError',
  quota_exhausted: 'QuotaExhaustedError',
  not_found: 'NotFoundError',
  server_error: 'ServerError',
  connection: 'ConnectionError',
  timeout: 'TimeoutError',
  aborted: 'AbortError',
  invalid_response: 'InvalidResponseError',
  storage: 'StorageError',
} as const satisfies Record<ErrorCode, string>;

/** The class name of an error: one per code. */
export type EconErrorName = (typeof ERROR_NAMES)[ErrorCode];

export interface EconErrorDetails {
  /** HTTP status, when a response was received. */
  status?: number;
  /** The parameter that was refused (invalid_parameter, or a 400 naming one), or that matched nothing (a 404 naming one). */
  parameter?: string;
  /**
   * The value `parameter` had in the request core sent (`NY.GDP.MKTP.XX` for an unknown indicator):
   * set by core from its own request, so a sentence can name it without reading the server's text.
   */
  value?: string;
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
  /** The underlying failure (the key provider's error for key_unavailable). Not serialized. */
  cause?: Error;
}

/** The JSON form of an EconError: what crosses IPC and runtime boundaries (`cause` stays behind). */
export interface SerializedEconError {
  name: EconErrorName;
  code: ErrorCode;
  message: string;
  status?: number;
  parameter?: string;
  value?: string;
  retryAfterMs?: number;
  resetAt?: string;
  scope?: 'minute' | 'day';
  serverMessage?: string;
  excerpt?: string;
  retryable: boolean;
}

/** The base of every error the product raises about data access; `code` is the stable switch. */
export class EconError extends Error {
  override readonly name: EconErrorName;
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly parameter: string | undefined;
  readonly value: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly resetAt: Date | undefined;
  readonly scope: 'minute' | 'day' | undefined;
  readonly serverMessage: string | undefined;
  readonly excerpt: string | undefined;
  declare readonly cause: Error | undefined;

  constructor(code: ErrorCode, message: string, details: EconErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = ERROR_NAMES[code];
    this.code = code;
    this.status = details.status;
    this.parameter = details.parameter;
    this.value = details.value;
    this.retryAfterMs = details.retryAfterMs;
    this.resetAt = details.resetAt;
    this.scope = details.scope;
    this.serverMessage = details.serverMessage;
    this.excerpt = details.excerpt;
  }

  /** Whether sending the same request again later may succeed (the retry policy: src/net/retry.ts). */
  get retryable(): boolean {
    return isRetryable(this.code, this.status);
  }

  /** The JSON form (see `errorFromJSON`); `cause` is left out, as it may hold anything. */
  toJSON(): SerializedEconError {
    const json: SerializedEconError = { name: this.name, code: this.code, message: this.message, retryable: this.retryable };
    if (this.status !== undefined) json.status = this.status;
    if (this.parameter !== undefined) json.parameter = this.parameter;
    if (this.value !== undefined) json.value = this.value;
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs;
    if (this.resetAt !== undefined) json.resetAt = this.resetAt.toISOString();
    if (this.scope !== undefined) json.scope = this.scope;
    if (this.serverMessage !== undefined) json.serverMessage = this.serverMessage;
    if (this.excerpt !== undefined) json.excerpt = this.excerpt;
    return json;
  }
}

// One subclass per kind, so callers can `catch (e) { if (e instanceof RateLimitedError) ... }` within a
// realm, and `isEconError(e, 'rate_limited')` across realms.

/** Refused by the client before any request: names the parameter and the accepted form. */
export class InvalidParameterError extends EconError {
  constructor(parameter: string, message: string, details: Omit<EconErrorDetails, 'parameter'> = {}) {
    super('invalid_parameter', message, { ...details, parameter });
  }
}
/** A refusal of the request as sent: 400, 405-407, 409-422, 426-431 and other 4xx without a code of their own. */
export class BadRequestError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('bad_request', message, details); }
}
/** 401: the service refused the key (or none was sent). */
export class AuthenticationError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('authentication', message, details); }
}
/** The key provider threw (a locked or missing OS keychain, no key saved): nothing was sent; `cause` holds its error. */
export class KeyUnavailableError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('key_unavailable', message, details); }
}
/** 402, 403 Insufficient permissions, 451: the plan does not include this data. */
export class PermissionDeniedError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('permission_denied', message, details); }
}
/** 429, or a 403 whose message says rate limit: the plan's request rate was exceeded. */
export class RateLimitedError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('rate_limited', message, details); }
}
/** The day's allowance is spent (or a wait would be longer than the cap): carries `resetAt`. */
export class QuotaExhaustedError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('quota_exhausted', message, details); }
}
/** 404 or 410: no such route or no matching data. */
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
/** No complete answer within the time allowed (also a 408 from the service). */
export class TimeoutError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('timeout', message, details); }
}
/** The caller cancelled (named like the DOM's AbortError, so `e.name === 'AbortError'` checks hold). */
export class AbortError extends EconError {
  constructor(message = 'Request cancelled', details: EconErrorDetails = {}) { super('aborted', message, details); }
}
/** A reply that is not what the interface promises: not JSON, truncated, an HTML page, a wrong shape. */
export class InvalidResponseError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('invalid_response', message, details); }
}
/**
 * A file or store the client keeps on this machine (the quota usage log, a cache file) could not be
 * read or written; the message names it and says what to do. Nothing was sent.
 */
export class StorageError extends EconError {
  constructor(message: string, details: EconErrorDetails = {}) { super('storage', message, details); }
}

// InvalidParameterError takes the parameter first, so it is built apart in createError.
const CLASS_BY_CODE: Record<Exclude<ErrorCode, 'invalid_parameter'>, new (message: string, details: EconErrorDetails) => EconError> = {
  bad_request: BadRequestError,
  authentication: AuthenticationError,
  key_unavailable: KeyUnavailableError,
  permission_denied: PermissionDeniedError,
  rate_limited: RateLimitedError,
  quota_exhausted: QuotaExhaustedError,
  not_found: NotFoundError,
  server_error: ServerError,
  connection: ConnectionError,
  timeout: TimeoutError,
  aborted: AbortError,
  invalid_response: InvalidResponseError,
  storage: StorageError,
};

/** Builds the error of the given code; the one constructor the rest of core uses. */
export function createError(code: ErrorCode, message: string, details: EconErrorDetails = {}): EconError {
  if (code === 'invalid_parameter') return new InvalidParameterError(details.parameter ?? 'unknown', message, details);
  return new CLASS_BY_CODE[code](message, details);
}

function isCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_NAMES, code);
}

/**
 * Whether a value is an EconError (of a given code): an instance, also one from another realm
 * (an iframe, an Office runtime), told by its name, code and `toJSON`. For the plain JSON form
 * that crossed IPC or HTTP, use `isSerializedEconError`.
 */
export function isEconError<C extends ErrorCode>(value: unknown, code?: C): value is EconError & { code: C } {
  if (value instanceof EconError) return code === undefined || value.code === code;
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { name?: unknown; code?: unknown; toJSON?: unknown };
  if (!isCode(v.code) || v.name !== ERROR_NAMES[v.code] || typeof v.toJSON !== 'function') return false;
  return code === undefined || v.code === code;
}

/** Whether a value is the JSON form of an EconError (of a given code): a plain object from `toJSON()`. */
export function isSerializedEconError<C extends ErrorCode>(value: unknown, code?: C): value is SerializedEconError & { code: C } {
  if (typeof value !== 'object' || value === null || value instanceof EconError) return false;
  const v = value as { name?: unknown; code?: unknown; message?: unknown };
  if (!isCode(v.code) || v.name !== ERROR_NAMES[v.code] || typeof v.message !== 'string') return false;
  return code === undefined || v.code === code;
}

/**
 * Rebuilds an EconError from its JSON form (the other half of `toJSON`), so a renderer or an Office
 * runtime gets the same class, code and fields back. An EconError is returned as it is; anything
 * else becomes an `invalid_response`.
 *
 * @example const error = errorFromJSON(JSON.parse(ipcPayload));
 */
export function errorFromJSON(json: unknown): EconError {
  if (isEconError(json)) return json;
  if (!isSerializedEconError(json)) {
    return new InvalidResponseError('An error arrived in an unknown form', { excerpt: String(JSON.stringify(json)).slice(0, 200) });
  }
  const s = json;
  const details: EconErrorDetails = {};
  if (typeof s.status === 'number') details.status = s.status;
  if (typeof s.parameter === 'string') details.parameter = s.parameter;
  if (typeof s.value === 'string') details.value = s.value;
  if (typeof s.retryAfterMs === 'number') details.retryAfterMs = s.retryAfterMs;
  if (typeof s.resetAt === 'string') details.resetAt = new Date(s.resetAt);
  if (s.scope === 'minute' || s.scope === 'day') details.scope = s.scope;
  if (typeof s.serverMessage === 'string') details.serverMessage = s.serverMessage;
  if (typeof s.excerpt === 'string') details.excerpt = s.excerpt;
  return createError(s.code, s.message, details);
}
