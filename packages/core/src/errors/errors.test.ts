import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createError,
  type EconError,
  ERROR_NAMES,
  errorFromJSON,
  isEconError,
  isSerializedEconError,
  RateLimitedError,
  type ErrorCode,
  type SerializedEconError,
} from './errors.ts';

const CODES = Object.keys(ERROR_NAMES) as ErrorCode[];
const resetAt = new Date('2026-11-23T00:00:00.000Z');

describe('the error taxonomy', () => {
  it('has the fourteen codes the apps switch on', () => {
    expect(CODES).toEqual([
      'invalid_parameter', 'bad_request', 'authentication', 'key_unavailable', 'permission_denied', 'rate_limited',
      'quota_exhausted', 'not_found', 'server_error', 'connection', 'timeout', 'aborted', 'invalid_response', 'storage',
    ]);
  });

  it.each(CODES)('%s: its own class name, and errorFromJSON(toJSON(e)) gives the same class and fields back', (code) => {
    const e = createError(code, `a ${code} happened`, { status: 429, parameter: 'country', retryAfterMs: 1500, resetAt, scope: 'day', serverMessage: 'said so', excerpt: '<html>' });
    expect(e.name).toBe(ERROR_NAMES[code]);
    expect(e.constructor.name).toBe(ERROR_NAMES[code]);
    const json = e.toJSON();
    expect(json).toEqual({ name: ERROR_NAMES[code], code, message: `a ${code} happened`, status: 429, parameter: 'country', retryAfterMs: 1500, resetAt: '2026-11-23T00:00:00.000Z', scope: 'day', serverMessage: 'said so', excerpt: '<html>', retryable: e.retryable });
    // Across IPC: through JSON text and back.
    const back = errorFromJSON(JSON.parse(JSON.stringify(e)));
    expect(back).toBeInstanceOf(e.constructor);
    expect(back).toMatchObject({ name: e.name, code, message: e.message, status: 429, parameter: 'country', retryAfterMs: 1500, scope: 'day', serverMessage: 'said so', excerpt: '<html>' });
    expect(back.resetAt).toEqual(resetAt);
    expect(back.toJSON()).toEqual(json);
  });

  it('keeps an absent field absent through the round trip', () => {
    const back = errorFromJSON(new RateLimitedError('slow down').toJSON());
    expect(back.toJSON()).toEqual({ name: 'RateLimitedError', code: 'rate_limited', message: 'slow down', retryable: true });
    expect(back.resetAt).toBeUndefined();
  });

  it('isEconError narrows to EconError only; the JSON form has its own guard', () => {
    const e: unknown = new RateLimitedError('slow down', { resetAt });
    const json: unknown = (e as EconError).toJSON();
    expect(isEconError(e)).toBe(true);
    expect(isEconError(e, 'rate_limited')).toBe(true);
    expect(isEconError(e, 'timeout')).toBe(false);
    expect(isEconError(json)).toBe(false);
    expect(isSerializedEconError(json)).toBe(true);
    expect(isSerializedEconError(json, 'rate_limited')).toBe(true);
    expect(isSerializedEconError(json, 'aborted')).toBe(false);
    expect(isSerializedEconError(e)).toBe(false);
    for (const other of [null, undefined, 'rate_limited', new Error('x'), { code: 'rate_limited', message: 'x' }, { name: 'EconError', code: 'nope', message: 'x' }, { name: 'AbortError', code: 'timeout', message: 'x' }]) {
      expect([isEconError(other), isSerializedEconError(other)]).toEqual([false, false]);
    }
    if (isEconError(e, 'rate_limited')) {
      expectTypeOf(e).toExtend<EconError>();
      expectTypeOf(e.resetAt).toEqualTypeOf<Date | undefined>();
      expectTypeOf(e.code).toEqualTypeOf<'rate_limited'>();
    }
    if (isSerializedEconError(json)) expectTypeOf(json.resetAt).toEqualTypeOf<string | undefined>();
  });

  it('recognises an EconError from another realm by its name, code and toJSON', () => {
    const foreign = { name: 'TimeoutError', code: 'timeout', message: 'late', toJSON: () => ({}) };
    expect(isEconError(foreign, 'timeout')).toBe(true);
  });

  it('errorFromJSON returns an EconError as it is, and makes anything else an invalid_response', () => {
    const e = new RateLimitedError('slow down');
    expect(errorFromJSON(e)).toBe(e);
    const unknown = errorFromJSON({ what: 'ever' });
    expect(unknown).toMatchObject({ name: 'InvalidResponseError', code: 'invalid_response', message: 'An error arrived in an unknown form', excerpt: '{"what":"ever"}' });
  });

  it('only the retry policy\'s codes are retryable', () => {
    const retryable = CODES.filter((code) => createError(code, 'x').retryable);
    expect(retryable).toEqual(['rate_limited', 'server_error', 'connection', 'timeout']);
    expect([500, 501, 502, 503, 504, 505, 511].map((status) => createError('server_error', 'x', { status }).retryable)).toEqual([true, false, true, true, true, false, false]);
  });

  it('the JSON form is typed with the class name', () => {
    expectTypeOf<SerializedEconError['name']>().toEqualTypeOf<(typeof ERROR_NAMES)[ErrorCode]>();
  });
});
