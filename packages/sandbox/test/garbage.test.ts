/**
 * Bad input never yields a 500: random and hostile parameters, bodies and paths at every route.
 * Every answer is a success envelope or the one error body, with a status the spec names.
 */
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../src/index.ts';
import { KEYS } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandboxApp({ keys: [{ key: KEYS.enterprise, plan: 'enterprise' }, { key: KEYS.free, plan: 'free' }] });
});
afterAll(() => app.close());

const GET_ROUTES = ['/api/v1/indicators', '/api/v1/sources', '/api/v1/sources/WB/indicators', '/api/v1/countries', '/api/v1/export/csv',
  '/api/v1/export/excel', '/api/v1/trade/vietnam', '/api/v1/stocks/vietnam'];
const NAMES = ['source', 'indicator', 'country', 'start_year', 'end_year', 'frequency', 'flow', 'partner', 'hs_code', 'period', 'symbol',
  'index', 'start_date', 'end_date', 'dataset', 'q', 'api_key', '__proto__', 'constructor'];
const VALUES = ['WB', 'IMF', 'GSO', 'VN', 'NA', 'NY.GDP.MKTP.CD', 'CPI.YOY', '2015', '1899', '2101', '-1', '1e3', '2024-13', '2024-02-30',
  '2024-02-29', 'annual', 'weekly', 'exports', 'VNINDEX', 'VNM', 'trade', 'stocks', '', ' ', '%', '%00', '%E0%A4%A', '"', "'", '<script>',
  'Ư', '🙂', 'x'.repeat(5000), '[]', '{}', 'null', 'undefined', 'NaN', '0x7E0'];

function checkAnswer(res: LightMyRequestResponse): void {
  expect([200, 400, 401, 403, 404]).toContain(res.statusCode);
  if (res.statusCode === 200) return;
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.error.status).toBe(res.statusCode);
  expect(typeof body.error.message).toBe('string');
}

const param = fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 })), fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 10 })));

describe('garbage in, no 500 out', () => {
  it('random query strings at every GET route', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...GET_ROUTES), fc.array(param, { maxLength: 8 }), fc.boolean(), async (route, params, encode) => {
      const query = params.map(([k, v]) => (encode ? `${encodeURIComponent(k)}=${encodeURIComponent(v)}` : `${k}=${v}`)).join('&');
      checkAnswer(await app.inject({ method: 'GET', url: `${route}?${query}`, headers: { authorization: `Bearer ${KEYS.enterprise}` } }));
    }), { numRuns: 400 });
  });

  it('random JSON bodies at the batch route', async () => {
    const value = fc.oneof(fc.constantFrom(...VALUES), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.oneof(fc.constantFrom(...VALUES), fc.integer(), fc.constant(null)), { maxLength: 12 }), fc.object({ maxDepth: 2 }));
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom('source', 'indicators', 'countries', 'start_year', 'end_year', 'frequency', '__proto__'), value),
      fc.jsonValue(),
    );
    await fc.assert(fc.asyncProperty(body, async (b) => {
      checkAnswer(await app.inject({ method: 'POST', url: '/api/v1/indicators/batch', payload: JSON.stringify(b), headers: { 'content-type': 'application/json', authorization: `Bearer ${KEYS.enterprise}` } }));
    }), { numRuns: 300 });
  });

  it('hostile raw requests', async () => {
    const requests: Array<{ method: 'GET' | 'POST'; url: string; payload?: string; headers?: Record<string, string> }> = [
      { method: 'GET', url: '/api/v1/indicators?%' },
      { method: 'GET', url: '/api/v1/indicators?source=%E0%A4%A&indicator=%zz&country=%' },
      { method: 'GET', url: '/api/v1/sources/%E0%A4%A/indicators' },
      { method: 'GET', url: '/api/v1/sources/%00/indicators' },
      { method: 'GET', url: `/api/v1/sources/${'W'.repeat(2000)}/indicators` },
      { method: 'GET', url: '/api/v1/indicators?source[]=WB&indicator[a]=1&country=VN' },
      { method: 'GET', url: `/api/v1/indicators?${'source=WB&'.repeat(500)}` },
      { method: 'POST', url: '/api/v1/indicators/batch', payload: '{"source":"WB","indicators":["A"],"countries":["VN"]', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/api/v1/indicators/batch', payload: '\u0000\u0001', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/api/v1/indicators/batch', payload: 'x'.repeat(2_000_000), headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/api/v1/indicators/batch', payload: '<a/>', headers: { 'content-type': 'application/xml' } },
      { method: 'POST', url: '/api/v1/indicators/batch', payload: '{"__proto__":{"source":"WB"},"indicators":["A"]}', headers: { 'content-type': 'application/json' } },
      { method: 'GET', url: '/api/v1/sources', headers: { authorization: 'Bearer' } },
      { method: 'GET', url: '/api/v1/sources', headers: { authorization: 'Bearer a b c' } },
      { method: 'GET', url: '/api/v1/sources?api_key=a&api_key=b' },
    ];
    for (const r of requests) {
      const res = await app.inject({ ...r, headers: { authorization: `Bearer ${KEYS.enterprise}`, ...r.headers } });
      checkAnswer(res);
    }
  });
});
