/**
 * The in-page Excel stand-in: the Excel.run subset of `excel-api.ts` over a WorkbookModel, with
 * Office.js's batching semantics. Writes and loads are queued and applied in order at
 * `context.sync()`; reading a property that was not loaded and synced throws, as in Office.js; a
 * request over Excel's 5 MB payload limit fails whole with RequestPayloadSizeLimitExceeded and
 * changes nothing. Used where no Excel host exists: Chromium end-to-end tests and the benchmark.
 */
import { EXCEL_PAYLOAD_LIMIT, type ExcelHost, type XContext, type XRange, type XRangeFormat, type XSetting, type XSettings, type XTable, type XValue, type XWorkbook, type XWorksheet } from '../../src/office/excel-api.ts';
import { addressOf, parseAddress, type Rect, type SheetModel, type TableModel, type WorkbookModel } from './model.ts';
import { standinCharts } from './standin-chart.ts';

/** Bytes of one API call in a request besides its arguments (object path, method, ids). */
const CALL_BYTES = 40;

interface Op {
  bytes: number;
  run(): void;
}

class Batch {
  ops: Op[] = [];
  constructor(readonly model: WorkbookModel) {}
  queue(args: unknown, run: () => void): void {
    this.ops.push({ bytes: CALL_BYTES + (args === undefined ? 0 : JSON.stringify(args).length), run });
  }
  /** The cells a stand-in range (or an A1 text on `sheet`) stands for, when its command runs. */
  rectOf(range: XRange | string, sheet: SheetModel): Rect {
    return typeof range === 'string' ? parseAddress(sheet, range) : (range as unknown as { rect: () => Rect }).rect();
  }
}

function notLoaded(what: string): never {
  throw new Error(`PropertyNotLoaded: the property '${what}' is not available. Call load('${what}') and context.sync() before reading it.`);
}

class Loaded {
  readonly loaded = new Map<string, unknown>();
  protected read<T>(name: string): T {
    if (!this.loaded.has(name)) notLoaded(name);
    return this.loaded.get(name) as T;
  }
}

class StandinRange extends Loaded implements XRange {
  private fixed: Rect | undefined;
  /** Bound to its cells once resolved (as Office.js binds it when its command runs). */
  private readonly rect = (): Rect => (this.fixed ??= this.resolve());
  constructor(
    protected readonly b: Batch,
    private readonly resolve: () => Rect,
  ) {
    super();
  }
  get address(): string { return this.read('address'); }
  get rowIndex(): number { return this.read('rowIndex'); }
  get columnIndex(): number { return this.read('columnIndex'); }
  get rowCount(): number { return this.read('rowCount'); }
  get columnCount(): number { return this.read('columnCount'); }
  get values(): XValue[][] { return this.read('values'); }
  set values(v: XValue[][]) { this.b.queue(v, () => this.b.model.setValues(this.rect(), v)); }
  get formulas(): XValue[][] { return this.read('formulas'); }
  set formulas(v: XValue[][]) { this.b.queue(v, () => this.b.model.setValues(this.rect(), v, true)); }
  get numberFormat(): string | string[][] { return this.read('numberFormat'); }
  set numberFormat(v: string | string[][]) { this.b.queue(v, () => this.b.model.setNumberFormat(this.rect(), v)); }
  get format(): XRangeFormat {
    const b = this.b;
    const rect = this.rect;
    const set = (v: unknown, f: (r: Rect) => void): void => b.queue(v, () => f(rect()));
    return {
      fill: { set color(c: string) { set(c, (r) => b.model.setFormat(r, { fill: c })); }, get color() { return notLoaded('format/fill/color'); } },
      font: {
        set bold(v: boolean) { set(v, (r) => b.model.setFormat(r, { bold: v })); }, get bold() { return notLoaded('format/font/bold'); },
        set italic(v: boolean) { set(v, (r) => b.model.setFormat(r, { italic: v })); }, get italic() { return notLoaded('format/font/italic'); },
        set color(v: string) { set(v, (r) => b.model.setFormat(r, { fontColor: v })); }, get color() { return notLoaded('format/font/color'); },
      },
      set wrapText(_v: boolean) { set(_v, () => undefined); }, get wrapText() { return notLoaded('format/wrapText'); },
      set columnWidth(v: number) { set(v, (r) => b.model.setColumnWidth(r, v)); }, get columnWidth() { return notLoaded('format/columnWidth'); },
    };
  }
  get worksheet(): XWorksheet { return new StandinWorksheet(this.b, () => this.rect().sheet); }
  private derive(f: (r: Rect) => Rect): StandinRange { return new StandinRange(this.b, () => f(this.rect())); }
  getCell(row: number, column: number): XRange { return this.derive((r) => ({ ...r, top: r.top + row, left: r.left + column, rows: 1, cols: 1 })); }
  getOffsetRange(dr: number, dc: number): XRange {
    return this.derive((r) => {
      if (r.top + dr < 0 || r.left + dc < 0) throw new Error('InvalidArgument: the offset range would start above or left of the sheet');
      return { ...r, top: r.top + dr, left: r.left + dc };
    });
  }
  getResizedRange(dr: number, dc: number): XRange { return this.derive((r) => ({ ...r, rows: r.rows + dr, cols: r.cols + dc })); }
  getColumn(c: number): XRange { return this.derive((r) => ({ ...r, left: r.left + c, cols: 1 })); }
  getRow(i: number): XRange { return this.derive((r) => ({ ...r, top: r.top + i, rows: 1 })); }
  clear(): void { this.b.queue(undefined, () => this.b.model.clear(this.rect())); }
  select(): void { this.b.queue(undefined, () => { this.b.model.selection = this.rect(); }); }
  getUsedRangeOrNullObject(_valuesOnly?: boolean): XRange & { readonly isNullObject: boolean } {
    return new StandinUsedRange(this.b, () => this.b.model.usedWithin(this.rect()));
  }
  load(properties: string): XRange {
    this.b.queue(undefined, () => {
      const r = this.rect();
      const all: Record<string, () => unknown> = {
        address: () => addressOf(r), rowIndex: () => r.top, columnIndex: () => r.left, rowCount: () => r.rows, columnCount: () => r.cols,
        values: () => this.b.model.values(r),
        formulas: () => this.b.model.values(r).map((row, i) => row.map((v, j) => r.sheet.cell(r.top + i, r.left + j)?.formula ?? v)),
        numberFormat: () => Array.from({ length: r.rows }, (_, i) => Array.from({ length: r.cols }, (_, j) => r.sheet.cell(r.top + i, r.left + j)?.numberFormat ?? 'General')),
      };
      for (const p of properties.split(',').map((s) => s.trim())) this.loaded.set(p, all[p]?.());
    });
    return this;
  }
}

