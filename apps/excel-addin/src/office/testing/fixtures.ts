/** Small hand-made Series of each kind, with the queries behind them, for the writer's tests. */
import { seriesId, type Series, type SeriesQuery } from '@econdata/core';

const RETRIEVED = '2026-11-22T19:00:00.000Z';

export const gdpQuery: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2023 };

/** WB GDP for Viet Nam, 2020-2023 (2021 missing). */
export function gdpSeries(values: Array<number | null> = [346_615_738_154, null, 408_802_378_226, 429_716_969_309]): Series {
  return {
    id: seriesId(gdpQuery),
    kind: 'indicator',
    title: 'GDP (current US$): Viet Nam',
    frequency: 'annual',
    dimensions: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', indicator_name: 'GDP (current US$)', country: 'VN', country_name: 'Viet Nam' },
    columns: [{ key: 'value', label: 'GDP (current US$)', unit: 'current US$' }],
    periods: ['2020', '2021', '2022', '2023'],
    values: [values],
    provenance: { source: 'World Bank World Development Indicators', last_updated: '2026-10-01', retrieved_at: RETRIEVED, endpoint: '/indicators', query: gdpQuery },
  };
}

export const tradeQuery: SeriesQuery = { kind: 'trade', flow: 'exports', period: '2024-03' };

/** Vietnam exports, March 2024, in USD million. */
export function tradeSeries(): Series {
  return {
    id: seriesId(tradeQuery),
    kind: 'trade',
    title: 'Vietnam trade: exports (World, All products)',
    frequency: 'monthly',
    dimensions: { flow: 'exports', partner: 'WLD', hs_code: 'TOTAL', partner_name: 'World', hs_description: 'All products' },
    columns: [
      { key: 'exports.value', label: 'Exports', unit: 'USD million' },
      { key: 'exports.ytd_value', label: 'Exports, year to date', unit: 'USD million' },
    ],
    periods: ['2024-03'],
    values: [[32_500.5], [93_010.25]],
    provenance: { source: 'Vietnam Customs', last_updated: '2024-04-10', retrieved_at: RETRIEVED, endpoint: '/trade/vietnam', query: tradeQuery },
  };
}

export const stockQuery: SeriesQuery = { kind: 'stock', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-05' };

/** VNM daily prices over `days` trading days from 2024-03-01 (weekends included: synthetic). */
export function stockSeries(days = 3, query: SeriesQuery = stockQuery): Series {
  const periods: string[] = [];
  const start = Date.UTC(2024, 2, 1);
  for (let i = 0; i < days; i += 1) periods.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  const price = (i: number, k: number): number => Math.round((68_000 + ((i * 37 + k * 11) % 900)) * 100) / 100;
  return {
    id: seriesId(query),
    kind: 'stock',
    title: 'VNM daily prices',
    frequency: 'daily',
    dimensions: { symbol: 'VNM' },
    columns: ['open', 'high', 'low', 'close', 'volume'].map((key) => ({ key, label: key.charAt(0).toUpperCase() + key.slice(1), unit: key === 'volume' ? 'shares' : 'VND' })),
    periods,
    values: [0, 1, 2, 3].map((k) => periods.map((_, i) => price(i, k))).concat([periods.map((_, i) => 1_000_000 + i * 1_013)]),
    provenance: { source: 'Vietnam stock exchanges (HOSE, HNX, UPCOM)', last_updated: '2024-03-05', retrieved_at: RETRIEVED, endpoint: '/stocks/vietnam', query },
  };
}
