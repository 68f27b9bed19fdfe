/** Small Series for the renderer's unit tests, built by core's fixture builder (through core's own mapping). */
import type { Frequency, Series } from '@econdata/core';
import { indicatorFixture, stockFixture, type Ohlcv } from '@econdata/core/testing';

const provenance = { sourceName: 'World Bank', lastUpdated: '2024-07-01' };

/** A WB GDP series for one country. */
export function gdp(country: string, name: string, periods: string[], values: Array<number | null>): Series {
  return indicatorFixture({ query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country }, name: 'GDP (current US$)', countryName: name, unit: 'current US$', periods, values, ...provenance });
}

/** A daily stock series with OHLCV columns. */
export function stock(symbol: string, periods: string[], rows: Ohlcv[]): Series {
  return stockFixture({ query: { kind: 'stock', symbol }, sourceName: 'HOSE', periods, days: rows });
}

/** A GSO series at a frequency. */
export function gso(frequency: Exclude<Frequency, 'daily'>, periods: string[], values: Array<number | null>): Series {
  return indicatorFixture({ query: { kind: 'indicator', source: 'GSO', indicator: 'CPI', frequency }, name: 'Consumer price index', unit: 'percent', periods, values });
}
