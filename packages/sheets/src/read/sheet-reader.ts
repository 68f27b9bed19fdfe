/**
 * Reading a sheet back into Series, one row at a time (so a million-row file needs no matrix of
 * cells). The header row says what the sheet is: 'Period' first is our wide layout, 'Series' ...
 * 'Period' ... 'Field' our long layout, a row of record fields a service export. Rows above the
 * header are the provenance block, kept until the header is found.
 *
 * Wide sheets put every series on one shared period axis, so a series read back has every axis
 * period, with null where it had no observation (missing is null, as everywhere). Long sheets keep
 * each series' own periods.
 */
import { assertSeries, isEconError, type Frequency, type Series, type SeriesColumn, type SeriesKind } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import { frequencyOfPeriod } from '../grid/periods.ts';
import { dimensionKey, LABEL } from '../grid/provenance.ts';
import type { Cell } from '../grid/types.ts';
import { datasetOfFields, ExportRecords, type RecordView, type ServerExportOptions } from './records.ts';
import { boolOf, isBlank, numberOf, periodOf, provenanceOf, textOf, type SheetSource } from './values.ts';

export type { SheetSource } from './values.ts';
type ServerOptions = ServerExportOptions & { retrievedAt: string; endpoint: string };

/** What reads the rows below the header. */
interface Body {
  push(row: Cell[], index: number): void;
  finish(): Series[];
}

const FIXED_LABELS = new Set<string>([LABEL.series, LABEL.title, LABEL.kind, LABEL.frequency, LABEL.source, LABEL.lastUpdated, LABEL.retrievedAt, LABEL.query, LABEL.months, LABEL.transform, LABEL.formula, LABEL.warnings, LABEL.stale, LABEL.forecasts, LABEL.column, LABEL.unit, LABEL.field]);

/**
 * The most the rows above the header row may weigh: a file with more is refused while it is read
 * (a file with no header row at all would otherwise be kept whole, cell by cell). The provenance
 * block of a wide sheet weighs about 670 per series, a long sheet's table about 550: the limit
 * holds some 70,000 series (README: Reliability).
 */
const PREAMBLE_LIMIT = 48 * 2 ** 20;

/** A row's weight above the header: its text, plus 16 per cell for the cell itself. */
function preambleWeight(row: Cell[]): number {
  let w = 0;
  for (const c of row) w += 16 + (typeof c?.v === 'string' ? c.v.length : 8);
  return w;
}

/** Reads one sheet pushed row by row; `finish` returns its Series. */
export class SheetReader {
  private readonly head: Cell[][] = [];
  /** What the rows above the header hold so far (preambleWeight), bounded by PREAMBLE_LIMIT. */
  private headWeight = 0;
  private body: Body | null = null;
  private index = 0;
  /** What the header row said the sheet is, once it was found. */
  layout: 'wide' | 'long' | 'service-export' | null = null;

  constructor(
    private readonly src: SheetSource,
    private readonly server: ServerOptions,
  ) {}

  /** The next row of the sheet (rows are numbered in push order, from 0). */
  push(row: Cell[]): void {
    const i = this.index;
    this.index += 1;
    if (this.body) {
      if (!isBlank(row)) this.body.push(row, i);
      return;
    }
    const first = row[0]?.v;
    const labels = row.map((c) => c?.v ?? null);
    if (first === LABEL.period) {
      this.body = wideBody(this.head, row, this.src);
      this.layout = 'wide';
    } else if (first === LABEL.series && labels.includes(LABEL.period) && labels.includes(LABEL.field)) {
      this.body = longBody(this.head, row, this.src);
      this.layout = 'long';
    } else {
      const fields = labels.map((v) => (typeof v === 'string' ? v : ''));
      const kind = datasetOfFields(fields);
      if (kind) {
        this.body = recordsBody(fields, kind, { ...this.server, file: this.src.file });
        this.layout = 'service-export';
      } else {
        this.head.push(row);
        this.headWeight += preambleWeight(row);
        if (this.headWeight > PREAMBLE_LIMIT) {
          throw new SheetsError('unreadable_file', `${this.src.file}: no header row found in its first ${this.head.length} rows (more than ${PREAMBLE_LIMIT / 2 ** 20} MiB of text above it, the most an export's provenance holds), so reading stopped: neither an Econdata export nor a service export file.`, { file: this.src.file });
        }
      }
    }
  }

  finish(): Series[] {
    if (!this.body) {
      throw new SheetsError('unreadable_file', `${this.src.file}: no header row found (neither an Econdata export nor a service export file).`, { file: this.src.file });
    }
    const series = this.body.finish();
    for (const s of series) checked(s, this.src.file);
    return series;
  }
}

/**
 * Core's assertSeries on a Series read from a file, so that a hand-edited sheet (a period typed
 * twice, rows out of order, text in a value cell) gets the same clear refusal as a bad service
 * answer, as this package's `unreadable_file` naming the file.
 */
function checked(series: Series, file: string): void {
  try {
    assertSeries(series);
  } catch (error) {
    if (!isEconError(error, 'invalid_response')) throw error;
    throw new SheetsError('unreadable_file', `${file}: ${error.message}`, { file, cause: error });
  }
}

