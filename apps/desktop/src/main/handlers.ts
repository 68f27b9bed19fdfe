/**
 * The contract implemented once over main's services: one handler per operation. Electron's IPC
 * and web mode's HTTP bridge both reach them only through `createDispatcher`, which validates the
 * request first and turns every failure into a serialized error.
 */
import { fetchDerived, fetchShown, fromClient, planDerived, planShown } from '@econdata/analysis';
import { EconDataClient, type CallOptions } from '@econdata/core';
import type { OperationName, RequestOf, ResponseOf } from '../shared/contract.ts';
import type { BridgeEvent, Envelope } from '../shared/bridge.ts';
import { isOperationName } from '../shared/contract.ts';
import { quotaToWire } from '../shared/quota-wire.ts';
import { validateRequest } from '../shared/request-schemas.ts';
import { bridgeError } from '../shared/wire-error.ts';
import type { ExportService } from './services/exports.ts';
import type { ImageService } from './services/images.ts';
import type { JobRegistry } from './services/jobs.ts';
import type { LibraryService } from './services/library.ts';
import type { SearchMemoryService } from './services/search-memory.ts';
import type { PreferencesService } from './services/preferences.ts';
import type { ReachabilityService } from './services/reachability.ts';
import type { Session } from './services/session.ts';
import type { VintageService } from './services/vintages.ts';
import type { WatchService } from './services/watch.ts';
import { startsForWire, toWireError } from './wire.ts';

export type Handlers = { [N in OperationName]: (request: RequestOf<N>) => Promise<ResponseOf<N>> };

export interface Services {
  session: Session;
  jobs: JobRegistry;
  exports: ExportService;
  images: ImageService;
  library: LibraryService;
  searchMemory: SearchMemoryService;
  preferences: PreferencesService;
  reachability: ReachabilityService;
  vintages: VintageService;
  watch: WatchService;
  emit(event: BridgeEvent): void;
}

const cacheOption = (request: { cache?: CallOptions['cache'] }): CallOptions => (request.cache === undefined ? {} : { cache: request.cache });

