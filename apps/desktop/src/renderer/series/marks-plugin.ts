/**
 * A uPlot plugin drawing shaded periods and dated event lines (chart-figure.ts' marks) under the
 * lines, each with its label at the top of the plot: the same marks the saved image draws.
 */
import type uPlot from 'uplot';
import { labelRows, markSeconds, type ChartMark } from './chart-figure.ts';

/** The plugin over these marks. */
export function marksPlugin(marks: readonly ChartMark[]): uPlot.Plugin {
  return {
    hooks: {
      drawClear: [
        (u: uPlot) => {
          if (marks.length === 0) return;
          const ctx = u.ctx;
          const { left, top, width, height } = u.bbox;
          const ratio = devicePixelRatio;
          ctx.save();
          ctx.beginPath();
          ctx.rect(left, top, width, height);
          ctx.clip();
          ctx.font = `${11 * ratio}px 'Segoe UI', 'Helvetica Neue', Arial, sans-serif`;
          ctx.textBaseline = 'top';
          const labels: Array<{ x: number; text: string }> = [];
          for (const mark of marks) {
            const a = u.valToPos(markSeconds(mark.kind === 'range' ? mark.from : mark.at), 'x', true);
            if (mark.kind === 'range') {
              const b = u.valToPos(markSeconds(mark.to, true), 'x', true);
              ctx.fillStyle = 'rgba(138, 136, 134, 0.18)';
              ctx.fillRect(a, top, b - a, height);
            } else {
              ctx.strokeStyle = '#616161';
              ctx.lineWidth = 1.5 * ratio;
              ctx.setLineDash([5 * ratio, 4 * ratio]);
              ctx.beginPath();
              ctx.moveTo(a, top);
              ctx.lineTo(a, top + height);
              ctx.stroke();
              ctx.setLineDash([]);
            }
            labels.push({ x: Math.max(left, a) + 4 * ratio, text: mark.label });
          }
          // Labels that would overlap stack, as in the saved image.
          const rows = labelRows(labels.map((l) => [l.x, ctx.measureText(l.text).width]));
          ctx.fillStyle = '#424242';
          labels.forEach((l, i) => ctx.fillText(l.text, l.x, top + (3 + 14 * (rows[i] ?? 0)) * ratio));
          ctx.restore();
        },
      ],
    },
  };
}
