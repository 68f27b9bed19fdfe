/**
 * A uPlot plugin drawing candlesticks or OHLC bars from series 1-4 (open, high, low, close), which
 * the chart keeps invisible as lines: uPlot has no financial series type, so the bars are drawn in
 * the `draw` hook on its canvas, in its own scales, clipped to the plot area.
 */
import type uPlot from 'uplot';

export type OhlcStyle = 'candles' | 'ohlc';

const UP = '#0E7A0D';
const DOWN = '#C4314B';

/** The plugin; `style` picks filled candles or OHLC bars (ticks left for open, right for close). */
export function candlestickPlugin(style: OhlcStyle): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (u: uPlot) => {
          const [xs, opens, highs, lows, closes] = u.data as unknown as Array<Array<number | null>>;
          if (!xs || !opens || !highs || !lows || !closes) return;
          const ctx = u.ctx;
          const { left, top, width, height } = u.bbox;
          const [i0, i1] = [u.series[0]?.idxs?.[0] ?? 0, u.series[0]?.idxs?.[1] ?? xs.length - 1];
          const count = Math.max(1, i1 - i0 + 1);
          // Bars as wide as the space allows, from a hairline (thousands of days) to 16 px.
          const slot = width / count;
          const body = Math.max(1, Math.min(16 * devicePixelRatio, Math.floor(slot * 0.7)));
          ctx.save();
          ctx.beginPath();
          ctx.rect(left, top, width, height);
          ctx.clip();
          ctx.lineWidth = Math.max(1, Math.round(devicePixelRatio));
          for (let i = i0; i <= i1; i += 1) {
            const [x, o, h, l, c] = [xs[i], opens[i], highs[i], lows[i], closes[i]];
            if (x == null || o == null || h == null || l == null || c == null) continue;
            const px = Math.round(u.valToPos(x, 'x', true));
            const [po, ph, pl, pc] = [o, h, l, c].map((v) => Math.round(u.valToPos(v, 'y', true))) as [number, number, number, number];
            const color = c >= o ? UP : DOWN;
            ctx.strokeStyle = color;
            ctx.fillStyle = color;
            ctx.beginPath();
            ctx.moveTo(px + 0.5, ph);
            ctx.lineTo(px + 0.5, pl);
            if (style === 'ohlc') {
              const tick = Math.max(2, Math.floor(body / 2));
              ctx.moveTo(px - tick, po + 0.5);
              ctx.lineTo(px, po + 0.5);
              ctx.moveTo(px + 1, pc + 0.5);
              ctx.lineTo(px + 1 + tick, pc + 0.5);
            }
            ctx.stroke();
            if (style === 'candles') ctx.fillRect(px - Math.floor(body / 2), Math.min(po, pc), body, Math.max(1, Math.abs(pc - po)));
          }
          ctx.restore();
        },
      ],
    },
  };
}
