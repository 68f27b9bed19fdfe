/**
 * STL: seasonal-trend decomposition by loess (R. B. Cleveland, W. S. Cleveland, J. E. McRae and
 * I. Terpenning, 1990, "STL: A Seasonal-Trend Decomposition Procedure Based on Loess", Journal of
 * Official Statistics 6(1), 3-73), written to give the same numbers as statsmodels'
 * `statsmodels.tsa.seasonal.STL` (its Cython port of the NETLIB Fortran): the same loops, in the
 * same order, with the same arithmetic, so results agree to rounding. Jumps are always 1 here (the
 * engine never skips points), which leaves out the Fortran's interpolation branch.
 *
 * Indices in comments follow the Fortran (1-based positions `xs`, `nleft`, `nright`); arrays are
 * 0-based typed arrays.
 */

/** The smoothing parameters, as statsmodels names them. */
export interface StlParams {
  /** Observations per cycle: 12 for monthly, 4 for quarterly data. */
  period: number;
  /** Length of the seasonal smoother (odd). */
  seasonal: number;
  /** Length of the trend smoother (odd, > period). */
  trend: number;
  /** Length of the low-pass filter (odd, > period). */
  lowPass: number;
  /** Inner loop count: 5 (statsmodels' default), 2 when robust. */
  inner: number;
  /** Outer (robustness) loop count: 0, or 15 when robust. */
  outer: number;
}

/**
 * statsmodels' defaults for a period and seasonal length: trend the smallest odd integer >= 1.5 ×
 * period / (1 − 1.5 / seasonal), low-pass the smallest odd integer > period; degrees 1, jumps 1;
 * not robust: 5 inner loops, no outer; robust: 2 inner, 15 outer.
 */
export function stlParams(period: number, seasonal: number, robust: boolean): StlParams {
  let trend = Math.ceil((1.5 * period) / (1 - 1.5 / seasonal));
  if (trend % 2 === 0) trend += 1;
  let lowPass = period + 1;
  if (lowPass % 2 === 0) lowPass += 1;
  return { period, seasonal, trend, lowPass, inner: robust ? 2 : 5, outer: robust ? 15 : 0 };
}

/** The fitted components: seasonal + trend + remainder = the input. */
export interface StlResult {
  seasonal: Float64Array;
  trend: Float64Array;
}

/** Working arrays of one decomposition (sized n + 2·period, as the Fortran's work(n+2*np, 5)). */
interface Work {
  w0: Float64Array;
  w1: Float64Array;
  w2: Float64Array;
  w3: Float64Array;
  w4: Float64Array;
  /** Loess weights. */
  w: Float64Array;
  rw: Float64Array;
  sorted: Float64Array;
}

let cached: Work | null = null;

/** Work arrays of at least `size` (reused between calls: decomposing 400 series allocates once). */
function work(size: number): Work {
  if (cached && cached.w0.length >= size) return cached;
  const a = (): Float64Array => new Float64Array(size);
  cached = { w0: a(), w1: a(), w2: a(), w3: a(), w4: a(), w: a(), rw: a(), sorted: a() };
  return cached;
}

/**
 * One loess fit at position `xs` (1-based) from y[nleft-1 .. nright-1] with tricube weights over
 * half-width h, optionally times the robustness weights, locally linear when `deg` is 1. NaN when
 * every weight is zero (the caller keeps the observation then). `yOff`/`rwOff` let a caller pass
 * a cycle-subseries held inside a longer array.
 */
function est(y: Float64Array, n: number, len: number, deg: number, xs: number, nleft: number, nright: number, w: Float64Array, userw: boolean, rw: Float64Array): number {
  const range = n - 1.0;
  let h = Math.max(xs - nleft, nright - xs);
  if (len > n) h += Math.floor((len - n) / 2);
  const h9 = 0.999 * h;
  const h1 = 0.001 * h;
  let a = 0.0;
  for (let j = nleft - 1; j < nright; j++) {
    let wj = 0.0;
    const r = Math.abs(j + 1 - xs);
    if (r <= h9) {
      if (r <= h1) wj = 1.0;
      else {
        const q = r / h;
        const c = 1.0 - q * q * q;
        wj = c * c * c;
      }
      if (userw) wj = wj * rw[j]!;
      a = a + wj;
    }
    w[j] = wj;
  }
  if (a <= 0) return NaN;
  for (let j = nleft - 1; j < nright; j++) w[j] = w[j]! / a;
  if (h > 0 && deg > 0) {
    a = 0.0;
    for (let j = nleft - 1; j < nright; j++) a = a + w[j]! * (j + 1);
    let b = xs - a;
    let c = 0.0;
    for (let j = nleft - 1; j < nright; j++) {
      const d = j + 1 - a;
      c = c + w[j]! * (d * d);
    }
    if (Math.sqrt(c) > 0.001 * range) {
      b = b / c;
      for (let j = nleft - 1; j < nright; j++) w[j] = w[j]! * (b * (j + 1 - a) + 1.0);
    }
  }
  let ys = 0.0;
  for (let j = nleft - 1; j < nright; j++) ys = ys + w[j]! * y[j]!;
  return ys;
}

/**
 * Loess smoothing of y[0..n-1] into out[outOff .. outOff+n-1] with a window of `len` points
 * (the Fortran's ess with njump 1): the window slides once the point passes its middle.
 */
