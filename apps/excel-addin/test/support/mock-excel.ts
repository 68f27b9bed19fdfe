/**
 * The unit tests' Excel: office-addin-mock objects (OfficeMockObject) over a WorkbookModel. The
 * mock gives Office.js's load/sync rule (a property read before `load` + `context.sync()` is an
 * error string, so a writer that forgets a load fails its test); this file gives the document
 * behind it. Method calls are queued; property assignments are collected from the mock objects at
 * `context.sync()`; both are applied in order, counted (syncs, payload bytes), and refused whole
 * over Excel's 5 MB request limit, as Excel does.
 */
import { OfficeMockObject } from 'office-addin-mock';
import { EXCEL_PAYLOAD_LIMIT, type ExcelHost, type XContext, type XValue } from '../../src/office/excel-api.ts';
import { addressOf, parseAddress, type ChartModel, type ChartSeriesModel, type Rect, type SheetModel, type TableModel, type WorkbookModel } from '../../dev/standin/model.ts';
import { RichApiError } from '../../dev/standin/standin-excel.ts';

const CALL_BYTES = 40;
const NOT_LOADED = new Set(['Error, property was not loaded', 'Error, context.sync() was not called']);

type Mock = OfficeMockObject & Record<string, unknown>;
interface Op {
  bytes: number;
  run(): void;
}
/** What the mock library keeps per property (private fields, read to refresh loaded values). */
interface MockInternals {
  _properties: Map<string, { _valueBeforeLoaded: unknown; _loaded: boolean }>;
}

/** Properties whose assignment is a write, by path below the mock, and how to apply it. */
type Writer = (model: WorkbookModel, rect: Rect, value: unknown) => void;
const RANGE_WRITES: Array<[string[], Writer]> = [
  [['values'], (m, r, v) => m.setValues(r, v as XValue[][])],
  [['formulas'], (m, r, v) => m.setValues(r, v as XValue[][], true)],
  [['numberFormat'], (m, r, v) => m.setNumberFormat(r, v as string | string[][])],
  [['format', 'fill', 'color'], (m, r, v) => m.setFormat(r, { fill: String(v) })],
  [['format', 'font', 'bold'], (m, r, v) => m.setFormat(r, { bold: v === true })],
  [['format', 'font', 'italic'], (m, r, v) => m.setFormat(r, { italic: v === true })],
  [['format', 'font', 'color'], (m, r, v) => m.setFormat(r, { fontColor: String(v) })],
  [['format', 'columnWidth'], (m, r, v) => m.setColumnWidth(r, Number(v))],
  [['format', 'wrapText'], () => undefined],
];

interface Tracked {
  mock: Mock;
  /** Assignable property paths with the value last seen (populated, loaded or applied). */
  seen: Map<string, unknown>;
  apply(path: string[], value: unknown): void;
  /** Current values of loadable scalar properties, for loads. */
  current(): Record<string, () => unknown>;
  /** Called at every sync after the request is applied (null objects learn whether they are null). */
  synced?(): void;
}

function at(mock: Mock, path: string[]): unknown {
  return path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], mock);
}

class Session {
  ops: Op[] = [];
  tracked: Tracked[] = [];
  rects = new WeakMap<object, () => Rect>();
  constructor(readonly model: WorkbookModel, readonly limit: number) {}

  /** Queues a method call, after the assignments made before it (the order Office.js keeps). */
  queue(args: unknown, run: () => void): void {
    this.collect();
    this.ops.push({ bytes: CALL_BYTES + (args === undefined ? 0 : JSON.stringify(args).length), run });
  }

