/**
 * The renderer's typed client of the contract. It implements packages/ui's `EconDataApi` port (so
 * the shared components read through it exactly as the add-in reads through core's client), plus
 * the desktop-only groups: session, profiles, exports, library. Errors reject as core's classes
 * (EconError) or DesktopError (keychain, sheets, bridge): never as plain objects.
 */
import { errorFromJSON, type EconError, type Estimate, type Series, type NameLanguage, type QuotaStatus, type SeriesQuery, type SeriesResult } from '@econdata/core';
import { keepStarts, periodStarts, type DerivedRequest } from '@econdata/analysis';
import type { QueryMemoryStore } from '@econdata/ui/search-memory';
import type { EconDataApi, SourceIndicatorsQuery, UiCallOptions } from '@econdata/ui';
import type { ProbeOutcome } from '@econdata/ui/reachability';
import type { JobId, OperationName, RequestOf, ResponseOf, SessionStatus } from './contract.ts';
import type { BridgeEvent, ProgressPhase } from './bridge.ts';
import { quotaFromWire } from './quota-wire.ts';
import type { BridgeTransport } from './transports.ts';
import { reviveError, type DesktopError } from './wire-error.ts';

/** Progress of a long job (fetch, download, write) as main reports it. */
type ProgressListener = (progress: { phase: ProgressPhase; loaded: number; total: number | null }) => void;

