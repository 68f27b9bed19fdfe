/**
 * Charts in the in-page stand-in: Excel.Chart's subset of `excel-api.ts` (add, name, title,
 * legend position, value axis title, position, size, series, delete, getItemOrNullObject) over the WorkbookModel, queued and applied at
 * `context.sync()` like every other stand-in call.
 */
import type { XChart, XChartSeries, XChartType, XRange, XWorksheet } from '../../src/office/excel-api.ts';
import type { ChartModel, ChartSeriesModel, Rect, SheetModel, WorkbookModel } from './model.ts';

/** What a stand-in chart needs from the stand-in's batch: queue a call, see the model, resolve a range. */
export interface ChartBatch {
  readonly model: WorkbookModel;
  queue(args: unknown, run: () => void): void;
  rectOf(range: XRange | string, sheet: SheetModel): Rect;
}

class StandinSeries implements XChartSeries {
  constructor(private readonly b: ChartBatch, private readonly sheet: () => SheetModel, private readonly series: () => ChartSeriesModel) {}
  setValues(source: XRange): void { this.b.queue('values', () => (this.series().values = this.b.rectOf(source, this.sheet()))); }
  setXAxisValues(source: XRange): void { this.b.queue('x', () => (this.series().x = this.b.rectOf(source, this.sheet()))); }
}

class StandinChart implements XChart {
  private readonly loaded = new Map<string, unknown>();
  constructor(private readonly b: ChartBatch, private readonly sheet: () => SheetModel, private readonly chart: () => ChartModel | undefined) {}
  private must(): ChartModel {
    const c = this.chart();
    if (!c) throw new Error('ItemNotFound: the chart does not exist');
    return c;
  }
  private read<T>(name: string): T {
    if (!this.loaded.has(name)) throw new Error(`PropertyNotLoaded: the property '${name}' is not available. Call load('${name}') and context.sync() before reading it.`);
    return this.loaded.get(name) as T;
  }
  private put(key: 'top' | 'left' | 'width' | 'height', v: number): void { this.b.queue(v, () => (this.must()[key] = v)); }
  get name(): string { return this.read('name'); }
  set name(v: string) { this.b.queue(v, () => this.b.model.renameChart(this.must(), v)); }
  get top(): number { return this.read('top'); }
  set top(v: number) { this.put('top', v); }
  get left(): number { return this.read('left'); }
  set left(v: number) { this.put('left', v); }
  get width(): number { return this.read('width'); }
  set width(v: number) { this.put('width', v); }
  get height(): number { return this.read('height'); }
  set height(v: number) { this.put('height', v); }
  get isNullObject(): boolean { return this.read('isNullObject'); }
  get title(): XChart['title'] {
    const b = this.b;
    const must = (): ChartModel => this.must();
    const run = (start: number, length: number, set: (r: NonNullable<ChartModel['titleRun']>) => void): void => {
      b.queue([start, length], () => { const c = must(); c.titleRun = { ...(c.titleRun ?? {}), start, length }; set(c.titleRun); });
    };
    return {
      set text(v: string) { b.queue(v, () => (must().title = v)); },
      get text() { return must().title; },
      getSubstring: (start: number, length: number) => ({
        font: {
          set size(v: number) { run(start, length, (r) => (r.size = v)); },
          get size() { return must().titleRun?.size ?? 14; },
          set color(v: string) { run(start, length, (r) => (r.color = v)); },
          get color() { return must().titleRun?.color ?? '#595959'; },
        },
      }),
    };
  }
  get legend(): XChart['legend'] {
    const b = this.b;
    const must = (): ChartModel => this.must();
    return { set position(v: XChart['legend']['position']) { b.queue(v, () => (must().legend = v)); }, get position() { return must().legend as XChart['legend']['position']; } };
  }
  get axes(): XChart['axes'] {
    const b = this.b;
    const must = (): ChartModel => this.must();
    return { valueAxis: { title: { set text(v: string) { b.queue(v, () => (must().valueAxisTitle = v)); }, get text() { return must().valueAxisTitle; } } } };
  }
  get series(): XChart['series'] {
    return {
      add: (name: string): XChartSeries => {
        let created: ChartSeriesModel | undefined;
        this.b.queue(name, () => this.must().series.push((created = { name })));
        return new StandinSeries(this.b, this.sheet, () => created ?? { name });
      },
      getItemAt: (index: number): XChartSeries => new StandinSeries(this.b, this.sheet, () => {
        const s = this.must().series[index];
        if (!s) throw new Error(`ItemNotFound: the chart has no series ${index}`);
        return s;
      }),
    };
  }
  setPosition(startCell: XRange | string): void { this.b.queue('position', () => this.b.model.placeChart(this.must(), this.b.rectOf(startCell, this.sheet()))); }
  delete(): void { this.b.queue(undefined, () => this.b.model.deleteChart(this.must())); }
  load(properties: string): XChart {
    this.b.queue(undefined, () => {
      const c = this.chart();
      this.loaded.set('isNullObject', c === undefined);
      if (!c) return;
      for (const p of properties.split(',').map((x) => x.trim())) if (p === 'name' || p === 'top' || p === 'left' || p === 'width' || p === 'height') this.loaded.set(p, c[p]);
    });
    return this;
  }
}

/** worksheet.charts of the stand-in. */
export function standinCharts(b: ChartBatch, sheet: () => SheetModel): XWorksheet['charts'] {
  return {
    add(type: XChartType, source: XRange, _seriesBy: 'Columns'): XChart {
      let created: ChartModel | undefined;
      b.queue([type, 'range'], () => (created = b.model.addChart(sheet(), type, b.rectOf(source, sheet()))));
      return new StandinChart(b, sheet, () => created);
    },
    getItemOrNullObject(name: string): XChart {
      return new StandinChart(b, sheet, () => b.model.chart(sheet(), name));
    },
  };
}