  range(resolve: () => Rect): Mock {
    // A range is bound to its cells once resolved (as Office.js binds it when its command runs):
    // a table's range stays where the table was after the table is deleted.
    let fixed: Rect | undefined;
    const geom = (): Rect => (fixed ??= resolve());
    const safe = (): Rect | undefined => {
      try {
        return geom();
      } catch {
        return undefined; // a null object's range: every property stays empty, as in Office.js
      }
    };
    // Loadable properties, computed when a load asks (a 100,000-row range is not read unless asked).
    const current = (): Record<string, () => unknown> => {
      const cells = (f: (r: Rect, i: number, j: number) => unknown) => (): unknown[][] => {
        const r = safe();
        return r ? Array.from({ length: r.rows }, (_, i) => Array.from({ length: r.cols }, (_, j) => f(r, i, j))) : [];
      };
      return {
        address: () => { const r = safe(); return r ? addressOf(r) : ''; },
        rowIndex: () => safe()?.top ?? 0, columnIndex: () => safe()?.left ?? 0,
        rowCount: () => safe()?.rows ?? 0, columnCount: () => safe()?.cols ?? 0,
        values: cells((r, i, j) => r.sheet.cell(r.top + i, r.left + j)?.value ?? ''),
        formulas: cells((r, i, j) => r.sheet.cell(r.top + i, r.left + j)?.formula ?? r.sheet.cell(r.top + i, r.left + j)?.value ?? ''),
        numberFormat: cells((r, i, j) => r.sheet.cell(r.top + i, r.left + j)?.numberFormat ?? 'General'),
      };
    };
    const derive = (f: (r: Rect) => Rect): Mock => this.range(() => f(geom()));
    const mock = new OfficeMockObject({
      host: 'excel',
      address: '', rowIndex: 0, columnIndex: 0, rowCount: 0, columnCount: 0, values: [], formulas: [], numberFormat: [],
      format: { fill: { color: '' }, font: { bold: false, italic: false, color: '' }, wrapText: false, columnWidth: 0 },
      worksheet: this.worksheet(() => geom().sheet),
      getCell: (row: number, col: number) => derive((r) => ({ ...r, top: r.top + row, left: r.left + col, rows: 1, cols: 1 })),
      getOffsetRange: (dr: number, dc: number) => derive((r) => ({ ...r, top: r.top + dr, left: r.left + dc })),
      getResizedRange: (dr: number, dc: number) => derive((r) => ({ ...r, rows: r.rows + dr, cols: r.cols + dc })),
      getColumn: (c: number) => derive((r) => ({ ...r, left: r.left + c, cols: 1 })),
      getRow: (i: number) => derive((r) => ({ ...r, top: r.top + i, rows: 1 })),
      getUsedRangeOrNullObject: () => this.usedRange(geom),
      clear: () => this.queue(undefined, () => this.model.clear(geom())),
      select: () => this.queue(undefined, () => { this.model.selection = geom(); }),
    }) as Mock;
    this.rects.set(mock, geom);
    const seen = new Map<string, unknown>(RANGE_WRITES.map(([path]) => [path.join('/'), at(mock, path)]));
    const writers = new Map(RANGE_WRITES.map(([path, w]) => [path.join('/'), w]));
    this.tracked.push({ mock, seen, current, apply: (path, value) => writers.get(path.join('/'))?.(this.model, geom(), value) });
    return mock;
  }

  /** Range.getUsedRangeOrNullObject: the bounding box of the filled cells, or a null object. */
  usedRange(within: () => Rect): Mock {
    const mock = new OfficeMockObject({ host: 'excel', address: '' }) as Mock;
    mock['isNullObject'] = true;
    let answered = false;
    const used = (): Rect | undefined => this.model.usedWithin(within());
    this.tracked.push({
      mock, seen: new Map(), apply: () => undefined,
      current: () => ({ address: () => { const u = used(); return u ? addressOf(u) : ''; } }),
      // Like a load, the answer is the state at the sync after the call, not later.
      synced: () => {
        if (!answered) mock['isNullObject'] = used() === undefined;
        answered = true;
      },
    });
    return mock;
  }

  table(resolve: () => TableModel | undefined): Mock {
    const t = resolve();
    const must = (): TableModel => {
      const found = resolve();
      if (!found) throw new Error('ItemNotFound: the table does not exist');
      return found;
    };
    const mock = new OfficeMockObject({
      host: 'excel',
      id: t?.id ?? '', name: t?.name ?? '', style: t?.style ?? '',
      getRange: () => this.range(() => must().rect),
      getHeaderRowRange: () => this.range(() => ({ ...must().rect, rows: 1 })),
      getDataBodyRange: () => this.range(() => ({ ...must().rect, top: must().rect.top + 1, rows: must().rect.rows - 1 })),
      delete: () => this.queue(undefined, () => this.model.deleteTable(must())),
    }) as Mock;
    mock['isNullObject'] = t === undefined;
    const seen = new Map<string, unknown>([['name', mock['name']], ['style', mock['style']]]);
    this.tracked.push({
      mock, seen,
      current: () => ({ id: () => resolve()?.id ?? '', name: () => resolve()?.name ?? '', style: () => resolve()?.style ?? '' }),
      apply: (path, value) => (path[0] === 'name' ? this.model.renameTable(must(), String(value)) : (must().style = String(value))),
    });
    return mock;
  }

  addTable(rect: () => Rect, hasHeaders: boolean): Mock {
    let created: TableModel | undefined;
    this.queue(['range', hasHeaders], () => (created = this.model.addTable(rect())));
    return this.table(() => created);
  }

