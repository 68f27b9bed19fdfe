import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { packPairs } from './pack.ts';
import { planRequests } from './planner.ts';
import type { SeriesQuery } from '../query.ts';

const ind = (indicator: string, country: string, extra: Partial<SeriesQuery> = {}): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator, country, start_year: 2000, end_year: 2020, ...extra } as SeriesQuery);
const grid = (ni: number, nc: number, extra: Partial<SeriesQuery> = {}): SeriesQuery[] =>
  Array.from({ length: ni * nc }, (_, k) => ind(`I${Math.floor(k / nc)}`, String.fromCharCode(65 + (k % nc) % 26) + String.fromCharCode(65 + Math.floor((k % nc) / 26)), extra));

describe('packPairs', () => {
  it('reaches ceil(n/100) for full rectangles', () => {
    for (const [ni, nc] of [[10, 15], [7, 30], [13, 13], [1, 250], [250, 1], [10, 10], [3, 34]] as const) {
      const pairs = Array.from({ length: ni * nc }, (_, k) => [`i${Math.floor(k / nc)}`, `c${k % nc}`] as const);
      const rects = packPairs(pairs, 100);
      expect(rects.length, `${ni}x${nc}`).toBe(Math.ceil((ni * nc) / 100));
      for (const r of rects) expect(r.indicators.length * r.countries.length).toBeLessThanOrEqual(100);
    }
  });

  it('merges small blocks of different shapes into one rectangle when it fits', () => {
    const rects = packPairs([['A', 'VN'], ['A', 'TH'], ['B', 'VN'], ['C', 'LA']], 100);
    expect(rects).toEqual([{ indicators: ['A', 'B', 'C'], countries: ['LA', 'TH', 'VN'] }]);
  });

  it('always covers every pair within the limit (property)', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 40 })), { selector: ([a, b]) => `${a}|${b}`, maxLength: 400 }), fc.integer({ min: 1, max: 120 }), (raw, limit) => {
      const pairs = raw.map(([a, b]) => [`i${a}`, `c${b}`] as const);
      const rects = packPairs(pairs, limit);
      const covered = new Set(rects.flatMap((r) => r.indicators.flatMap((i) => r.countries.map((c) => `${i}|${c}`))));
      for (const [i, c] of pairs) expect(covered.has(`${i}|${c}`)).toBe(true);
      for (const r of rects) expect(r.indicators.length * r.countries.length).toBeLessThanOrEqual(limit);
      expect(rects.length).toBeGreaterThanOrEqual(Math.ceil(pairs.length / limit));
    }), { numRuns: 200 });
  });
});

describe('planRequests', () => {
  it('de-duplicates, skips cached keys, groups by source + years + frequency, and counts', () => {
    const queries = [...grid(10, 15), ind('I0', 'AA'), ind('I0', 'aa'), ...grid(2, 3, { start_year: 1990 }), ind('X', 'VN', { source: 'IMF' }),
      { kind: 'stock', symbol: 'VNM' } as SeriesQuery, { kind: 'indicator', source: 'WB', indicator: 'A', country: 'VNM' } as SeriesQuery];
    const cachedKey = 'GET /indicators?country=BA&end_year=2020&indicator=I0&source=WB&start_year=2000';
    const plan = planRequests(queries, { cached: (k) => k === cachedKey });
    expect(plan.stats).toEqual({ queries: 161, unique: 158, duplicates: 2, invalid: 1, cached: 1, requests: 5, batchRequests: 3, singleRequests: 2, minimumRequests: 5 });
    expect(plan.invalid.get(160)?.code).toBe('invalid_parameter');
    expect(plan.unique.get('GET /indicators?country=AA&end_year=2020&indicator=I0&source=WB&start_year=2000')?.positions).toEqual([0, 150, 151]);
    for (const r of plan.requests) if (r.kind === 'batch') expect(r.body.indicators.length * (r.body.countries?.length ?? 1)).toBeLessThanOrEqual(100);
  });

  it('batches GSO queries without a country by indicator (no countries in the body), apart from those with one', () => {
    const gso = (indicator: string, country?: string): SeriesQuery => ({ kind: 'indicator', source: 'GSO', indicator, frequency: 'monthly', start_year: 2024, end_year: 2024, ...(country ? { country } : {}) });
    const many = Array.from({ length: 130 }, (_, i) => gso(`CPI.${i}`));
    const plan = planRequests([...many, gso('CPI.0', 'VN'), gso('CPI.1', 'VN'), gso('CPI.2', 'TH')]);
    expect(plan.requests.map((r) => (r.kind === 'batch' ? `batch ${r.body.indicators.length}x${r.body.countries?.join('+') ?? '-'}` : `single ${r.members[0]!.params['indicator']}`)))
      .toEqual(['batch 100x-', 'batch 30x-', 'batch 3xTH+VN']);
    expect(plan.requests[0]).toMatchObject({ body: { source: 'GSO', frequency: 'monthly', start_year: 2024, end_year: 2024 } });
    expect(plan.requests[0]!.kind === 'batch' && 'countries' in plan.requests[0]!.body).toBe(false);
    expect(plan.stats).toMatchObject({ requests: 3, minimumRequests: 3 });
    expect(planRequests([gso('CPI.0'), gso('CPI.1', 'VN')]).requests.map((r) => r.kind)).toEqual(['single', 'single']);
  });

  it('an unknown kind is one invalid query, not a failed job', () => {
    const plan = planRequests([{ kind: 'bond' } as unknown as SeriesQuery, ind('A', 'VN')]);
    expect(plan.invalid.get(0)).toMatchObject({ code: 'invalid_parameter', parameter: 'kind' });
    expect(plan.stats.requests).toBe(1);
  });

  it('sends everything single when batching is off', () => {
    expect(planRequests(grid(3, 3), { batch: false }).stats.requests).toBe(9);
  });

  it('plans two month ranges of one trade request as one request answering both', () => {
    const plan = planRequests([
      { kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' },
      { kind: 'trade', flow: 'exports', start_period: '2023-01', end_period: '2023-12' },
      { kind: 'trade', flow: 'imports', start_period: '2024-01', end_period: '2024-06' },
    ]);
    expect(plan.requests.map((r) => (r.kind === 'single' ? r.members.map((m) => m.key) : []))).toEqual([
      ['GET /trade/vietnam?flow=exports months=2024-01..2024-06', 'GET /trade/vietnam?flow=exports months=2023-01..2023-12'],
      ['GET /trade/vietnam?flow=imports months=2024-01..2024-06'],
    ]);
    expect(plan.stats).toMatchObject({ queries: 3, unique: 3, duplicates: 0, requests: 2, singleRequests: 2, minimumRequests: 2 });
  });
});
