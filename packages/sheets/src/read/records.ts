/**
 * Records of the service's export files (`/export/csv`, `/export/excel`: a header row of the
 * record fields) into Series. The files carry no source code, metadata or query, so the caller
 * says what it asked for; otherwise the provenance says only that it came from an export file.
 *
 * Linear in the records: one pass groups them by series, each group is settled (sorted by period)
 * on its own, and nothing is asked of every record once per series (records.test.ts counts it).
 */
import type { Frequency, Provenance, Series, SeriesColumn, SeriesKind, SeriesQuery, StockIndex } from '@econdata/core';
import { SheetsError } from '../errors.ts';
import { seriesId } from '@econdata/core';
import { exportPeriods, keptEntries, PeriodReadings } from './export-axis.ts';

type RecordValue = string | number | boolean | Date | null;
export type ExportRecord = Record<string, RecordValue>;

export interface ServerExportOptions {
  /** The source code asked for (WB, IMF, GSO), used in ids and dimensions of indicator series. */
  source?: string;
  /** The service's source name (metadata.source), for the provenance. */
  sourceName?: string;
  lastUpdated?: string | null;
  /** When the file was downloaded (ISO 8601); default: the file's modification time, or now. */
  retrievedAt?: string;
  /** The query the export was made for. */
  query?: SeriesQuery;
  /** The export route, default '/export/csv' or '/export/excel' by file type. */
  endpoint?: string;
  /** The file's name, for error messages (the readers set it). */
  file?: string;
}

/** Which dataset a header row of record fields belongs to, or null when it is none of ours. */
export function datasetOfFields(fields: readonly string[]): SeriesKind | null {
  const has = (f: string): boolean => fields.includes(f);
  if (has('indicator_code') && has('value')) return 'indicator';
  if (has('flow') && has('period') && has('value')) return 'trade';
  if ((has('symbol') || has('index')) && has('date') && has('close')) return 'stock';
  return null;
}

function num(v: RecordValue | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  const n = Number(v);
  if (typeof v === 'string' && Number.isFinite(n)) return n;
  throw new SheetsError('unreadable_file', `Expected a number in the export, got ${JSON.stringify(v)}`);
}

