/**
 * Series -> uPlot's aligned data: one shared x axis (the union of every series' periods, as UTC
 * seconds of the period's first day) and one y array per plotted column, null where a series has
 * no observation for that period (uPlot draws a gap there, never a zero).
 */
import type { Frequency, Series } from '@econdata/core';
import { PERIOD_PATTERNS } from '@econdata/core';

/** One plotted line: which series and column it draws, and the legend text. */
export interface ChartLine {
  seriesId: string;
  column: string;
  label: string;
  unit: string | null;
}

/** What the chart component needs: the shared axis, the lines, and uPlot's data arrays. */
export interface ChartData {
  frequency: Frequency;
  /** The shared axis as period strings, ascending. */
  periods: string[];
  lines: ChartLine[];
  /** [x seconds, ...one array per line]. */
  data: [number[], ...Array<Array<number | null>>];
}

/** UTC seconds of a period's first day ('2024-Q2' -> 2024-04-01). */
export function periodSeconds(period: string, frequency: Frequency): number {
  const m = PERIOD_PATTERNS[frequency].exec(period);
  if (!m) throw new Error(`Period "${period}" is not a ${frequency} period.`);
  const year = Number(m[1]);
  const month = frequency === 'quarterly' ? (Number(m[2]) - 1) * 3 : frequency === 'annual' ? 0 : Number(m[2]) - 1;
  const day = frequency === 'daily' ? Number(m[3]) : 1;
  return Date.UTC(year, month, day) / 1000;
}

/** The columns a line chart draws for a series: every value column but volume and year-to-date sums. */
export function plottedColumns(s: Series): number[] {
  if (s.kind === 'stock') {
    const close = s.columns.findIndex((c) => c.key === 'close');
    return close >= 0 ? [close] : [];
  }
  const out: number[] = [];
  s.columns.forEach((c, i) => {
    if (!c.key.endsWith('ytd_value')) out.push(i);
  });
  return out;
}

/** Legend text: when every series is the same indicator, the country tells lines apart. */
function lineLabel(s: Series, column: number, sameIndicator: boolean, multiColumn: boolean): string {
  const col = s.columns[column];
  const base = sameIndicator && s.kind === 'indicator'
    ? (s.dimensions['country_name'] ?? s.dimensions['country'] ?? s.title)
    : s.kind === 'stock' ? (s.dimensions['symbol'] ?? s.dimensions['index'] ?? s.title) : s.title;
  return multiColumn && col ? `${base}: ${col.label}` : base;
}

/** The frequencies present, most series first (the chart shows one at a time: a quarter is not a month). */
export function frequenciesOf(series: readonly Series[]): Frequency[] {
  const counts = new Map<Frequency, number>();
  for (const s of series) counts.set(s.frequency, (counts.get(s.frequency) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([f]) => f);
}

/**
 * Aligns the series of one frequency on a shared period axis.
 *
 * @example chartData([gdpVN, gdpTH]).data // [[946684800, ...], [3.1e10, ...], [1.2e11, ...]]
 */
export function chartData(series: readonly Series[], frequency: Frequency | undefined = frequenciesOf(series)[0]): ChartData {
  const chosen = series.filter((s) => s.frequency === frequency);
  const f: Frequency = frequency ?? 'annual';
  const indicators = new Set(chosen.map((s) => (s.kind === 'indicator' ? `${s.dimensions['source']}:${s.dimensions['indicator']}` : s.id)));
  const sameIndicator = indicators.size === 1 && chosen.length > 1;
  const axis = new Map<string, number>();
  for (const s of chosen) for (const p of s.periods) if (!axis.has(p)) axis.set(p, periodSeconds(p, f));
  const periods = [...axis.keys()].sort((a, b) => (axis.get(a) ?? 0) - (axis.get(b) ?? 0));
  const x = periods.map((p) => axis.get(p) ?? 0);
  const index = new Map(periods.map((p, i) => [p, i]));
  const lines: ChartLine[] = [];
  const ys: Array<Array<number | null>> = [];
  for (const s of chosen) {
    const cols = plottedColumns(s);
    for (const c of cols) {
      const y = new Array<number | null>(periods.length).fill(null);
      const values = s.values[c] ?? [];
      s.periods.forEach((p, i) => {
        const at = index.get(p);
        const v = values[i];
        if (at !== undefined && typeof v === 'number' && Number.isFinite(v)) y[at] = v;
      });
      lines.push({ seriesId: s.id, column: s.columns[c]?.key ?? 'value', label: lineLabel(s, c, sameIndicator, cols.length > 1), unit: s.columns[c]?.unit ?? null });
      ys.push(y);
    }
  }
  return { frequency: f, periods, lines, data: [x, ...ys] };
}

/** Open, high, low, close (and volume when present) of one stock series, in uPlot's order. */
export interface OhlcData {
  data: [number[], Array<number | null>, Array<number | null>, Array<number | null>, Array<number | null>];
  volume: Array<number | null> | null;
  label: string;
  unit: string | null;
}

/** A stock series as OHLC arrays for the candlestick plugin, or null when it lacks one of the four columns. */
export function ohlcData(s: Series): OhlcData | null {
  const col = (key: string): Array<number | null> | null => {
    const i = s.columns.findIndex((c) => c.key === key);
    return i >= 0 ? (s.values[i] ?? []).map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null)) : null;
  };
  const [open, high, low, close] = [col('open'), col('high'), col('low'), col('close')];
  if (!open || !high || !low || !close) return null;
  const x = s.periods.map((p) => periodSeconds(p, s.frequency));
  const unit = s.columns.find((c) => c.key === 'close')?.unit ?? null;
  return { data: [x, open, high, low, close], volume: col('volume'), label: s.dimensions['symbol'] ?? s.dimensions['index'] ?? s.title, unit };
}
