/**
 * uPlot options for the two chart kinds: lines comparing series on a shared axis, and one stock as
 * candlesticks or OHLC bars. Dates are read and shown in UTC, as the periods are (no local shift).
 */
import uPlot from 'uplot';
import type { Frequency } from '@econdata/core';
import { candlestickPlugin, type OhlcStyle } from './candlestick.ts';
import { shorten } from './chart-data.ts';
import { axisUnit, type FigureLine, type ChartMark } from './chart-figure.ts';
import { tickText, valueScale } from './chart-scales.ts';
import { marksPlugin } from './marks-plugin.ts';
import { periodTickLabel, periodTicks } from './period-ticks.ts';

const full = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const PERIOD_FORMAT: Record<Frequency, (d: Date) => string> = {
  annual: (d) => String(d.getUTCFullYear()),
  quarterly: (d) => `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`,
  monthly: (d) => d.toISOString().slice(0, 7),
  daily: (d) => d.toISOString().slice(0, 10),
};

/** The legend's period text for an x value (UTC seconds). */
function periodLabel(seconds: number, frequency: Frequency): string {
  return PERIOD_FORMAT[frequency](new Date(seconds * 1000));
}

/** The time axis's ticks at period starts (months, quarters, years), at least 64 px apart; uPlot's own for daily data. */
function periodAxis(frequency: Frequency): Partial<uPlot.Axis> {
  if (frequency === 'daily') return {};
  let step = 1;
  return {
    splits: (u, _axis, min, max) => {
      const found = periodTicks(min, max, frequency, Math.floor(u.bbox.width / uPlot.pxRatio / 64));
      step = found.step;
      return found.ticks;
    },
    values: (_u, splits) => splits.map((v) => periodTickLabel(v, frequency, step)),
  };
}

function base(width: number, height: number, frequency: Frequency, unit: string | null): uPlot.Options {
  return {
    width,
    height,
    // uPlot reads timestamps as seconds; tzDate keeps ticks on UTC days, where periods start.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    cursor: { drag: { x: true, y: false }, focus: { prox: 24 } },
    scales: { x: { time: true } },
    axes: [
      { stroke: '#424242', grid: { stroke: '#E0E0E0', width: 1 }, ticks: { stroke: '#D1D1D1' }, ...periodAxis(frequency) },
      {
        stroke: '#424242', grid: { stroke: '#E0E0E0', width: 1 }, ticks: { stroke: '#D1D1D1' }, size: 64,
        values: (_u, splits) => splits.map((v) => tickText(v)),
        ...(unit ? { label: shorten(unit, 28), labelSize: 18 } : {}),
      },
    ],
    series: [{ label: 'Period', value: (_u, v) => (v == null ? '' : periodLabel(v, frequency)) }],
    legend: { live: true },
  };
}

/** A value axis on chart-scales' nice range and ticks: the saved image's axis is the same. */
function valueAxisScale(): uPlot.Scale {
  return { range: (_u, min, max) => { const s = valueScale([min, max]); return [s.min, s.max]; } };
}

/**
 * Options for one line per series column, each on its axis (a second, right axis when any line is
 * on it: each axis names its units, and the legend says which axis a line is read on), with the
 * shaded periods and event lines under the lines.
 */
export function lineOptions(width: number, height: number, frequency: Frequency, lines: readonly FigureLine[], marks: readonly ChartMark[] = []): uPlot.Options {
  const twoAxes = lines.some((l) => l.axis === 'right');
  const opts = base(width, height, frequency, axisUnit(lines, 'left'));
  opts.scales = { ...opts.scales, y: valueAxisScale() };
  if (opts.axes?.[1]) opts.axes[1].splits = (_u, _i, min, max) => valueScale([min, max]).ticks;
  if (twoAxes) {
    opts.scales['y2'] = valueAxisScale();
    const unit = axisUnit(lines, 'right');
    opts.axes?.push({
      scale: 'y2', side: 1, stroke: '#424242', grid: { show: false }, ticks: { stroke: '#D1D1D1' }, size: 64,
      splits: (_u, _i, min, max) => valueScale([min, max]).ticks,
      values: (_u, splits) => splits.map((v) => tickText(v)),
      ...(unit ? { label: shorten(unit, 28), labelSize: 18 } : {}),
    });
  }
  lines.forEach((line) => {
    opts.series.push({
      label: twoAxes ? `${line.label} (${line.axis} axis)` : line.label,
      stroke: line.color,
      scale: line.axis === 'right' ? 'y2' : 'y',
      width: 2,
      spanGaps: false,
      points: { show: (u) => u.data[0].length <= 60 },
      value: (_u, v) => (v == null ? '–' : full.format(v)),
    });
  });
  if (marks.length > 0) opts.plugins = [marksPlugin(marks)];
  return opts;
}

/** Options for a stock: the four price series drawn by the candlestick plugin. */
export function ohlcOptions(width: number, height: number, label: string, unit: string | null, style: OhlcStyle): uPlot.Options {
  const opts = base(width, height, 'daily', unit);
  // The legend reads "VNM 2025-09-30  Open 57.69  High ...": the symbol stands where "Period" does.
  if (opts.series[0]) opts.series[0].label = label;
  for (const name of ['Open', 'High', 'Low', 'Close']) {
    opts.series.push({ label: name, stroke: '#616161', paths: () => null, points: { show: false }, value: (_u, v) => (v == null ? '–' : full.format(v)) });
  }
  opts.plugins = [candlestickPlugin(style)];
  return opts;
}
