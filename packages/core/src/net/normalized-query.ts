/**
 * The one normalized form of a request's parameters, used for the URL's query string (request.ts)
 * and for the cache key (cache/store.ts `requestKey`): names sorted, undefined values dropped,
 * arrays joined with ',', names and values percent-encoded. Two queries that differ only in
 * parameter order are one request and one cache entry.
 */
export function normalizedQuery(params: Readonly<Record<string, unknown>>): string {
  return Object.keys(params)
    .filter((n) => params[n] !== undefined)
    .sort()
    .map((n) => {
      const v = params[n];
      return `${encodeURIComponent(n)}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`;
    })
    .join('&');
}