function ess(y: Float64Array, n: number, len: number, deg: number, userw: boolean, rw: Float64Array, out: Float64Array, outOff: number, w: Float64Array): void {
  if (n < 2) {
    out[outOff] = y[0]!;
    return;
  }
  if (len >= n) {
    for (let i = 0; i < n; i++) {
      const v = est(y, n, len, deg, i + 1, 1, n, w, userw, rw);
      out[outOff + i] = v !== v ? y[i]! : v;
    }
    return;
  }
  const nsh = Math.floor((len + 2) / 2);
  let nleft = 1;
  let nright = len;
  for (let i = 0; i < n; i++) {
    if (i + 1 > nsh && nright !== n) {
      nleft += 1;
      nright += 1;
    }
    const v = est(y, n, len, deg, i + 1, nleft, nright, w, userw, rw);
    out[outOff + i] = v !== v ? y[i]! : v;
  }
}

/** Moving average of length `len` over x[0..n-1] into ave[0..n-len], as a running sum (the Fortran's ma). */
function movingAverage(x: Float64Array, n: number, len: number, ave: Float64Array): void {
  const newn = n - len + 1;
  let v = 0.0;
  for (let i = 0; i < len; i++) v = v + x[i]!;
  ave[0] = v / len;
  let k = len;
  let m = 0;
  for (let j = 1; j < newn; j++) {
    v += x[k]! - x[m]!;
    ave[j] = v / len;
    k++;
    m++;
  }
}

/**
 * Cycle-subseries smoothing (the Fortran's ss): each of the `period` subseries (every January,
 * every February ...) smoothed by loess and extended one cycle at each end, into season[0 .. n+2·period).
 */
function cycleSubseries(y: Float64Array, n: number, p: StlParams, userw: boolean, rw: Float64Array, season: Float64Array, k: Work): void {
  const np = p.period;
  const ns = p.seasonal;
  const sub = k.w2;
  const fit = k.w3;
  const subRw = k.w4;
  const w = k.w;
  for (let j = 0; j < np; j++) {
    const m = Math.floor((n - (j + 1)) / np) + 1;
    for (let i = 0; i < m; i++) sub[i] = y[i * np + j]!;
    if (userw) for (let i = 0; i < m; i++) subRw[i] = rw[i * np + j]!;
    ess(sub, m, ns, 1, userw, subRw, fit, 1, w);
    const first = est(sub, m, ns, 1, 0, 1, Math.min(ns, m), w, userw, subRw);
    fit[0] = first !== first ? fit[1]! : first;
    const last = est(sub, m, ns, 1, m + 1, Math.max(1, m - ns + 1), m, w, userw, subRw);
    fit[m + 1] = last !== last ? fit[m]! : last;
    for (let i = 0; i < m + 2; i++) season[i * np + j] = fit[i]!;
  }
}

/** One pass of the inner loop, `inner` times (the Fortran's onestp). */
function innerLoop(y: Float64Array, n: number, p: StlParams, userw: boolean, rw: Float64Array, season: Float64Array, trend: Float64Array, k: Work): void {
  const np = p.period;
  const { w0, w1, w2, w } = k;
  for (let it = 0; it < p.inner; it++) {
    for (let i = 0; i < n; i++) w0[i] = y[i]! - trend[i]!;
    cycleSubseries(w0, n, p, userw, rw, w1, k);
    // Low-pass filter of the cycle-subseries: three moving averages (period, period, 3), then loess.
    const total = n + 2 * np;
    movingAverage(w1, total, np, w2);
    movingAverage(w2, total - np + 1, np, w0);
    movingAverage(w0, total - 2 * np + 2, 3, w2);
    ess(w2, n, p.lowPass, 1, false, rw, w0, 0, w);
    for (let i = 0; i < n; i++) {
      season[i] = w1[np + i]! - w0[i]!;
      w0[i] = y[i]! - season[i]!;
    }
    ess(w0, n, p.trend, 1, userw, rw, trend, 0, w);
  }
}

/**
 * Robustness weights from the fit (the Fortran's rwts with statsmodels' corrected median):
 * bisquare of |y − fit| over six times its median.
 */
function robustnessWeights(y: Float64Array, fit: Float64Array, n: number, rw: Float64Array, sorted: Float64Array): void {
  for (let i = 0; i < n; i++) rw[i] = Math.abs(y[i]! - fit[i]!);
  const s = sorted.subarray(0, n);
  s.set(rw.subarray(0, n));
  s.sort();
  const mid0 = Math.floor(n / 2);
  const mid1 = n - mid0 - 1;
  const cmad = 3.0 * (s[mid0]! + s[mid1]!);
  if (cmad === 0) {
    rw.fill(1, 0, n);
    return;
  }
  const c9 = 0.999 * cmad;
  const c1 = 0.001 * cmad;
  for (let i = 0; i < n; i++) {
    const r = rw[i]!;
    if (r <= c1) rw[i] = 1.0;
    else if (r <= c9) {
      const q = r / cmad;
      const c = 1.0 - q * q;
      rw[i] = c * c;
    } else rw[i] = 0.0;
  }
}

/**
 * Decomposes y[0..n-1] (no missing values; n >= 2 periods) into seasonal and trend.
 * @example stl(values, values.length, stlParams(12, 7, false)).seasonal
 */
export function stl(y: Float64Array, n: number, p: StlParams): StlResult {
  const k = work(n + 2 * p.period);
  const season = new Float64Array(n);
  const trend = new Float64Array(n);
  const rw = k.rw;
  rw.fill(1, 0, n);
  let userw = false;
  for (let outer = 0; ; outer++) {
    innerLoop(y, n, p, userw, rw, season, trend, k);
    if (outer + 1 > p.outer) break;
    for (let i = 0; i < n; i++) k.w0[i] = trend[i]! + season[i]!;
    robustnessWeights(y, k.w0, n, rw, k.sorted);
    userw = true;
  }
  return { seasonal: season, trend };
}
