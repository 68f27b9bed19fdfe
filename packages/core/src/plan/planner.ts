/**
 * The planner: pure, no I/O. From a list of queries it works out the requests a job needs after
 * validation, de-duplication, the cache and batching, so `fetchSeries` sends exactly that and
 * `estimate` can tell the cost before anything is sent.
 */
import { requestKey } from '../cache/store.ts';
import type { EconError } from '../errors/errors.ts';
import { EconError as EconErrorClass, InvalidParameterError } from '../errors/errors.ts';
import type { SeriesQuery } from '../query.ts';
import { indicatorParams, stockParams, tradeMonths, tradeParams, type BatchBody, type Params } from '../validate/params.ts';
import { packPairs } from './pack.ts';

/** The batch route's limit of indicator x country combinations per request (sandbox wire contract). */
export const BATCH_COMBINATION_LIMIT = 100;

/** One distinct query: its normalized single request and the positions of the queries it answers. */
export interface UniqueQuery {
  /**
   * What the query is: its normalized single request, e.g. 'GET /indicators?country=VN&indicator=...',
   * plus the months it keeps when it is a trade range (which is no request parameter).
   */
  key: string;
  /** The normalized single request alone: its cache key (trade ranges of one request share its answer). */
  request: string;
  /** The query, normalized (codes upper-cased): what its Series carries in provenance. */
  query: SeriesQuery;
  path: '/indicators' | '/trade/vietnam' | '/stocks/vietnam';
  params: Params;
  /** Positions in the input list. */
  positions: number[];
}

/**
 * One request of a plan. A single request answers one query, or several trade queries that differ
 * only in their months (one request for every month, each range kept from the same answer).
 */
export type PlannedRequest =
  | { kind: 'batch'; body: BatchBody; members: UniqueQuery[] }
  | { kind: 'single'; members: UniqueQuery[] };

export interface Plan {
  requests: PlannedRequest[];
  /** Distinct valid queries, by key. */
  unique: Map<string, UniqueQuery>;
  /** Queries refused by validation, by position. */
  invalid: Map<number, EconError>;
  /** Keys answered from the cache. */
  cached: Set<string>;
  stats: PlanStats;
}

export interface PlanStats {
  queries: number;
  /** Distinct valid queries. */
  unique: number;
  duplicates: number;
  invalid: number;
  cached: number;
  /** Requests the job needs: batch + single. */
  requests: number;
  batchRequests: number;
  singleRequests: number;
  /** Lower bound for the indicator part: the sum over groups of ceil(pairs / limit). */
  minimumRequests: number;
}

export interface PlanOptions {
  /** Whether a request key is answered by the cache (fresh entry). */
  cached?: (key: string) => boolean;
  /** Use POST /indicators/batch. @default true */
  batch?: boolean;
  /** @default 100 */
  batchLimit?: number;
}

// The query a Series carries is the normalized one (codes upper-cased), the same for every spelling.
export function normalize(q: SeriesQuery): Omit<UniqueQuery, 'positions' | 'key' | 'request'> {
  if (q.kind === 'indicator') {
    const params = indicatorParams(q);
    return { query: { kind: 'indicator', ...params } as SeriesQuery, path: '/indicators', params };
  }
  if (q.kind === 'trade') {
    // A range of months is asked for as every month, and kept by the mapping (series/trade-months.ts).
    const params = tradeParams(q);
    return { query: { kind: 'trade', ...params, ...tradeMonths(q) } as SeriesQuery, path: '/trade/vietnam', params };
  }
  if (q.kind === 'stock') {
    const params = stockParams(q);
    return { query: { kind: 'stock', ...params } as SeriesQuery, path: '/stocks/vietnam', params };
  }
  throw new InvalidParameterError('kind', `Invalid kind: expected 'indicator', 'trade' or 'stock', got ${JSON.stringify((q as { kind?: unknown }).kind)}.`);
}

/** Validates and de-duplicates queries: each distinct normalized request once. */
function uniqueQueries(queries: readonly SeriesQuery[]): { unique: Map<string, UniqueQuery>; invalid: Map<number, EconError> } {
  const unique = new Map<string, UniqueQuery>();
  const invalid = new Map<number, EconError>();
  queries.forEach((q, position) => {
    let n: Omit<UniqueQuery, 'positions' | 'key' | 'request'>;
    try {
      n = normalize(q);
    } catch (error) {
      if (error instanceof EconErrorClass) {
        invalid.set(position, error);
        return;
      }
      throw error;
    }
    const request = requestKey('GET', n.path, n.params);
    const t = n.query;
    const months = t.kind === 'trade' && (t.start_period !== undefined || t.end_period !== undefined) ? ` months=${t.start_period ?? ''}..${t.end_period ?? ''}` : '';
    const key = `${request}${months}`;
    const seen = unique.get(key);
    if (seen) seen.positions.push(position);
    else unique.set(key, { ...n, key, request, positions: [position] });
  });
  return { unique, invalid };
}

