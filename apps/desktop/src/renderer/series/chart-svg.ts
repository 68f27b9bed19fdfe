/**
 * A chart description (chart-figure.ts) drawn as SVG at a chosen size: real vector, every word a
 * `<text>` and every line a `<path>` (a report's editor can restyle it; nothing is a bitmap). The
 * title, the transform in words, a legend naming every line in full and its axis, each axis' unit,
 * shaded periods and event lines with their labels, and the source line. The value axes use
 * chart-scales.ts, as the screen does; the time axis the screen's period ticks. Pure: the PNG is
 * this drawn on a canvas (chart-image.ts).
 */
import { axisUnit, labelRows, markSeconds, type ChartFigure, type FigureLine } from './chart-figure.ts';
import { tickText, valueScale, type ValueScale } from './chart-scales.ts';
import { periodTickLabel, periodTicks } from './period-ticks.ts';

const FONT = "'Segoe UI', 'Helvetica Neue', Arial, sans-serif";
const PAD = 16;

/** Size presets for a saved image, in CSS pixels (a PNG at 2x has twice as many). */
export const IMAGE_SIZES = {
  slide: { width: 1280, height: 720, label: 'Slide (16:9), 1280 x 720' },
  'half-page': { width: 800, height: 500, label: 'Half page, 800 x 500' },
} as const;

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A text's width estimated from its length (no fonts to measure with here): generous, so nothing is cut. */
const textWidth = (text: string, size: number): number => text.length * size * 0.56;

