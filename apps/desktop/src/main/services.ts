/**
 * The composition root of main's services, shared by Electron's main process and web mode: one
 * Session (profiles, client, embedded sandbox), jobs, exports and the library, and the dispatcher
 * both bridges call. No Electron import: everything here runs (and is tested) under plain Node.
 */
import { KeytarKeyStore, MemoryKeyStore, type KeyStore, type VerifyKey } from '@econdata/keychain';
import type { Sandbox, SandboxOptions } from '@econdata/sandbox';
import { ExportLibrary } from '@econdata/sheets/node';
import type { ClientOptions } from '@econdata/core';
import type { BridgeEvent } from '../shared/bridge.ts';
import { SearchMemoryService } from './services/search-memory.ts';
import { PreferencesService } from './services/preferences.ts';
import { ReachabilityService, type ReachabilityOptions } from './services/reachability.ts';
import { createDispatcher, createHandlers, type Dispatch, type Handlers } from './handlers.ts';
import type { AppFolders } from './paths.ts';
import { ExportService } from './services/exports.ts';
import type { FileDialogs } from './services/files.ts';
import { JobRegistry } from './services/jobs.ts';
import { ImageService, type Clipboard } from './services/images.ts';
import { LibraryService } from './services/library.ts';
import { Session } from './services/session.ts';
import { VintageService } from './services/vintages.ts';
import { WatchService, type WatchOptions } from './services/watch.ts';

export interface MainOptions {
  host: 'electron' | 'web';
  folders: AppFolders;
  /** The embedded sandbox's data (null: demo pack). */
  dataDir: string | null;
  /** 'os-keychain' (keytar) by default; 'memory' keeps keys for this run only (tests, --key-store memory). */
  keyStore?: 'os-keychain' | 'memory' | KeyStore;
  dialogs?: FileDialogs;
  /** The system clipboard (Electron); web mode's page uses the browser's. */
  clipboard?: Clipboard;
  appVersion?: string;
  env?: Record<string, string | undefined>;
  verifyKey?: VerifyKey;
  clientOptions?: Partial<ClientOptions>;
  startSandbox?: (options: SandboxOptions) => Promise<Sandbox>;
  /** The service check's interval, clock and probe (tests). */
  reachability?: Pick<ReachabilityOptions, 'everyMs' | 'timers' | 'probe'>;
  /** The bound of each profile's kept vintages in bytes (default 50 MB). */
  vintageMaxBytes?: number;
  /** The new-data checks' schedule and clock (tests). */
  watch?: WatchOptions;
}

export interface MainServices {
  session: Session;
  jobs: JobRegistry;
  library: LibraryService;
  exports: ExportService;
  reachability: ReachabilityService;
  vintages: VintageService;
  watch: WatchService;
  handlers: Handlers;
  dispatch: Dispatch;
  /** Calls `fn` with every event for the renderer; returns the unsubscribe function. */
  onEvent(fn: (event: BridgeEvent) => void): () => void;
  close(): Promise<void>;
}

/** Builds every service main needs. */
export function createMainServices(options: MainOptions): MainServices {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const emit = (event: BridgeEvent): void => {
    for (const fn of listeners) fn(event);
    // Another profile is another service: check it at once rather than at the next tick.
    if (event.type === 'session') void reachability.check();
  };
  const choice = options.keyStore ?? 'os-keychain';
  const keyStore = choice === 'memory' ? new MemoryKeyStore() : choice === 'os-keychain' ? new KeytarKeyStore() : choice;
  const session = new Session({
    host: options.host,
    folders: options.folders,
    keyStore,
    keyStoreKind: choice === 'os-keychain' ? 'os-keychain' : 'memory',
    dataDir: options.dataDir,
    emit,
    fileDialogs: options.dialogs !== undefined,
    appVersion: options.appVersion ?? '0.1.0',
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.verifyKey === undefined ? {} : { verifyKey: options.verifyKey }),
    ...(options.clientOptions === undefined ? {} : { clientOptions: options.clientOptions }),
    ...(options.startSandbox === undefined ? {} : { startSandbox: options.startSandbox }),
    // A request that reached no one: check now, and the top bar hears it within a second.
    onNoAnswer: () => void reachability.check(),
  });
  const exportLibrary = new ExportLibrary({ folder: options.folders.library });
  const jobs = new JobRegistry(emit);
  const reachability = new ReachabilityService({ serviceURL: () => session.serviceURL(), emit, ...options.reachability });
  const library = new LibraryService(exportLibrary, options.folders, options.dialogs);
  const exports = new ExportService(session, exportLibrary, options.folders, options.dialogs);
  const images = new ImageService(options.folders, options.dialogs, options.clipboard);
  const preferences = new PreferencesService(options.folders.home);
  const watch = new WatchService(options.folders.home, session, library, preferences, emit, options.watch);
  const vintages = new VintageService(options.folders.home, session, exportLibrary, options.vintageMaxBytes === undefined ? {} : { maxBytes: options.vintageMaxBytes });
  // Watched series keep their vintages too (the watch's checks call vintages.recording).
  vintages.keepWatched(async (profile) => (await watch.store.entries(profile)).map((e) => e.query));
  watch.fetchThrough((fetch) => vintages.recording(fetch, { all: true }));
  const handlers = createHandlers({ session, jobs, exports, images, library, searchMemory: new SearchMemoryService(options.folders.search), preferences, reachability, watch, vintages, emit });
  return {
    session, jobs, library, exports, reachability, watch, vintages, handlers,
    dispatch: createDispatcher(handlers, () => session.secrets()),
    // The service is checked while a window listens (Electron's window, web mode's event stream).
    onEvent: (fn) => {
      listeners.add(fn);
      const last = reachability.last();
      if (last) fn({ type: 'reachability', outcome: last });
      reachability.start();
      // The new-data watch checks soon after a window listens (the session is up), then every few hours.
      watch.start();
      return () => {
        listeners.delete(fn);
        if (listeners.size === 0) {
          reachability.stop();
          watch.stop();
        }
      };
    },
    close: async () => {
      reachability.stop();
      watch.stop();
      for (const id of jobs.running()) jobs.cancel(id);
      await session.close();
    },
  };
}