function wideBody(head: Cell[][], header: Cell[], src: SheetSource): Body {
  const width = header.length;
  const meta = new Map<string, Cell[]>();
  const dimensionLabels: string[] = [];
  for (const row of head) {
    const label = typeof row[0]?.v === 'string' ? row[0].v : null;
    if (!label) continue;
    meta.set(label, row);
    if (!FIXED_LABELS.has(label)) dimensionLabels.push(label);
  }
  const metaText = (label: string, col: number): string | null => textOf(meta.get(label)?.[col]?.v, src);
  const hasProvenance = meta.has(LABEL.series);

  // Column-major accumulation, as Series holds it. The period column is read in the frequency
  // of the first series (a wide sheet has one frequency).
  const frequency = (hasProvenance ? metaText(LABEL.frequency, 1) : null) as Frequency | null;
  const periods: string[] = [];
  // Flag columns are named by the Field row; without provenance, by their values (TRUE/FALSE),
  // decided at a column's first non-empty cell.
  const flagCol = new Array<boolean | undefined>(width).fill(undefined);
  if (hasProvenance) for (let c = 1; c < width; c += 1) flagCol[c] = (metaText(LABEL.field, c) ?? '').startsWith('flag:');
  const numbers: Array<Array<number | null>> = Array.from({ length: width }, () => []);
  const flags: boolean[][] = Array.from({ length: width }, () => []);
  const isFlagValue = (v: Cell['v'] | undefined): boolean => typeof v === 'boolean' || v === 'TRUE' || v === 'FALSE';

  return {
    push(row, i) {
      periods.push(periodOf(row[0], frequency, src, i));
      for (let c = 1; c < width; c += 1) {
        const v = row[c]?.v;
        if (flagCol[c] === undefined && v !== null && v !== undefined && v !== '') flagCol[c] = isFlagValue(v);
        if (flagCol[c] !== false) flags[c]?.push(boolOf(v));
        if (flagCol[c] !== true) numbers[c]?.push(numberOf(v, src, `row ${i + 1}, column ${c + 1}`));
        else numbers[c]?.push(null);
      }
    },
    finish() {
      // Column groups: a series starts where its id is written; empty id cells continue the
      // previous one. Without provenance every value column is a series, and a flag belongs to the
      // value column before it.
      const groups: Array<{ start: number; cols: number[] }> = [];
      for (let c = 1; c < width; c += 1) {
        const starts = hasProvenance ? metaText(LABEL.series, c) !== null : flagCol[c] !== true;
        if (starts || groups.length === 0) groups.push({ start: c, cols: [c] });
        else groups[groups.length - 1]?.cols.push(c);
      }
      return groups.map((g) => {
        const at = g.start;
        const kind = (metaText(LABEL.kind, at) ?? 'indicator') as SeriesKind;
        const columns: SeriesColumn[] = [];
        const values: Array<Array<number | null>> = [];
        const seriesFlags: Record<string, boolean[]> = {};
        for (const c of g.cols) {
          if (flagCol[c] === true) {
            // Without provenance the header names the flag ('is_projection' or '<series>: is_projection').
            const name = metaText(LABEL.field, c)?.slice(5) ?? (textOf(header[c]?.v, src) ?? 'flag').split(': ').pop() ?? 'flag';
            seriesFlags[name] = flags[c] ?? [];
            continue;
          }
          const field = metaText(LABEL.field, c) ?? 'value';
          columns.push({ key: field, label: metaText(LABEL.column, c) ?? textOf(header[c]?.v, src) ?? '', unit: metaText(LABEL.unit, c) });
          values.push(numbers[c] ?? []);
        }
        const dimensions: Record<string, string> = {};
        for (const label of dimensionLabels) {
          const v = metaText(label, at);
          if (v !== null) dimensions[dimensionKey(label)] = v;
        }
        const fields = new Map([...meta.keys()].map((label) => [label, metaText(label, at)]));
        const s: Series = {
          id: metaText(LABEL.series, at) ?? columns[0]?.label ?? `column ${at + 1}`,
          kind,
          title: metaText(LABEL.title, at) ?? columns[0]?.label ?? '',
          frequency: (metaText(LABEL.frequency, at) as Frequency | null) ?? frequencyOfPeriod(periods[0] ?? '') ?? 'annual',
          dimensions,
          columns,
          // One period column, one axis: every series of the sheet shares the array (no copy of a
          // million periods per series, and core's assertSeries checks a shared axis once).
          periods,
          values,
          provenance: provenanceOf(fields, kind),
        };
        if (Object.keys(seriesFlags).length > 0) s.flags = seriesFlags;
        return s;
      });
    },
  };
}

interface LongSeries {
  id: string;
  periods: string[];
  index: Map<string, number>;
  columns: SeriesColumn[];
  values: Array<Array<number | null>>;
  flags: Record<string, boolean[]>;
  dims: Record<string, string>;
}

