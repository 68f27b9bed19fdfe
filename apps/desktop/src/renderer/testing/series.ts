/** Small Series for the renderer's unit tests: shaped like core's mapping makes them. */
import type { Frequency, Series } from '@econdata/core';

/** A WB GDP series for one country. */
export function gdp(country: string, name: string, periods: string[], values: Array<number | null>): Series {
  return {
    id: `indicator:WB:NY.GDP.MKTP.CD:${country}`,
    kind: 'indicator',
    title: `GDP (current US$): ${name}`,
    frequency: 'annual',
    dimensions: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', indicator_name: 'GDP (current US$)', country, country_name: name },
    columns: [{ key: 'value', label: 'GDP (current US$)', unit: 'current US$' }],
    periods,
    values: [values],
    provenance: { source: 'World Bank', last_updated: '2024-07-01', retrieved_at: '2026-11-22T10:00:00.000Z', endpoint: '/indicators', query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country } },
  };
}

/** A daily stock series with OHLCV columns. */
export function stock(symbol: string, periods: string[], rows: Array<[number, number, number, number, number]>): Series {
  const col = (i: number): number[] => rows.map((r) => r[i] ?? 0);
  return {
    id: `stock:symbol:${symbol}`,
    kind: 'stock',
    title: symbol,
    frequency: 'daily',
    dimensions: { symbol },
    columns: [
      { key: 'open', label: 'Open', unit: 'thousand VND' }, { key: 'high', label: 'High', unit: 'thousand VND' },
      { key: 'low', label: 'Low', unit: 'thousand VND' }, { key: 'close', label: 'Close', unit: 'thousand VND' },
      { key: 'volume', label: 'Volume', unit: 'shares' },
    ],
    periods,
    values: [col(0), col(1), col(2), col(3), col(4)],
    provenance: { source: 'HOSE', last_updated: null, retrieved_at: '2026-11-22T10:00:00.000Z', endpoint: '/stocks/vietnam', query: { kind: 'stock', symbol } },
  };
}

/** A GSO series at a frequency. */
export function gso(frequency: Frequency, periods: string[], values: Array<number | null>): Series {
  return {
    id: `indicator:GSO:CPI:${frequency}`,
    kind: 'indicator',
    title: 'Consumer price index',
    frequency,
    dimensions: { source: 'GSO', indicator: 'CPI', indicator_name: 'Consumer price index' },
    columns: [{ key: 'value', label: 'Consumer price index', unit: 'percent' }],
    periods,
    values: [values],
    provenance: { source: 'GSO', last_updated: null, retrieved_at: '2026-11-22T10:00:00.000Z', endpoint: '/indicators', query: { kind: 'indicator', source: 'GSO', indicator: 'CPI', frequency: frequency === 'daily' ? 'monthly' : frequency } },
  };
}
