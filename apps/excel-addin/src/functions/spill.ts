/**
 * Pure: Series to the 2-D array a formula spills: a header row, then one row per period, the
 * periods of every column merged in ascending order, one column per series (or per value column).
 */
import type { Frequency, Series } from '@econdata/core';

/** What a spilled cell holds: numbers stay numbers, a missing value is an empty cell (never 0). */
export type SpillCell = string | number;
export type SpillMatrix = SpillCell[][];

/** One column of the spill. */
export interface SpillColumn {
  header: string;
  frequency: Frequency | null;
  periods: readonly string[];
  values: ReadonlyArray<number | null>;
}

/** The header of the period column, from the frequencies present. */
function periodHeader(columns: readonly SpillColumn[]): string {
  const f = new Set(columns.map((c) => c.frequency).filter((x) => x !== null));
  if (f.size === 1 && f.has('annual')) return 'Year';
  if (f.size === 1 && f.has('daily')) return 'Date';
  return 'Period';
}

/** An annual period is a number (Excel can compute with it); other periods stay text as the service wrote them. */
function periodCell(period: string): SpillCell {
  return /^\d{4}$/.test(period) ? Number(period) : period;
}

/** The spill of some columns, periods merged. */
export function spill(columns: readonly SpillColumn[]): SpillMatrix {
  const all = new Set<string>();
  for (const c of columns) for (const p of c.periods) all.add(p);
  // Period strings of one frequency sort as text (2024-03 < 2024-10, 2024-Q1 < 2024-Q2).
  const periods = [...all].sort();
  const at = columns.map((c) => new Map(c.periods.map((p, i) => [p, i])));
  const rows: SpillMatrix = [[periodHeader(columns), ...columns.map((c) => c.header)]];
  for (const p of periods) {
    rows.push([periodCell(p), ...columns.map((c, k) => {
      const i = at[k]!.get(p);
      const v = i === undefined ? null : c.values[i];
      return v === null || v === undefined ? '' : v;
    })]);
  }
  return rows;
}

/** Column `i` of a series, headed by the series title (one column) or the column's label, with the unit unless already named. */
export function seriesColumn(series: Series, i: number, headerText?: string): SpillColumn {
  const col = series.columns[i]!;
  const text = headerText ?? (series.columns.length === 1 ? series.title : col.label);
  return {
    header: col.unit && !text.includes(col.unit) ? `${text} (${col.unit})` : text,
    frequency: series.frequency,
    periods: series.periods,
    values: series.values[i] ?? [],
  };
}

/** An empty column for a series the service has no data for, so its neighbours still show. */
export function missingColumn(header: string): SpillColumn {
  return { header: `${header} (no data)`, frequency: null, periods: [], values: [] };
}

/** ECON.TRADE: every value column of the series (value and year to date, per flow). */
export function tradeColumns(series: Series): SpillColumn[] {
  return series.columns.map((_, i) => seriesColumn(series, i));
}

/** ECON.STOCK: the chosen fields of one series; with several tickers each header starts with the ticker. */
export function stockColumns(series: Series, fields: readonly string[], several: boolean): SpillColumn[] {
  const name = series.dimensions['symbol'] ?? series.dimensions['index'] ?? series.id;
  return fields.flatMap((f) => {
    const i = series.columns.findIndex((c) => c.key === f);
    if (i < 0) return [];
    const col = series.columns[i]!;
    return [seriesColumn(series, i, several ? `${name} ${col.label}` : col.label)];
  });
}
