/**
 * The core calls main makes on the renderer's behalf, in one place: the list calls and the
 * streamed export, each with its query object and one options object (core's call shape).
 */
import type { ApiResult, CallOptions, CountryInfo, EconDataClient, ExportOptions, ExportQuery, IndicatorInfo, SourceInfo } from '@econdata/core';
import { saveExport, type SavedExport } from '@econdata/core/node';

/** GET /sources. */
export function listSources(client: EconDataClient, call: CallOptions): Promise<ApiResult<SourceInfo>> {
  return client.listSources({}, call);
}

/** GET /sources/{code}/indicators. */
export function listSourceIndicators(client: EconDataClient, query: { source_code: string; q?: string }, call: CallOptions): Promise<ApiResult<IndicatorInfo>> {
  return client.listSourceIndicators(query, call);
}

/** GET /countries. */
export function listCountries(client: EconDataClient, call: CallOptions): Promise<ApiResult<CountryInfo>> {
  return client.listCountries({}, call);
}

/** /export/csv or /export/excel streamed into `path` (temp name + rename). */
export function downloadExport(client: EconDataClient, format: 'csv' | 'excel', query: ExportQuery, path: string, options: ExportOptions): Promise<SavedExport> {
  return saveExport(client, { format, ...query }, { path, ...options });
}
