/** The four ways to export what is shown, and the contract request each one makes. */
import type { DerivedRequest } from '@econdata/analysis';
import type { ExportQuery, Series, SeriesQuery } from '@econdata/core';
import type { Destination, ServiceExportRequest, WriteLocalRequest } from '../../shared/contract.ts';

export type ExportKind = 'local-xlsx' | 'local-csv' | 'local-csv-data' | 'service-excel' | 'service-csv';

export const EXPORT_KINDS: Array<{ kind: ExportKind; label: string; hint: string }> = [
  { kind: 'local-xlsx', label: 'Excel workbook (.xlsx)', hint: 'Written here: a sheet per frequency, provenance on top, dates as real dates.' },
  { kind: 'local-csv', label: 'CSV for Excel (.csv)', hint: 'Written here: UTF-8 with BOM, the same layout as the workbook: where the data came from above the header.' },
  {
    kind: 'local-csv-data', label: 'CSV for pandas, R, code (.csv + .provenance.json)',
    hint: 'Written here for code: the header on the first line (pandas.read_csv reads it as is), no BOM; where the data came from goes in <name>.provenance.json beside it. To Downloads only.',
  },
  { kind: 'service-excel', label: "Service's Excel export", hint: "The service's own /export/excel file, one query at a time, downloaded from the service now (a request of your quota): it holds the data as published today, which differs from the chart if the source revised it since." },
  { kind: 'service-csv', label: "Service's CSV export", hint: "The service's own /export/csv file, one query at a time, downloaded from the service now (a request of your quota): it holds the data as published today, which differs from the chart if the source revised it since." },
];

/** The two CSVs written here: wherever one is offered, both are (the dialog switches between them). */
export type CsvKind = Extract<ExportKind, 'local-csv' | 'local-csv-data'>;
export const CSV_KINDS: readonly CsvKind[] = ['local-csv-data', 'local-csv'];
export const isCsvKind = (kind: ExportKind): kind is CsvKind => (CSV_KINDS as readonly string[]).includes(kind);

/** Where the explorer remembers the last CSV kind chosen (the renderer's own storage: a choice, no secret). */
const CSV_KIND_KEY = 'econdata.export.csvKind';

/**
 * The CSV kind to offer first: the one chosen last, else the data-only CSV, the one pandas.read_csv
 * reads without skiprows (issue 28: the ordinary CSV's provenance lines above the header tripped it).
 */
export function rememberedCsvKind(storage: Pick<Storage, 'getItem'> | undefined): CsvKind {
  const stored = storage?.getItem(CSV_KIND_KEY);
  return stored === 'local-csv' || stored === 'local-csv-data' ? stored : 'local-csv-data';
}

/** Remembers the CSV kind chosen, for the next export. */
export function rememberCsvKind(storage: Pick<Storage, 'setItem'> | undefined, kind: CsvKind): void {
  storage?.setItem(CSV_KIND_KEY, kind);
}

/** The service's export takes one query, in its own parameters (no `kind`; `dataset` names it). */
function exportQueryOf(query: SeriesQuery): ExportQuery {
  const { kind, ...rest } = query;
  const dataset = kind === 'indicator' ? 'indicators' : kind === 'trade' ? 'trade' : 'stocks';
  return { dataset, ...rest } as ExportQuery;
}

/** A contract request without its job id: the client's job runner gives it one. */
export type ExportRequest =
  | { operation: 'exports.writeLocal'; request: Omit<WriteLocalRequest, 'jobId'> }
  | { operation: 'exports.service'; request: Omit<ServiceExportRequest, 'jobId'> };

/**
 * The request for an export kind, or a sentence saying why it cannot be made (the service's export
 * takes one query, untransformed). Files written here hold what the chart shows: its `series` (the
 * numbers written, nothing fetched again), with the `transform` and, for a derived view, its recipes
 * (`derived`; `queries` are then their operands) that a saved export keeps for its re-run.
 */
export function exportRequest(kind: ExportKind, queries: readonly SeriesQuery[], name: string, destination: Destination, transform = '', derived?: readonly DerivedRequest[], series?: readonly Series[]): ExportRequest | string {
  if (kind === 'local-csv-data' && destination === 'library') {
    return 'Saved exports keep provenance inside their files, so a data-only CSV goes to Downloads. Choose Downloads, or the ordinary CSV to save it in Saved exports.';
  }
  if (kind === 'local-xlsx' || kind === 'local-csv' || kind === 'local-csv-data') {
    const shown = derived ? { derived: [...derived] } : transform ? { transform } : {};
    const dataOnly = kind === 'local-csv-data' ? { dataOnly: true } : {};
    const numbers = series ? { series: [...series] } : {};
    return { operation: 'exports.writeLocal', request: { queries: [...queries], format: kind === 'local-xlsx' ? 'xlsx' : 'csv', name, destination, ...shown, ...dataOnly, ...numbers } };
  }
  if (derived) {
    return `The service's own export holds series as the service publishes them; a derived series is computed here from ${queries.length} of them. Export a workbook or CSV written here: it keeps the formula, and Saved exports can re-run it.`;
  }
  if (transform) {
    return `The service's own export holds the series as the service publishes them, not as shown here (${transform}). Export a workbook or CSV written here to keep what the chart shows, or choose Level to export the service's file.`;
  }
  const [only] = queries;
  if (!only || queries.length > 1) {
    return `The service's own export covers one query, and this view holds ${queries.length}. Export it as a workbook or CSV written here, or fetch one series.`;
  }
  if (only.kind === 'trade' && (only.start_period !== undefined || only.end_period !== undefined)) {
    return `The service's own export holds one month or every month, not a range (${only.start_period ?? 'the first month'} to ${only.end_period ?? 'the last month'}). Export a workbook or CSV written here, which holds the months shown.`;
  }
  return { operation: 'exports.service', request: { format: kind === 'service-excel' ? 'excel' : 'csv', query: exportQueryOf(only), name, destination } };
}
