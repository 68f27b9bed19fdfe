/**
 * Packing indicator x country pairs into batch rectangles. A batch request asks for every
 * combination of its indicators and countries, at most `limit` of them, and costs one request
 * whatever its size; so the aim is the fewest rectangles that cover every wanted pair. Asking for a
 * few unwanted combinations inside a rectangle is free (their records are dropped) when it saves a
 * request. The lower bound is ceil(pairs / limit); rectangular workloads reach it.
 */

/** One batch: the indicators and countries it asks for (all their combinations). */
export interface Rectangle {
  indicators: string[];
  countries: string[];
}

interface Box {
  rows: Set<string>;
  cols: Set<string>;
}

/** Blocks of rows sharing exactly the same set of columns: each is a full rectangle. */
function blocksBy(pairs: ReadonlyArray<readonly [string, string]>, flip: boolean): Box[] {
  const colsOf = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    const [row, col] = flip ? [b, a] : [a, b];
    let s = colsOf.get(row);
    if (!s) colsOf.set(row, (s = new Set()));
    s.add(col);
  }
  const bySignature = new Map<string, Box>();
  for (const [row, cols] of colsOf) {
    const sig = [...cols].sort().join('\u0000');
    const box = bySignature.get(sig);
    if (box) box.rows.add(row);
    else bySignature.set(sig, { rows: new Set([row]), cols: new Set(cols) });
  }
  return [...bySignature.values()];
}

/** Cuts a full rectangle into pieces of at most `limit` cells, taking as many whole rows (or columns) as fit. */
function split(box: Box, limit: number): Box[] {
  const rows = [...box.rows].sort();
  const cols = [...box.cols].sort();
  const cut = (major: string[], minor: string[], majorIsRow: boolean): Box[] => {
    const out: Box[] = [];
    const make = (m: string[], n: string[]): Box => (majorIsRow ? { rows: new Set(m), cols: new Set(n) } : { rows: new Set(n), cols: new Set(m) });
    if (minor.length <= limit) {
      const per = Math.floor(limit / minor.length);
      for (let i = 0; i < major.length; i += per) out.push(make(major.slice(i, i + per), minor));
    } else {
      for (const m of major) for (let j = 0; j < minor.length; j += limit) out.push(make([m], minor.slice(j, j + limit)));
    }
    return out;
  };
  if (rows.length * cols.length <= limit) return [box];
  const a = cut(rows, cols, true);
  const b = cut(cols, rows, false);
  return b.length < a.length ? b : a;
}

const area = (rows: number, cols: number): number => rows * cols;

function unionSize(a: Set<string>, b: Set<string>): number {
  let n = a.size;
  for (const x of b) if (!a.has(x)) n++;
  return n;
}

/** First-fit decreasing merge: a piece joins the bin whose grown rectangle stays smallest within the limit. */
function merge(pieces: Box[], limit: number): Box[] {
  const sorted = [...pieces].sort((p, q) => area(q.rows.size, q.cols.size) - area(p.rows.size, p.cols.size));
  const bins: Box[] = [];
  for (const piece of sorted) {
    let best: Box | undefined;
    let bestArea = Infinity;
    for (const bin of bins) {
      const grown = area(unionSize(bin.rows, piece.rows), unionSize(bin.cols, piece.cols));
      if (grown <= limit && grown < bestArea) {
        best = bin;
        bestArea = grown;
      }
    }
    if (best) {
      for (const r of piece.rows) best.rows.add(r);
      for (const c of piece.cols) best.cols.add(c);
    } else {
      bins.push({ rows: new Set(piece.rows), cols: new Set(piece.cols) });
    }
  }
  return bins;
}

/**
 * Covers every (indicator, country) pair with as few rectangles of at most `limit` combinations
 * as it can find: it tries grouping by indicator and by country and keeps the better packing.
 */
export function packPairs(pairs: ReadonlyArray<readonly [indicator: string, country: string]>, limit: number): Rectangle[] {
  if (pairs.length === 0) return [];
  const candidates = [false, true].map((flip) => {
    const bins = merge(blocksBy(pairs, flip).flatMap((b) => split(b, limit)), limit);
    const cells = bins.reduce((n, b) => n + b.rows.size * b.cols.size, 0);
    const rects = bins.map((b) => (flip
      ? { indicators: [...b.cols].sort(), countries: [...b.rows].sort() }
      : { indicators: [...b.rows].sort(), countries: [...b.cols].sort() }));
    return { rects, cells };
  });
  const [a, b] = candidates as [{ rects: Rectangle[]; cells: number }, { rects: Rectangle[]; cells: number }];
  return b.rects.length < a.rects.length || (b.rects.length === a.rects.length && b.cells < a.cells) ? b.rects : a.rects;
}
