/** Sample errors, series and estimates the gallery shows. */
import {
  AbortError, AuthenticationError, BadRequestError, ConnectionError, InvalidParameterError, InvalidResponseError, KeyUnavailableError, NotFoundError,
  PermissionDeniedError, QuotaExhaustedError, RateLimitedError, ServerError, TimeoutError, type Estimate, type Series, type SeriesQuery,
} from '@econdata/core';
import { deriveSeries } from '@econdata/analysis';
import { tradeFixture } from '@econdata/core/testing';
import { sampleSeries } from '../src/testing/index.ts';

/** One error of each code, as the client raises them (key_unavailable arrives serialized, as over IPC). */
export const SAMPLE_ERRORS: Array<{ code: string; error: unknown }> = [
  { code: 'rate_limited', error: new RateLimitedError('Rate limit exceeded', { status: 429, scope: 'minute', resetAt: new Date('2026-11-22T14:05:00Z') }) },
  { code: 'quota_exhausted', error: new QuotaExhaustedError('Daily quota exhausted', { resetAt: new Date('2026-11-23T00:00:00Z') }) },
  { code: 'key_unavailable', error: new KeyUnavailableError('The keychain is locked').toJSON() },
  { code: 'authentication', error: new AuthenticationError('Invalid API key', { status: 401 }) },
  { code: 'permission_denied', error: new PermissionDeniedError('Insufficient permissions', { status: 403, serverMessage: 'The Free plan does not include GSO data' }) },
  { code: 'connection', error: new ConnectionError('Network Error').toJSON() },
  { code: 'timeout', error: new TimeoutError('No answer within 30000 ms') },
  { code: 'server_error', error: new ServerError('Internal server error', { status: 503 }) },
  { code: 'not_found', error: new NotFoundError('No data', { status: 404, serverMessage: 'No data for indicator NY.GDP.MKTP.CD and country XK' }) },
  { code: 'invalid_parameter', error: new InvalidParameterError('period', 'Invalid period: expected a month YYYY-MM such as "2024-03", got "03/2024". Correct it and try again.') },
  { code: 'bad_request', error: new BadRequestError('Bad request', { status: 400, serverMessage: 'At most 50 indicator-country combinations per batch' }) },
  { code: 'invalid_response', error: new InvalidResponseError('Expected JSON, got an HTML page', { status: 200 }) },
  { code: 'aborted', error: new AbortError() },
];

const q = (country: string): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country, start_year: 2018, end_year: 2025 });

/** WB GDP for Viet Nam (fresh) and Thailand (a stale cached copy). */
export const SAMPLE_SERIES = [
  sampleSeries(q('VN'), '2026-11-22T14:03:00.000Z'),
  sampleSeries(q('TH'), '2026-11-20T09:12:00.000Z', true),
];

/** GDP per capita of Viet Nam as a derived series (the sample GDP over a sample population), with a units warning to show. */
export function sampleDerived(): Series {
  const gdp = sampleSeries(q('VN'), '2026-11-22T14:03:00.000Z');
  const pop = sampleSeries({ ...q('VN'), indicator: 'SP.POP.TOTL' }, '2026-11-22T14:03:00.000Z');
  pop.columns = [{ ...pop.columns[0]!, unit: 'persons' }];
  pop.title = 'Population, total: Viet Nam';
  return deriveSeries('a/b', { a: gdp, b: pop }, 'Units=pc1', { words: 'per capita' });
}

/** Customs exports for a range of months: one request for every month, six kept (the provenance says which). */
export const sampleTradeRange = (): Series => tradeFixture({
  query: { kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' }, sourceName: 'Vietnam Customs', unit: 'USD billion',
  periods: ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06'], values: [34.6, 25.9, 32.6, 31.1, 32.7, 34.5], retrievedAt: '2026-11-22T14:03:00.000Z',
});

/** A job's estimate against a quota. */
export function sampleEstimate(requests: number, remainingToday: number | null, fitsThisMinute = true, estimatedWaitMs = 0): Estimate {
  return {
    queries: requests, unique: requests, duplicates: 0, invalid: 0, cached: 0, requests, batchRequests: 0, singleRequests: requests, minimumRequests: requests,
    quota: { requests, remainingToday, fitsToday: remainingToday === null || requests <= remainingToday, fitsThisMinute, estimatedWaitMs },
  } as Estimate;
}
