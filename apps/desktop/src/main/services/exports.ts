/**
 * Exports on the renderer's behalf: CSV and XLSX written locally through sheets, and the service's
 * own /export/csv and /export/excel streamed to a file. Either goes to the library, Downloads, or a
 * native save dialog (Electron).
 *
 * A file written here holds the series the renderer shows, sent with the request: nothing is
 * fetched again, so the file has the chart's numbers however long ago it was drawn (a re-fetch
 * past the cache's hour would spend quota and could write what the service revised since). Only a
 * request without them (a caller that shows nothing) fetches its queries through analysis's one
 * path. The deliberate fetches are the service's own export (a download of today's data, which
 * the export dialog says) and the library's re-run (which compares with the original).
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AbortError, InvalidParameterError, type ExportQuery, type NameLanguage, type Series, type SeriesQuery } from '@econdata/core';
import { fileStem, layoutSeries } from '@econdata/sheets';
import type { ExportLibrary} from '@econdata/sheets/node';
import { readCsv, readXlsx, writeCsv, writeDataCsv, writeSeriesXlsx } from '@econdata/sheets/node';
import { saveExport } from '@econdata/core/node';
import type { Destination, ExportResult, ServiceExportRequest, WriteLocalRequest } from '../../shared/contract.ts';
import type { AppFolders } from '../paths.ts';
import type { Job } from './jobs.ts';
import { claimFile, type FileDialogs } from './files.ts';
import type { Session } from './session.ts';
import { fetchDerived, fetchShown, fromClient } from '@econdata/analysis';
import { openShown } from './library.ts';

/** The SeriesQuery an export query stands for (the library re-runs it). */
function seriesQueryOf(query: ExportQuery): SeriesQuery {
  if (query.dataset === 'trade') {
    const { dataset: _d, ...rest } = query;
    return { kind: 'trade', ...rest };
  }
  if (query.dataset === 'stocks') {
    const { dataset: _d, ...rest } = query;
    return { kind: 'stock', ...rest };
  }
  const { dataset: _d, ...rest } = query;
  return { kind: 'indicator', ...rest };
}

export class ExportService {
  constructor(
    private readonly session: Session,
    private readonly library: ExportLibrary,
    private readonly folders: AppFolders,
    private readonly dialogs: FileDialogs | undefined,
  ) {}

  /** Where a file of this export goes; null when a dialog was cancelled. */
  private async target(destination: Exclude<Destination, 'library'>, name: string, extension: 'csv' | 'xlsx'): Promise<string | null> {
    if (destination === 'downloads') return claimFile(this.folders.downloads, fileStem(name), extension);
    if (this.dialogs === undefined) {
      throw new InvalidParameterError('destination', 'Invalid request: destination "dialog" needs a file dialog, which web mode has not; choose "library" or "downloads" (the file\'s path is shown once saved).');
    }
    return this.dialogs.saveFile(`${fileStem(name)}.${extension}`, extension);
  }

  /**
   * Fetches the queries as the chart shows them (the same transform and common frequency), for a
   * request that brings no series; every one must succeed: a missing series would be a silent hole in the file.
   */
  private async fetch(request: WriteLocalRequest, job: Job, language: NameLanguage): Promise<Series[]> {
    // A saved export opened: its file's series as shown (the same transform), offline.
    if (request.saved !== undefined) return (await openShown(this.library, request.saved, request.transform)).series;
    const { fetch, names } = fromClient(await this.session.client());
    const options = { signal: job.signal, onProgress: job.fetchProgress, names, language };
    const results = request.derived ? await fetchDerived(fetch, request.derived, options) : await fetchShown(fetch, request.queries, request.transform, options);
    const series: Series[] = [];
    for (const result of results) {
      if (!result.ok) throw result.error;
      series.push(result.series);
    }
    if (job.signal.aborted) throw new AbortError('Export cancelled: no file was written.');
    return series;
  }