function text(v: RecordValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

function bool(v: RecordValue | undefined): boolean {
  return v === true || (typeof v === 'string' && v.toLowerCase() === 'true');
}

/** A row of a service export, read by field name (an object record, or a sheet row under its header). */
export interface RecordView {
  /** The field's value; undefined when the file has no such column. */
  get(field: string): RecordValue | undefined;
}

/** The fields that name a series, that vary by row, and the period field, per dataset. */
const VALUE_COLUMNS: Record<SeriesKind, readonly string[]> = {
  indicator: ['value'], trade: ['value', 'ytd_value'], stock: ['open', 'high', 'low', 'close', 'volume'],
};

/** What each dataset keeps of a series' first row: the fields its title, dimensions and units come from. */
const FIRST_FIELDS: Record<SeriesKind, readonly string[]> = {
  indicator: ['indicator_code', 'indicator_name', 'country_code', 'country_name', 'unit'],
  trade: ['flow', 'partner', 'partner_name', 'hs_code', 'hs_description', 'unit'],
  stock: ['symbol', 'index', 'unit'],
};

/**
 * One series' rows: its first row's naming fields, then per row only what varies (the period as
 * written, the values read as numbers, the projection flag), so a 200 MB file is not held as
 * millions of record objects.
 */
interface Group {
  first: ExportRecord;
  periods: string[];
  values: Array<Array<number | null>>;
  projections: boolean[];
}

function seriesKey(kind: SeriesKind, r: RecordView): string {
  if (kind === 'indicator') return `${text(r.get('indicator_code'))}\u0000${text(r.get('country_code'))}`;
  if (kind === 'trade') return `${text(r.get('flow'))}\u0000${text(r.get('partner'))}\u0000${text(r.get('hs_code'))}`;
  return r.get('symbol') ? `symbol:${text(r.get('symbol'))}` : `index:${text(r.get('index'))}`;
}

/**
 * A copy of `s` that holds no other string. A field the CSV reader gives is a slice of the chunk
 * of the file it was read from, and V8 keeps a slice of 13 or more characters as a pointer into its
 * parent: a name kept from each series' first row would keep every chunk, the whole file's text,
 * alive (196 MB of a 196 MB export). Prefixing a character makes a new string of both, which the
 * slice then flattens into a fresh copy of its own.
 */
function ownCopy(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

function periodText(kind: SeriesKind, r: RecordView): string {
  if (kind === 'indicator') return r.get('period') ? text(r.get('period')) : text(r.get('year'));
  return text(r.get(kind === 'trade' ? 'period' : 'date'));
}

/**
 * Reads a service export's records in one pass, grouping them by series as they come (files are
 * grouped by series, so the last group is usually the one), and builds the Series at the end.
 */
export class ExportRecords {
  private readonly groups = new Map<string, Group>();
  private lastKey: string | undefined;
  private last: Group | undefined;
  /** Whether the file carries projection flags: a property of the file, not of a series. */
  private flagged = false;
  /**
   * The texts kept beyond their row, one own copy (ownCopy) per distinct text: the names of each
   * series' first row (40 countries share an indicator's name) and the periods of every row (the
   * same years, months, days in every series).
   */
  private readonly texts = new Map<string, string>();
  /** What each period text reads as, once per file. */
  private readonly readings = new PeriodReadings();

  constructor(private readonly kind: SeriesKind) {}

  push(r: RecordView): void {
    const key = seriesKey(this.kind, r);
    let g = key === this.lastKey ? this.last : this.groups.get(key);
    if (!g) {
      const first: ExportRecord = {};
      for (const f of FIRST_FIELDS[this.kind]) {
        const v = r.get(f);
        if (v !== undefined) first[f] = typeof v === 'string' ? this.kept(v) : v;
      }
      g = { first, periods: [], values: VALUE_COLUMNS[this.kind].map(() => []), projections: [] };
      this.groups.set(ownCopy(key), g);
    }
    this.lastKey = key;
    this.last = g;
    g.periods.push(this.kept(periodText(this.kind, r)));
    const columns = VALUE_COLUMNS[this.kind];
    for (let c = 0; c < columns.length; c += 1) g.values[c]!.push(num(r.get(columns[c]!)));
    if (this.kind === 'indicator') {
      const flag = r.get('is_projection');
      if (flag !== undefined && flag !== '' && flag !== null) this.flagged = true;
      g.projections.push(bool(flag));
    }
  }

  private kept(text: string): string {
    let kept = this.texts.get(text);
    if (kept === undefined) this.texts.set((kept = ownCopy(text)), kept);
    return kept;
  }

  finish(options: ServerExportOptions & { retrievedAt: string; endpoint: string }): Series[] {
    const series: Series[] = [];
    for (const [key, g] of this.groups) {
      series.push(seriesOf(this.kind, g, this.flagged, options, this.readings));
      // Each group is let go once its Series is built: the rows read and the Series made from them
      // are never all held at once (the peak of a 200 MB file, pnpm bench sheets).
      this.groups.delete(key);
    }
    this.last = undefined;
    return series;
  }
}

/** Sorts a group's rows by their canonical periods (export-axis.ts) and builds its Series. */
function seriesOf(kind: SeriesKind, g: Group, flagged: boolean, options: ServerExportOptions & { retrievedAt: string; endpoint: string }, readings: PeriodReadings): Series {
  const r = g.first;
  const unit = text(r['unit']) || null;
  let base: Omit<Series, 'periods' | 'values' | 'provenance'>;
  let query: SeriesQuery;
  let given: Frequency | undefined;
  if (kind === 'indicator') {
    const source = options.source;
    const indicator = text(r['indicator_code']);
    const country = text(r['country_code']);
    query = { kind: 'indicator', source: source ?? '', indicator, ...(country ? { country } : {}) };
    given = options.query?.kind === 'indicator' ? options.query.frequency : undefined;
    const dimensions: Record<string, string> = { ...(source ? { source } : {}), indicator, indicator_name: text(r['indicator_name']), country, country_name: text(r['country_name']) };
    const columns: SeriesColumn[] = [{ key: 'value', label: text(r['indicator_name']), unit: text(r['unit']) || null }];
    base = { id: seriesId(query), kind, title: `${text(r['indicator_name'])}: ${text(r['country_name'])}`, frequency: 'annual', dimensions, columns };
  } else if (kind === 'trade') {
    const dimensions = { flow: text(r['flow']), partner: text(r['partner']), partner_name: text(r['partner_name']), hs_code: text(r['hs_code']), hs_description: text(r['hs_description']) };
    const columns: SeriesColumn[] = [
      { key: 'value', label: 'Value', unit },
      { key: 'ytd_value', label: 'Year to date', unit },
    ];
    query = { kind: 'trade', flow: dimensions.flow as 'exports', partner: dimensions.partner, hs_code: dimensions.hs_code };
    given = 'monthly';
    const title = `Viet Nam ${dimensions.flow}: ${dimensions.partner_name || dimensions.partner}, ${dimensions.hs_description || dimensions.hs_code}`;
    base = { id: seriesId(query), kind, title, frequency: 'monthly', dimensions, columns };
  } else {
    const which = r['symbol'] ? 'symbol' : 'index';
    const code = text(r[which]);
    const columns: SeriesColumn[] = [
      { key: 'open', label: 'Open', unit },
      { key: 'high', label: 'High', unit },
      { key: 'low', label: 'Low', unit },
      { key: 'close', label: 'Close', unit },
      { key: 'volume', label: 'Volume', unit: 'shares' },
    ];
    query = which === 'symbol' ? { kind: 'stock', symbol: code } : { kind: 'stock', index: code as StockIndex };
    given = 'daily';
    base = { id: seriesId(query), kind, title: code, frequency: 'daily', dimensions: { [which]: code }, columns };
  }
  const { frequency, periods } = exportPeriods(g.periods, given, base.id, options.file, readings);
  const order = periods.map((_, i) => i).sort((a, b) => (periods[a]! < periods[b]! ? -1 : periods[a]! > periods[b]! ? 1 : a - b));
  const sorted = <T>(list: readonly T[]): T[] => order.map((i) => list[i]!);
  const axis = sorted(periods);
  const values = g.values.map(sorted);
  const flagValues = kind === 'indicator' && flagged ? [sorted(g.projections)] : [];
  const keep = keptEntries(axis, values, flagValues, base.id, options.file);
  const kept = <T>(list: T[]): T[] => (keep.length === list.length ? list : keep.map((i) => list[i]!));
  const s: Series = {
    ...base, frequency: kind === 'indicator' ? frequency : base.frequency, periods: kept(axis), values: values.map(kept),
    provenance: {
      source: options.sourceName ?? 'Economic Data Service export file',
      last_updated: options.lastUpdated ?? null,
      retrieved_at: options.retrievedAt,
      endpoint: options.endpoint,
      query: options.query ?? query,
    } satisfies Provenance,
  };
  if (flagValues.length > 0) s.flags = { is_projection: kept(flagValues[0]!) };
  return s;
}

/** Series from the records of a server export file. */
export function recordsToSeries(records: readonly ExportRecord[], kind: SeriesKind, options: ServerExportOptions & { retrievedAt: string; endpoint: string }): Series[] {
  const reader = new ExportRecords(kind);
  let current: ExportRecord = {};
  const view: RecordView = { get: (field) => current[field] };
  for (const r of records) {
    current = r;
    reader.push(view);
  }
  return reader.finish(options);
}