/** Options of a job: cancel it with `signal`, follow it with `onProgress`. */
export interface JobOptions {
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

type Req<N extends OperationName> = RequestOf<N>;
type Res<N extends OperationName> = Promise<ResponseOf<N>>;
type WithoutJob<T> = T extends unknown ? Omit<T, 'jobId'> : never;

/**
 * fetchSeries' options in the renderer: the port's, a job's signal and progress, and the transform
 * the series are shown with (analysis's text form; main widens, fetches and applies it).
 */
type FetchOptions = UiCallOptions & JobOptions & { transform?: string };

/** A series as this machine knew it on a date, or why not. */
type AsOfResult = { ok: true; series: Series } | { ok: false; error: EconError | DesktopError };

/**
 * Every operation as a typed method; the one way the renderer reaches main. Long operations are
 * jobs (one runner, below): cancel with `signal`, follow with `onProgress`.
 */
export interface DesktopApi extends EconDataApi {
  /** The port's fetchSeries, with a job's signal and progress (requests done of planned) and a transform. */
  fetchSeries(queries: readonly SeriesQuery[], options?: FetchOptions): Promise<SeriesResult[]>;
  /** Recent and favourite searches, kept by main in the home folder. */
  searchMemory: QueryMemoryStore;
  /** Display preferences kept by main (the language of series names, which main applies to what it fetches). */
  preferences: { load(): Promise<{ nameLanguage: NameLanguage }>; save(p: { nameLanguage: NameLanguage }): Promise<{ nameLanguage: NameLanguage }> };
  /** Derived series (expressions over operand queries), all operands in one job: one result per request. */
  deriveSeries(requests: readonly DerivedRequest[], options?: JobOptions & { cache?: UiCallOptions['cache'] }): Promise<SeriesResult[]>;
  /** The port's estimate, of the queries as fetched under a transform (widened), plus derived series' operands. */
  estimate(queries: readonly SeriesQuery[], options?: { cache?: UiCallOptions['cache']; transform?: string; derived?: readonly DerivedRequest[] }): Promise<Estimate>;
  session: {
    status(): Res<'session.status'>;
    /** Calls `fn` whenever main reports a new session (profile switched, created, removed). */
    onChange(fn: (status: SessionStatus) => void): () => void;
  };
  /** Whether the service answers, as main checks it (no key, no quota spent). */
  connection: {
    /** Checks now (the OS went online or offline); the outcome also arrives through `onCheck`. */
    check(): Res<'connection.check'>;
    /**
     * Calls `fn` with the outcome of each of main's checks, and (web mode) when the event stream to
     * the local server breaks; returns the unsubscribe function.
     */
    onCheck(fn: (outcome: ProbeOutcome | { answered: false; who: 'local'; message: string }) => void): () => void;
  };
  profiles: {
    list(): Res<'profiles.list'>;
    create(request: Req<'profiles.create'>): Res<'profiles.create'>;
    update(request: Req<'profiles.update'>): Res<'profiles.update'>;
    remove(name: string): Res<'profiles.remove'>;
    switch(name: string): Res<'profiles.switch'>;
    testConnection(name?: string): Res<'profiles.testConnection'>;
    rotateKey(name: string, key: string): Res<'profiles.rotateKey'>;
    forgetKey(name: string): Res<'profiles.forgetKey'>;
  };
  exports: {
    writeLocal(request: WithoutJob<Req<'exports.writeLocal'>>, options?: JobOptions): Res<'exports.writeLocal'>;
    service(request: WithoutJob<Req<'exports.service'>>, options?: JobOptions): Res<'exports.service'>;
  };
  images: {
    save(request: Req<'images.save'>): Res<'images.save'>;
  };
  /** Electron's system clipboard (web mode's page writes through navigator.clipboard instead). */
  clipboard: {
    write(request: Req<'clipboard.write'>): Res<'clipboard.write'>;
  };
  library: {
    list(): Res<'library.list'>;
    /** With a transform: the export's series shown under it (nothing fetched). */
    open(id: string, transform?: string): Res<'library.open'>;
    compare(olderId: string, newerId: string): Res<'library.compare'>;
    remove(id: string): Res<'library.remove'>;
    rerun(id: string, options?: JobOptions): Res<'library.rerun'>;
    openFile(request: Req<'library.openFile'>): Res<'library.openFile'>;
  };
  /** Vintages kept on this machine (the service has none): what is kept, a view as of a date, every release. Never the network. */
  vintages: {
    releases(queries: readonly SeriesQuery[], transform?: string): Res<'vintages.releases'>;
    /** One result per query; a failure is sheets' no_vintages / before_vintages (a DesktopError) or a refused transform. */
    asOf(queries: readonly SeriesQuery[], date: string, transform?: string): Promise<AsOfResult[]>;
    history(query: SeriesQuery, transform?: string): Res<'vintages.history'>;
  };
  /** The watchlist main keeps per profile, and its checks for new data. */
  watch: {
    list(): Res<'watch.list'>;
    pin(request: Req<'watch.pin'>): Res<'watch.pin'>;
    unpin(keys: string[]): Res<'watch.unpin'>;
    check(): Res<'watch.check'>;
    changes(): Res<'watch.changes'>;
    /** All news seen, or only the given keys'. */
    seen(keys?: string[]): Res<'watch.seen'>;
    /** Calls `fn` with the watchlist whenever it changes in main (and how many series a check just found new values of). */
    onChange(fn: (state: ResponseOf<'watch.list'>, found: number) => void): () => void;
  };
  /** Every event main pushes; returns the unsubscribe function. */
  onEvent(fn: (event: BridgeEvent) => void): () => void;
}

let jobCounter = 0;
/** A fresh job id (unique within this page). */
function newJobId(): JobId {
  jobCounter += 1;
  return `job-${Date.now().toString(36)}-${jobCounter}`;
}

/** Builds the renderer's API over a transport (`detectTransport()`, `electronTransport`, `webTransport`). */
export function createDesktopApi(transport: BridgeTransport): DesktopApi {
  const call = async <N extends OperationName>(name: N, request: RequestOf<N>): Promise<ResponseOf<N>> => {
    const envelope = await transport.call(name, request);
    if (envelope.ok) return envelope.value;
    throw reviveError(envelope.error);
  };

  const events = new Set<(event: BridgeEvent) => void>();
  let unsubscribeTransport: (() => void) | undefined;
  const onEvent = (fn: (event: BridgeEvent) => void): (() => void) => {
    events.add(fn);
    unsubscribeTransport ??= transport.subscribe((event) => {
      if (event.type === 'quota') lastQuota = quotaFromWire(event.status);
      for (const listener of events) listener(event);
    });
    return () => {
      events.delete(fn);
      if (events.size === 0 && unsubscribeTransport !== undefined) {
        unsubscribeTransport();
        unsubscribeTransport = undefined;
      }
    };
  };

  // quotaStatus() is synchronous in the port: answer the last status seen, and ask main once.
  let lastQuota: QuotaStatus | undefined;
  let quotaAsked = false;
  const quotaListeners = new Set<(status: QuotaStatus) => void>();
  const askQuota = (): void => {
    if (quotaAsked) return;
    quotaAsked = true;
    call('quota.status', {}).then((wire) => {
      if (wire === null) return;
      lastQuota ??= quotaFromWire(wire);
      for (const fn of quotaListeners) fn(lastQuota);
    }, (error: unknown) => {
      quotaAsked = false; // ask again next time; the meter shows nothing meanwhile
      console.warn('Could not read the quota status:', error);
    });
  };

  /** Runs a job: a job id for progress events and cancellation through `signal`. */
  const job = async <T>(options: JobOptions | undefined, run: (jobId: JobId) => Promise<T>): Promise<T> => {
    const jobId = newJobId();
    const stop = options?.onProgress === undefined ? undefined : onEvent((event) => {
      if (event.type === 'progress' && event.jobId === jobId) options.onProgress?.({ phase: event.phase, loaded: event.loaded, total: event.total });
    });
    const cancel = (): void => {
      call('jobs.cancel', { jobId }).catch((error: unknown) => console.warn(`Could not cancel job ${jobId}:`, error));
    };
    options?.signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await run(jobId);
    } finally {
      options?.signal?.removeEventListener('abort', cancel);
      stop?.();
    }
  };