/** A used range: its cells' bounding box, or a null object (isNullObject) when the range is empty. */
class StandinUsedRange extends StandinRange {
  private readonly found: { used?: Rect | undefined };
  constructor(b: Batch, private readonly find: () => Rect | undefined) {
    const found: { used?: Rect | undefined } = {};
    super(b, () => {
      if (!found.used) throw new Error('ItemNotFound: the range holds no values');
      return found.used;
    });
    this.found = found;
  }
  get isNullObject(): boolean { return this.read('isNullObject'); }
  override load(properties: string): XRange {
    this.b.queue(undefined, () => {
      const used = this.find();
      this.found.used = used;
      this.loaded.set('isNullObject', used === undefined);
      if (used && properties.split(',').some((p) => p.trim() === 'address')) this.loaded.set('address', addressOf(used));
    });
    return this;
  }
}

class StandinWorksheet extends Loaded implements XWorksheet {
  constructor(private readonly b: Batch, private readonly sheet: () => Rect['sheet']) { super(); }
  get name(): string { return this.read('name'); }
  get tables(): XWorksheet['tables'] {
    return {
      add: (address: XRange | string, hasHeaders: boolean): XTable => {
        let created: TableModel | undefined;
        const rect = (): Rect => (typeof address === 'string' ? parseAddress(this.sheet(), address) : (address as unknown as { rect: () => Rect }).rect());
        this.b.queue([typeof address === 'string' ? address : 'range', hasHeaders], () => (created = this.b.model.addTable(rect())));
        return new StandinTable(this.b, () => created);
      },
    };
  }
  get charts(): XWorksheet['charts'] { return standinCharts(this.b, this.sheet); }
  getRange(address: string): XRange { return new StandinRange(this.b, () => parseAddress(this.sheet(), address)); }
  /** The shown sheet is the selection's: another sheet is shown with its top-left cell selected. */
  activate(): void {
    this.b.queue(undefined, () => {
      const sheet = this.sheet();
      if (this.b.model.selection.sheet !== sheet) this.b.model.selection = { sheet, top: 0, left: 0, rows: 1, cols: 1 };
    });
  }
  load(properties: string): XWorksheet {
    this.b.queue(undefined, () => properties.split(',').forEach((p) => p.trim() === 'name' && this.loaded.set('name', this.sheet().name)));
    return this;
  }
}

