/**
 * Small hand-written Series for the engine's tests: a frequency, periods and columns, everything
 * else filled in plausibly.
 */
import type { Frequency, Series, SeriesKind, SeriesQuery } from '@econdata/core';

export interface MakeSeries {
  kind?: SeriesKind;
  frequency: Frequency;
  periods: string[];
  /** Column key -> values; the first key's label is the title. */
  columns: Record<string, Array<number | null>>;
  unit?: string | null;
  title?: string;
  query?: SeriesQuery;
}

const DEFAULT_QUERY: Record<SeriesKind, SeriesQuery> = {
  indicator: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' },
  trade: { kind: 'trade', flow: 'exports' },
  stock: { kind: 'stock', symbol: 'VNM' },
};

/** A Series from periods and columns. */
export function makeSeries(m: MakeSeries): Series {
  const kind = m.kind ?? 'indicator';
  const keys = Object.keys(m.columns);
  return {
    id: `${kind}:test`,
    kind,
    title: m.title ?? 'GDP',
    frequency: m.frequency,
    dimensions: { source: 'TEST' },
    columns: keys.map((key) => ({ key, label: key === 'value' ? (m.title ?? 'GDP') : key, unit: m.unit === undefined ? 'US$' : m.unit })),
    periods: m.periods,
    values: keys.map((k) => m.columns[k]!),
    provenance: { source: 'test', last_updated: null, retrieved_at: '2026-11-25T00:00:00Z', endpoint: '/indicators', query: m.query ?? DEFAULT_QUERY[kind] },
  };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Monthly periods from year-month for `count` months. */
export function months(year: number, month: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const m = month - 1 + i;
    return `${year + Math.floor(m / 12)}-${pad((m % 12) + 1)}`;
  });
}

/** Quarterly periods from year-quarter for `count` quarters. */
export function quarters(year: number, quarter: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const q = quarter - 1 + i;
    return `${year + Math.floor(q / 4)}-Q${(q % 4) + 1}`;
  });
}

/** Annual periods. */
export const years = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** Every weekday (Monday to Friday) from `from` to `to` inclusive, as YYYY-MM-DD. */
export function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    const w = d.getUTCDay();
    if (w !== 0 && w !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}
