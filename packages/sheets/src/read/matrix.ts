/**
 * Reading a sheet back into Series: a matrix of cells (from our CSV or XLSX, or a server export)
 * is recognised by its header row. Our wide and long layouts are read through their provenance
 * block; a header row of record fields is a server export.
 *
 * Wide sheets put every series on one shared period axis, so a series read back has every axis
 * period, with null where it had no observation (missing is null, as everywhere). Long sheets keep
 * each series' own periods.
 */
import type { Frequency, Provenance, Series, SeriesColumn, SeriesKind } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import { dateToPeriod, excelSerialToDate, frequencyOfPeriod } from '../grid/periods.ts';
import { dimensionKey, LABEL, parseQueryText, STALE_TEXT } from '../grid/provenance.ts';
import type { Cell, CellValue } from '../grid/types.ts';
import { datasetOfFields, recordsToSeries, type ExportRecord, type ServerExportOptions } from './records.ts';

/** How text cells of a matrix were stored: CSV text is formula-escaped and holds numbers as text. */
export interface MatrixSource {
  /** Turns a text cell back into the text that was written (CSV: undo the formula escape). */
  unescape: (text: string) => string;
  /** Where the matrix came from, for error messages. */
  file: string;
}

const FIXED_LABELS = new Set<string>([LABEL.series, LABEL.title, LABEL.kind, LABEL.frequency, LABEL.source, LABEL.lastUpdated, LABEL.retrievedAt, LABEL.query, LABEL.stale, LABEL.column, LABEL.unit, LABEL.field]);

function textOf(v: CellValue | undefined, src: MatrixSource): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') return src.unescape(v);
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

function numberOf(v: CellValue | undefined, src: MatrixSource, where: string): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  const n = Number(v);
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(n)) return n;
  throw new SheetsError('unreadable_file', `${src.file}: expected a number at ${where}, found ${JSON.stringify(v)}. The file was edited or is not an Econdata export.`, { file: src.file });
}

function boolOf(v: CellValue | undefined): boolean {
  return v === true || v === 1 || v === 'TRUE' || v === 'true';
}

/** The period string of a period cell, in the given (or guessed) frequency. */
function periodOf(c: Cell | undefined, frequency: Frequency | null, src: MatrixSource, row: number): string {
  const v = c?.v;
  if (typeof v === 'string' && frequencyOfPeriod(v)) return v;
  const date = v instanceof Date ? v : typeof v === 'number' ? excelSerialToDate(v) : null;
  if (date) return dateToPeriod(date, frequency ?? frequencyOfFormat(c?.fmt));
  throw new SheetsError('unreadable_file', `${src.file}: row ${row + 1} has no period (found ${JSON.stringify(v ?? null)}).`, { file: src.file });
}

function frequencyOfFormat(fmt: string | undefined): Frequency {
  if (!fmt) return 'daily';
  if (fmt.includes('-Q')) return 'quarterly';
  if (fmt === 'yyyy') return 'annual';
  if (fmt === 'yyyy-mm') return 'monthly';
  return 'daily';
}

function provenanceOf(fields: Map<string, string | null>, kind: SeriesKind): Provenance {
  const { endpoint, query } = parseQueryText(fields.get(LABEL.query) ?? '', kind);
  const p: Provenance = {
    source: fields.get(LABEL.source) ?? '',
    last_updated: fields.get(LABEL.lastUpdated) ?? null,
    retrieved_at: fields.get(LABEL.retrievedAt) ?? '',
    endpoint,
    query,
  };
  const stale = fields.get(LABEL.stale);
  if (stale !== undefined && stale !== null) p.stale = stale === STALE_TEXT;
  return p;
}

const isBlank = (row: Cell[] | undefined): boolean => !row || row.every((c) => c.v === null || c.v === '');

/** Reads the Series of one sheet; `serverOptions` applies when it turns out to be a server export. */
export function matrixToSeries(matrix: Cell[][], src: MatrixSource, serverOptions: ServerExportOptions & { retrievedAt: string; endpoint: string }): Series[] {
  for (let r = 0; r < matrix.length; r += 1) {
    const row = matrix[r] ?? [];
    const first = row[0]?.v;
    if (first === LABEL.period) return readWide(matrix, r, src);
    const labels = row.map((c) => c.v);
    if (first === LABEL.series && labels.includes(LABEL.period) && labels.includes(LABEL.field)) return readLong(matrix, r, src);
    const fields = labels.map((v) => (typeof v === 'string' ? v : ''));
    const kind = datasetOfFields(fields);
    if (kind) return readRecords(matrix, r, fields, kind, serverOptions);
  }
  throw new SheetsError('unreadable_file', `${src.file}: no header row found (neither an Econdata export nor a service export file).`, { file: src.file });
}