  /** A worksheet's members (name, tables.add, getRange, charts), as a plain object: the mock nests it. */
  worksheet(sheet: () => SheetModel): Record<string, unknown> {
    let name = '';
    try {
      name = sheet().name;
    } catch {
      // a null object's sheet: no name, as in Office.js
    }
    return {
      name,
      tables: { add: (address: unknown, hasHeaders: boolean) => this.addTable(typeof address === 'string' ? () => parseAddress(sheet(), address) : () => this.rectOf(address, sheet()), hasHeaders) },
      getRange: (address: string) => this.range(() => parseAddress(sheet(), address)),
      // The shown sheet is the selection's (as the stand-in keeps it).
      activate: () => this.queue(undefined, () => {
        if (this.model.selection.sheet !== sheet()) this.model.selection = { sheet: sheet(), top: 0, left: 0, rows: 1, cols: 1 };
      }),
      charts: {
        add: (type: string, source: unknown) => this.addChart(sheet, type, source),
        getItemOrNullObject: (chartName: string) => this.chart(sheet, () => this.model.chart(sheet(), chartName)),
      },
    };
  }

  /** The cells of a range mock (or an A1 text on `sheet`), when the command runs. */
  rectOf(range: unknown, sheet: SheetModel): Rect {
    if (typeof range === 'string') return parseAddress(sheet, range);
    const geom = this.rects.get(range as object);
    if (!geom) throw new Error('InvalidArgument: not a range of this workbook');
    return geom();
  }

  addChart(sheet: () => SheetModel, type: string, source: unknown): Mock {
    let created: ChartModel | undefined;
    this.queue([type, 'range'], () => (created = this.model.addChart(sheet(), type, this.rectOf(source, sheet()))));
    return this.chart(sheet, () => created);
  }

  chartSeries(sheet: () => SheetModel, series: () => ChartSeriesModel): Mock {
    return new OfficeMockObject({
      host: 'excel',
      setValues: (r: unknown) => this.queue('values', () => (series().values = this.rectOf(r, sheet()))),
      setXAxisValues: (r: unknown) => this.queue('x', () => (series().x = this.rectOf(r, sheet()))),
    }) as Mock;
  }

  /** A chart mock: name, place and title are collected at sync like range formats; calls are queued. */
  chart(sheet: () => SheetModel, resolve: () => ChartModel | undefined): Mock {
    const must = (): ChartModel => {
      const c = resolve();
      if (!c) throw new Error('ItemNotFound: the chart does not exist');
      return c;
    };
    const c = resolve();
    const mock = new OfficeMockObject({
      host: 'excel',
      name: c?.name ?? '', top: c?.top ?? 0, left: c?.left ?? 0, width: c?.width ?? 0, height: c?.height ?? 0,
      title: {
        text: c?.title ?? '',
        // The font of a part of the title, queued as it is set (a plain object: nothing to collect at sync).
        getSubstring: (start: number, length: number) => {
          const run = (set: (r: NonNullable<ChartModel['titleRun']>) => void): void => this.queue([start, length], () => { const m = must(); m.titleRun = { ...(m.titleRun ?? {}), start, length }; set(m.titleRun); });
          return { font: { set size(v: number) { run((r) => (r.size = v)); }, set color(v: string) { run((r) => (r.color = v)); } } };
        },
      },
      legend: { position: c?.legend ?? 'Right' },
      axes: { valueAxis: { title: { text: c?.valueAxisTitle ?? '' } } },
      series: {
        add: (name: string) => {
          let created: ChartSeriesModel | undefined;
          this.queue(name, () => must().series.push((created = { name })));
          return this.chartSeries(sheet, () => created ?? { name });
        },
        getItemAt: (i: number) => this.chartSeries(sheet, () => {
          const found = must().series[i];
          if (!found) throw new Error(`ItemNotFound: the chart has no series ${i}`);
          return found;
        }),
      },
      setPosition: (cell: unknown) => this.queue('position', () => this.model.placeChart(must(), this.rectOf(cell, sheet()))),
      delete: () => this.queue(undefined, () => this.model.deleteChart(must())),
    }) as Mock;
    mock['isNullObject'] = c === undefined;
    const keys = ['name', 'top', 'left', 'width', 'height'] as const;
    const seen = new Map<string, unknown>([
      ...keys.map((k) => [k, mock[k]] as [string, unknown]),
      ['title/text', (mock['title'] as Mock)['text']],
      ['legend/position', (mock['legend'] as Mock)['position']],
      ['axes/valueAxis/title/text', (((mock['axes'] as Mock)['valueAxis'] as Mock)['title'] as Mock)['text']],
    ]);
    this.tracked.push({
      mock, seen,
      current: () => Object.fromEntries(keys.map((k) => [k, () => resolve()?.[k] ?? (k === 'name' ? '' : 0)])),
      apply: (path, value) => {
        const chart = must();
        if (path[0] === 'title') chart.title = String(value);
        else if (path[0] === 'legend') chart.legend = String(value);
        else if (path[0] === 'axes') chart.valueAxisTitle = String(value);
        else if (path[0] === 'name') this.model.renameChart(chart, String(value));
        else if (path[0] === 'top' || path[0] === 'left' || path[0] === 'width' || path[0] === 'height') chart[path[0]] = Number(value);
      },
      synced: () => (mock['isNullObject'] = resolve() === undefined),
    });
    return mock;
  }