function longBody(head: Cell[][], headerRow: Cell[], src: SheetSource): Body {
  const header = headerRow.map((c) => (typeof c?.v === 'string' ? c.v : ''));
  const col = (label: string): number => header.indexOf(label);
  const [iSeries, iPeriod, iField, iLabel, iValue, iUnit] = [LABEL.series, LABEL.period, LABEL.field, LABEL.column, LABEL.value, LABEL.unit].map(col) as [number, number, number, number, number, number];
  const dimensionCols = header.map((l, i) => ({ l, i })).filter(({ i }) => i > iSeries && i < iPeriod);
  const flagCols = header.map((l, i) => ({ l, i })).filter(({ i }) => i > iUnit && header[i] !== '');

  // The provenance table: its header row, then one row per series.
  const table = head.filter((row) => !isBlank(row));
  const tableHeader = (table[0] ?? []).map((c) => (typeof c?.v === 'string' ? c.v : ''));
  const info = new Map<string, Map<string, string | null>>();
  for (const row of table.slice(1)) {
    const fields = new Map(tableHeader.map((label, i) => [label, textOf(row[i]?.v, src)]));
    info.set(fields.get(LABEL.series) ?? '', fields);
  }
  const acc = new Map<string, LongSeries>();

  return {
    push(row, i) {
      const id = textOf(row[iSeries]?.v, src) ?? '';
      const fields = info.get(id);
      let a = acc.get(id);
      if (!a) {
        const dims: Record<string, string> = {};
        for (const { l, i: c } of dimensionCols) {
          const v = fields?.get(l) ?? textOf(row[c]?.v, src);
          if (v !== null && v !== undefined) dims[dimensionKey(l)] = v;
        }
        acc.set(id, (a = { id, periods: [], index: new Map(), columns: [], values: [], flags: {}, dims }));
      }
      const period = periodOf(row[iPeriod], (fields?.get(LABEL.frequency) ?? null) as Frequency | null, src, i);
      let p = a.index.get(period);
      if (p === undefined) {
        p = a.periods.length;
        a.periods.push(period);
        a.index.set(period, p);
      }
      const key = textOf(row[iField]?.v, src) ?? 'value';
      let c = a.columns.findIndex((x) => x.key === key);
      if (c < 0) {
        c = a.columns.length;
        a.columns.push({ key, label: textOf(row[iLabel]?.v, src) ?? '', unit: textOf(row[iUnit]?.v, src) });
        a.values.push([]);
      }
      const values = a.values[c] ?? [];
      const value = numberOf(row[iValue]?.v, src, `row ${i + 1}`);
      // A second row for the same series, period and field: the same value is harmless, another one
      // would silently replace the first (a hand-edited file): say which row.
      if (values[p] !== undefined && values[p] !== value) {
        throw new SheetsError('unreadable_file', `${src.file}: row ${i + 1} gives ${key} of series ${JSON.stringify(id)} at ${period} as ${String(value)}, but an earlier row gave ${String(values[p])}. Keep one row per series, period and field, or export the data again.`, { file: src.file });
      }
      values[p] = value;
      for (const { l, i: fc } of flagCols) {
        const cellValue = row[fc]?.v;
        if (cellValue === null || cellValue === undefined || cellValue === '') continue;
        (a.flags[l] ??= [])[p] = boolOf(cellValue);
      }
    },
    finish() {
      return [...acc.values()].map((a) => {
        const fields = info.get(a.id) ?? new Map<string, string | null>();
        const kind = (fields.get(LABEL.kind) ?? a.id.split(':')[0] ?? 'indicator') as SeriesKind;
        const n = a.periods.length;
        const s: Series = {
          id: a.id,
          kind,
          title: fields.get(LABEL.title) ?? a.id,
          frequency: (fields.get(LABEL.frequency) as Frequency | null) ?? frequencyOfPeriod(a.periods[0] ?? '') ?? 'annual',
          dimensions: a.dims,
          columns: a.columns,
          periods: a.periods,
          values: a.values.map((v) => Array.from({ length: n }, (_, p) => v[p] ?? null)),
          provenance: provenanceOf(fields, kind),
        };
        const flagNames = Object.keys(a.flags);
        if (flagNames.length > 0) s.flags = Object.fromEntries(flagNames.map((f) => [f, Array.from({ length: n }, (_, p) => a.flags[f]?.[p] ?? false)]));
        return s;
      });
    },
  };
}

function recordsBody(fields: string[], kind: SeriesKind, server: ServerOptions): Body {
  const reader = new ExportRecords(kind);
  const column = new Map<string, number>();
  // A field named twice reads from its last column, as a record built left to right would.
  fields.forEach((f, i) => {
    if (f) column.set(f, i);
  });
  let current: Cell[] = [];
  // Service exports are plain RFC 4180 with no formula escape: their text is read verbatim.
  const view: RecordView = {
    get(field) {
      const i = column.get(field);
      return i === undefined ? undefined : current[i]?.v ?? null;
    },
  };
  return {
    push(row) {
      current = row;
      reader.push(view);
    },
    finish: () => reader.finish(server),
  };
}
