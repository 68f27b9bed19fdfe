/**
 * The explorer's chart of a long transformed series (issue 29), in real Chromium, each figure beside
 * a baseline measured in the same run and printed against the target (a target not met is
 * printed unmet, with why; never lowered):
 * - 100,000 daily points with `Units=pc1 MA=20`: the transform (@econdata/analysis's applyTransform,
 *   as main applies it) timed apart from the drawing; the drawing (the explorer's SeriesChart: Series
 *   -> aligned data -> uPlot inside React and Fluent) against bare uPlot drawing the same points.
 *   Target: within 1.5x.
 * - hover and zoom on that chart: each redraw timed, and the transform's calls counted (target: no
 *   call after the first draw: the chart redraws from the data it holds).
 * - the chart saved as PNG at 2x (slide size, 2560 x 1440: chart-svg.ts then chart-image.ts's canvas),
 *   against the on-screen draw. Target: under 1 s.
 * Start-up and bundle figures are desktop.bench.ts's (`pnpm bench desktop` runs both files).
 */
import { launchChromium } from '../support/chromium.ts';
import { bundlePage, drawTimes, servePage } from './support/page.ts';

const POINTS = 100_000;
const TRANSFORM = 'Units=pc1 MA=20';
const DRAW_TARGET = 1.5;
const PNG_TARGET_MS = 1000;
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

// The series and its transform, shared by both pages: the transformed values are what both draw.
const SERIES = `
  import { applyTransform } from '@econdata/analysis';
  const periods = Array.from({ length: ${POINTS} }, (_, i) => new Date(Date.UTC(1800, 0, 1) + i * 86400000).toISOString().slice(0, 10));
  const values = periods.map((_, i) => 50 + 20 * Math.sin(i / 500) + (i % 97) / 10);
  const series = { id: 'stock:symbol:BIG', kind: 'stock', title: 'BIG', frequency: 'daily', dimensions: { symbol: 'BIG' },
    columns: [{ key: 'close', label: 'Close', unit: 'points' }], periods, values: [values],
    provenance: { source: 'bench', last_updated: null, retrieved_at: '2026-11-22T00:00:00Z', endpoint: '/stocks/vietnam', query: { kind: 'stock', symbol: 'BIG' } } };
  window.transformCalls = 0;
  window.transformMs = [];
  /** The transform as main runs it, counted and timed apart from any drawing. */
  const transformed = () => {
    window.transformCalls += 1;
    const t0 = performance.now();
    const shown = applyTransform(series, '${TRANSFORM}');
    window.transformMs.push(performance.now() - t0);
    return shown;
  };
  const shown = transformed();
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));`;

const OURS = `
  import { createRoot } from 'react-dom/client';
  import { FluentProvider, webLightTheme } from '@fluentui/react-components';
  import { SeriesChart } from './series/SeriesChart.tsx';
  import { chartData } from './series/chart-data.ts';
  import { chartFigure } from './series/chart-figure.ts';
  import { chartSvg, IMAGE_SIZES } from './series/chart-svg.ts';
  import { svgToPng } from './series/chart-image.ts';
  ${SERIES}
  let mounted = null;
  /** Draws the transformed series; resolves with the time from render to uPlot's first draw. */
  window.draw = () => new Promise((done) => {
    if (mounted) mounted.unmount();
    const host = document.getElementById('root');
    const root = createRoot(host);
    mounted = root;
    const t0 = performance.now();
    const poll = () => { const el = host.querySelector('[data-chart-drawn]'); if (el) done(Number(el.getAttribute('data-chart-drawn')) - t0); else requestAnimationFrame(poll); };
    root.render(<FluentProvider theme={webLightTheme} style={{ height: '100%' }}><div style={{ height: 520, display: 'flex', flexDirection: 'column' }}><SeriesChart series={[shown]} mode="line" label="bench" /></div></FluentProvider>);
    requestAnimationFrame(poll);
  });
  /** Hover (the pointer across the plot) and zoom (a drag-select, then a double click back out) on the chart drawn last. */
  window.interact = async () => {
    const over = document.querySelector('#root .u-over');
    const box = over.getBoundingClientRect();
    const at = (type, x, extra = {}) => over.dispatchEvent(new MouseEvent(type, { clientX: box.left + x, clientY: box.top + box.height / 2, bubbles: true, ...extra }));
    const calls = window.transformCalls;
    const hover = [];
    for (let i = 1; i <= 20; i += 1) { const t0 = performance.now(); at('mousemove', (box.width * i) / 21); hover.push((await frame()) - t0); }
    const zoom = [];
    for (let i = 0; i < 5; i += 1) {
      const t0 = performance.now();
      at('mousedown', box.width * 0.3, { button: 0, buttons: 1 });
      at('mousemove', box.width * 0.6, { buttons: 1 });
      document.dispatchEvent(new MouseEvent('mouseup', { clientX: box.left + box.width * 0.6, clientY: box.top + box.height / 2, bubbles: true, button: 0 }));
      zoom.push((await frame()) - t0);
      at('dblclick', box.width * 0.5);
      await frame();
    }
    return { hover, zoom, transformCalls: window.transformCalls - calls };
  };
  /** The chart saved as PNG at 2x, slide size: the SVG description, then the canvas. */
  window.png = async () => {
    const t0 = performance.now();
    const figure = chartFigure({ data: chartData([shown]), title: 'BIG', subtitle: 'Shown as: % change from a year ago, 20-day moving average', source: 'Source: bench. Chart: Econdata.', right: new Set(), marks: [] });
    const { width, height } = IMAGE_SIZES.slide;
    const blob = await svgToPng(chartSvg(figure, width, height), width, height, 2);
    const ms = performance.now() - t0;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const view = new DataView(bytes.buffer);
    return { ms, width: view.getUint32(16), height: view.getUint32(20), bytes: bytes.length };
  };`;