function readWide(matrix: Cell[][], h: number, src: MatrixSource): Series[] {
  const header = matrix[h] ?? [];
  const width = header.length;
  const meta = new Map<string, Cell[]>();
  const dimensionLabels: string[] = [];
  for (const row of matrix.slice(0, h)) {
    const label = typeof row[0]?.v === 'string' ? row[0].v : null;
    if (!label) continue;
    meta.set(label, row);
    if (!FIXED_LABELS.has(label)) dimensionLabels.push(label);
  }
  const metaText = (label: string, col: number): string | null => textOf(meta.get(label)?.[col]?.v, src);
  const hasProvenance = meta.has(LABEL.series);

  // Column groups: a series starts where its id is written; empty id cells continue the previous one.
  const groups: Array<{ start: number; cols: number[] }> = [];
  for (let c = 1; c < width; c += 1) {
    if (!hasProvenance || metaText(LABEL.series, c) !== null || groups.length === 0) groups.push({ start: c, cols: [c] });
    else groups[groups.length - 1]?.cols.push(c);
  }

  const bodyRows = matrix.slice(h + 1).filter((row) => !isBlank(row));
  return groups.map((g) => {
    const at = g.start;
    const frequencyText = metaText(LABEL.frequency, at) as Frequency | null;
    const kind = (metaText(LABEL.kind, at) ?? 'indicator') as SeriesKind;
    const periods = bodyRows.map((row, i) => periodOf(row[0], frequencyText, src, h + 1 + i));
    const frequency = frequencyText ?? frequencyOfPeriod(periods[0] ?? '') ?? 'annual';
    const columns: SeriesColumn[] = [];
    const values: Array<Array<number | null>> = [];
    const flags: Record<string, boolean[]> = {};
    for (const c of g.cols) {
      const field = metaText(LABEL.field, c) ?? 'value';
      const label = metaText(LABEL.column, c) ?? textOf(header[c]?.v, src) ?? '';
      if (field.startsWith('flag:')) {
        flags[field.slice(5)] = bodyRows.map((row) => boolOf(row[c]?.v));
        continue;
      }
      columns.push({ key: field, label, unit: metaText(LABEL.unit, c) });
      values.push(bodyRows.map((row, i) => numberOf(row[c]?.v, src, `row ${h + 2 + i}, column ${c + 1}`)));
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
      frequency,
      dimensions,
      columns,
      periods,
      values,
      provenance: provenanceOf(fields, kind),
    };
    if (Object.keys(flags).length > 0) s.flags = flags;
    return s;
  });
}

function readLong(matrix: Cell[][], h: number, src: MatrixSource): Series[] {
  const header = (matrix[h] ?? []).map((c) => (typeof c.v === 'string' ? c.v : ''));
  const col = (label: string): number => header.indexOf(label);
  const [iSeries, iPeriod, iField, iLabel, iValue, iUnit] = [LABEL.series, LABEL.period, LABEL.field, LABEL.column, LABEL.value, LABEL.unit].map(col) as [number, number, number, number, number, number];
  const dimensionCols = header.map((l, i) => ({ l, i })).filter(({ i }) => i > iSeries && i < iPeriod);
  const flagCols = header.map((l, i) => ({ l, i })).filter(({ i }) => i > iUnit && header[i] !== '');

  // The provenance table: its header row, then one row per series.
  const table = matrix.slice(0, h).filter((row) => !isBlank(row));
  const tableHeader = (table[0] ?? []).map((c) => (typeof c.v === 'string' ? c.v : ''));
  const info = new Map<string, Map<string, string | null>>();
  for (const row of table.slice(1)) {
    const fields = new Map(tableHeader.map((label, i) => [label, textOf(row[i]?.v, src)]));
    info.set(fields.get(LABEL.series) ?? '', fields);
  }

  interface Acc { id: string; periods: string[]; index: Map<string, number>; columns: SeriesColumn[]; values: Array<Array<number | null>>; flags: Record<string, boolean[]>; dims: Record<string, string> }
  const acc = new Map<string, Acc>();
  matrix.slice(h + 1).forEach((row, i) => {
    if (isBlank(row)) return;
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
    const frequency = (fields?.get(LABEL.frequency) ?? null) as Frequency | null;
    const period = periodOf(row[iPeriod], frequency, src, h + 1 + i);
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
    values[p] = numberOf(row[iValue]?.v, src, `row ${h + 2 + i}`);
    for (const { l, i: fc } of flagCols) {
      const cellValue = row[fc]?.v;
      if (cellValue === null || cellValue === undefined || cellValue === '') continue;
      (a.flags[l] ??= [])[p] = boolOf(cellValue);
    }
  });

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
}

function readRecords(matrix: Cell[][], h: number, fields: string[], kind: SeriesKind, options: ServerExportOptions & { retrievedAt: string; endpoint: string }): Series[] {
  const records: ExportRecord[] = [];
  for (const row of matrix.slice(h + 1)) {
    if (isBlank(row)) continue;
    const record: ExportRecord = {};
    fields.forEach((f, i) => {
      if (!f) return;
      const v = row[i]?.v ?? null;
      // Service exports are plain RFC 4180 with no formula escape: their text is read verbatim.
      record[f] = v;
    });
    records.push(record);
  }
  return recordsToSeries(records, kind, options);
}
