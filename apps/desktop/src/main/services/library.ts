/**
 * The saved-exports library and files the user already has, on the renderer's behalf: list, open,
 * compare and remove saved exports (all offline), and read a CSV or XLSX from a dialog, an upload
 * (web mode) or a path inside the allowed folders.
 */
import { rm, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { InvalidParameterError, type EconDataClient, type NameLanguage, type Series } from '@econdata/core';
import { fileStem } from '@econdata/sheets';
import { readCsv, readXlsx, type ExportLibrary, type ExportManifest } from '@econdata/sheets/node';
import type { CompareResult, LibraryList, OpenedExportView, OpenedFile, OpenFileRequest } from '../../shared/contract.ts';
import type { AppFolders } from '../paths.ts';
import { toWireError } from '../wire.ts';
import { allowedFile, claimFile, type FileDialogs } from './files.ts';
import type { Job } from './jobs.ts';
import { fetchDerived, fetchShown, fromClient, savedRecipe, showHeld, type SeriesFetch } from '@econdata/analysis';

/** A saved export's series under a transform (none: as saved), through the one path; what `library.open` shows and an export of it writes. */
export async function openShown(library: ExportLibrary, id: string, transform: string | undefined): Promise<OpenedExportView> {
  const opened = await library.open(id);
  if (!transform) return opened;
  const series = (await showHeld(opened.series, transform)).map((r) => {
    if (!r.ok) throw r.error;
    return r.series;
  });
  return { manifest: opened.manifest, series };
}

export class LibraryService {
  constructor(
    readonly library: ExportLibrary,
    private readonly folders: AppFolders,
    private readonly dialogs: FileDialogs | undefined,
  ) {}

  /** Every saved export, newest first, and the manifests that could not be read. */
  async list(): Promise<LibraryList> {
    const { exports, problems } = await this.library.list();
    return { folder: this.library.folder, exports, problems: problems.map((p) => ({ file: p.file, error: toWireError(p.error) })) };
  }

  /**
   * Opens a saved export (its checksum checked first); with `transform`, its series as the one path
   * shows them under it (analysis's showHeld: read from the file, nothing fetched). A series the
   * transform refuses fails the whole view with its sentence: the export is shown as it was.
   */
  async open(id: string, transform?: string): Promise<OpenedExportView> {
    return openShown(this.library, id, transform);
  }

  /** The revisions between two exports of the same queries. */
  async compare(olderId: string, newerId: string): Promise<CompareResult> {
    return this.library.compare(olderId, newerId);
  }

  /**
   * Fetches an export's queries again through the client, under the export's transform, and saves
   * the answer as a new export (`rerun_of` the old one). Every query must succeed: a dropped one
   * would show as removed data.
   */
  async rerun(id: string, client: EconDataClient, job: Job, language: NameLanguage = 'en', keep: (fetch: SeriesFetch) => SeriesFetch = (f) => f): Promise<ExportManifest> {
    return this.library.rerun(id, async (queries, transform, derived) => {
      // From the service, not the cache: a re-run is asked for to see revisions. It is bulk work
      // (a team gateway serves people's interactive requests first). `keep` keeps its answers' vintages.
      const { fetch: asked, names } = fromClient(client.withOptions({ priority: 'background' }));
      const fetch = keep(asked);
      const options = { signal: job.signal, cache: 'no-store' as const, onProgress: job.fetchProgress, names, language };
      // A derived export computes its series again from its recipes (the expression is kept).
      const results = derived ? await fetchDerived(fetch, derived.map(savedRecipe), options) : await fetchShown(fetch, queries, transform, options);
      return results.map((r) => {
        if (!r.ok) throw r.error;
        return r.series;
      });
    });
  }

  /**
   * Deletes a saved export: its manifest, and its data file when that is the entry's own (sheets'
   * ExportLibrary.remove). `kept` names the file a damaged manifest pointed at and was left alone.
   */
  async remove(id: string): Promise<{ removed: string; kept?: string }> {
    return this.library.remove(id);
  }

  /** Reads a CSV or XLSX the user has; optionally saves what it holds into the library. */
  async openFile(request: OpenFileRequest): Promise<OpenedFile> {
    let path: string | null;
    let temp: string | undefined;
    if (request.from === 'dialog') {
      if (this.dialogs === undefined) {
        throw new InvalidParameterError('from', 'Invalid request: from "dialog" needs a file dialog, which web mode has not; upload the file from the page ("upload"), or open it by its path in the library or Downloads folder ("path").');
      }
      path = await this.dialogs.openFile();
      if (path === null) return { fileName: null, format: null, series: [] };
    } else if (request.from === 'upload') {
      const extension = extname(request.fileName).slice(1).toLowerCase();
      temp = await claimFile(join(this.folders.home, 'tmp'), fileStem(basename(request.fileName, extname(request.fileName))), extension);
      await writeFile(temp, Buffer.from(request.base64, 'base64'));
      path = temp;
    } else {
      path = await allowedFile(request.path, [this.folders.library, this.folders.downloads, this.folders.home]);
    }
    try {
      const format = extname(path).toLowerCase() === '.xlsx' ? 'xlsx' as const : 'csv' as const;
      const options = request.sourceCode === undefined ? {} : { source: request.sourceCode };
      const series: Series[] = format === 'xlsx' ? await readXlsx(path, options) : await readCsv(path, options);
      const fileName = request.from === 'upload' ? request.fileName : basename(path);
      if (request.saveAs === undefined) return { fileName, format, series };
      const saved = await this.library.save(series, { name: request.saveAs, format });
      return { fileName, format, series, saved };
    } finally {
      if (temp !== undefined) await rm(temp, { force: true });
    }
  }
}
