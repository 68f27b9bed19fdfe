import { AuthenticationError, BadRequestError, ConnectionError, InvalidParameterError, InvalidResponseError, StorageError, NotFoundError, PermissionDeniedError, QuotaExhaustedError, RateLimitedError, ServerError, TimeoutError, AbortError } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { describeError, ERROR_CODES, toUiError } from '../src/index.ts';
import { sampleQuota } from '../src/testing/index.ts';

const free = sampleQuota('free', { minuteUsed: 10, dayUsed: 40 });
const ctx = { timeZone: 'UTC', quota: free, baseURL: 'https://api.econdata.example/api/v1' };

describe('describeError', () => {
  it('rate_limited names the limit, the plan and the retry time', () => {
    const e = new RateLimitedError('Rate limit exceeded', { status: 429, scope: 'minute', resetAt: new Date('2026-11-22T14:05:00Z') });
    expect(describeError(e, ctx)).toEqual({ code: 'rate_limited', title: 'Too many requests', intent: 'warning', action: 'retry', text: 'Rate limit reached: 10 requests a minute on the Free plan. It resets at 14:05 UTC. Wait for the limit to reset, then retry.' });
  });
  it("rate_limited without its own reset time takes the ledger's", () => {
    expect(describeError(new RateLimitedError('Rate limit exceeded', { status: 429 }), ctx).text).toBe('Rate limit reached: 10 requests a minute on the Free plan. It resets at 14:05 UTC. Wait for the limit to reset, then retry.');
  });
  it('rate_limited without a quota or a time still says what to do', () => {
    expect(describeError(new RateLimitedError('x', { retryAfterMs: 30_000 })).text).toBe('Rate limit reached: the service refused more requests for now. It resets in 30 s. Wait for the limit to reset, then retry.');
    expect(describeError(new RateLimitedError('x')).text).toBe('Rate limit reached: the service refused more requests for now. Wait for the limit to reset, then retry.');
    expect(describeError(new RateLimitedError('x', { scope: 'day', resetAt: new Date('2026-11-23T00:00:00Z') }), ctx).text).toBe('Rate limit reached: 100 requests a day on the Free plan. It resets at 00:00 UTC. Wait for the limit to reset, then retry.');
  });
  it('quota_exhausted says the day is spent and when it comes back', () => {
    const e = new QuotaExhaustedError('Daily quota exhausted', { resetAt: new Date('2026-11-23T00:00:00Z') });
    expect(describeError(e, { ...ctx, quota: sampleQuota('free', { dayUsed: 100 }) }).text).toBe('Daily limit reached: all 100 requests of the Free plan are used. It resets at 00:00 UTC. Cached data stays available; a higher plan allows more.');
  });
  it('key_unavailable says to unlock the keychain or save the key', () => {
    const serialized = { name: 'KeyUnavailableError', code: 'key_unavailable', message: 'Keychain locked', retryable: false };
    expect(describeError(serialized, ctx)).toEqual({ code: 'key_unavailable', title: 'API key unavailable', intent: 'error', action: 'settings', text: 'The API key could not be read: the keychain is locked or holds no key for this profile. Unlock the keychain, or save the key again in the connection settings, then retry.' });
  });
  it('authentication says to paste a new key', () => {
    expect(describeError(new AuthenticationError('Invalid API key', { status: 401 })).text).toBe('The service refused the API key (it is wrong, revoked or expired). Paste a new key in the connection settings and save it.');
  });
  it('connection names the URL, and in a browser the origin the service must allow (CORS)', () => {
    expect(describeError(new ConnectionError('Network Error'), { baseURL: 'http://127.0.0.1:8000/api/v1' }).text).toBe('The service cannot be reached at http://127.0.0.1:8000/api/v1. Check the address and your network connection, then retry.');
    expect(describeError(new ConnectionError('Network Error'), { baseURL: 'https://api.econdata.example/api/v1', origin: 'https://localhost:3000' }).text).toBe(
      'The service cannot be reached at https://api.econdata.example/api/v1. Check the address and your network connection, then retry. If it is running, it must allow requests from this origin (https://localhost:3000): ask its administrator to add it to the allowed origins (CORS).');
  });
  it('every other code', () => {
    const cases: Array<[unknown, string]> = [
      [new InvalidParameterError('start_year', 'Invalid start_year: expected a whole year between 1800 and 2200 such as 2015, got 99. Correct it and try again.'), 'Invalid start_year: expected a whole year between 1800 and 2200 such as 2015, got 99. Correct it and try again.'],
      [new BadRequestError('Bad request', { status: 400, serverMessage: 'Too many combinations (at most 50)' }), 'The service refused the request as invalid (400). The service said: Too many combinations (at most 50). Change the query and try again.'],
      [new PermissionDeniedError('Insufficient permissions', { status: 403, serverMessage: 'Your plan does not include GSO data' }), 'Your plan does not include this data. The service said: Your plan does not include GSO data. Choose data your plan includes, or upgrade the plan.'],
      [new NotFoundError('No data', { status: 404 }), 'No data matches this query. Check the codes, or widen the years or dates.'],
      [new ServerError('Internal error', { status: 503 }), 'The service failed (503) while answering. The fault is on the service\'s side: retry in a few minutes.'],
      [new TimeoutError('Timed out after 30000 ms'), 'The service did not answer in time. Retry; if it keeps happening, ask for fewer series at once.'],
      [new AbortError(), 'The request was cancelled. Nothing was changed; run it again to fetch it.'],
      [new InvalidResponseError('Not JSON', { status: 200 }), 'The service sent a reply this app cannot read (200). Check that the base URL points at the Economic Data Service, then retry.'],
      [new StorageError('The quota usage file /tmp/q/quota-k.json cannot be read (EACCES). Check its permissions'), 'A file this app keeps on this computer could not be used: The quota usage file /tmp/q/quota-k.json cannot be read (EACCES). Check its permissions. Nothing was sent to the service; retry once the file can be used.'],
      [new Error('boom'), 'Something went wrong: boom. Retry; if it happens again, report it with these words.'],
    ];
    for (const [error, text] of cases) expect(describeError(error, ctx).text).toBe(text);
  });
  it('reads serialized errors (from IPC) exactly like instances, for every code', () => {
    for (const code of ERROR_CODES) {
      const json = { name: 'EconError', code, message: 'm', retryable: false, status: 500, resetAt: '2026-11-22T14:05:00.000Z', scope: 'minute' };
      const d = describeError(json, ctx);
      expect(d.code).toBe(code);
      expect(d.text.length).toBeGreaterThan(20);
    }
    expect(toUiError({ name: 'EconError', code: 'rate_limited', message: 'm', retryable: true, resetAt: '2026-11-22T14:05:00.000Z' }).resetAt?.toISOString()).toBe('2026-11-22T14:05:00.000Z');
    expect(describeError(new ConnectionError('x').toJSON(), ctx)).toEqual(describeError(new ConnectionError('x'), ctx));
  });
  it('a DOMException-style AbortError is a cancellation', () => {
    const e = new Error('The operation was aborted');
    e.name = 'AbortError';
    expect(describeError(e).code).toBe('aborted');
  });
});

