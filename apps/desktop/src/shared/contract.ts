/**
 * The one contract between the explorer's renderer and its main process: every operation the
 * renderer may ask for, with its request and response types, and the events main pushes.
 *
 * Electron carries it over IPC (one channel per operation, behind named preload functions); web mode
 * carries it over the loopback HTTP bridge (`POST /bridge/<operation>`). Both carry the same
 * JSON-safe values: no Date, no class instances. Every request is checked in main by its schema
 * (`request-schemas.ts`, valibot) before anything is read, written or sent, and the request types
 * here are inferred from those schemas: an operation's request is written once. Keys never cross:
 * profiles carry only keychain's masked description.
 */
import type {
  ApiResult, Catalogue, CountryInfo, Estimate, IndicatorInfo, LearnedNames, NameLanguage, PlanName, Provenance, Series, SeriesQuery, SourceInfo,
} from '@econdata/core';
import type { DerivedRequest } from '@econdata/analysis';
import type { KeyDescription, ProfileKind } from '@econdata/keychain';
import type { RevisionDiff, VintageRelease } from '@econdata/sheets';
import type { SavedChart } from '@econdata/sheets/node';

export type { SavedChart };
import type { QueryMemory } from '@econdata/ui/search-memory';
import type { ProbeOutcome } from '@econdata/ui/reachability';
import type { WireError } from './wire-error.ts';

import type { Requests } from './request-schemas.ts';

type AuthMode = NonNullable<Requests['profiles.create']['authMode']>;

// ---------------------------------------------------------------------------------------------
// Session and profiles

/** A connection profile as the renderer sees it: no key, only its masked description. */
export interface ProfileView {
  name: string;
  baseURL: string;
  plan: PlanName;
  authMode: AuthMode;
  active: boolean;
  /** keychain's `describeKey`: source, masked ('…abcd'), savedAt, ageDays, needsRotation, summary. */
  key: KeyDescription;
  /** This profile is the built-in sandbox one: main serves it from the embedded sandbox. */
  embedded: boolean;
  /** The service itself, or a team gateway in front of it (the key is then a personal token). */
  kind: ProfileKind;
}

/** The sandbox main started in-process because no profile of the user's own is active. */
export interface EmbeddedSandboxInfo {
  url: string;
  /** 'real': the public data folder beside the checkout; 'demo': the generated demo pack. */
  data: 'real' | 'demo';
  /** The data folder served, or null for the demo pack. */
  dataDir: string | null;
}

export interface SessionStatus {
  /** How the renderer is hosted. */
  host: 'electron' | 'web';
  /** Which service requests go to. */
  service:
    | { kind: 'sandbox'; baseURL: string; embedded: EmbeddedSandboxInfo }
    | { kind: 'service'; baseURL: string };
  /** 'demo' only for the embedded sandbox's generated pack; 'real' otherwise. */
  data: 'real' | 'demo';
  profile: ProfileView;
  /** One or two sentences for the UI: what this connection is, and how to connect to the real service. */
  notice: string;
  /** Where files go. */
  folders: { home: string; library: string; downloads: string };
  /** Where keys are kept: the OS keychain, memory (tests, --key-store memory) or ECONDATA_API_KEY. */
  keyStore: 'os-keychain' | 'memory' | 'environment';
  /** Electron shows native file dialogs; web mode cannot, and saves to the library or Downloads instead. */
  fileDialogs: boolean;
  appVersion: string;
}

export interface ConnectionTest {
  ok: boolean;
  profile: string;
  baseURL: string;
  /** Sources the service listed, when it answered. */
  sources?: number;
  /** Round trip of the check request, ms. */
  elapsedMs: number;
  error?: WireError;
}

// ---------------------------------------------------------------------------------------------
// Series, quota, jobs

/**
 * A SeriesResult across the bridge: the error in its serialized form. `starts` is each period's
 * start in UTC seconds (analysis's periodStarts, made by the transform in main), sent so the chart
 * never reads the period strings again: Electron's structured clone carries it; web mode's JSON
 * leaves it out (then the renderer reads them once per axis).
 */
type SeriesResultWire = { ok: true; series: Series; starts?: Float64Array } | { ok: false; error: WireError };

/** Vintages kept on this machine of the series a view shows: one entry per query as fetched (widened), releases oldest first. */
export interface VintageReleases {
  profile: string;
  series: Array<{ query: SeriesQuery; releases: VintageRelease[] }>;
}

