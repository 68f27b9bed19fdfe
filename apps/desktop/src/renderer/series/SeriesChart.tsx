/**
 * The series chart: uPlot on a canvas sized to its container (redrawn on resize), lines comparing
 * series, or one stock as candlesticks/OHLC. Marks the container `data-chart-drawn` after uPlot's
 * first draw, which the end-to-end test and the benchmark wait for.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Frequency, Series } from '@econdata/core';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { OhlcStyle } from './candlestick.ts';
import { chartData, ohlcData, type ChartData } from './chart-data.ts';
import { chartFigure, type ChartMark } from './chart-figure.ts';
import { lineOptions, ohlcOptions } from './chart-options.ts';

export type ChartMode = 'line' | OhlcStyle;

/** The performance mark a chart's first draw leaves (with the container's `data-chart-drawn`). */
const DRAWN = 'econdata:chart-drawn';

const useStyles = makeStyles({
  // A flex child of its box (display: flex, column): its height is the box's, whatever uPlot holds.
  root: {
    position: 'relative',
    flex: 1,
    minHeight: 0,
    overflow: 'hidden',
    '& .u-legend': { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground1, textAlign: 'left' },
    '& .u-legend .u-marker': { width: '12px', height: '12px' },
    '& .u-title': { display: 'none' },
  },
  missing: { flexShrink: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/** "3 periods have no value (gaps in the lines): 2014-01, 2014-03, 2014-06", the first few named. */
function missingText(missing: readonly string[]): string {
  const named = missing.slice(0, 6).join(', ');
  const more = missing.length > 6 ? ` and ${missing.length - 6} more` : '';
  return `${missing.length === 1 ? '1 period has' : `${missing.length} periods have`} no value (gaps in the lines): ${named}${more}.`;
}

export interface SeriesChartProps {
  series: readonly Series[];
  frequency?: Frequency;
  /** 'candles' or 'ohlc' draw the first stock series as bars; lines otherwise. */
  mode?: ChartMode;
  /** What the chart shows, for screen readers (the table beside it has the numbers). */
  label: string;
  /** The lines' data when the caller already aligned it (the view does, for the image too). */
  chart?: ChartData;
  /** Keys (chart-figure's `lineKey`) of the lines read on a right axis. */
  right?: ReadonlySet<string>;
  /** Shaded periods and event lines. */
  marks?: readonly ChartMark[];
}

const NONE: ReadonlySet<string> = new Set();
const NO_MARKS: readonly ChartMark[] = [];

/** One uPlot chart of the series given. */
export function SeriesChart({ series, frequency, mode = 'line', label, chart, right = NONE, marks = NO_MARKS }: SeriesChartProps) {
  const styles = useStyles();
  const host = useRef<HTMLDivElement>(null);
  const stock = mode !== 'line' ? series.find((s) => s.kind === 'stock') : undefined;
  const prepared = useMemo(() => {
    if (stock) {
      const o = ohlcData(stock);
      if (o) return { kind: 'ohlc' as const, ohlc: o };
    }
    return { kind: 'line' as const, chart: chart ?? chartData(series, frequency) };
  }, [series, frequency, stock, chart]);
  const lines = useMemo(() => (prepared.kind === 'line' ? chartFigure({ data: prepared.chart, title: '', subtitle: null, source: '', right, marks }).lines : []), [prepared, right, marks]);

  // A layout effect: uPlot is made and sized in the same commit that added its box (it measures the
  // box), not in a later task after the browser may already have painted the box empty.
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    el.removeAttribute('data-chart-drawn');
    const width = Math.max(320, el.clientWidth);
    // Room for the legend under the plot: measured once drawn, assumed until then.
    let legend = 56;
    const height = Math.max(200, el.clientHeight - legend);
    const opts = prepared.kind === 'ohlc'
      ? ohlcOptions(width, height, prepared.ohlc.label, prepared.ohlc.unit, mode === 'ohlc' ? 'ohlc' : 'candles')
      : lineOptions(width, height, prepared.chart.frequency, lines, marks);
    const last = ((prepared.kind === 'ohlc' ? prepared.ohlc.data[0] : prepared.chart.data[0])?.length ?? 0) - 1;
    opts.hooks = {
      // The legend shows the latest values until the pointer picks another period.
      ready: [(u) => { if (last >= 0) u.setLegend({ idx: last }); }],
      draw: [() => {
        if (!el.hasAttribute('data-chart-drawn')) {
          el.setAttribute('data-chart-drawn', String(performance.now()));
          // One mark on the timeline at a time (a chart is drawn anew for every fetch: marks kept
          // would grow without bound over a session); a profile or a PerformanceObserver sees each.
          performance.clearMarks(DRAWN);
          performance.mark(DRAWN);
        }
      }],
    };
    const data = (prepared.kind === 'ohlc' ? prepared.ohlc.data : prepared.chart.data) as unknown as uPlot.AlignedData;
    const plot = new uPlot(opts, data, el);
    const legendEl = plot.root.querySelector('.u-legend') as HTMLElement | null;
    // A legend entry may be shortened: its whole name on hover (row 0 is the period).
    if (prepared.kind === 'line' && legendEl) {
      legendEl.querySelectorAll<HTMLElement>('.u-series').forEach((row, i) => {
        const line = prepared.chart.lines[i - 1];
        if (line) row.title = line.full;
      });
    }
    // The plot takes what the legend leaves; both the box and the legend (it wraps as the width
    // changes) are watched, so a resize of either refits the plot.
    const fit = (): void => {
      legend = legendEl?.offsetHeight ?? legend;
      const width = Math.max(320, el.clientWidth);
      const height = Math.max(160, el.clientHeight - legend - 8);
      if (width !== plot.width || height !== plot.height) plot.setSize({ width, height });
      // Whatever the sums said, the plot and its legend must fit the box: give back any overflow.
      const over = plot.root.offsetHeight - el.clientHeight;
      if (over > 0 && plot.height - over >= 160) plot.setSize({ width, height: plot.height - over });
    };
    fit();
    // Once more after the first layout of the view around it, and on every resize of the box, its
    // parent, the legend (it rewraps with the width) or the plot itself.
    const frame = requestAnimationFrame(fit);
    // Some layout changes around the chart reach no observer here (seen when a bar appears above
    // the view); a cheap check twice a second refits it then (fit does nothing when sizes agree).
    const timer = setInterval(fit, 500);
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    observer.observe(plot.root);
    if (el.parentElement) observer.observe(el.parentElement);
    if (legendEl) observer.observe(legendEl);
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(timer);
      observer.disconnect();
      plot.destroy();
    };
  }, [prepared, mode, lines, marks]);

  const missing = prepared.kind === 'line' ? prepared.chart.missing : [];
  return (
    <>
      <div ref={host} className={styles.root} role="img" aria-label={label} data-testid="series-chart" data-missing-periods={missing.join(' ')} />
      {missing.length > 0 ? <div className={styles.missing} data-testid="chart-gaps">{missingText(missing)}</div> : null}
    </>
  );
}