describe('describeError on other surfaces', () => {
  const gdp = { kind: 'indicator' as const, source: 'wb', indicator: 'NY.GDP.MKTP.XX', country: 'VN' };
  it('a cell: short, says to recalculate, names the unknown code core names (parameter, value), never read from the server text', () => {
    const cell = (e: unknown, query?: typeof gdp): string => describeError(e, { surface: 'cell', ...(query ? { query } : {}) }).text;
    expect(cell(new NotFoundError('x', { status: 404, parameter: 'indicator', value: 'NY.GDP.MKTP.XX', serverMessage: 'anything at all' }), gdp)).toBe("Unknown WB indicator code NY.GDP.MKTP.XX (the taskpane's browser lists the codes). Check the codes, or widen the years or dates.");
    expect(cell(new NotFoundError('x', { status: 404, parameter: 'country', value: 'XK' }), gdp)).toBe("Unknown country code XK: countries are ISO 2-letter codes such as VN (the taskpane's browser lists them). Check the codes, or widen the years or dates.");
    // Without a named parameter, the cell says what the service said (the spec's "Data not found:" heading dropped).
    expect(cell(new NotFoundError('x', { status: 404, serverMessage: 'Data not found: unknown WB indicator "NY.GDP.MKTP.XX"' }), gdp)).toBe('No data: unknown WB indicator "NY.GDP.MKTP.XX". Check the codes, or widen the years or dates.');
    expect(cell(new PermissionDeniedError('x', { status: 403 }), gdp)).toBe('Your plan does not include WB (the taskpane shows what it includes). Choose data your plan includes, or upgrade the plan.');
    expect(cell(new RateLimitedError('x', { resetAt: new Date('2026-11-22T19:31:00Z'), scope: 'minute' }))).toBe('Rate limit reached, resets 19:31 UTC. Wait for the limit to reset, then retry. Recalculate with Ctrl+Alt+F9.');
    expect(cell(new Error('boom'))).toBe('Unexpected failure: boom. Retry; if it happens again, report it with these words. Recalculate with Ctrl+Alt+F9.');
    // The same code and title as in a panel: only the words differ.
    expect(describeError(new ServerError('x', { status: 503 }), { surface: 'cell' })).toMatchObject({ code: 'server_error', title: 'Service error', text: 'The data service failed (503). The fault is on the service\'s side: retry in a few minutes. Recalculate with Ctrl+Alt+F9.' });
  });
  it('"Test connection": the address, and CORS told from an unreachable host by the probe\'s answer', () => {
    const base = { surface: 'connection-test' as const, baseURL: 'http://127.0.0.1:8787', origin: 'https://localhost:3000' };
    expect(describeError(new ConnectionError('x'), { ...base, reachable: true }).text).toBe('http://127.0.0.1:8787 answers, but not to this add-in: the service must allow the origin https://localhost:3000 in its CORS settings (for the sandbox: --cors-origins). Ask its administrator to add it.');
    expect(describeError(new ConnectionError('x'), { ...base, reachable: false }).text).toBe('http://127.0.0.1:8787 could not be reached. Check the address and your network, and that the sandbox runs (pnpm sandbox).');
    expect(describeError(new NotFoundError('x', { status: 404 }), base).text).toBe("http://127.0.0.1:8787 answers, but not as the Economic Data Service (status 404). Check the address: give the service's base URL, e.g. https://api.example.com.");
    expect(describeError(new PermissionDeniedError('x', { status: 403 }), { ...base, query: { kind: 'indicator', source: 'GSO', indicator: 'CPI' } }).text).toBe('Your plan does not include GSO (403). Choose data your plan includes, or upgrade the plan.');
  });
  it('a redirect core refused (a browser\'s status 0, or a 3xx) says the address redirects and to set the final one, on every surface', () => {
    const base = 'https://old.example.com';
    for (const status of [0, 301, 308]) {
      const e = new InvalidResponseError('The service redirected the request to another address', { status });
      expect(describeError(e, { baseURL: base })).toEqual({
        code: 'invalid_response', title: 'The service address redirects', intent: 'error', action: 'settings',
        text: 'The service at https://old.example.com sends requests on to another address, which this app does not follow so that your API key goes nowhere else. Open the address in a browser to see where it leads, and set that final address as the service address.',
      });
      expect(describeError(e.toJSON(), { surface: 'connection-test', baseURL: base }).text).toBe('https://old.example.com redirects to another address, which this add-in does not follow so that your key goes nowhere else. Open it in a browser to see where it leads, and connect with that final address.');
      expect(describeError(e, { surface: 'cell' }).text).toBe('The data service\'s address redirects elsewhere, which is not followed so that the key goes nowhere else: set its final address in the taskpane.');
    }
    // Any other unreadable reply keeps its own words.
    expect(describeError(new InvalidResponseError('Not JSON', { status: 200 }), { baseURL: base }).title).toBe('Unreadable reply');
  });
});
