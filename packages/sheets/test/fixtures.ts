/** Small hand-made Series of every kind for the sheets tests (values chosen to catch mistakes). */
import type { Series } from '@econdata/core';

const retrieved_at = '2026-11-20T08:30:00.000Z';

/** World Bank GDP for Viet Nam and Namibia ('NA' is a country, not missing), with a gap. */
export const gdp: Series = {
  id: 'indicator:WB:NY.GDP.MKTP.CD:VN',
  kind: 'indicator',
  title: 'GDP (current US$): Viet Nam',
  frequency: 'annual',
  dimensions: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', indicator_name: 'GDP (current US$)', country: 'VN', country_name: 'Việt Nam' },
  columns: [{ key: 'value', label: 'GDP (current US$)', unit: 'current US$' }],
  periods: ['2020', '2021', '2022', '2023'],
  values: [[346615750000.5, 366474752771.4, null, 429716969044.2]],
  provenance: { source: 'World Bank WDI', last_updated: '2026-07-01', retrieved_at, endpoint: '/indicators', query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2023 } },
};

export const gdpNamibia: Series = {
  ...gdp,
  id: 'indicator:WB:NY.GDP.MKTP.CD:NA',
  title: 'GDP (current US$): Namibia',
  dimensions: { ...gdp.dimensions, country: 'NA', country_name: 'Namibia' },
  values: [[10.1e9, 12.3e9, 12.6e9, null]],
  provenance: { ...gdp.provenance, query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'NA', start_year: 2020, end_year: 2023 } },
};

/** IMF inflation with projections flagged, and a negative value. */
export const inflation: Series = {
  id: 'indicator:IMF:PCPIPCH:VN',
  kind: 'indicator',
  title: 'Inflation, average consumer prices: Viet Nam',
  frequency: 'annual',
  dimensions: { source: 'IMF', indicator: 'PCPIPCH', indicator_name: 'Inflation, average consumer prices', country: 'VN', country_name: 'Việt Nam' },
  columns: [{ key: 'value', label: 'Inflation (annual %)', unit: 'Percent' }],
  periods: ['2020', '2021', '2022', '2023'],
  values: [[3.221, -0.125, 3.156, 3.52]],
  flags: { is_projection: [false, false, true, true] },
  provenance: { source: 'IMF World Economic Outlook', last_updated: '2026-04-15', retrieved_at, endpoint: '/indicators', query: { kind: 'indicator', source: 'IMF', indicator: 'PCPIPCH', country: 'VN' }, stale: true },
};

/** GSO quarterly GDP growth (Vietnamese sector name). */
export const gsoQuarterly: Series = {
  id: 'indicator:GSO:GDP_YOY:VN',
  kind: 'indicator',
  title: 'Tăng trưởng GDP (so với cùng kỳ): Việt Nam',
  frequency: 'quarterly',
  dimensions: { source: 'GSO', indicator: 'GDP_YOY', indicator_name: 'Tổng sản phẩm trong nước: tăng trưởng', country: 'VN', country_name: 'Việt Nam' },
  columns: [{ key: 'value', label: 'GDP growth (% yoy)', unit: '%' }],
  periods: ['2023-Q4', '2024-Q1', '2024-Q2', '2024-Q3'],
  values: [[6.72, 5.87, null, 7.4]],
  provenance: { source: 'General Statistics Office of Viet Nam', last_updated: '2024-10-06', retrieved_at, endpoint: '/indicators', query: { kind: 'indicator', source: 'GSO', indicator: 'GDP_YOY', frequency: 'quarterly', start_year: 2023 } },
};

/** Customs trade balance: negative values must stay numbers, the description starts with '='. */
export const tradeBalance: Series = {
  id: 'trade:balance:WLD:TOTAL',
  kind: 'trade',
  title: 'Viet Nam trade balance: all partners, all goods',
  frequency: 'monthly',
  dimensions: { flow: 'balance', partner: 'WLD', partner_name: 'Thế giới', hs_code: 'TOTAL', hs_description: '=SUM(1,2) all goods' },
  columns: [
    { key: 'value', label: 'Value', unit: 'USD billion' },
    { key: 'ytd_value', label: 'Year to date', unit: 'USD billion' },
  ],
  periods: ['2024-01', '2024-02', '2024-03'],
  values: [
    [2.92, -0.26, 1.64],
    [2.92, 2.66, 4.3],
  ],
  provenance: { source: 'Viet Nam Customs', last_updated: '2024-04-10', retrieved_at, endpoint: '/trade/vietnam', query: { kind: 'trade', flow: 'balance' } },
};

/** Daily OHLCV of one stock, with a missing day's volume. */
export const stock: Series = {
  id: 'stock:ACB',
  kind: 'stock',
  title: 'ACB: Ngân hàng TMCP Á Châu',
  frequency: 'daily',
  dimensions: { symbol: 'ACB' },
  columns: [
    { key: 'open', label: 'Open', unit: 'thousand VND' },
    { key: 'high', label: 'High', unit: 'thousand VND' },
    { key: 'low', label: 'Low', unit: 'thousand VND' },
    { key: 'close', label: 'Close', unit: 'thousand VND' },
    { key: 'volume', label: 'Volume', unit: 'shares' },
  ],
  periods: ['2024-01-02', '2024-01-03', '2024-12-31'],
  values: [
    [23.1, 23.45, 25],
    [23.5, 23.9, 25.35],
    [22.95, 23.3, 24.9],
    [23.4, 23.85, 25.2],
    [3421555, null, 12000100],
  ],
  provenance: { source: 'HOSE daily prices', last_updated: '2024-12-31', retrieved_at, endpoint: '/stocks/vietnam', query: { kind: 'stock', symbol: 'ACB', start_date: '2024-01-01', end_date: '2024-12-31' } },
};
