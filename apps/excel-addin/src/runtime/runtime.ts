/**
 * The shared runtime: one EconDataClient, one QuotaLedger (usage kept in IndexedDB), one cache
 * (IndexedDB: survives closing Excel) and one SeriesCollector per connection, created when the
 * user connects or when saved settings are found at start-up.
 */
import {
  BrowserQuotaStore, type Catalogue, EconDataClient, EconError, IndexedDbCacheStore, IndexedDbQuotaStore, MemoryCacheStore, MemoryQuotaStore, QuotaLedger,
  prefixedCacheStore,
  planFromLimits, readNameLanguage, SeriesCollector, quotaKeyId, type CacheStore, type NameLanguage, type PlanName, type QuotaStatus, type QuotaStore, type Series, type SeriesQuery, type Transport,
} from '@econdata/core';
import { CommandRegistry } from './commands.ts';
import { browserProbe, explain, runConnectionTest, type ConnectionOutcome, type ReachabilityProbe } from './connection-test.ts';
import { checkSettings, DEFAULT_SETTINGS, isLoopback, loadSettings, STORAGE_KEYS, type ConnectionSettings } from './settings.ts';
import { defaultStorage, type KeyValueStorage, type WebStorageLike } from './storage.ts';
import { NotConnectedError, type AddinRuntime, type LoadOptions, type RuntimeStatus, type StaleNotice } from './types.ts';

export interface RuntimeOptions {
  /** Settings and key storage. @default OfficeRuntime.storage, else localStorage, else memory */
  storage?: KeyValueStorage;
  /** IndexedDB for the cache and the quota log. @default globalThis.indexedDB */
  indexedDB?: IDBFactory;
  /** Replaces the IndexedDB cache (tests). */
  cache?: CacheStore;
  /** Replaces the IndexedDB quota store (tests). */
  quotaStore?: QuotaStore;
  /** How long an answer stays fresh, ms. @default 3600000 (core's default) */
  cacheTtlMs?: number;
  /** How long the collector gathers the calls of one recalculation, ms. @default 100 */
  collectWindowMs?: number;
  /** The HTTP seam (tests pass core's FakeTransport). @default axios */
  transport?: Transport;
  /** Tells a CORS refusal from a host that is down. @default a no-cors fetch in browsers */
  probe?: ReachabilityProbe;
  /** This page's origin, for the CORS message. @default location.origin */
  origin?: string;
  /** Retries per request (tests set 0 to fail fast). @default core's 2 */
  maxRetries?: number;
  /** Divides the ledger's windows, like the sandbox's --time-scale (tests). @default 1 */
  timeScale?: number;
  /** Cache entries older than this are removed at start (the IndexedDB cache only). @default 30 days */
  cacheMaxAgeMs?: number;
}

const THIRTY_DAYS = 30 * 86_400_000;
/** Formulas collected into one job from which it is bulk work (a sheet recalculating, a fill-down): a team gateway serves people's requests first. */
const BULK_FORMULAS = 50;

interface Connection {
  settings: ConnectionSettings;
  client: EconDataClient;
  ledger: QuotaLedger;
  collector: SeriesCollector;
  stopQuota: () => void;
}

/** Creates the runtime and starts reading the saved settings (`ready`). Nothing is sent until something asks. */
export function createAddinRuntime(options: RuntimeOptions = {}): AddinRuntime {
  return new SharedRuntime(options);
}

class SharedRuntime implements AddinRuntime {
  readonly commands = new CommandRegistry();
  readonly ready: Promise<void>;
  readonly #options: RuntimeOptions;
  readonly #storage: KeyValueStorage;
  readonly #cache: CacheStore;
  readonly #quotaStore: QuotaStore;
  #connection: Connection | undefined;
  #status: RuntimeStatus;
  readonly #statusListeners = new Set<(s: RuntimeStatus) => void>();
  readonly #quotaListeners = new Set<(s: QuotaStatus) => void>();
  readonly #stale = new Map<string, StaleNotice>();
  readonly #staleListeners = new Set<(s: readonly StaleNotice[]) => void>();

  constructor(options: RuntimeOptions) {
    this.#options = options;
    this.#storage = options.storage ?? defaultStorage();
    const idb = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    this.#cache = options.cache ?? (idb ? new IndexedDbCacheStore({ indexedDB: idb }) : new MemoryCacheStore());
    this.#quotaStore = options.quotaStore ?? quotaStoreFor(idb);
    this.#status = { connected: false, baseURL: null, plan: null, planSource: null, service: null, demoData: null, lastTest: null, keyStorage: this.#storage.kind, problem: null };
    this.ready = this.#restore();
    // Old answers go at start, off the critical path; a failure only means the cache stays larger.
    if (this.#cache instanceof IndexedDbCacheStore) {
      const before = Date.now() - (options.cacheMaxAgeMs ?? THIRTY_DAYS);
      this.#cache.prune(before).catch((error: unknown) => console.warn(`Econdata: could not prune the cache (${error instanceof Error ? error.message : String(error)}); it keeps working.`));
    }
  }

  get status(): RuntimeStatus {
    return this.#status;
  }