/** The batch body for some indicators (and countries) of one group, whose year range and frequency `first` carries. */
function batchOf(first: Params, indicators: string[], countries: string[] | undefined): BatchBody {
  const body: BatchBody = { source: String(first['source']), indicators };
  if (countries !== undefined) body.countries = countries;
  if (first['start_year'] !== undefined) body.start_year = Number(first['start_year']);
  if (first['end_year'] !== undefined) body.end_year = Number(first['end_year']);
  if (first['frequency'] !== undefined) body.frequency = String(first['frequency']);
  return body;
}

/** Up to `limit` country-less queries of one group: one batch without countries (or the single request, alone). */
function countrylessRequest(members: UniqueQuery[]): PlannedRequest {
  if (members.length === 1) return { kind: 'single', members };
  return { kind: 'batch', body: batchOf(members[0]!.params, members.map((m) => String(m.params['indicator'])), undefined), members };
}

/**
 * Plans the requests for a job: validation, de-duplication, cache, then indicator queries of the
 * same source, year range and frequency coalesced into batches packed to the combination limit.
 *
 * @example planRequests(queries, { cached: (key) => fresh.has(key) }).stats.requests
 */
export function planRequests(queries: readonly SeriesQuery[], options: PlanOptions = {}): Plan {
  const limit = options.batchLimit ?? BATCH_COMBINATION_LIMIT;
  const { unique, invalid } = uniqueQueries(queries);
  const cached = new Set<string>();
  const requests: PlannedRequest[] = [];
  const groups = new Map<string, UniqueQuery[]>();
  // Trade ranges of one request share it: the request goes once, each range is kept from its answer.
  const singles = new Map<string, UniqueQuery[]>();
  let minimumRequests = 0;

  for (const u of unique.values()) {
    if (options.cached?.(u.key)) {
      cached.add(u.key);
      continue;
    }
    if (u.path !== '/indicators' || options.batch === false) {
      const same = singles.get(u.request);
      if (same) same.push(u);
      else {
        const members = [u];
        singles.set(u.request, members);
        requests.push({ kind: 'single', members });
        if (u.path === '/indicators') minimumRequests++;
      }
      continue;
    }
    const p = u.params;
    // Queries without a country (GSO: the service's own country) form groups of their own: their
    // batch omits `countries`, so each indicator is one combination.
    const group = `${p['source']}|${p['start_year'] ?? ''}|${p['end_year'] ?? ''}|${p['frequency'] ?? ''}|${p['country'] === undefined ? 'no-country' : ''}`;
    const list = groups.get(group);
    if (list) list.push(u);
    else groups.set(group, [u]);
  }

  for (const members of groups.values()) {
    minimumRequests += Math.ceil(members.length / limit);
    if (members[0]!.params['country'] === undefined) {
      for (let at = 0; at < members.length; at += limit) requests.push(countrylessRequest(members.slice(at, at + limit)));
      continue;
    }
    const byPair = new Map(members.map((m) => [`${m.params['indicator']}|${m.params['country']}`, m]));
    const rects = packPairs(members.map((m) => [String(m.params['indicator']), String(m.params['country'])] as const), limit);
    for (const rect of rects) {
      const inRect: UniqueQuery[] = [];
      for (const i of rect.indicators) for (const c of rect.countries) {
        const m = byPair.get(`${i}|${c}`);
        if (m) inRect.push(m);
      }
      // A rectangle holding one wanted pair is cheaper to read (and to cache) as a single request.
      if (inRect.length === 1) {
        requests.push({ kind: 'single', members: inRect });
        continue;
      }
      requests.push({ kind: 'batch', body: batchOf(inRect[0]!.params, rect.indicators, rect.countries), members: inRect });
    }
  }

  const batchRequests = requests.filter((r) => r.kind === 'batch').length;
  const trade = requests.filter((r) => r.kind === 'single' && r.members[0]!.path !== '/indicators').length;
  let duplicates = 0;
  for (const u of unique.values()) duplicates += u.positions.length - 1;
  return {
    requests, unique, invalid, cached,
    stats: {
      queries: queries.length, unique: unique.size, duplicates, invalid: invalid.size, cached: cached.size,
      requests: requests.length, batchRequests, singleRequests: requests.length - batchRequests,
      minimumRequests: minimumRequests + trade,
    },
  };
}