const BARE = `
  import uPlot from 'uplot';
  import 'uplot/dist/uPlot.min.css';
  ${SERIES}
  const x = shown.periods.map((p) => Date.parse(p + 'T00:00:00Z') / 1000);
  const y = shown.values[0];
  window.draw = () => new Promise((done) => {
    const host = document.getElementById('root');
    const t0 = performance.now();
    const plot = new uPlot({ width: 1000, height: 464, scales: { x: { time: true } }, series: [{}, { stroke: '#0F6CBD', width: 2 }],
      hooks: { draw: [() => { const ms = performance.now() - t0; requestAnimationFrame(() => { plot.destroy(); done(ms); }); }] } }, [x, y], host);
  });`;

const verdict = (met: boolean, why: string): string => (met ? 'target met' : `TARGET UNMET: ${why}`);

async function main(): Promise<void> {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const bare = await servePage(await bundlePage(BARE));
    const ours = await servePage(await bundlePage(OURS));
    try {
      const bareMs = median(await drawTimes(page, bare.url, 7));
      const oursMs = median(await drawTimes(page, ours.url, 7));
      const transformMs = median(await page.evaluate(() => (window as unknown as { transformMs: number[] }).transformMs));
      const ratio = oursMs / bareMs;
      console.log(`== charts (issue 29): ${POINTS.toLocaleString('en')} daily points, ${TRANSFORM}`);
      console.log(`transform (applyTransform, apart from drawing)   ${transformMs.toFixed(1)} ms (as main runs it, once per fetch)`);
      console.log(`drawn: the explorer's chart                     ${oursMs.toFixed(1)} ms (Series -> aligned data -> uPlot in React/Fluent), median of 7`);
      console.log(`baseline: bare uPlot, the same points           ${bareMs.toFixed(1)} ms   ratio ${ratio.toFixed(2)}x   target <= ${DRAW_TARGET}x: ${verdict(ratio <= DRAW_TARGET, 'the chart aligns the periods and builds its options before uPlot draws')}`);

      const { hover, zoom, transformCalls } = await page.evaluate(() => (window as unknown as { interact(): Promise<{ hover: number[]; zoom: number[]; transformCalls: number }> }).interact());
      console.log(`hover: pointer moved over the plot               ${median(hover).toFixed(1)} ms a move to the next frame (median of ${hover.length})`);
      console.log(`zoom: drag-select, redrawn                       ${median(zoom).toFixed(1)} ms to the next frame (median of ${zoom.length})   ratio to the first draw ${(median(zoom) / oursMs).toFixed(2)}x`);
      console.log(`transform calls during hover and zoom           ${transformCalls}   target 0: ${verdict(transformCalls === 0, 'the chart asked for the transform again')}`);

      const pngs: Array<{ ms: number; width: number; height: number; bytes: number }> = [];
      for (let i = 0; i < 5; i += 1) pngs.push(await page.evaluate(() => (window as unknown as { png(): Promise<{ ms: number; width: number; height: number; bytes: number }> }).png()));
      const png = pngs[pngs.length - 1];
      const pngMs = median(pngs.map((p) => p.ms));
      console.log(`PNG at 2x, slide size (${png?.width} x ${png?.height}, ${png?.bytes.toLocaleString('en')} bytes)   ${pngMs.toFixed(0)} ms, median of 5   ratio to the on-screen draw ${(pngMs / oursMs).toFixed(1)}x   target < ${PNG_TARGET_MS} ms: ${verdict(pngMs < PNG_TARGET_MS, 'the SVG is rasterized on a canvas and encoded as PNG')}`);
    } finally {
      bare.close();
      ours.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
