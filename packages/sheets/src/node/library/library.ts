/**
 * The saved-exports library: a folder of plain files a person can open, copy and keep in git.
 * Each export is a data file (XLSX or CSV) plus `<id>.json`, its manifest. Everything here works
 * offline; a re-run takes the fetch function from the caller (sinks never call the transport).
 */
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Series, SeriesQuery } from '@econdata/core';
import { SheetsError } from '../../errors.ts';
import { compareSeries, type RevisionDiff } from '../../diff/compare.ts';
import { layoutSeries } from '../../grid/layout.ts';
import type { Orientation } from '../../grid/types.ts';
import { fileStem } from '../../naming/export-name.ts';
import { removeStaleTempFiles, writeAtomic } from '../atomic.ts';
import { dataFilePath, dataFileProblem, TEMP_MAX_AGE_MS } from './data-file.ts';
import { readCsv } from '../csv-read.ts';
import { writeCsv } from '../csv-write.ts';
import { readXlsx } from '../xlsx-read.ts';
import { PACKAGE_VERSION } from '../version.ts';
import { writeSeriesXlsx } from '../xlsx-write.ts';
import { canonicalDerived, canonicalQuery, sha256File, uniqueQueries, validateManifest, type ExportFormat, type ExportManifest, type SavedChart, type SavedDerivation } from './manifest.ts';

export interface LibraryOptions {
  /** The library folder (created when missing). */
  folder: string;
  /** The clock, for created times and file names (tests inject one). */
  now?: () => Date;
  /** Written into every manifest; default this package's version. */
  productVersion?: string;
}

export interface SaveOptions {
  name: string;
  format?: ExportFormat;
  orientation?: Orientation;
  /** The queries asked for; default the queries of the series' provenance. Give them when a query may have returned nothing. */
  queries?: SeriesQuery[];
  /** The transform the series were made with (analysis's canonical text): kept in the manifest for re-runs. */
  transform?: string;
  /** The recipes of derived series (one per series, in order): kept in the manifest for re-runs. */
  derived?: SavedDerivation[];
  /** The chart's right axis and shading, kept so the export reopens charted the same. */
  chart?: SavedChart;
}

export { TEMP_MAX_AGE_MS };

/**
 * An export the listing cannot vouch for: listed, not hidden, so a person can repair or delete it.
 * A manifest that cannot be read has only `file`; one whose data file is missing or not the size
 * it was saved with (`damaged_export`) also has its `id` and `manifest`.
 */
export interface LibraryProblem {
  file: string;
  id?: string;
  manifest?: ExportManifest;
  error: SheetsError;
}

export interface OpenedExport {
  manifest: ExportManifest;
  series: Series[];
}

const GITATTRIBUTES = '# Written by Econdata: manifests hold each data file\'s SHA-256, so git must not change their bytes.\n*.csv -text\n*.xlsx binary\n';

