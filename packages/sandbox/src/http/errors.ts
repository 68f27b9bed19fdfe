/**
 * One error body for every error the sandbox sends:
 * `{ success: false, error: { status, code, message, parameter?, scope? } }`.
 * Routes throw an ApiError; the app's error handler writes it.
 */

export type ErrorCode =
  | 'bad_request' | 'invalid_parameters'
  | 'authentication_required' | 'invalid_api_key'
  | 'insufficient_permissions' | 'rate_limit_exceeded'
  | 'not_found' | 'data_not_found'
  | 'server_error';

export interface ErrorBody {
  success: false;
  error: {
    status: number;
    code: ErrorCode;
    message: string;
    /** The request parameter at fault (400), or the one whose value matched nothing (404: an unknown source, indicator, country or symbol). */
    parameter?: string;
    /** Which rate-limit window refused the request (`minute` or `day`). */
    scope?: 'minute' | 'day';
  };
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { parameter?: string; scope?: 'minute' | 'day' } = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { success: false, error: { status: this.status, code: this.code, message: this.message, ...this.extra } };
  }
}

/** 400 for a malformed or invalid parameter; the message starts `Invalid parameters: <parameter> ...`. */
export function invalidParameter(parameter: string, problem: string): ApiError {
  return new ApiError(400, 'invalid_parameters', `Invalid parameters: ${parameter} ${problem}`, { parameter });
}

/** 400 for a request that cannot be read at all (a body that is not JSON). */
export function badRequest(problem: string): ApiError {
  return new ApiError(400, 'bad_request', `Bad request: ${problem}`);
}

/**
 * 404 for a well-formed query with nothing to serve; the message says what exists instead. When
 * one parameter's value is unknown (not just without data in the range), `parameter` names it.
 */
export function dataNotFound(problem: string, parameter?: string): ApiError {
  return new ApiError(404, 'data_not_found', `Data not found: ${problem}`, parameter ? { parameter } : {});
}

/** 404 for an unknown route; `near` is the route it most likely meant (a trailing slash or letter case away). */
export function routeNotFound(method: string, url: string, near?: string): ApiError {
  const path = url.split('?')[0] ?? url;
  const hint = near ? `did you mean ${method} ${near}?` : 'the routes are listed at /api/docs';
  return new ApiError(404, 'not_found', `Not found: ${method} ${path} is not a route of this service; ${hint}`);
}

export function serverError(detail = 'the sandbox failed to answer'): ApiError {
  return new ApiError(500, 'server_error', `Server error: ${detail}`);
}

/** The JSON schema of the error body, for the OpenAPI document. */
export const errorBodySchema = {
  $id: 'ErrorResponse',
  type: 'object',
  description: 'The body of every error response, whatever the status.',
  required: ['success', 'error'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: {
      type: 'object',
      required: ['status', 'code', 'message'],
      properties: {
        status: { type: 'integer', description: 'The HTTP status, repeated.', example: 400 },
        code: {
          type: 'string',
          enum: ['bad_request', 'invalid_parameters', 'authentication_required', 'invalid_api_key', 'insufficient_permissions',
            'rate_limit_exceeded', 'not_found', 'data_not_found', 'server_error'],
          description: 'A stable machine-readable code.',
        },
        message: {
          type: 'string',
          description: 'Starts with the spec\'s message (Invalid parameters, Authentication required, Invalid API key, Insufficient permissions, Rate limit exceeded, Not found, Data not found, Server error), then the detail.',
          example: 'Invalid parameters: start_year must be a whole year such as 2015, got "20x5"',
        },
        parameter: { type: 'string', description: 'The request parameter at fault (400), or whose value matched nothing (404: an unknown source, indicator, country or symbol).', example: 'start_year' },
        scope: { type: 'string', enum: ['minute', 'day'], description: 'The rate-limit window that refused the request (rate limit only).' },
      },
    },
  },
  example: {
    success: false,
    error: { status: 400, code: 'invalid_parameters', message: 'Invalid parameters: start_year must be a whole year such as 2015, got "20x5"', parameter: 'start_year' },
  },
} as const;
