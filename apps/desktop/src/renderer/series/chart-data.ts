/**
 * Series -> uPlot's aligned data: one shared x axis (every period from the first to the last of
 * any series, as UTC seconds of the period's first day: a month no series has is on the axis too)
 * and one y array per plotted column, null where a series has no observation for that period
 * (uPlot draws a gap there, never a zero, and never a straight line across it).
 */
import { completePeriods, periodStarts } from '@econdata/analysis';
import { distinctLabels } from '@econdata/ui';
import type { Frequency, Series } from '@econdata/core';

/**
 * The performance mark each alignment leaves, the one before it cleared: the timeline holds one
 * however long the session (a profile still shows each). The charts benchmark counts them as they
 * are made, with a PerformanceObserver: hover and zoom must make none.
 */
const ALIGNED = 'econdata:chart-aligned';

/** One plotted line: which series and column it draws, and the legend text. */
export interface ChartLine {
  seriesId: string;
  column: string;
  label: string;
  /** The whole text the label stands for (the legend's tooltip). */
  full: string;
  unit: string | null;
}

/** A legend entry's length: longer ones crowd the plot. */
const LEGEND_MAX = 56;

/** What the chart component needs: the shared axis, the lines, and uPlot's data arrays. */
export interface ChartData {
  frequency: Frequency;
  /** The shared axis as period strings, ascending (one series' own array when it alone is charted: read only). */
  periods: readonly string[];
  /** Periods on the axis that no series has (inside the range: the chart shows them as gaps). */
  missing: string[];
  lines: ChartLine[];
  /** [x: UTC seconds of each period's first day (analysis's periodStarts, read only), ...one array per line]. */
  data: [Float64Array, ...Array<Array<number | null>>];
}

/** The columns a line chart draws for a series: every value column but volume and year-to-date sums. */
function plottedColumns(s: Series): number[] {
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

/** Text cut to `max` characters with an ellipsis: a legend entry or axis label must not crowd the plot. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Legend text in full: when every series is the same indicator, the country tells lines apart. */
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
 * The union of ascending period lists, ascending. Periods of one frequency sort as text, and every
 * Series' periods are ascending, so a k-way merge does it in one pass (no Map, no sort: 100,000
 * daily points align in a few milliseconds). The same array when there is only one list.
 */
function mergeAxis(lists: ReadonlyArray<readonly string[]>): readonly string[] {
  const [first] = lists;
  // One axis (one series, or series on one shared periods array): nothing to merge.
  if (first && lists.every((l) => l === first)) return first;
  const at = lists.map(() => 0);
  const out: string[] = [];
  for (;;) {
    let next: string | undefined;
    lists.forEach((l, i) => {
      const p = l[at[i] ?? 0];
      if (p !== undefined && (next === undefined || p < next)) next = p;
    });
    if (next === undefined) return out;
    out.push(next);
    lists.forEach((l, i) => { if (l[at[i] ?? 0] === next) at[i] = (at[i] ?? 0) + 1; });
  }
}

/** A series' values on the axis: two ascending lists walked together, null where it has no value. */
function alignOn(axis: readonly string[], periods: readonly string[], values: ReadonlyArray<number | null>): Array<number | null> {
  // The axis is this series' own periods (one series charted): the values are the line as they are
  // (read only: uPlot never writes its data), no copy. Every value of a Series is a finite number or
  // null (core's assertSeries holds every Series core builds and sheets reads to it; analysis writes
  // no other), so none is checked again here.
  if (axis === periods && values.length === axis.length) return values as Array<number | null>;
  const y = new Array<number | null>(axis.length);
  let j = 0;
  for (let i = 0; i < axis.length; i += 1) {
    if (periods[j] === axis[i]) {
      const v = values[j];
      y[i] = typeof v === 'number' && Number.isFinite(v) ? v : null;
      j += 1;
    } else y[i] = null;
  }
  return y;
}

/**
 * Aligns the series of one frequency on a shared period axis.
 *
 * @example chartData([gdpVN, gdpTH]).data // [[946684800, ...], [3.1e10, ...], [1.2e11, ...]]
 */
export function chartData(series: readonly Series[], frequency: Frequency | undefined = frequenciesOf(series)[0]): ChartData {
  performance.clearMarks(ALIGNED);
  performance.mark(ALIGNED);
  const chosen = series.filter((s) => s.frequency === frequency);
  const f: Frequency = frequency ?? 'annual';
  // The same indicator under two transforms (the seasonally adjusted series beside the original) is
  // told apart by its title, not its country.
  const indicators = new Set(chosen.map((s) => (s.kind === 'indicator' ? `${s.dimensions['source']}:${s.dimensions['indicator']}~${s.provenance.transform ?? ''}` : s.id)));
  const sameIndicator = indicators.size === 1 && chosen.length > 1;
  const present = mergeAxis(chosen.map((s) => s.periods));
  const axis = completePeriods(present, f);
  const had = axis.length === present.length ? null : new Set(present);
  const missing = had ? axis.filter((p) => !had.has(p)) : [];
  // The axis's x as analysis keeps it: a series' own axis has it already (recorded by the transform
  // that made the series, or read once per axis); only an axis merged or completed here is new.
  const x = periodStarts({ periods: axis, frequency: f });
  const lines: ChartLine[] = [];
  const ys: Array<Array<number | null>> = [];
  for (const s of chosen) {
    const cols = plottedColumns(s);
    for (const c of cols) {
      ys.push(alignOn(axis, s.periods, s.values[c] ?? []));
      const text = lineLabel(s, c, sameIndicator, cols.length > 1);
      lines.push({ seriesId: s.id, column: s.columns[c]?.key ?? 'value', label: text, full: text, unit: s.columns[c]?.unit ?? null });
    }
  }
  // Cut to fit the legend, the shared words shortened so long names that differ late stay apart.
  distinctLabels(lines.map((l) => l.full), LEGEND_MAX).forEach((l, i) => { if (lines[i]) lines[i].label = l.short; });
  return { frequency: f, periods: axis, missing, lines, data: [x, ...ys] };
}

/** Open, high, low, close (and volume when present) of one stock series, in uPlot's order. */
export interface OhlcData {
  data: [Float64Array, Array<number | null>, Array<number | null>, Array<number | null>, Array<number | null>];
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
  const x = periodStarts(s);
  const unit = s.columns.find((c) => c.key === 'close')?.unit ?? null;
  return { data: [x, open, high, low, close], volume: col('volume'), label: s.dimensions['symbol'] ?? s.dimensions['index'] ?? s.title, unit };
}
