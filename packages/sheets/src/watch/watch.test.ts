import { describe, expect, it } from 'vitest';
import type { SeriesQuery } from '@econdata/core';
import { seriesWithNewData, watchKey, type WatchedSeries } from './watch.ts';

const gdp: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' };
const imf: SeriesQuery = { kind: 'indicator', source: 'imf', indicator: 'NGDP_RPCH', country: 'VN' };
const exportsQ: SeriesQuery = { kind: 'trade', flow: 'exports' };
const w = (query: SeriesQuery, lastUpdated: string | null, lookedAt?: string): WatchedSeries => ({ key: watchKey('Work', query), query, lastUpdated, ...(lookedAt ? { lookedAt } : {}) });
const sources = [{ code: 'WB', name: 'World Bank', last_updated: '2026-02-10' }, { code: 'IMF', name: 'IMF', last_updated: '2026-01-05' }];

describe('seriesWithNewData', () => {
  it('keeps the series whose source is dated after what they were fetched with', () => {
    expect(seriesWithNewData([w(gdp, '2026-01-05'), w(imf, '2026-01-05')], sources).map((x) => x.query)).toEqual([gdp]);
    expect(seriesWithNewData([w(gdp, '2026-02-10')], sources)).toEqual([]);
  });

  it('trade and stocks are not in the catalogue: always due; a source without a date is due', () => {
    expect(seriesWithNewData([w(exportsQ, '2026-03-01')], sources)).toHaveLength(1);
    expect(seriesWithNewData([w(gdp, '2026-03-01')], [{ code: 'WB', name: 'World Bank', last_updated: null }])).toHaveLength(1);
  });

  it('with only the time of the last look, a source dated that day or later is due', () => {
    expect(seriesWithNewData([w(gdp, null, '2026-02-10T09:00:00Z')], sources)).toHaveLength(1);
    expect(seriesWithNewData([w(gdp, null, '2026-02-11T09:00:00Z')], sources)).toEqual([]);
  });

  it('keys by profile and query, never by address', () => {
    expect(watchKey('Work', gdp, 'Units=pc1')).toBe('Work|indicator:WB:NY.GDP.MKTP.CD:VN~Units=pc1');
  });
});