  get client(): EconDataClient | undefined {
    return this.#connection?.client;
  }

  onStatus(fn: (status: RuntimeStatus) => void): () => void {
    this.#statusListeners.add(fn);
    return () => this.#statusListeners.delete(fn);
  }

  async savedSettings(): Promise<ConnectionSettings> {
    return (await loadSettings(this.#storage)) ?? DEFAULT_SETTINGS;
  }

  async connect(settings: ConnectionSettings, apiKey: string): Promise<ConnectionOutcome> {
    await this.ready;
    const key = apiKey.trim();
    if (key === '') return { ok: false, problem: 'bad_key', message: 'Enter the API key from the provider\'s dashboard (for the sandbox: sandbox-free, sandbox-basic, sandbox-pro or sandbox-enterprise).' };
    let next: Connection;
    try {
      next = await this.#open(checkSettings(settings), key);
    } catch (error) {
      return explain(error, { baseURL: settings.baseURL, probe: this.#probe, origin: this.#origin });
    }
    const outcome = await this.#test(next);
    this.#learnPlan(next);
    // A refused key, a missing permission, a CORS refusal or a wrong address would not work later either.
    const keep = outcome.ok || outcome.problem === 'unreachable' || outcome.problem === 'rate_limited' || outcome.problem === 'server_error';
    if (!keep) {
      next.stopQuota();
      this.#setStatus({ lastTest: outcome });
      return outcome;
    }
    await this.#storage.setItem(STORAGE_KEYS.settings, JSON.stringify(next.settings));
    await this.#storage.setItem(STORAGE_KEYS.apiKey, key);
    this.#install(next, outcome);
    return outcome;
  }

  async testConnection(options: { permission?: SeriesQuery } = {}): Promise<ConnectionOutcome> {
    await this.ready;
    const c = this.#connection;
    if (!c) return { ok: false, problem: 'not_connected', message: 'Not connected: enter the service address, plan and API key (or your team gateway\'s address and your token), then Connect.' };
    const outcome = await this.#test(c, options.permission);
    if (this.#learnPlan(c)) await this.#storage.setItem(STORAGE_KEYS.settings, JSON.stringify(c.settings));
    this.#setStatus({ lastTest: outcome, plan: c.settings.plan, planSource: c.settings.planSource ?? null, ...(outcome.ok ? { demoData: outcome.demoData } : {}) });
    return outcome;
  }

  async choosePlan(plan: PlanName): Promise<void> {
    await this.ready;
    const c = this.#connection;
    if (!c) throw new NotConnectedError();
    const settings = checkSettings({ ...c.settings, plan, planSource: 'user' });
    c.ledger.setPlan(plan);
    c.settings = settings;
    await this.#storage.setItem(STORAGE_KEYS.settings, JSON.stringify(settings));
    this.#setStatus({ plan, planSource: 'user' });
  }

  /**
   * The plan the service's rate-limit headers name (core's table read backwards), taken for this
   * connection when they name one: the ledger paces by it from now on. The service's word wins over
   * a plan chosen by hand. Returns whether the settings changed.
   */
  #learnPlan(c: Connection): boolean {
    const stated = c.ledger.statedLimits();
    const plan = stated ? planFromLimits(stated) : undefined;
    if (!plan || (plan === c.settings.plan && c.settings.planSource === 'service')) return false;
    c.ledger.setPlan(plan);
    c.settings = { ...c.settings, plan, planSource: 'service' };
    return true;
  }

  async disconnect(): Promise<void> {
    await this.ready;
    await this.#storage.removeItem(STORAGE_KEYS.apiKey);
    this.#connection?.stopQuota();
    this.#connection = undefined;
    this.#setStatus({ connected: false, baseURL: null, plan: null, planSource: null, service: null, demoData: null, lastTest: null });
  }

  async nameLanguage(): Promise<NameLanguage> {
    try {
      return readNameLanguage(await this.#storage.getItem(STORAGE_KEYS.nameLanguage));
    } catch {
      // Names are a display choice, never a reason for a formula to fail.
      return 'en';
    }
  }

  async catalogue(options: { signal?: AbortSignal } = {}): Promise<Catalogue> {
    await this.ready;
    const c = this.#connection;
    if (!c) throw new NotConnectedError();
    return c.client.catalogue(options.signal ? { signal: options.signal } : {});
  }

  async load(query: SeriesQuery, options: LoadOptions = {}): Promise<Series> {
    await this.ready;
    const c = this.#connection;
    if (!c) throw new NotConnectedError();
    const series = await c.collector.load(query, options.signal ? { signal: options.signal } : {});
    this.#noteStale(series, options.address);
    return series;
  }

  quotaStatus(): QuotaStatus | undefined {
    return this.#connection?.client.quotaStatus();
  }

  onQuotaChange(fn: (status: QuotaStatus) => void): () => void {
    this.#quotaListeners.add(fn);
    return () => this.#quotaListeners.delete(fn);
  }

  staleResults(): readonly StaleNotice[] {
    return [...this.#stale.values()];
  }

  onStale(fn: (stale: readonly StaleNotice[]) => void): () => void {
    this.#staleListeners.add(fn);
    return () => this.#staleListeners.delete(fn);
  }

  get #probe(): ReachabilityProbe {
    return this.#options.probe ?? browserProbe;
  }

  get #origin(): string | undefined {
    return this.#options.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin;
  }

  /** Reads saved settings and key; connects without a request (Excel recalculates before anyone opens the taskpane). */
  async #restore(): Promise<void> {
    let settings: ConnectionSettings | undefined;
    try {
      settings = await loadSettings(this.#storage);
    } catch (error) {
      this.#setStatus({ problem: error instanceof Error ? error.message : String(error) });
      return;
    }
    const key = await this.#storage.getItem(STORAGE_KEYS.apiKey);
    if (!settings || !key) return;
    try {
      this.#install(await this.#open(settings, key), null);
    } catch (error) {
      if (!(error instanceof EconError)) throw error;
      this.#setStatus({ problem: `The saved connection could not be used: ${error.message}` });
    }
  }

  async #open(settings: ConnectionSettings, key: string): Promise<Connection> {
    const keyId = await quotaKeyId(key);
    const ledger = new QuotaLedger({ plan: settings.plan, store: this.#quotaStore, keyId, ...(this.#options.timeScale ? { timeScale: this.#options.timeScale } : {}) });
    const o = this.#options;
    const client = new EconDataClient({
      baseURL: settings.baseURL,
      getApiKey: () => key,
      gate: ledger,
      // Answers of one key are not served to another: plans differ in what they may read.
      cache: prefixedCacheStore(this.#cache, keyId),
      ...(settings.authMode ? { authMode: settings.authMode } : {}),
      // A team gateway hears which requests are bulk (refreshes, a sheet recalculating) and serves people's first.
      ...(settings.kind === 'gateway' ? { sendPriority: true } : {}),
      ...(o.cacheTtlMs === undefined ? {} : { cacheTtlMs: o.cacheTtlMs }),
      ...(o.transport ? { transport: o.transport } : {}),
      ...(o.maxRetries === undefined ? {} : { maxRetries: o.maxRetries }),
    });
    // Formulas show the last good value rather than #N/A when the service cannot answer.
    // A job of BULK_FORMULAS or more (a sheet recalculating, a fill-down) is bulk work; a few formulas typed are interactive.
    const collector = new SeriesCollector(client, { windowMs: o.collectWindowMs ?? 100, maxQueries: 10_000, bulkFrom: BULK_FORMULAS, call: { cache: 'allow-stale', priority: 'interactive' } });
    const stopQuota = ledger.subscribe((status) => {
      if (this.#connection?.ledger === ledger) for (const fn of this.#quotaListeners) fn(status);
    });
    return { settings, client, ledger, collector, stopQuota };
  }

  #test(c: Connection, permission?: SeriesQuery): Promise<ConnectionOutcome> {
    return runConnectionTest({
      client: c.client, baseURL: displayURL(c.settings.baseURL), service: isLoopback(c.settings.baseURL) ? 'sandbox' : 'real',
      probe: this.#probe, origin: this.#origin, ...(permission ? { permission } : {}),
    });
  }

  #install(c: Connection, outcome: ConnectionOutcome | null): void {
    this.#connection?.stopQuota();
    this.#connection = c;
    this.#stale.clear();
    this.#emitStale();
    this.#setStatus({
      connected: true, baseURL: displayURL(c.settings.baseURL), plan: c.settings.plan, planSource: c.settings.planSource ?? null, service: isLoopback(c.settings.baseURL) ? 'sandbox' : 'real',
      demoData: outcome?.ok ? outcome.demoData : null, lastTest: outcome, problem: null,
    });
    const quota = c.client.quotaStatus();
    if (quota) for (const fn of this.#quotaListeners) fn(quota);
  }

  #noteStale(series: Series, address: string | undefined): void {
    const id = `${address ?? ''}|${series.id}`;
    if (series.provenance.stale) {
      this.#stale.set(id, { ...(address === undefined ? {} : { address }), seriesId: series.id, query: series.provenance.query, retrievedAt: series.provenance.retrieved_at });
      this.#emitStale();
    } else if (this.#stale.delete(id)) {
      this.#emitStale();
    }
  }

  #emitStale(): void {
    const list = this.staleResults();
    for (const fn of this.#staleListeners) fn(list);
  }

  #setStatus(change: Partial<RuntimeStatus>): void {
    this.#status = { ...this.#status, ...change };
    for (const fn of this.#statusListeners) fn(this.#status);
  }
}

/** IndexedDB where there is one (safe across the add-in's runtimes), else localStorage, else memory. */
function quotaStoreFor(idb: IDBFactory | undefined): QuotaStore {
  if (idb) return new IndexedDbQuotaStore({ indexedDB: idb });
  const local = (globalThis as { localStorage?: WebStorageLike }).localStorage;
  return local ? new BrowserQuotaStore({ storage: local }) : new MemoryQuotaStore();
}

/** The address as the user should read it: no trailing slash or /api/v1. */
function displayURL(baseURL: string): string {
  return baseURL.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}