/** Every kept release of one series, each shown under the view's transform: the vintage chart's lines, oldest first. */
export interface VintageHistory {
  profile: string;
  releases: Array<{ release: VintageRelease; series: Series }>;
}

export interface QuotaWindowWire {
  used: number;
  limit: number | null;
  remaining: number | null;
  /** ISO 8601 or null. */
  resetAt: string | null;
}

/** core's QuotaStatus with its Dates as ISO strings. */
export interface QuotaStatusWire {
  plan: string;
  minute: QuotaWindowWire;
  day: QuotaWindowWire;
  exhausted: boolean;
  queued: { interactive: number; background: number };
  inFlight: number;
  timeScale: number;
}

/** An id the renderer picks (1-64 of [A-Za-z0-9_-]) so progress events and `jobs.cancel` can name the job. */
export type JobId = string;

// ---------------------------------------------------------------------------------------------
// Exports and the library

/** What `exports.writeLocal` writes (queries, format, name, destination, transform, derived, chart: request-schemas.ts). */
export type WriteLocalRequest = Requests['exports.writeLocal'];
/** The service's own /export/csv or /export/excel of one query. */
export type ServiceExportRequest = Requests['exports.service'];
/** A chart image saved by main: SVG text or PNG bytes, to Downloads or a native save dialog (Electron). */
export type ImageSaveRequest = Requests['images.save'];
/** What goes on the system clipboard (Electron): any of an image, plain text, HTML. */
export type ClipboardWriteRequest = Requests['clipboard.write'];
/** A file the user already has (a CSV or XLSX this app or the service wrote): from a dialog, an upload (web mode) or a path. */
export type OpenFileRequest = Requests['library.openFile'];

/**
 * Where a file goes. 'library': the saved-exports library (a manifest beside it; opens offline).
 * 'downloads': the Downloads folder (ECONDATA_HOME/downloads when ECONDATA_HOME is set).
 * 'dialog': a native save dialog (Electron only; web mode refuses it with what to choose instead).
 */
export type Destination = WriteLocalRequest['destination'];

/** The saved-export manifest as listed (sheets' ExportManifest). */
export interface ManifestView {
  id: string;
  name: string;
  created_at: string;
  product_version: string;
  format: 'xlsx' | 'csv';
  orientation: 'wide' | 'long';
  data_file: string;
  sha256: string;
  queries: SeriesQuery[];
  series: Array<{ id: string; title: string; provenance: Provenance }>;
  /** The transform the series were shown with (analysis's canonical text); a re-run applies it again. */
  transform?: string;
  /** Derived series (their expressions over operand queries, each operand in `queries`); a re-run computes them again. */
  derived?: Array<Omit<DerivedRequest, 'preset'> & { preset?: string }>;
  /** The chart's right axis and shading when it was exported. */
  chart?: SavedChart;
  rerun_of?: string;
}

export interface ExportResult {
  /** The file written (in the library folder for 'library'); null when a dialog was cancelled. */
  path: string | null;
  bytes: number;
  format: 'xlsx' | 'csv';
  /** The library entry, for destination 'library'. */
  saved?: ManifestView;
  /** A data-only CSV's provenance sidecar (`<name>.provenance.json`), beside `path`. */
  provenancePath?: string;
}

export interface LibraryList {
  folder: string;
  exports: ManifestView[];
  /** Manifests that could not be read: shown, not hidden. */
  problems: Array<{ file: string; error: WireError }>;
}

export interface OpenedExportView {
  manifest: ManifestView;
  series: Series[];
}

export interface CompareResult extends RevisionDiff {
  older: ManifestView;
  newer: ManifestView;
}

export interface OpenedFile {
  /** null when a dialog was cancelled (then `series` is empty). */
  fileName: string | null;
  format: 'xlsx' | 'csv' | null;
  series: Series[];
  saved?: ManifestView;
}

// ---------------------------------------------------------------------------------------------
// The watchlist (issue 33): series pinned per profile, checked for new data against the catalogue

