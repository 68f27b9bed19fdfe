/**
 * The value axes' scales, shared by the on-screen chart (uPlot's `range` and `splits`) and the
 * saved image (chart-svg.ts), so a figure in a report has the same axis as the one on screen.
 * Pure: a range padded to "nice" tick steps (1, 2, 2.5, 5 x 10^n).
 */

/** An axis' range and its ticks, ascending. */
export interface ValueScale {
  min: number;
  max: number;
  ticks: number[];
}

const STEPS = [1, 2, 2.5, 5, 10];

/** A tick step near (max-min)/count, taken from 1, 2, 2.5, 5 x 10^n. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  return (STEPS.find((s) => s * power >= raw) ?? 10) * power;
}

/**
 * The scale of an axis holding these values, with about `count` ticks; a flat or empty set gets a
 * range around its value (or 0 to 1).
 *
 * @example valueScale([2.1, 7.9], 8) // { min: 2, max: 8, ticks: [2, 3, 4, 5, 6, 7, 8] }
 */
export function valueScale(values: Iterable<number | null | undefined>, count = 5): ValueScale {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (typeof v === 'number' && Number.isFinite(v)) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (lo === Infinity) { lo = 0; hi = 1; }
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  const step = niceStep(hi - lo, count);
  const min = Number((Math.floor(lo / step) * step).toPrecision(12));
  const max = Number((Math.ceil(hi / step) * step).toPrecision(12));
  const ticks: number[] = [];
  // Counted, not summed: adding a step 40 times drifts (0.30000000000000004).
  const n = Math.round((max - min) / step);
  for (let i = 0; i <= n; i += 1) ticks.push(Number((min + i * step).toPrecision(12)));
  return { min, max, ticks };
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** A value axis' tick label ("1.5B", "250K", "3.5"), on screen and in images alike. */
export const tickText = (v: number): string => compact.format(v);