  settings(): Mock {
    const s = this.model.settings;
    const mock: Mock = new OfficeMockObject({
      host: 'excel',
      add: (key: string, value: unknown) => this.queue([key, value], () => s.set(key, value)),
      getItemOrNullObject: (key: string) => ({ delete: () => this.queue(key, () => s.delete(key)) }),
      load: () => {
        this.queue(undefined, () => (mock['items'] = [...s].map(([key, value]) => ({ key, value }))));
        return mock;
      },
    }) as Mock;
    return mock;
  }

  /** Turns property assignments made since the last look into queued writes. */
  collect(): void {
    for (const t of this.tracked) {
      for (const [key, before] of t.seen) {
        const path = key.split('/');
        const now = at(t.mock, path);
        if (now === before || (typeof now === 'string' && NOT_LOADED.has(now))) continue;
        t.seen.set(key, now);
        this.ops.push({ bytes: CALL_BYTES + JSON.stringify(now).length, run: () => t.apply(path, now) });
      }
    }
  }

  /** Collects assignments, checks the payload, applies everything, then resolves loads. */
  async sync(): Promise<void> {
    this.collect();
    const ops = this.ops;
    this.ops = [];
    const bytes = ops.reduce((sum, op) => sum + op.bytes, 0);
    this.model.requests.push(bytes);
    if (bytes > this.limit) throw new RichApiError('RequestPayloadSizeLimitExceeded', `The request payload size (${bytes} bytes) exceeds the limit of ${this.limit} bytes.`);
    for (const op of ops) op.run();
    for (const t of this.tracked) {
      const props = (t.mock as unknown as MockInternals)._properties;
      const current = t.current();
      for (const [key, compute] of Object.entries(current)) {
        const p = props.get(key);
        const shown = t.mock[key];
        // Deliver a load once, at the sync after it (later syncs do not change a loaded snapshot).
        if (!p?._loaded || !(typeof shown === 'string' && NOT_LOADED.has(shown))) continue;
        const value = compute();
        p._valueBeforeLoaded = value;
        if (t.seen.has(key)) t.seen.set(key, value);
      }
      t.synced?.();
      await OfficeMockObject.prototype.sync.call(t.mock);
    }
    await Promise.resolve();
  }
}

/**
 * An `Excel` made of office-addin-mock objects over `model`.
 *
 * @example const model = new WorkbookModel(); const Excel = mockExcel(model); await insertBlock(Excel, ...); model.syncs
 */
export function mockExcel(model: WorkbookModel, payloadLimit = EXCEL_PAYLOAD_LIMIT): ExcelHost {
  const excel = new OfficeMockObject({
    host: 'excel',
    run: async (batch: (context: XContext) => Promise<unknown>) => {
      const session = new Session(model, payloadLimit);
      const context = new OfficeMockObject({
        host: 'excel',
        workbook: {
          getSelectedRange: () => session.range(() => model.selection),
          worksheets: { getItem: (name: string) => new OfficeMockObject({ host: 'excel', ...session.worksheet(() => model.sheet(name)) }) },
          tables: { getItemOrNullObject: (name: string) => session.table(() => model.table(name)) },
          application: { suspendApiCalculationUntilNextSync: () => session.queue(undefined, () => undefined), calculate: () => session.queue(undefined, () => model.onCalculateAll?.()) },
        },
        sync: () => session.sync(),
      }) as Mock;
      (context['workbook'] as Mock)['settings'] = session.settings();
      const result = await batch(context as unknown as XContext);
      session.collect();
      if (session.ops.length > 0) await session.sync();
      return result;
    },
  });
  return excel as unknown as ExcelHost;
}
