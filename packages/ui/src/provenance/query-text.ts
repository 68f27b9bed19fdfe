/** A query written out by the spec's parameter names: citable, and enough to fetch it again. */
import type { SeriesQuery } from '@econdata/core';

const ENDPOINT: Record<SeriesQuery['kind'], string> = { indicator: '/indicators', trade: '/trade/vietnam', stock: '/stocks/vietnam' };

/** "/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2000". */
export function queryText(query: SeriesQuery): string {
  const params = Object.entries(query)
    .filter(([k, v]) => k !== 'kind' && v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${String(v)}`);
  return `${ENDPOINT[query.kind]}${params.length ? `?${params.join('&')}` : ''}`;
}
