/**
 * What a chart shows, as one description both drawings read: uPlot on screen (chart-options.ts) and
 * the saved or copied image (chart-svg.ts). Lines with their axis (left or right) and colour, the
 * units each axis names, shaded periods and dated event lines, the title, the transform in words
 * and the source line. Pure, unit-tested.
 */
import type { Frequency } from '@econdata/core';
import type { ChartData, ChartLine } from './chart-data.ts';

/** Line colours: distinct, and each readable on white (contrast above 3:1 for graphics). */
const PALETTE = ['#0F6CBD', '#C4314B', '#0E7A0D', '#8764B8', '#CA5010', '#038387', '#4F6BED', '#986F0B'];

export type Axis = 'left' | 'right';

/**
 * A shaded period (`from` to `to`, both included) or a dated event line (`at`). Dates are a year
 * ('2008'), a month ('2008-09') or a day ('2008-09-15'): a range runs from the start of `from` to
 * the end of `to`, so "2008 to 2009" shades both years whole.
 */
export type ChartMark =
  | { kind: 'range'; from: string; to: string; label: string }
  | { kind: 'line'; at: string; label: string };

/** One line as both drawings draw it. */
export interface FigureLine extends ChartLine {
  axis: Axis;
  color: string;
  values: ReadonlyArray<number | null>;
}

/** The whole chart: what the screen shows plus the words a report needs around it. */
export interface ChartFigure {
  title: string;
  /** The transform in words (analysis's `transformWords`), or null for values as published. */
  subtitle: string | null;
  /** "Source: World Bank WDI (retrieved 2026-11-01). Chart: Econdata." */
  source: string;
  frequency: Frequency;
  /** UTC seconds of each period's start, ascending. */
  x: ArrayLike<number>;
  lines: FigureLine[];
  marks: readonly ChartMark[];
}

/** The key a line's axis choice is kept under: its series and column. */
export const lineKey = (line: Pick<ChartLine, 'seriesId' | 'column'>): string => `${line.seriesId}|${line.column}`;

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** Whether a mark's date is one the chart reads ('2008', '2008-09', '2008-09-15'). */
export function isMarkDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const month = m[2] === undefined ? 1 : Number(m[2]);
  const day = m[3] === undefined ? 1 : Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** UTC seconds of the start of a mark's date, or of its end (the start of the next year, month or day). */
export function markSeconds(text: string, end = false): number {
  const m = DATE.exec(text);
  if (!m) throw new Error(`"${text}" is not a date: write a year (2008), a month (2008-09) or a day (2008-09-15).`);
  const year = Number(m[1]);
  const month = m[2] === undefined ? 0 : Number(m[2]) - 1;
  const day = m[3] === undefined ? 1 : Number(m[3]);
  if (!end) return Date.UTC(year, month, day) / 1000;
  if (m[3] !== undefined) return Date.UTC(year, month, day + 1) / 1000;
  if (m[2] !== undefined) return Date.UTC(year, month + 1, 1) / 1000;
  return Date.UTC(year + 1, 0, 1) / 1000;
}

/** The units of the lines on one axis, each once ("current US$", or "% / index" when they differ). */
export function axisUnit(lines: ReadonlyArray<Pick<FigureLine, 'axis' | 'unit'>>, axis: Axis): string | null {
  const units = [...new Set(lines.filter((l) => l.axis === axis).map((l) => l.unit ?? ''))].filter((u) => u !== '');
  return units.length > 0 ? units.join(' / ') : null;
}

/**
 * The lines the right axis takes in one click when the shown lines have two units or more: every
 * line whose unit differs from the first line's. Empty when all share a unit.
 */
export function secondAxisOffer(lines: readonly ChartLine[]): string[] {
  const first = lines[0]?.unit ?? null;
  return lines.filter((l) => (l.unit ?? null) !== first).map(lineKey);
}

/** Everything a chart shows, from the chart's data and the choices made on it. */
export function chartFigure(options: {
  data: ChartData;
  title: string;
  subtitle: string | null;
  source: string;
  /** Keys (`lineKey`) of the lines on the right axis. */
  right: ReadonlySet<string>;
  marks: readonly ChartMark[];
}): ChartFigure {
  const { data } = options;
  const [x, ...ys] = data.data;
  const lines = data.lines.map((line, i): FigureLine => ({
    ...line,
    axis: options.right.has(lineKey(line)) ? 'right' : 'left',
    color: PALETTE[i % PALETTE.length] ?? '#0F6CBD',
    values: ys[i] ?? [],
  }));
  return { title: options.title, subtitle: options.subtitle, source: options.source, frequency: data.frequency, x, lines, marks: options.marks };
}

/**
 * The row each mark label goes on (0 at the top), so labels that would overlap stack instead:
 * each takes the first row where it clears the labels already there by `gap` pixels.
 *
 * @example labelRows([[10, 80], [50, 60], [200, 40]]) // [0, 1, 0]
 */
export function labelRows(spans: ReadonlyArray<readonly [x: number, width: number]>, gap = 6): number[] {
  const rows: Array<Array<readonly [number, number]>> = [];
  return spans.map(([x, width]) => {
    let row = rows.findIndex((taken) => taken.every(([a, b]) => x + width + gap <= a || x >= b + gap));
    if (row < 0) row = rows.push([]) - 1;
    rows[row]?.push([x, x + width]);
    return row;
  });
}
