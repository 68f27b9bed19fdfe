/** Every 4xx and 5xx status the HTTP specifications define (RFC 9110, 6585, 7725, 8470, 4918) maps to one code (the README's table). */
import { describe, expect, it } from 'vitest';
import { EconDataClient } from '../client/client.ts';
import type { ErrorCode } from '../errors/errors.ts';
import { FakeTransport, envelope, json, recordingSleep } from '../testing/fake-transport.ts';
import { errorFromResponse } from './error-from-response.ts';

const now = Date.parse('2026-11-22T08:00:00Z');

const TABLE: Array<[number, ErrorCode, boolean]> = [
  [400, 'bad_request', false], [401, 'authentication', false], [402, 'permission_denied', false], [403, 'permission_denied', false],
  [404, 'not_found', false], [405, 'bad_request', false], [406, 'bad_request', false], [407, 'bad_request', false],
  [408, 'timeout', true], [409, 'bad_request', false], [410, 'not_found', false], [411, 'bad_request', false],
  [412, 'bad_request', false], [413, 'bad_request', false], [414, 'bad_request', false], [415, 'bad_request', false],
  [416, 'bad_request', false], [417, 'bad_request', false], [418, 'bad_request', false], [421, 'bad_request', false],
  [422, 'bad_request', false], [423, 'bad_request', false], [424, 'bad_request', false], [425, 'bad_request', false],
  [426, 'bad_request', false], [428, 'bad_request', false], [429, 'rate_limited', true], [431, 'bad_request', false],
  [451, 'permission_denied', false],
  [500, 'server_error', true], [501, 'server_error', false], [502, 'server_error', true], [503, 'server_error', true],
  [504, 'server_error', true], [505, 'server_error', false], [506, 'server_error', false], [507, 'server_error', false],
  [508, 'server_error', false], [510, 'server_error', false], [511, 'server_error', false],
];

describe('status mapping', () => {
  it.each(TABLE)('%i is %s (retried: %s)', (status, code, retried) => {
    const e = errorFromResponse(status, '{"error":"refused"}', { now });
    expect([e.code, e.status, e.retryable]).toEqual([code, status, retried]);
    expect(e.serverMessage).toBe('refused');
  });

  it('408 says the service gave up waiting, and how to allow more time', () => {
    expect(errorFromResponse(408, '{"error":"Request Timeout"}', { now }).message).toBe('Request Timeout (status 408): the service gave up waiting for the request. Try again, or allow more time with timeoutMs.');
  });

  it('409 and 422 are refusals of the request as sent', () => {
    expect(errorFromResponse(422, '{"error":"Unprocessable: end_year before start_year"}', { now }).message).toBe('Unprocessable: end_year before start_year (status 422).');
    expect(errorFromResponse(409, 'Conflict', { now })).toMatchObject({ name: 'BadRequestError', code: 'bad_request', status: 409, serverMessage: 'Conflict' });
  });

  it('a 1xx or a status outside HTTP is an invalid_response', () => {
    expect(errorFromResponse(102, '', { now }).code).toBe('invalid_response');
    expect(errorFromResponse(600, '', { now }).code).toBe('invalid_response');
  });
});

describe('the client applies the mapping', () => {
  const q = { source: 'WB', indicator: 'A', country: 'VN' };
  const client = (t: FakeTransport, sleep = recordingSleep().sleep) => new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'key-abcdef-0001', transport: t, sleep, maxRetries: 2 });

  it('retries a 408 and answers with the next attempt', async () => {
    const t = new FakeTransport(json(408, { error: 'Request Timeout' }), json(200, envelope([])));
    const { sleep, waits } = recordingSleep();
    await expect(client(t, sleep).getIndicators(q)).resolves.toMatchObject({ data: [] });
    expect(t.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it('a 408 on every attempt ends as timeout after the retries', async () => {
    const t = new FakeTransport(json(408, { error: 'Request Timeout' }));
    await expect(client(t).getIndicators(q)).rejects.toMatchObject({ name: 'TimeoutError', code: 'timeout', status: 408 });
    expect(t.requests).toHaveLength(3);
  });

  it.each([409, 422])('%i is bad_request, sent once', async (status) => {
    const t = new FakeTransport(json(status, { error: 'refused' }));
    await expect(client(t).getIndicators(q)).rejects.toMatchObject({ code: 'bad_request', status });
    expect(t.requests).toHaveLength(1);
  });
});