  /** CSV or XLSX through sheets: the series shown, or the queries fetched and named in `language` (the explorer's preference) as the chart shows them. */
  async writeLocal(request: WriteLocalRequest, job: Job, language: NameLanguage = 'en'): Promise<ExportResult> {
    if (request.dataOnly && (request.format !== 'csv' || request.destination === 'library')) {
      throw new InvalidParameterError('dataOnly', 'Invalid request: a data-only export is a CSV saved to Downloads or a file you choose (Saved exports keep provenance inside their files); choose another destination, or the ordinary CSV.');
    }
    if (request.saved !== undefined && request.destination === 'library') {
      throw new InvalidParameterError('destination', 'Invalid request: an opened saved export is already in Saved exports, so it is written to Downloads or a file you choose; re-run it to save a new export of its queries.');
    }
    const series = request.series ?? await this.fetch(request, job, language);
    job.progress('writing', 0, null);
    const orientation = request.orientation ?? 'wide';
    if (request.destination === 'library') {
      // A derived export keeps its recipes, and its operands' queries as what was fetched.
      const queries = request.derived ? request.derived.flatMap((d) => d.operands.map((o) => o.query)) : request.queries;
      const saved = await this.library.save(series, {
        name: request.name, format: request.format, orientation, queries,
        ...(request.transform && !request.derived ? { transform: request.transform } : {}), ...(request.derived ? { derived: request.derived } : {}),
        ...(request.chart ? { chart: request.chart } : {}),
      });
      return this.result(join(this.library.folder, saved.data_file), request.format, saved);
    }
    const path = await this.target(request.destination, request.name, request.format);
    if (path === null) return { path: null, bytes: 0, format: request.format };
    if (request.dataOnly) {
      // The header on the first line for pandas and R; where the data came from in the sidecar.
      let provenancePath = '';
      await this.writing(path, async () => {
        provenancePath = (await writeDataCsv(path, series, { orientation })).provenance;
      });
      return { ...(await this.result(path, 'csv')), provenancePath };
    }
    await this.writing(path, async () => {
      if (request.format === 'xlsx') {
        await writeSeriesXlsx(path, series, { orientation });
      } else {
        // A CSV holds one table: wide needs one frequency, so mixed frequencies go long (as the library does).
        const mixed = new Set(series.map((s) => s.frequency)).size > 1;
        await writeCsv(path, layoutSeries(series, { orientation: mixed ? 'long' : orientation, name: request.name }));
      }
    });
    return this.result(path, request.format);
  }

  /** The service's own export, streamed to a file with progress. */
  async service(request: ServiceExportRequest, job: Job): Promise<ExportResult> {
    const client = await this.session.client();
    const extension = request.format === 'excel' ? 'xlsx' : 'csv';
    const onProgress = (loaded: number, total: number | undefined): void => job.progress('downloading', loaded, total ?? null);
    if (request.destination !== 'library') {
      const path = await this.target(request.destination, request.name, extension);
      if (path === null) return { path: null, bytes: 0, format: extension };
      await this.writing(path, () => saveExport(client, { format: request.format, ...request.query }, { path, signal: job.signal, onProgress }));
      return this.result(path, extension);
    }
    // The library keeps Series with their manifest: download, read back, save in the library's layout.
    const temp = await claimFile(join(this.folders.home, 'tmp'), fileStem(request.name), extension);
    try {
      await saveExport(client, { format: request.format, ...request.query }, { path: temp, signal: job.signal, onProgress });
      job.progress('reading', 0, null);
      const query = seriesQueryOf(request.query);
      const options = query.kind === 'indicator' ? { source: query.source, query } : { query };
      const series = extension === 'xlsx' ? await readXlsx(temp, options) : await readCsv(temp, options);
      job.progress('saving', 0, null);
      const saved = await this.library.save(series, { name: request.name, format: extension });
      return this.result(join(this.library.folder, saved.data_file), extension, saved);
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** Runs a write into a claimed path; a failure removes the claim (no empty file left behind). */
  private async writing(path: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  private async result(path: string, format: 'csv' | 'xlsx', saved?: ExportResult['saved']): Promise<ExportResult> {
    const { size } = await stat(path);
    return { path, bytes: size, format, ...(saved === undefined ? {} : { saved }) };
  }
}
