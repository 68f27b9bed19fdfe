/**
 * A chart of the in-page workbook drawn as SVG over the sheet, from the cells its series read
 * (so it follows edits and refreshes, as an Excel chart does): lines for 'Line', high-low bars with
 * open and close ticks plus the close line for 'StockOHLC'. Its size is the chart's (points ->
 * pixels); clicks go through to the cells below (the stand-in only needs to show it).
 */
import { excelSerialToDate } from '@econdata/sheets';
import type { ReactNode } from 'react';
import type { ChartModel, Rect } from './model.ts';

const PX_PER_POINT = 1.33;
const COLORS = ['#4472C4', '#ED7D31', '#A5A5A5', '#FFC000', '#5B9BD5', '#70AD47'];
const PAD = { top: 34, right: 14, bottom: 32, left: 64 };
/** About a character's width of the legend's 10 px text, and a legend row's height. */
const LEGEND_CHAR = 6;
const LEGEND_ROW = 14;

function numbers(r: Rect | undefined): Array<number | null> {
  if (!r) return [];
  return Array.from({ length: r.rows }, (_, i) => {
    const v = r.sheet.cell(r.top + i, r.left)?.value;
    return typeof v === 'number' ? v : null;
  });
}

const compact = (v: number): string => Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 }).format(v);

/** One chart, positioned in the sheet's scroll area at its top-left cell. */
export function ChartView({ chart, left, top }: { chart: ChartModel; left: number; top: number }): ReactNode {
  const width = Math.round(chart.width * PX_PER_POINT);
  const height = Math.round(chart.height * PX_PER_POINT);
  const lines = chart.series.map((s) => numbers(s.values));
  const x = numbers(chart.series[0]?.x);
  const n = Math.max(0, ...lines.map((l) => l.length));
  const all = lines.flat().filter((v): v is number => v !== null);
  const lo = all.length ? Math.min(...all) : 0;
  const hi = all.length ? Math.max(...all) : 1;
  const span = hi - lo || 1;
  // The title's first line is the title; a second is the source line, drawn small and grey.
  const [title = '', ...rest] = chart.title.split('\n');
  const source = rest.join(' ');
  const plotTop = PAD.top + (source ? 14 : 0);
  // A bottom legend shows every name in full, rows filled left to right as Excel does.
  const named = chart.type === 'StockOHLC' && lines.length === 4 ? [chart.series[3]?.name ?? ''] : chart.series.map((s) => s.name);
  const legendAt: Array<{ x: number; row: number }> = [];
  let row = 0;
  let used = 0;
  for (const name of named) {
    const w = 22 + name.length * LEGEND_CHAR;
    if (used > 0 && used + w > width - PAD.left) { row += 1; used = 0; }
    legendAt.push({ x: PAD.left / 2 + used, row });
    used += w;
  }
  const bottom = chart.legend === 'Bottom' ? PAD.bottom + (row + 1) * LEGEND_ROW : PAD.bottom + LEGEND_ROW;
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - plotTop - bottom;
  const px = (i: number): number => PAD.left + (n <= 1 ? plotW / 2 : (i / (n - 1)) * plotW);
  const py = (v: number): number => plotTop + plotH - ((v - lo) / span) * plotH;
  const path = (l: Array<number | null>): string => l.map((v, i) => (v === null ? '' : `${i === 0 || l[i - 1] === null ? 'M' : 'L'}${px(i).toFixed(1)},${py(v).toFixed(1)}`)).join('');
  const label = (i: number): string => {
    const v = x[i];
    return v === null || v === undefined ? '' : excelSerialToDate(v).toISOString().slice(0, chart.type === 'StockOHLC' ? 10 : 4);
  };
  const ticks = n <= 1 ? [0] : [0, Math.floor((n - 1) / 2), n - 1];
  const stock = chart.type === 'StockOHLC' && lines.length === 4;
  return (
    <figure
      data-chart={chart.name}
      style={{ position: 'absolute', left, top, width, height, margin: 0, background: '#fff', border: '1px solid #bfbfbf', boxShadow: '0 1px 3px rgba(0,0,0,.2)', pointerEvents: 'none', zIndex: 1 }}
    >
      <svg width={width} height={height} role="img" aria-label={`Chart: ${title}`}>
        <text x={width / 2} y={20} textAnchor="middle" fontSize={13} fill="#404040">{title.length > 70 ? `${title.slice(0, 68)}…` : title}</text>
        {source ? <text x={width / 2} y={34} textAnchor="middle" fontSize={9} fill="#595959" data-role="source">{source}</text> : null}
        {chart.valueAxisTitle ? <text transform={`translate(12,${plotTop + plotH / 2}) rotate(-90)`} textAnchor="middle" fontSize={10} fill="#404040" data-role="axis-title">{chart.valueAxisTitle}</text> : null}
        {[lo, lo + span / 2, hi].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={width - PAD.right} y1={py(v)} y2={py(v)} stroke="#e6e6e6" />
            <text x={PAD.left - 6} y={py(v) + 4} textAnchor="end" fontSize={10} fill="#595959">{compact(v)}</text>
          </g>
        ))}
        {ticks.map((i) => <text key={i} x={px(i)} y={height - bottom + 14} textAnchor="middle" fontSize={10} fill="#595959">{label(i)}</text>)}
        {stock ? (
          <g>
            {Array.from({ length: n }, (_, i) => {
              const [o, h, l, c] = lines.map((line) => line[i] ?? null);
              if (h === null || l === null || h === undefined || l === undefined) return null;
              return (
                <g key={i} stroke="#404040">
                  <line x1={px(i)} x2={px(i)} y1={py(h)} y2={py(l)} />
                  {o !== null && o !== undefined ? <line x1={px(i) - 2} x2={px(i)} y1={py(o)} y2={py(o)} /> : null}
                  {c !== null && c !== undefined ? <line x1={px(i)} x2={px(i) + 2} y1={py(c)} y2={py(c)} /> : null}
                </g>
              );
            })}
            <path d={path(lines[3] ?? [])} fill="none" stroke={COLORS[0]} strokeWidth={1.5} />
          </g>
        ) : (
          lines.map((l, k) => <path key={k} d={path(l)} fill="none" stroke={COLORS[k % COLORS.length]} strokeWidth={2} />)
        )}
        <g>
          {named.map((name, k) => (
            <g key={k} transform={`translate(${legendAt[k]?.x ?? 0},${height - bottom + 32 + (legendAt[k]?.row ?? 0) * LEGEND_ROW})`} data-role="legend">
              <rect width={12} height={3} y={-4} fill={COLORS[k % COLORS.length]} />
              <text x={16} fontSize={10} fill="#404040">{name}</text>
            </g>
          ))}
        </g>
      </svg>
    </figure>
  );
}