/** The id's stem: the export's file name stem (one rule for every file named after a name), lowercase. */
function slug(name: string): string {
  return fileStem(name, 60).toLowerCase() || 'export';
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** A saved-exports library over one folder. */
export class ExportLibrary {
  readonly folder: string;
  private readonly now: () => Date;
  private readonly productVersion: string;

  constructor(options: LibraryOptions) {
    this.folder = options.folder;
    this.now = options.now ?? (() => new Date());
    this.productVersion = options.productVersion ?? PACKAGE_VERSION;
  }

  /** Saves Series as a new export (never replacing another) and returns its manifest. */
  async save(series: readonly Series[], options: SaveOptions, rerunOf?: string): Promise<ExportManifest> {
    await mkdir(this.folder, { recursive: true });
    await this.cleanUp();
    await this.keepBytesInGit();
    const created = this.now();
    const format = options.format ?? 'xlsx';
    // A CSV holds one sheet: wide needs one frequency, so mixed frequencies go long (and the manifest says so).
    const mixed = new Set(series.map((s) => s.frequency)).size > 1;
    const orientation = format === 'csv' && mixed ? 'long' : (options.orientation ?? 'wide');
    const base = `${slug(options.name)}-${stamp(created)}`;
    let id = base;
    for (let n = 2; !(await this.reserve(id)); n += 1) id = `${base}-${n}`;
    try {
      return await this.write(id, series, options, { created, format, orientation }, rerunOf);
    } finally {
      await rm(this.reservation(id), { force: true });
    }
  }

  private reservation(id: string): string {
    return join(this.folder, `.${id}.saving`);
  }

  /**
   * Claims an id: free when no export uses it and no other save holds it. The claim is a file
   * created exclusively, so saves running at the same time (in this process or another) never
   * share an id. (A save killed mid-way leaves its claim: that id is skipped, nothing is lost.)
   */
  private async reserve(id: string): Promise<boolean> {
    if (['json', 'xlsx', 'csv'].some((ext) => existsSync(join(this.folder, `${id}.${ext}`)))) return false;
    try {
      await (await open(this.reservation(id), 'wx')).close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw new SheetsError('write_failed', `Could not save into ${this.folder} (${(error as NodeJS.ErrnoException).code ?? String(error)}). Check that it is a folder you may write to.`, { file: this.folder, cause: error });
    }
  }

  private async write(
    id: string,
    series: readonly Series[],
    options: SaveOptions,
    { created, format, orientation }: { created: Date; format: ExportFormat; orientation: Orientation },
    rerunOf: string | undefined,
  ): Promise<ExportManifest> {
    const dataFile = `${id}.${format}`;
    const dataPath = join(this.folder, dataFile);
    if (format === 'xlsx') {
      await writeSeriesXlsx(dataPath, series, { orientation, createdAt: created.toISOString(), productVersion: this.productVersion });
    } else {
      await writeCsv(dataPath, layoutSeries(series, { orientation, name: options.name }));
    }
    const manifest: ExportManifest = {
      format_version: 1,
      id,
      name: options.name,
      created_at: created.toISOString(),
      product_version: this.productVersion,
      format,
      orientation,
      data_file: dataFile,
      sha256: await sha256File(dataPath),
      bytes: (await stat(dataPath)).size,
      queries: uniqueQueries(options.queries ?? series.map((s) => s.provenance.query)),
      series: series.map((s) => ({ id: s.id, title: s.title, provenance: s.provenance })),
      ...(options.transform ? { transform: options.transform } : {}),
      ...(options.derived && options.derived.length > 0 ? { derived: options.derived } : {}),
      ...(options.chart && ((options.chart.right_axis?.length ?? 0) > 0 || (options.chart.marks?.length ?? 0) > 0) ? { chart: options.chart } : {}),
      ...(rerunOf === undefined ? {} : { rerun_of: rerunOf }),
    };
    await writeAtomic(join(this.folder, `${id}.json`), async (temp) => {
      await writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    });
    return manifest;
  }

  /**
   * The folder is meant to be kept in git, and every data file is checked against its SHA-256: git's
   * line-ending conversion (core.autocrlf) would turn a CSV's CRLF into LF and fail that check. A
   * .gitattributes in the folder keeps the data files byte for byte; one a person wrote is left alone.
   */
  private async keepBytesInGit(): Promise<void> {
    const path = join(this.folder, '.gitattributes');
    if (existsSync(path)) return;
    await writeAtomic(path, async (temp) => {
      await writeFile(temp, GITATTRIBUTES, 'utf8');
    });
  }

  /**
   * Every export, newest first, and every one it cannot vouch for (a manifest that cannot be read,
   * a data file missing or not of its recorded size): never silently skipped. Read-only: a file
   * that looks abandoned may be a save in progress on another machine sharing the folder.
   */
  async list(): Promise<{ exports: ExportManifest[]; problems: LibraryProblem[] }> {
    if (!existsSync(this.folder)) return { exports: [], problems: [] };
    const exports: ExportManifest[] = [];
    const problems: LibraryProblem[] = [];
    for (const file of (await this.readFolder()).filter((f) => f.endsWith('.json')).sort()) {
      let manifest: ExportManifest;
      try {
        manifest = await this.readManifest(file);
      } catch (error) {
        if (!(error instanceof SheetsError)) throw error;
        problems.push({ file, error });
        continue;
      }
      const damage = await dataFileProblem(this.folder, manifest);
      if (damage) problems.push({ file, id: manifest.id, manifest, error: damage });
      else exports.push(manifest);
    }
    exports.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? 1 : -1));
    return { exports, problems };
  }

  /**
   * Removes temporary data files and id claims that saves left behind (a killed process), once
   * untouched for `TEMP_MAX_AGE_MS` (24 hours): a save keeps writing its temporary file, and in a
   * synced folder another machine's save shows here with its clock (which may be off by minutes)
   * and the sync's delay; a laptop asleep mid-save resumes within a day. Runs before every save;
   * returns the names removed.
   */
  async cleanUp(): Promise<string[]> {
    if (!existsSync(this.folder)) return [];
    try {
      return await removeStaleTempFiles(this.folder, { olderThanMs: TEMP_MAX_AGE_MS, also: (name) => /^\..+\.saving$/.test(name) });
    } catch (error) {
      throw new SheetsError('write_failed', `Could not clean up temporary files in ${this.folder}: ${(error as Error).message}. Check the folder's permissions.`, { file: this.folder, cause: error });
    }
  }

  private async readFolder(): Promise<string[]> {
    try {
      return await readdir(this.folder);
    } catch (error) {
      throw new SheetsError('unreadable_file', `The library folder ${this.folder} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check that it is a folder you may read.`, { file: this.folder, cause: error });
    }
  }

  /** Reads and checks one manifest by file name. */
  private async readManifest(file: string): Promise<ExportManifest> {
    if (/[/\\]/.test(file) || file.startsWith('.')) {
      throw new SheetsError('export_not_found', `"${file.replace(/\.json$/, '')}" is not a saved export id: ids are file names in ${this.folder}. List the library to see what exists.`, { file });
    }
    let text: string;
    try {
      text = await readFile(join(this.folder, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new SheetsError('export_not_found', `No saved export "${file.replace(/\.json$/, '')}" in ${this.folder}. List the library to see what exists.`, { file });
      }
      throw new SheetsError('corrupt_manifest', `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}). Check that it is a file you may read, or delete it and its data file.`, { file, cause: error });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new SheetsError('corrupt_manifest', `${file}: not valid JSON (${(error as Error).message}). Restore the manifest from a copy, or delete it and its data file.`, { file, cause: error });
    }
    const manifest = validateManifest(parsed, file);
    if (`${manifest.id}.json` !== file) {
      throw new SheetsError('corrupt_manifest', `${file}: its id says "${manifest.id}"; a manifest must be named <id>.json. Rename it back.`, { file });
    }
    return manifest;
  }

  /** Opens an export: checks the data file against its checksum, then reads it into Series. */
  async open(id: string): Promise<OpenedExport> {
    const manifest = await this.readManifest(`${id}.json`);
    const path = await dataFilePath(this.folder, manifest);
    if (!existsSync(path)) {
      throw new SheetsError('damaged_export', `The data file ${manifest.data_file} of saved export "${id}" is missing. Restore it from a copy, or re-run the export.`, { file: path });
    }
    const actual = await sha256File(path);
    if (actual !== manifest.sha256) {
      throw new SheetsError(
        'checksum_mismatch',
        `${manifest.data_file} was changed after it was saved (SHA-256 ${actual.slice(0, 12)}…, expected ${manifest.sha256.slice(0, 12)}…), so it can no longer be trusted as the data retrieved at ${manifest.created_at}. Restore the original file, or re-run the export to get a verified copy. (Converting line endings, as git can, also changes a file.)`,
        { file: path },
      );
    }
    const series = manifest.format === 'xlsx' ? await readXlsx(path) : await readCsv(path);
    // A file holds a derived series' recipe as text (its Formula row); the manifest keeps it as data.
    const recipes = new Map(manifest.series.filter((s) => s.provenance.derivation).map((s) => [s.id, s.provenance.derivation]));
    if (recipes.size === 0) return { manifest, series };
    return { manifest, series: series.map((s) => (recipes.has(s.id) ? { ...s, provenance: { ...s.provenance, derivation: recipes.get(s.id)! } } : s)) };
  }

  /**
   * Deletes a saved export: its manifest, and its data file when the file is the entry's own (the
   * name the library gave it, `<id>.<format>`). A damaged or hand-edited manifest naming another
   * file (another export's data, anything else in the folder) only loses the manifest: the file it
   * names is left alone. A data file that is a link is removed as a link; its target is never
   * touched. A changed, cut or missing data file does not stop the removal.
   */
  async remove(id: string): Promise<{ removed: string; kept?: string }> {
    const manifest = await this.readManifest(`${id}.json`);
    const own = manifest.data_file === `${id}.${manifest.format}`;
    try {
      if (own) await rm(join(this.folder, manifest.data_file), { force: true });
      await rm(join(this.folder, `${id}.json`), { force: true });
    } catch (error) {
      throw new SheetsError('write_failed', `Could not remove saved export "${id}" from ${this.folder}: ${(error as Error).message}. Check the folder's permissions.`, { file: this.folder, cause: error });
    }
    return own ? { removed: id } : { removed: id, kept: manifest.data_file };
  }

  /**
   * Fetches an export's queries again through the caller's fetch function (told the export's
   * transform, to apply again, and its derived series' recipes, to compute again) and saves the
   * answer as a new export (the old one is kept, so the two can be compared).
   */
  async rerun(id: string, fetchSeries: (queries: SeriesQuery[], transform: string | undefined, derived: SavedDerivation[] | undefined) => Promise<Series[]>): Promise<ExportManifest> {
    const old = await this.readManifest(`${id}.json`);
    const series = await fetchSeries(old.queries, old.transform, old.derived);
    return this.save(series, {
      name: old.name, format: old.format, orientation: old.orientation, queries: old.queries,
      ...(old.transform ? { transform: old.transform } : {}), ...(old.derived ? { derived: old.derived } : {}), ...(old.chart ? { chart: old.chart } : {}),
    }, old.id);
  }

  /** The revision diff between two exports of the same queries (older first). */
  async compare(olderId: string, newerId: string): Promise<RevisionDiff & { older: ExportManifest; newer: ExportManifest }> {
    const older = await this.open(olderId);
    const newer = await this.open(newerId);
    const a = older.manifest.queries.map(canonicalQuery).sort();
    const b = newer.manifest.queries.map(canonicalQuery).sort();
    if (a.join('\n') !== b.join('\n')) {
      throw new SheetsError(
        'different_queries',
        `Exports "${olderId}" and "${newerId}" were made from different queries, so their differences are not revisions. Compare an export with a re-run of it.`,
      );
    }
    const [ta, tb] = [older.manifest.transform ?? '', newer.manifest.transform ?? ''];
    if (ta !== tb) {
      throw new SheetsError(
        'different_queries',
        `Exports "${olderId}" and "${newerId}" show the same queries under different transforms ("${ta || 'none'}" and "${tb || 'none'}"), so their differences are not revisions. Compare an export with a re-run of it.`,
      );
    }
    if (canonicalDerived(older.manifest.derived) !== canonicalDerived(newer.manifest.derived)) {
      throw new SheetsError(
        'different_queries',
        `Exports "${olderId}" and "${newerId}" derive their series by different formulas, so their differences are not revisions. Compare an export with a re-run of it.`,
      );
    }
    return { ...compareSeries(older.series, newer.series), older: older.manifest, newer: newer.manifest };
  }
}