/** One watched series. Dates are ISO strings; `lastUpdated` is the source's date (YYYY-MM-DD). */
export interface WatchEntry {
  /** sheets' `watchKey(profile, query, transform)`: never the service's address. */
  key: string;
  query: SeriesQuery;
  /** The transform it is shown with (analysis's text form); absent: values as published. */
  transform?: string;
  title: string;
  pinnedAt: string;
  /** The source's `last_updated` of the series as last looked at (null: the service gave none). */
  lastUpdated: string | null;
  /** When the user last looked (pinned it, or marked its new data as seen). */
  lookedAt: string;
  /** A check found values that differ from the last look, not yet seen: the source's date then, and when it was found. */
  news?: { lastUpdated: string | null; foundAt: string };
}

/** What the last check of a profile did. */
export interface WatchCheckRecord {
  at: string;
  /** Requests sent: the catalogue's one, plus the refreshed series' (after batching). */
  requests: number;
  /** Watched series not fetched because their source had nothing newer: the queries the check saved. */
  saved: number;
  /** Series fetched again (their source had newer data). */
  refreshed: number;
  /** Of those, the series whose values differ from what was last seen or found. */
  changed: number;
}

/** The active profile's watchlist. */
export interface WatchState {
  profile: string;
  entries: WatchEntry[];
  /** Watched series with values not yet seen ("N series updated since you last looked"). */
  news: number;
  lastCheck: WatchCheckRecord | null;
  /** The watchlist file could not be read: what happened (it is kept as a backup) and what to do. */
  problem?: string;
}

/** What changed since the last look, per series (sheets' revision diff, series by series), and the entries with news. */
export interface WatchChanges extends RevisionDiff {
  entries: WatchEntry[];
}

// ---------------------------------------------------------------------------------------------
// The operation table

/** Every operation's response (its request: `Requests` in request-schemas.ts, inferred from its schema). */
interface Responses {
  'session.status': SessionStatus;

  'profiles.list': ProfileView[];
  'profiles.create': ProfileView;
  /** Changes a profile; moving it to another origin deletes its saved key unless `key` comes with the change (request-schemas.ts). */
  'profiles.update': ProfileView;
  'profiles.remove': { removed: string };
  'profiles.switch': SessionStatus;
  'profiles.testConnection': ConnectionTest;
  /** Verifies the new key with one request, then replaces the old one; answers with the masked key and its age. */
  'profiles.rotateKey': ProfileView;
  /** Removes the saved key (the built-in sandbox profile goes back to its demo key). */
  'profiles.forgetKey': ProfileView;

  'catalog.listSources': ApiResult<SourceInfo>;
  'catalog.listSourceIndicators': ApiResult<IndicatorInfo>;
  'catalog.listCountries': ApiResult<CountryInfo>;
  /** Every source's indicators for the one search (core's catalogue, kept in main's cache). */
  'catalog.catalogue': Catalogue;
  /** The stock symbols, trade partners and "totals only" the service has named (core's learnedNames, kept in main's cache folder). */
  'catalog.learnedNames': LearnedNames;
  /** Recent and favourite searches, kept in the home folder (search.json). */
  'search.memory': QueryMemory;
  /** Replaces them; answers with what was kept. */
  'search.remember': QueryMemory;
  /** Display preferences kept in the home folder (preferences.json): the language of series names. */
  'settings.preferences': { nameLanguage: NameLanguage };
  /** Replaces them; main names what it fetches from then on (chart, table, exports). */
  'settings.setPreferences': { nameLanguage: NameLanguage };

  /**
   * The queries as the explorer shows them: under `transform` (@econdata/analysis's text form, e.g.
   * 'Units=pc1'), widened to fetch what it reads, and at the lowest frequency among them.
   */
  'series.fetch': SeriesResultWire[];
  /**
   * Derived series (@econdata/analysis's DerivedRequest: an expression over operand queries), every
   * operand of every request fetched in one core job, one result per request; a request analysis
   * refuses (a currency conversion of a percentage) fails alone, with its sentence.
   */
  'series.derive': SeriesResultWire[];
  /** The cost of fetching `queries` under `transform`, plus the operands of `derived` (give one or both). */
  'series.estimate': Estimate;
  /** The releases this machine kept of the series a view shows (from its own fetches: the service has no vintages). */
  'vintages.releases': VintageReleases;
  /** The queries as `series.fetch` shows them, as this machine knew them on `date`: read from the kept releases, never from the network. */
  'vintages.asOf': SeriesResultWire[];
  /** Every kept release of one query, shown under `transform` (the vintage chart). */
  'vintages.history': VintageHistory;
  /** Cancels a running job (fetch or export); false when no such job runs. */
  'jobs.cancel': { cancelled: boolean };

