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
import { exportPeriods, keptEntries } from './export-axis.ts';

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

interface Group {
  key: string;
  first: ExportRecord;
  periods: string[];
  rows: ExportRecord[];
}

function groupBy(records: readonly ExportRecord[], key: (r: ExportRecord) => string): Group[] {
  const groups = new Map<string, Group>();
  for (const r of records) {
    const k = key(r);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { key: k, first: r, periods: [], rows: [] }));
    g.rows.push(r);
  }
  return [...groups.values()];
}

/** Reads a group's periods into the canonical form (export-axis.ts) and sorts its rows by them; returns the frequency. */
function settle(g: Group, period: (r: ExportRecord) => string, given: Frequency | undefined, seriesId: string, file: string | undefined): Frequency {
  const { frequency, periods } = exportPeriods(g.rows.map(period), given, seriesId, file);
  const order = periods.map((_, i) => i).sort((a, b) => (periods[a]! < periods[b]! ? -1 : periods[a]! > periods[b]! ? 1 : a - b));
  g.rows = order.map((i) => g.rows[i]!);
  g.periods = order.map((i) => periods[i]!);
  return frequency;
}

/** Series from the records of a server export file. */
export function recordsToSeries(records: readonly ExportRecord[], kind: SeriesKind, options: ServerExportOptions & { retrievedAt: string; endpoint: string }): Series[] {
  const provenance = (query: SeriesQuery): Provenance => ({
    source: options.sourceName ?? 'Economic Data Service export file',
    last_updated: options.lastUpdated ?? null,
    retrieved_at: options.retrievedAt,
    endpoint: options.endpoint,
    query: options.query ?? query,
  });
  const build = (g: Group, base: Omit<Series, 'periods' | 'values' | 'provenance'>, query: SeriesQuery, flags: string[] = []): Series => {
    const values = base.columns.map((c) => g.rows.map((r) => num(r[c.key])));
    const flagValues = flags.map((f) => g.rows.map((r) => bool(r[f])));
    const keep = keptEntries(g.periods, values, flagValues, base.id, options.file);
    const kept = <T>(list: T[]): T[] => (keep.length === list.length ? list : keep.map((i) => list[i]!));
    const s: Series = { ...base, periods: kept(g.periods), values: values.map(kept), provenance: provenance(query) };
    if (flags.length > 0) s.flags = Object.fromEntries(flags.map((f, i) => [f, kept(flagValues[i]!)]));
    return s;
  };

  if (kind === 'indicator') {
    const period = (r: ExportRecord): string => (r['period'] ? text(r['period']) : text(r['year']));
    const source = options.source;
    const asked = options.query?.kind === 'indicator' ? options.query.frequency : undefined;
    // Whether the file carries projection flags is a property of the file: asked once, not per series.
    const flags = records.some((x) => 'is_projection' in x && x['is_projection'] !== '' && x['is_projection'] !== null) ? ['is_projection'] : [];
    return groupBy(records, (r) => `${text(r['indicator_code'])}\u0000${text(r['country_code'])}`).map((g) => {
      const r = g.first;
      const indicator = text(r['indicator_code']);
      const country = text(r['country_code']);
      const query: SeriesQuery = { kind: 'indicator', source: source ?? '', indicator, ...(country ? { country } : {}) };
      const frequency = settle(g, period, asked, seriesId(query), options.file);
      const dimensions: Record<string, string> = { ...(source ? { source } : {}), indicator, indicator_name: text(r['indicator_name']), country, country_name: text(r['country_name']) };
      const columns: SeriesColumn[] = [{ key: 'value', label: text(r['indicator_name']), unit: text(r['unit']) || null }];
      return build(g, { id: seriesId(query), kind, title: `${text(r['indicator_name'])}: ${text(r['country_name'])}`, frequency, dimensions, columns }, query, flags);
    });
  }
  if (kind === 'trade') {
    return groupBy(records, (r) => [r['flow'], r['partner'], r['hs_code']].map(text).join('\u0000')).map((g) => {
      const r = g.first;
      const unit = text(r['unit']) || null;
      const dimensions = { flow: text(r['flow']), partner: text(r['partner']), partner_name: text(r['partner_name']), hs_code: text(r['hs_code']), hs_description: text(r['hs_description']) };
      const columns: SeriesColumn[] = [
        { key: 'value', label: 'Value', unit },
        { key: 'ytd_value', label: 'Year to date', unit },
      ];
      const query: SeriesQuery = { kind: 'trade', flow: dimensions.flow as 'exports', partner: dimensions.partner, hs_code: dimensions.hs_code };
      settle(g, (x) => text(x['period']), 'monthly', seriesId(query), options.file);
      const title = `Viet Nam ${dimensions.flow}: ${dimensions.partner_name || dimensions.partner}, ${dimensions.hs_description || dimensions.hs_code}`;
      return build(g, { id: seriesId(query), kind, title, frequency: 'monthly', dimensions, columns }, query);
    });
  }
  return groupBy(records, (r) => (r['symbol'] ? `symbol:${text(r['symbol'])}` : `index:${text(r['index'])}`)).map((g) => {
    const r = g.first;
    const unit = text(r['unit']) || null;
    const which = r['symbol'] ? 'symbol' : 'index';
    const code = text(r[which]);
    const columns: SeriesColumn[] = [
      { key: 'open', label: 'Open', unit },
      { key: 'high', label: 'High', unit },
      { key: 'low', label: 'Low', unit },
      { key: 'close', label: 'Close', unit },
      { key: 'volume', label: 'Volume', unit: 'shares' },
    ];
    const query: SeriesQuery = which === 'symbol' ? { kind: 'stock', symbol: code } : { kind: 'stock', index: code as StockIndex };
    settle(g, (x) => text(x['date']), 'daily', seriesId(query), options.file);
    return build(g, { id: seriesId(query), kind, title: code, frequency: 'daily', dimensions: { [which]: code }, columns }, query);
  });
}
