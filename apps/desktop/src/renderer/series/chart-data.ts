/**
 * Series -> uPlot's aligned data: one shared x axis (every period from the first to the last of
 * any series, as UTC seconds of the period's first day: a month no series has is on the axis too)
 * and one y array per plotted column, null where a series has no observation for that period
 * (uPlot draws a gap there, never a zero, and never a straight line across it).
 */
import { completePeriods, dayNumber } from '@econdata/analysis';
import { distinctLabels } from '@econdata/ui';
import type { Frequency, Series } from '@econdata/core';
import { PERIOD_PATTERNS } from '@econdata/core';

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
  /** [x seconds, ...one array per line]. */
  data: [number[], ...Array<Array<number | null>>];
}

/** A decimal digit at `i`, or NaN. */
function digitAt(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
}

/**
 * A daily period read digit by digit as y * 10000 + m * 100 + d, or NaN when it is not in core's
 * daily form (YYYY-MM-DD, month 01-12, day 01-31): a 100,000-day chart reads 100,000 of them, and
 * a pattern test, slices and Date.UTC each cost several times more.
 */
function dayDigits(p: string): number {
  const y = digitAt(p, 0) * 1000 + digitAt(p, 1) * 100 + digitAt(p, 2) * 10 + digitAt(p, 3);
  const m = digitAt(p, 5) * 10 + digitAt(p, 6);
  const d = digitAt(p, 8) * 10 + digitAt(p, 9);
  return p.length === 10 && p.charCodeAt(4) === 45 && p.charCodeAt(7) === 45 && m >= 1 && m <= 12 && d >= 1 && d <= 31 ? y * 10000 + m * 100 + d : NaN;
}

const notA = (period: string, frequency: Frequency): Error => new Error(`Period "${period}" is not a ${frequency} period.`);

/**
 * UTC seconds of a period's first day ('2024-Q2' -> 2024-04-01); anything not in its frequency's
 * one form is refused (core's pattern is the rule; a daily period is read as dayDigits reads it).
 */
export function periodSeconds(period: string, frequency: Frequency): number {
  if (frequency === 'daily') {
    const v = dayDigits(period);
    if (v !== v) throw notA(period, frequency);
    return dayNumber(Math.floor(v / 10000), Math.floor(v / 100) % 100, v % 100) * 86400;
  }
  if (!PERIOD_PATTERNS[frequency].test(period)) throw notA(period, frequency);
  const year = Number(period.slice(0, 4));
  const month = frequency === 'annual' ? 1 : frequency === 'quarterly' ? (Number(period[6]) - 1) * 3 + 1 : Number(period.slice(5, 7));
  return dayNumber(year, month, 1) * 86400;
}

/**
 * UTC seconds of each period of an ascending axis. A daily axis (100,000 periods for a long stock
 * history) is read in one loop, its month's first day counted once a month.
 */
function axisSeconds(axis: readonly string[], frequency: Frequency): number[] {
  if (frequency !== 'daily') return axis.map((p) => periodSeconds(p, frequency));
  const x = new Array<number>(axis.length);
  let month = -1;
  let start = 0;
  for (let i = 0; i < axis.length; i += 1) {
    const p = axis[i] ?? '';
    const v = dayDigits(p);
    if (v !== v) throw notA(p, frequency);
    const d = v % 100;
    if (v - d !== month) {
      month = v - d;
      start = dayNumber(Math.floor(v / 10000), Math.floor(v / 100) % 100, 1) * 86400;
    }
    x[i] = start + (d - 1) * 86400;
  }
  return x;
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
  if (lists.length === 1 && first) return first;
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
  // The axis is this series' own periods (one series charted) and every value a finite number or
  // null: the values are the line as they are (read only: uPlot never writes its data), no copy.
  if (axis === periods && values.length === axis.length && values.every((v) => v === null || Number.isFinite(v))) return values as Array<number | null>;
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
  const x = axisSeconds(axis, f);
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
  const x = axisSeconds(s.periods, s.frequency);
  const unit = s.columns.find((c) => c.key === 'close')?.unit ?? null;
  return { data: [x, open, high, low, close], volume: col('volume'), label: s.dimensions['symbol'] ?? s.dimensions['index'] ?? s.title, unit };
}