  /** null when the client has no quota ledger. */
  'quota.status': QuotaStatusWire | null;
  /** Checks now whether the service answers, without a key (the OS went online or offline); null: nothing to check yet. */
  'connection.check': ProbeOutcome | null;

  /** CSV or XLSX written locally through sheets. */
  'exports.writeLocal': ExportResult;
  /** The service's /export/csv or /export/excel, streamed to a file (core's saveExport). */
  'exports.service': ExportResult;

  /** A chart image to a file (the export dialog's rules: Downloads, or Electron's save dialog); path null when cancelled. */
  'images.save': { path: string | null; bytes: number };
  /** The system clipboard (Electron only: web mode's page writes its own through navigator.clipboard). */
  'clipboard.write': { written: true };

  'library.list': LibraryList;
  /** A saved export read from its file; with `transform`, its series shown under it (@econdata/analysis's showHeld: nothing fetched). */
  'library.open': OpenedExportView;
  /** Two exports of the same queries, older first: revised, added and removed values. */
  'library.compare': CompareResult;
  /**
   * `kept`: the file the export's (damaged or hand-edited) manifest named as its data, left in the
   * folder because it is not the export's own (`<id>.<format>`): it may be another export's data.
   */
  'library.remove': { removed: string; kept?: string };
  /** Fetches a saved export's queries again into a new export (the old one is kept, to compare with). */
  'library.rerun': ManifestView;
  'library.openFile': OpenedFile;

  /** The active profile's watchlist. */
  'watch.list': WatchState;
  /** Watches the series shown (their queries, transform and series as the chart has them) or a saved export's. */
  'watch.pin': WatchState;
  /** Stops watching (by `WatchEntry.key`). */
  'watch.unpin': WatchState;
  /** Checks now: the catalogue once past the cache, then only the series whose source has newer data. */
  'watch.check': WatchState;
  /** The values added and revised since the last look, per watched series with news. */
  'watch.changes': WatchChanges;
  /** Marks the news as seen (all, or the given keys): each series' last look is now. */
  'watch.seen': WatchState;
}

export type OperationName = keyof Responses;
export type RequestOf<N extends OperationName> = Requests[N];
export type ResponseOf<N extends OperationName> = Responses[N];

// Compile-time check that every operation has a schema and every schema an operation.
type Unmatched = Exclude<OperationName, keyof Requests> | Exclude<keyof Requests, OperationName>;
const _everyOperationHasASchema: Unmatched extends never ? true : Unmatched = true;
void _everyOperationHasASchema;

/** Every operation name, in one list (preload builds its functions from it; main registers one handler each). */
export const OPERATION_NAMES = [
  'session.status',
  'profiles.list', 'profiles.create', 'profiles.update', 'profiles.remove', 'profiles.switch',
  'profiles.testConnection', 'profiles.rotateKey', 'profiles.forgetKey',
  'catalog.listSources', 'catalog.listSourceIndicators', 'catalog.listCountries', 'catalog.catalogue', 'catalog.learnedNames',
  'search.memory', 'search.remember', 'settings.preferences', 'settings.setPreferences',
  'series.fetch', 'series.derive', 'series.estimate', 'jobs.cancel',
  'vintages.releases', 'vintages.asOf', 'vintages.history',
  'quota.status', 'connection.check',
  'exports.writeLocal', 'exports.service', 'images.save', 'clipboard.write',
  'library.list', 'library.open', 'library.compare', 'library.remove', 'library.rerun', 'library.openFile',
  'watch.list', 'watch.pin', 'watch.unpin', 'watch.check', 'watch.changes', 'watch.seen',
] as const satisfies readonly OperationName[];

// Compile-time check that the list names every operation exactly.
type Missing = Exclude<OperationName, (typeof OPERATION_NAMES)[number]>;
const _everyOperationListed: Missing extends never ? true : Missing = true;
void _everyOperationListed;

/** Whether a string is an operation name. */
export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && (OPERATION_NAMES as readonly string[]).includes(value);
}

// Envelopes, events, IPC channels, the preload's shape, web mode's token: bridge.ts (which uses this file; this file does not use it).
