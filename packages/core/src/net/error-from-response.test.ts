import { describe, expect, it } from 'vitest';
import { errorFromResponse } from './error-from-response.ts';

const now = Date.parse('2026-11-22T08:00:00Z');
const err = (status: number, body: string, extra: { retryAfterMs?: number; key?: string } = {}) => errorFromResponse(status, body, { now, ...extra });

describe('errorFromResponse reads every body shape', () => {
  it.each([
    ['{error: "..."}', '{"error":"Data not found: no NY.GDP for XK"}'],
    ['{error: {message}}', '{"success":false,"error":{"status":404,"code":"data_not_found","message":"Data not found: no NY.GDP for XK"}}'],
    ['{message}', '{"message":"Data not found: no NY.GDP for XK"}'],
    ['plain text', 'Data not found: no NY.GDP for XK'],
  ])('%s', (_shape, body) => {
    const e = err(404, body);
    expect(e.code).toBe('not_found');
    expect(e.serverMessage).toBe('Data not found: no NY.GDP for XK');
    expect(e.message).toBe('Data not found: no NY.GDP for XK (status 404). Check the source, indicator and country codes: listSources, listSourceIndicators and listCountries show what exists.');
  });

  it.each([
    ['/stocks/vietnam', 'Check the symbol or index and the dates against what the service says it has.'],
    ['/trade/vietnam', 'Check flow, partner, hs_code and period against what the service says it has.'],
    ['/sources/XX/indicators', 'Check the source code: listSources shows what exists.'],
    ['/export/csv', 'Check the export\'s codes and dates against what the service says it has.'],
    ['/indicators', 'Check the source, indicator and country codes: listSources, listSourceIndicators and listCountries show what exists.'],
  ])('a 404 from %s advises what that route takes', (path, advice) => {
    expect(errorFromResponse(404, '{"error":"Data not found: nothing"}', { now, path }).message).toBe(`Data not found: nothing (status 404). ${advice}`);
  });

  it('a redirect is not followed and says to set the final address as the base URL', () => {
    expect(err(301, '<html><title>Moved</title></html>')).toMatchObject({ code: 'invalid_response', status: 301, message: 'The service answered with a redirect (status 301), which the client does not follow so that the key goes nowhere else. The base URL is being redirected: set the final address as the base URL (the service address of the connection or profile), if that is the service.' });
  });

  it('a redirect names its target by origin and path, never its query string (which may hold the key)', () => {
    const e = errorFromResponse(308, '', { now, key: 'sk_secret', location: 'https://new.example.com/api/v1/sources?api_key=sk_secret&x=1' });
    expect(e).toMatchObject({ code: 'invalid_response', status: 308, message: 'The service answered with a redirect (status 308) to https://new.example.com/api/v1/sources, which the client does not follow so that the key goes nowhere else. The base URL is being redirected: set the final address (here https://new.example.com) as the base URL (the service address of the connection or profile), if that is the service.' });
    expect(e.message).not.toContain('sk_secret');
  });

  it('a redirect a browser refused (status 0, target hidden) says how to find the final address', () => {
    expect(err(0, '')).toMatchObject({ code: 'invalid_response', status: 0, retryable: false, message: 'The service redirected the request to another address (the browser hides which), which the client does not follow so that the key goes nowhere else. The base URL is being redirected: open the base URL in a browser to see where it leads, and set that final address as the base URL (the service address of the connection or profile).' });
  });

  it('an HTML 502 page is a server_error with its title and an excerpt', () => {
    const e = err(502, '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
    expect(e).toMatchObject({ code: 'server_error', status: 502, serverMessage: '502 Bad Gateway' });
    expect(e.excerpt).toContain('<title>502 Bad Gateway</title>');
  });

  it('401: both messages say what happened (what to do is ui\'s advice)', () => {
    expect(err(401, '{"error":{"message":"Invalid API key"}}').message).toBe("Invalid API key: the service did not accept the key of this profile.");
    expect(err(401, '{"error":{"message":"Authentication required"}}').message).toBe("Authentication required: no API key was sent.");
  });

  it('a 403 saying rate limit is rate_limited with its scope; another 403 is permission_denied', () => {
    const rl = err(403, '{"success":false,"error":{"message":"Rate limit exceeded: 100 requests per day","scope":"day"}}', { retryAfterMs: 5000 });
    expect(rl).toMatchObject({ code: 'rate_limited', scope: 'day', retryAfterMs: 5000, status: 403 });
    expect(rl.resetAt?.getTime()).toBe(now + 5000);
    expect(err(403, '{"error":"Insufficient permissions: the Free plan includes WB and IMF"}').code).toBe('permission_denied');
    expect(err(429, '').code).toBe('rate_limited');
  });

  it('a 400 keeps the parameter the service named', () => {
    expect(err(400, '{"success":false,"error":{"status":400,"code":"invalid_parameters","message":"Invalid parameters: start_year must be a whole year","parameter":"start_year"}}'))
      .toMatchObject({ code: 'bad_request', parameter: 'start_year', serverMessage: 'Invalid parameters: start_year must be a whole year' });
  });

  it('never lets the key through: not in the message, the excerpt or the JSON', () => {
    const key = 'sk-live-SUPERSECRET-9876';
    const e = err(500, `<html><title>Error at /api/v1/indicators?api_key=${key}</title><body>key ${key}</body></html>`, { key });
    const s = JSON.stringify(e.toJSON()) + e.message + String(e.stack);
    expect(s).not.toContain(key);
    expect(s).toContain('api_key=***');
  });
});