class StandinTable extends Loaded implements XTable {
  constructor(private readonly b: Batch, private readonly model: () => TableModel | undefined) { super(); }
  private must(): TableModel {
    const t = this.model();
    if (!t) throw new Error('ItemNotFound: the table does not exist');
    return t;
  }
  get id(): string { return this.read('id'); }
  get name(): string { return this.read('name'); }
  set name(v: string) { this.b.queue(v, () => this.b.model.renameTable(this.must(), v)); }
  get style(): string { return this.read('style'); }
  set style(v: string) { this.b.queue(v, () => (this.must().style = v)); }
  get isNullObject(): boolean { return this.read('isNullObject'); }
  get worksheet(): XWorksheet { return new StandinWorksheet(this.b, () => this.must().rect.sheet); }
  getRange(): XRange { return new StandinRange(this.b, () => this.must().rect); }
  getHeaderRowRange(): XRange { return new StandinRange(this.b, () => ({ ...this.must().rect, rows: 1 })); }
  getDataBodyRange(): XRange { return new StandinRange(this.b, () => { const r = this.must().rect; return { ...r, top: r.top + 1, rows: r.rows - 1 }; }); }
  delete(): void { this.b.queue(undefined, () => this.b.model.deleteTable(this.must())); }
  load(properties: string): XTable {
    this.b.queue(undefined, () => {
      const t = this.model();
      this.loaded.set('isNullObject', t === undefined);
      if (!t) return;
      for (const p of properties.split(',').map((s) => s.trim())) if (p === 'id' || p === 'name' || p === 'style') this.loaded.set(p, t[p]);
    });
    return this;
  }
}

class StandinSettings extends Loaded implements XSettings {
  constructor(private readonly b: Batch) { super(); }
  get items(): XSetting[] { return this.read('items'); }
  add(key: string, value: unknown): XSetting {
    this.b.queue([key, value], () => this.b.model.settings.set(key, value));
    return { key, value, delete: () => this.b.queue(key, () => this.b.model.settings.delete(key)) };
  }
  getItemOrNullObject(key: string): XSetting & { isNullObject: boolean } {
    const s = this.b.model.settings;
    return { key, get value() { return s.get(key); }, get isNullObject() { return !s.has(key); }, delete: () => this.b.queue(key, () => s.delete(key)) };
  }
  load(_properties: string): XSettings {
    this.b.queue(undefined, () => this.loaded.set('items', [...this.b.model.settings].map(([key, value]) => ({ key, value, delete: () => this.b.queue(key, () => this.b.model.settings.delete(key)) }))));
    return this;
  }
}

/** A request over the payload limit, as Excel reports it. */
export class RichApiError extends Error {
  override readonly name = 'RichApi.Error';
  constructor(readonly code: string, message: string) { super(message); }
}

class StandinContext implements XContext {
  readonly workbook: XWorkbook;
  constructor(private readonly b: Batch, private readonly limit: number, private readonly onSync?: () => void) {
    const model = b.model;
    this.workbook = {
      getSelectedRange: () => new StandinRange(b, () => model.selection),
      worksheets: { getItem: (name: string) => new StandinWorksheet(b, () => model.sheet(name)) },
      tables: { getItemOrNullObject: (name: string) => new StandinTable(b, () => model.table(name)) },
      settings: new StandinSettings(b),
      application: { suspendApiCalculationUntilNextSync: () => b.queue(undefined, () => undefined), calculate: () => b.queue(undefined, () => model.onCalculateAll?.()) },
    };
  }
  /** Whether anything is queued (Excel.run sends what is left when the batch returns). */
  get pending(): boolean {
    return this.b.ops.length > 0;
  }
  async sync(): Promise<void> {
    const ops = this.b.ops;
    this.b.ops = [];
    const bytes = ops.reduce((s, op) => s + op.bytes, 0);
    this.b.model.requests.push(bytes);
    if (bytes > this.limit) {
      throw new RichApiError('RequestPayloadSizeLimitExceeded', `The request payload size (${bytes} bytes) exceeds the limit of ${this.limit} bytes.`);
    }
    try {
      for (const op of ops) op.run();
    } finally {
      this.onSync?.();
    }
    await Promise.resolve();
  }
}

/**
 * An `Excel`-like host over `model`; `payloadLimit` defaults to Excel on the web's 5 MB; `onSync`
 * is called after every applied request (the in-page sheet view re-renders).
 */
export function standinExcel(model: WorkbookModel, payloadLimit = EXCEL_PAYLOAD_LIMIT, onSync?: () => void): ExcelHost {
  return {
    async run<T>(batch: (context: XContext) => Promise<T>): Promise<T> {
      const context = new StandinContext(new Batch(model), payloadLimit, onSync);
      const result = await batch(context);
      if (context.pending) await context.sync();
      return result;
    },
  };
}
