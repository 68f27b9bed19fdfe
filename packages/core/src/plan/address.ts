/**
 * The full address a query is sent to as one GET request (base URL, /api/v1, the endpoint and the
 * normalized query string core sends), never with a key: the address a person copies to fetch the
 * same data elsewhere (curl, pandas, R). The request core sends may be a batch; this single GET
 * answers the same records.
 */
import { normalizedQuery } from '../net/normalized-query.ts';
import type { SeriesQuery } from '../query.ts';
import { normalize } from './planner.ts';

/**
 * @example requestAddress('http://127.0.0.1:8787', { kind: 'indicator', source: 'wb', indicator: 'NY.GDP.MKTP.CD', country: 'vn' })
 * // 'http://127.0.0.1:8787/api/v1/indicators?country=VN&indicator=NY.GDP.MKTP.CD&source=WB'
 * Throws the query's InvalidParameterError when it is not valid.
 */
export function requestAddress(baseURL: string, query: SeriesQuery): string {
  const { path, params } = normalize(query);
  const q = normalizedQuery(params);
  return `${baseURL.replace(/\/+$/, '')}/api/v1${path}${q ? `?${q}` : ''}`;
}