/** One handler per operation, over the services. */
export function createHandlers({ session, jobs, exports, images, library, searchMemory, preferences, reachability, watch, vintages }: Services): Handlers {
  const { profiles } = session;
  const viewOf = async (name: string) => session.view(await profiles.get(name), (await profiles.active())?.name);

  return {
    'session.status': () => session.status(),

    'profiles.list': () => session.views(),
    'profiles.create': async ({ key, activate = true, ...input }) => {
      if (key !== undefined) session.rememberSecret(key);
      // keychain checks the key and saves it with the profile in one change: a refusal leaves neither.
      await profiles.create(input, { activate, ...(key === undefined ? {} : { key }) });
      if (activate || (await profiles.active())?.name === input.name) await session.changed();
      return viewOf(input.name);
    },
    'profiles.update': async ({ name, key, ...changes }) => {
      if (key !== undefined) session.rememberSecret(key);
      // keychain drops the saved key when the change moves the profile to another origin (unless a
      // key comes with it): the old key never reaches an address the renderer chose.
      await profiles.update(name, changes, key === undefined ? {} : { key });
      if ((await profiles.active())?.name === name) await session.changed();
      return viewOf(name);
    },
    'profiles.remove': async ({ name }) => {
      const wasActive = (await profiles.active())?.name === name;
      await profiles.delete(name);
      if (wasActive) await session.changed();
      return { removed: name };
    },
    'profiles.switch': async ({ name }) => {
      await profiles.setActive(name);
      return session.changed();
    },
    'profiles.testConnection': async ({ name }) => {
      const profileName = name ?? (await profiles.active())?.name;
      const active = (await profiles.active())?.name;
      const started = Date.now();
      // The active profile is tested through its own client (the embedded sandbox included).
      const client = profileName === undefined || profileName === active ? await session.client() : undefined;
      const target = profileName ?? 'sandbox';
      try {
        const answer = await (client ?? await testClient(session, target)).listSources({}, { cache: 'no-store', maxRetries: 0 });
        return { ok: true, profile: target, baseURL: (await viewOf(target)).baseURL, sources: answer.data.length, elapsedMs: Date.now() - started };
      } catch (error) {
        return { ok: false, profile: target, baseURL: (await viewOf(target)).baseURL, elapsedMs: Date.now() - started, error: toWireError(error, session.secrets()) };
      }
    },
    'profiles.rotateKey': async ({ name, key }) => {
      session.rememberSecret(key);
      await profiles.setKey(name, key);
      if ((await profiles.active())?.name === name) await session.changed();
      return viewOf(name);
    },
    'profiles.forgetKey': async ({ name }) => {
      await profiles.deleteKey(name);
      if ((await profiles.active())?.name === name) await session.changed();
      return viewOf(name);
    },

    'catalog.listSources': async (request) => (await session.client()).listSources({}, cacheOption(request)),
    'catalog.listSourceIndicators': async ({ cache, ...query }) => (await session.client()).listSourceIndicators(query, cacheOption({ ...(cache === undefined ? {} : { cache }) })),
    'catalog.listCountries': async (request) => (await session.client()).listCountries({}, cacheOption(request)),
    'catalog.catalogue': async (request) => (await session.client()).catalogue(cacheOption(request)),
    'catalog.learnedNames': async () => (await session.client()).learnedNames(),
    'search.memory': () => searchMemory.load(),
    'search.remember': (memory) => searchMemory.save(memory),
    'settings.preferences': () => preferences.load(),
    'settings.setPreferences': (request) => preferences.save(request),

    'series.fetch': ({ jobId, queries, transform, priority, cache }) => jobs.run(jobId, async (job) => {
      const { fetch, names } = fromClient(await session.client());
      const results = await fetchShown(vintages.recording(fetch), queries, transform, {
        names, language: await preferences.nameLanguage(), signal: job.signal, onProgress: job.fetchProgress, ...(priority === undefined ? {} : { priority }), ...(cache === undefined ? {} : { cache }),
      });
      // Each series with its x (the chart's), so the renderer does not read its periods again.
      return results.map((r) => (r.ok ? { ok: true as const, series: r.series, starts: startsForWire(r.series) } : { ok: false as const, error: toWireError(r.error, session.secrets()) }));
    }),
    'series.derive': ({ jobId, requests, cache }) => jobs.run(jobId, async (job) => {
      const { fetch, names } = fromClient(await session.client());
      const results = await fetchDerived(fetch, requests, {
        names, language: await preferences.nameLanguage(), signal: job.signal, onProgress: job.fetchProgress, ...(cache === undefined ? {} : { cache }),
      });
      return results.map((r) => (r.ok ? r : { ok: false as const, error: toWireError(r.error, session.secrets()) }));
    }),
    'series.estimate': async ({ queries, transform, derived, cache }) =>
      (await session.client()).estimate([...planShown(queries, transform).queries, ...planDerived(derived ?? []).queries], cache === undefined ? {} : { cache }),
    'jobs.cancel': async ({ jobId }) => ({ cancelled: jobs.cancel(jobId) }),
    'vintages.releases': ({ queries, transform }) => vintages.releases(queries, transform),
    'vintages.asOf': ({ queries, transform, date }) => vintages.asOf(queries, transform, date),
    'vintages.history': ({ query, transform }) => vintages.history(query, transform),

    'quota.status': async () => {
      const status = (await session.client()).quotaStatus();
      return status === undefined ? null : quotaToWire(status);
    },
    'connection.check': () => reachability.check(),

    'exports.writeLocal': (request) => jobs.run(request.jobId, async (job) => {
      const written = await exports.writeLocal(request, job, await preferences.nameLanguage());
      // A series saved in the library has its vintages kept from now on, this answer first.
      if (written.saved && !request.derived && request.saved === undefined) await vintages.keepShown(request.queries, request.transform, () => session.client());
      return written;
    }),
    'exports.service': (request) => jobs.run(request.jobId, (job) => exports.service(request, job)),

    'images.save': (request) => images.save(request),
    'clipboard.write': (request) => images.write(request),

    'library.list': () => library.list(),
    'library.open': ({ id, transform }) => library.open(id, transform),
    'library.compare': ({ olderId, newerId }) => library.compare(olderId, newerId),
    'library.remove': ({ id }) => library.remove(id),
    'library.rerun': ({ jobId, id }) => jobs.run(jobId, async (job) => library.rerun(id, await session.client(), job, await preferences.nameLanguage(), (fetch) => vintages.recording(fetch, { all: true }))),
    'library.openFile': (request) => library.openFile(request),

    'watch.list': () => watch.state(),
    'watch.pin': async (request) => {
      const state = await watch.pin(request);
      // A series watched from the chart has its vintages kept from now on, the answer shown first.
      if (request.from === 'shown') await vintages.keepShown(request.queries, request.transform, () => session.client());
      return state;
    },
    'watch.unpin': ({ keys }) => watch.unpin(keys),
    'watch.check': () => watch.check(),
    'watch.changes': () => watch.changes(),
    'watch.seen': ({ keys }) => watch.seen(keys),
  };
}

/** A client for a profile that is not the active one (connection tests only). */
async function testClient(session: Session, name: string): Promise<EconDataClient> {
  return new EconDataClient({ ...(await session.profiles.clientOptions(name)), maxRetries: 0, timeoutMs: 15_000 });
}

/** What both bridges call: the operation's name (unchecked) and its request (unchecked). */
export type Dispatch = (name: string, request: unknown) => Promise<Envelope<unknown>>;

/**
 * Validates, runs, serializes. An unknown operation or a request failing its schema never reaches
 * a service; every error leaves as a WireError with the run's keys removed.
 */
export function createDispatcher(handlers: Handlers, secrets: () => Iterable<string>): Dispatch {
  return async (name, request) => {
    if (!isOperationName(name)) {
      return { ok: false, error: bridgeError('unknown_operation', `The explorer has no operation "${String(name).slice(0, 60)}". Reload the page: it may be older than the explorer.`) };
    }
    try {
      const checked = validateRequest(name, request);
      const handler = handlers[name] as (r: typeof checked) => Promise<unknown>;
      return { ok: true, value: await handler(checked) };
    } catch (error) {
      return { ok: false, error: toWireError(error, secrets()) };
    }
  };
}