/** Words wrapped into lines of at most `width` pixels at `size`. */
function wrap(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

const round = (v: number): number => Math.round(v * 10) / 10;

function text(x: number, y: number, content: string, attrs: string): string {
  return `<text x="${round(x)}" y="${round(y)}" ${attrs}>${escape(content)}</text>`;
}

/** Legend text of a line: its whole name, and the axis it is read on when there are two. */
function legendText(line: FigureLine, twoAxes: boolean): string {
  return twoAxes ? `${line.full} (${line.axis} axis)` : line.full;
}

/**
 * A line's path through its points, broken at gaps; with many more points than pixels, each pixel
 * column keeps its first, lowest, highest and last point (the drawing looks the same).
 */
function linePath(xs: ArrayLike<number>, ys: ReadonlyArray<number | null>, px: (v: number) => number, py: (v: number) => number, columns: number): { d: string; dots: Array<[number, number]> } {
  const parts: string[] = [];
  const dots: Array<[number, number]> = [];
  const thin = xs.length > columns * 4;
  let run: Array<[number, number]> = [];
  const flush = (): void => {
    if (run.length === 1 && run[0]) dots.push(run[0]);
    else if (run.length > 1) parts.push(`M${run.map(([x, y]) => `${round(x)},${round(y)}`).join('L')}`);
    run = [];
  };
  let bucket = NaN;
  let kept: Array<[number, number]> = [];
  const emit = (): void => {
    if (kept.length <= 4) run.push(...kept);
    else {
      const byY = [...kept].sort((a, b) => a[1] - b[1]);
      const pick = [kept[0], byY[0], byY[byY.length - 1], kept[kept.length - 1]].filter((p): p is [number, number] => p !== undefined);
      run.push(...pick.sort((a, b) => a[0] - b[0]));
    }
    kept = [];
  };
  for (let i = 0; i < xs.length; i += 1) {
    const v = ys[i];
    if (v === null || v === undefined) {
      emit();
      flush();
      continue;
    }
    const p: [number, number] = [px(xs[i] ?? 0), py(v)];
    if (!thin) { run.push(p); continue; }
    const b = Math.floor(p[0]);
    if (b !== bucket) { emit(); bucket = b; }
    kept.push(p);
  }
  emit();
  flush();
  return { d: parts.join(''), dots };
}

/** The time axis' ticks and labels, as on screen (period starts; months for daily data). */
function timeTicks(figure: ChartFigure, min: number, max: number, width: number): Array<[number, string]> {
  const frequency = figure.frequency === 'daily' ? 'monthly' : figure.frequency;
  const { ticks, step } = periodTicks(min, max, frequency, Math.max(2, Math.floor(width / 80)));
  return ticks.map((t) => [t, periodTickLabel(t, frequency, step)]);
}

/**
 * The SVG document of a chart at `width` x `height` CSS pixels.
 *
 * @example chartSvg(figure, 1280, 720) // '<svg xmlns="http://www.w3.org/2000/svg" width="1280" ...'
 */
export function chartSvg(figure: ChartFigure, width: number, height: number): string {
  const out: string[] = [];
  const inner = width - 2 * PAD;
  let y = PAD;
  for (const line of wrap(figure.title, inner, 18).slice(0, 3)) {
    y += 20;
    out.push(text(PAD, y, line, `font-size="18" font-weight="600" fill="#242424" data-role="title"`));
  }
  if (figure.subtitle) {
    for (const line of wrap(figure.subtitle, inner, 13).slice(0, 2)) {
      y += 18;
      out.push(text(PAD, y, line, `font-size="13" fill="#616161" data-role="subtitle"`));
    }
  }
  // The legend: every line's whole name, wrapped onto as many rows as it needs.
  const twoAxes = figure.lines.some((l) => l.axis === 'right');
  y += 8;
  let x = PAD;
  let rowTop = y;
  for (const line of figure.lines) {
    const words = wrap(legendText(line, twoAxes), inner - 24, 12);
    const entryWidth = 24 + Math.max(...words.map((w) => textWidth(w, 12))) + 16;
    if (x > PAD && x + entryWidth > width - PAD) { x = PAD; rowTop = y; }
    const top = rowTop;
    out.push(`<path d="M${round(x)},${round(top + 9)}h16" stroke="${line.color}" stroke-width="3"/>`);
    words.forEach((w, k) => out.push(text(x + 22, top + 13 + k * 15, w, `font-size="12" fill="#242424" data-role="legend"`)));
    y = Math.max(y, top + 15 * words.length + 4);
    x += entryWidth;
  }
  // Units above their axes, the plot below them, the time axis and the source line at the bottom.
  const leftUnit = axisUnit(figure.lines, 'left');
  const rightUnit = axisUnit(figure.lines, 'right');
  const scales: Record<'left' | 'right', ValueScale> = {
    left: valueScale(figure.lines.filter((l) => l.axis === 'left').flatMap((l) => l.values)),
    right: valueScale(figure.lines.filter((l) => l.axis === 'right').flatMap((l) => l.values)),
  };
  const labelsWidth = (s: ValueScale): number => Math.max(...s.ticks.map((t) => textWidth(tickText(t), 11))) + 10;
  const left = PAD + labelsWidth(scales.left);
  const right = width - PAD - (twoAxes ? labelsWidth(scales.right) : 8);
  y += 18;
  if (leftUnit) out.push(text(PAD, y, leftUnit, `font-size="12" fill="#424242" data-role="unit-left"`));
  if (twoAxes && rightUnit) out.push(text(width - PAD, y, rightUnit, `font-size="12" fill="#424242" text-anchor="end" data-role="unit-right"`));
  const top = y + 10;
  const sourceLines = wrap(figure.source, inner, 11).slice(0, 2);
  const bottom = height - PAD - 15 * sourceLines.length - 24;
  const plotH = Math.max(40, bottom - top);
  const xMin = figure.x[0] ?? 0;
  const xMax = figure.x[figure.x.length - 1] ?? xMin + 1;
  const px = (v: number): number => left + ((v - xMin) / Math.max(1, xMax - xMin)) * (right - left);
  const py = (s: ValueScale) => (v: number): number => top + plotH - ((v - s.min) / (s.max - s.min)) * plotH;
  out.push(`<g data-role="grid" stroke="#E0E0E0" stroke-width="1">${scales.left.ticks.map((t) => `<path d="M${round(left)},${round(py(scales.left)(t))}H${round(right)}"/>`).join('')}</g>`);
  for (const t of scales.left.ticks) out.push(text(left - 6, py(scales.left)(t) + 4, tickText(t), `font-size="11" fill="#424242" text-anchor="end"`));
  if (twoAxes) for (const t of scales.right.ticks) out.push(text(right + 6, py(scales.right)(t) + 4, tickText(t), `font-size="11" fill="#424242"`));
  // Shaded periods and event lines, under the data lines; labels that would overlap stack.
  const drawn: Array<{ x: number; label: string }> = [];
  for (const mark of figure.marks) {
    if (mark.kind === 'range') {
      const a = Math.max(xMin, markSeconds(mark.from));
      const b = Math.min(xMax, markSeconds(mark.to, true));
      if (b <= a) continue;
      out.push(`<rect x="${round(px(a))}" y="${round(top)}" width="${round(px(b) - px(a))}" height="${round(plotH)}" fill="#8A8886" fill-opacity="0.18" data-role="shade"/>`);
      drawn.push({ x: px(a) + 4, label: mark.label });
    } else {
      const at = markSeconds(mark.at);
      if (at < xMin || at > xMax) continue;
      out.push(`<path d="M${round(px(at))},${round(top)}V${round(top + plotH)}" stroke="#616161" stroke-width="1.5" stroke-dasharray="5 4" data-role="event"/>`);
      drawn.push({ x: px(at) + 4, label: mark.label });
    }
  }
  const rows = labelRows(drawn.map((d) => [d.x, textWidth(d.label, 11)]));
  drawn.forEach((d, i) => out.push(text(d.x, top + 13 + 14 * (rows[i] ?? 0), d.label, `font-size="11" fill="#424242" data-role="mark-label"`)));
  out.push(`<path d="M${round(left)},${round(top + plotH)}H${round(right)}" stroke="#8A8886" stroke-width="1"/>`);
  for (const [t, label] of timeTicks(figure, xMin, xMax, right - left)) {
    out.push(`<path d="M${round(px(t))},${round(top + plotH)}v4" stroke="#8A8886"/>`);
    out.push(text(px(t), top + plotH + 17, label, `font-size="11" fill="#424242" text-anchor="middle"`));
  }
  const showDots = figure.x.length <= 60;
  for (const line of figure.lines) {
    const { d, dots } = linePath(figure.x, line.values, px, py(scales[line.axis]), Math.max(1, right - left));
    if (d) out.push(`<path d="${d}" fill="none" stroke="${line.color}" stroke-width="2" stroke-linejoin="round" data-role="line"/>`);
    const points = showDots ? Array.from(figure.x, (xv, i) => { const v = line.values[i]; return v == null ? null : [px(xv), py(scales[line.axis])(v)] as [number, number]; }).filter((p): p is [number, number] => p !== null) : dots;
    for (const [cx, cy] of points) out.push(`<circle cx="${round(cx)}" cy="${round(cy)}" r="2.5" fill="${line.color}"/>`);
  }
  sourceLines.forEach((line, k) => out.push(text(PAD, height - PAD - 15 * (sourceLines.length - 1 - k), line, `font-size="11" fill="#616161" data-role="source"`)));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escape(FONT)}">`,
    `<rect width="100%" height="100%" fill="#FFFFFF"/>`,
    ...out,
    '</svg>',
  ].join('\n');
}
