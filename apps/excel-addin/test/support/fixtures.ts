/** Small Series of each kind, with the queries behind them, for the writer's tests: built by core's fixture builder. */
import type { Series, SeriesQuery } from '@econdata/core';
import { indicatorFixture, stockFixture, tradeFixture, type Ohlcv } from '@econdata/core/testing';

const RETRIEVED = '2026-11-22T19:00:00.000Z';

export const gdpQuery: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2023 };

/** WB GDP for Viet Nam, 2020-2023 (2021 missing). */
export function gdpSeries(values: Array<number | null> = [346_615_738_154, null, 408_802_378_226, 429_716_969_309]): Series {
  return indicatorFixture({
    query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2023 },
    name: 'GDP (current US$)', countryName: 'Viet Nam', unit: 'current US$', periods: ['2020', '2021', '2022', '2023'], values,
    sourceName: 'World Bank World Development Indicators', lastUpdated: '2026-10-01', retrievedAt: RETRIEVED,
  });
}

export const tradeQuery: SeriesQuery = { kind: 'trade', flow: 'exports', period: '2024-03' };

/** Vietnam exports, March 2024, in USD million. */
export function tradeSeries(): Series {
  return tradeFixture({
    query: { kind: 'trade', flow: 'exports', period: '2024-03' }, partnerName: 'World', hsDescription: 'All products', unit: 'USD million',
    periods: ['2024-03'], values: [32_500.5], ytd: [93_010.25],
    sourceName: 'Vietnam Customs', lastUpdated: '2024-04-10', retrievedAt: RETRIEVED,
  });
}

export const stockQuery: SeriesQuery = { kind: 'stock', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-05' };

/** VNM daily prices over `days` trading days from 2024-03-01 (weekends included: synthetic). */
export function stockSeries(days = 3, query: SeriesQuery = stockQuery): Series {
  if (query.kind !== 'stock') throw new Error('stockSeries takes a stock query');
  const periods: string[] = [];
  const start = Date.UTC(2024, 2, 1);
  for (let i = 0; i < days; i += 1) periods.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  const price = (i: number, k: number): number => Math.round((68_000 + ((i * 37 + k * 11) % 900)) * 100) / 100;
  const rows = periods.map((_, i): Ohlcv => [price(i, 0), price(i, 1), price(i, 2), price(i, 3), 1_000_000 + i * 1_013]);
  return stockFixture({
    query, unit: 'VND', periods, days: rows,
    sourceName: 'Vietnam stock exchanges (HOSE, HNX, UPCOM)', lastUpdated: '2024-03-05', retrievedAt: RETRIEVED,
  });
}

export const imfQuery: SeriesQuery = { kind: 'indicator', source: 'IMF', indicator: 'NGDP_RPCH', country: 'VN', start_year: 2022, end_year: 2027 };

/** IMF WEO real GDP growth for Viet Nam, 2022-2027: 2025 onwards are projections. */
export function imfSeries(): Series {
  return indicatorFixture({
    query: { kind: 'indicator', source: 'IMF', indicator: 'NGDP_RPCH', country: 'VN', start_year: 2022, end_year: 2027 },
    name: 'Gross domestic product (GDP), Constant prices, Percent change', countryName: 'Vietnam', unit: 'Percent',
    periods: ['2022', '2023', '2024', '2025', '2026', '2027'], values: [8.1, 5.1, 7.1, 6.5, 6.1, 6.0],
    projections: [false, false, false, true, true, true],
    sourceName: 'IMF World Economic Outlook', lastUpdated: '2025-10-14', retrievedAt: RETRIEVED,
  });
}