  /**
   * A series as it arrives, with the x its chart draws it at made once here and not while drawing:
   * the starts main sent beside it (Electron's structured clone), else read from its period strings
   * (web mode's JSON carries none; derived series), once per axis.
   */
  const arrived = (series: Series, starts: unknown): Series => {
    keepStarts(series, starts);
    periodStarts(series);
    return series;
  };

  const fetchSeries = (queries: readonly SeriesQuery[], options: FetchOptions = {}): Promise<SeriesResult[]> =>
    job(options, async (jobId) => {
      const request: RequestOf<'series.fetch'> = { jobId, queries: [...queries] };
      if (options.priority !== undefined) request.priority = options.priority;
      if (options.cache !== undefined) request.cache = options.cache;
      if (options.transform) request.transform = options.transform;
      const results = await call('series.fetch', request);
      return results.map((r): SeriesResult => {
        if (!r.ok) return { ok: false, error: errorFromJSON(r.error) };
        return { ok: true, series: arrived(r.series, r.starts) };
      });
    });

  return {
    onEvent,
    fetchSeries,
    deriveSeries: (requests, options = {}) =>
      job(options, async (jobId) => {
        const results = await call('series.derive', { jobId, requests: [...requests], ...(options.cache === undefined ? {} : { cache: options.cache }) });
        return results.map((r): SeriesResult => (r.ok ? { ok: true, series: arrived(r.series, undefined) } : { ok: false, error: errorFromJSON(r.error) }));
      }),

    listSources: (_query, options) => call('catalog.listSources', options?.cache === undefined ? {} : { cache: options.cache }),
    listSourceIndicators: (query: SourceIndicatorsQuery, options) =>
      call('catalog.listSourceIndicators', {
        source_code: query.source_code,
        ...(query.q === undefined ? {} : { q: query.q }),
        ...(options?.cache === undefined ? {} : { cache: options.cache }),
      }),
    listCountries: (_query, options) => call('catalog.listCountries', options?.cache === undefined ? {} : { cache: options.cache }),
    catalogue: (options) => call('catalog.catalogue', options?.cache === undefined ? {} : { cache: options.cache }),
    learnedNames: () => call('catalog.learnedNames', {}),
    searchMemory: { load: () => call('search.memory', {}), save: async (memory) => { await call('search.remember', memory); } },
    preferences: { load: () => call('settings.preferences', {}), save: (p) => call('settings.setPreferences', p) },
    estimate: (queries, options): Promise<Estimate> =>
      call('series.estimate', {
        queries: [...queries], ...(options?.cache === undefined ? {} : { cache: options.cache }), ...(options?.transform ? { transform: options.transform } : {}),
        ...(options?.derived ? { derived: [...options.derived] } : {}),
      }),
    quotaStatus: () => {
      askQuota();
      return lastQuota;
    },
    onQuotaChange: (fn) => {
      quotaListeners.add(fn);
      askQuota();
      const stop = onEvent((event) => {
        if (event.type === 'quota' && lastQuota !== undefined) fn(lastQuota);
      });
      return () => {
        quotaListeners.delete(fn);
        stop();
      };
    },

    session: {
      status: () => call('session.status', {}),
      onChange: (fn) => onEvent((event) => {
        if (event.type === 'session') fn(event.status);
      }),
    },
    connection: {
      check: () => call('connection.check', {}),
      onCheck: (fn) => onEvent((event) => {
        if (event.type === 'reachability') fn(event.outcome);
        if (event.type === 'bridge_lost') fn({ answered: false, who: 'local', message: event.message });
      }),
    },
    profiles: {
      list: () => call('profiles.list', {}),
      create: (request) => call('profiles.create', request),
      update: (request) => call('profiles.update', request),
      remove: (name) => call('profiles.remove', { name }),
      switch: (name) => call('profiles.switch', { name }),
      testConnection: (name) => call('profiles.testConnection', name === undefined ? {} : { name }),
      rotateKey: (name, key) => call('profiles.rotateKey', { name, key }),
      forgetKey: (name) => call('profiles.forgetKey', { name }),
    },
    exports: {
      writeLocal: (request, options) => job(options, (jobId) => call('exports.writeLocal', { ...request, jobId })),
      service: (request, options) => job(options, (jobId) => call('exports.service', { ...request, jobId })),
    },
    images: { save: (request) => call('images.save', request) },
    clipboard: { write: (request) => call('clipboard.write', request) },
    library: {
      list: () => call('library.list', {}),
      open: (id, transform) => call('library.open', transform ? { id, transform } : { id }),
      compare: (olderId, newerId) => call('library.compare', { olderId, newerId }),
      remove: (id) => call('library.remove', { id }),
      rerun: (id, options) => job(options, (jobId) => call('library.rerun', { jobId, id })),
      openFile: (request) => call('library.openFile', request),
    },
    vintages: {
      releases: (queries, transform) => call('vintages.releases', { queries: [...queries], ...(transform ? { transform } : {}) }),
      asOf: async (queries, date, transform) => {
        const results = await call('vintages.asOf', { queries: [...queries], date, ...(transform ? { transform } : {}) });
        return results.map((r): AsOfResult => (r.ok ? r : { ok: false, error: reviveError(r.error) }));
      },
      history: (query, transform) => call('vintages.history', { query, ...(transform ? { transform } : {}) }),
    },
    watch: {
      list: () => call('watch.list', {}),
      pin: (request) => call('watch.pin', request),
      unpin: (keys) => call('watch.unpin', { keys }),
      check: () => call('watch.check', {}),
      changes: () => call('watch.changes', {}),
      seen: (keys) => call('watch.seen', keys === undefined ? {} : { keys }),
      onChange: (fn) => onEvent((event) => {
        if (event.type === 'watch') fn(event.state, event.found);
      }),
    },
  };
}
