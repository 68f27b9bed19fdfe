/**
 * The catalogue: every source's indicator list, for one search across all of them.
 *
 * One load asks GET /sources (kept for the cache's time to live: within it no request at all), then each source's GET /sources/{code}/indicators only when the list kept from before does
 * not match the source's `last_updated` (or, for a source without one, is older than the cache's
 * time to live). The lists are kept in the client's cache store (entries valid until the source
 * changes, so they outlive the ordinary time to live) or, without a store, in the client's memory.
 * A source whose list the key may not read (403) is `not_in_plan`; one whose list failed otherwise
 * is `failed` with its error; the other sources are there either way. Loads running at the same
 * time share one set of requests.
 */
import { isFresh, staleFallback } from '../cache/freshness.ts';
import { cacheKey, type CacheEntry, type CacheStore } from '../cache/store.ts';
import { EconError, type SerializedEconError } from '../errors/errors.ts';
import type { CallOptions } from '../client/options.ts';
import type { ApiResult, IndicatorInfo, SourceInfo } from '../wire/records.ts';

/** One source of the catalogue. */
interface CatalogueSource {
  /** The source as GET /sources lists it. */
  source: SourceInfo;
  /** `ready`: its indicators are listed; `not_in_plan`: the key's plan may not read it (403); `failed`: see `error`. */
  status: 'ready' | 'not_in_plan' | 'failed';
  /** The source's indicators (empty unless ready). */
  indicators: IndicatorInfo[];
  /** Why it is not ready, as JSON (crosses IPC as it is; `errorFromJSON` revives it). */
  error?: SerializedEconError;
  /** When its list was fetched (ms since the epoch), whether in this load or an earlier one. */
  fetchedAt?: number;
}

/** Every source and its indicators. */
export interface Catalogue {
  sources: CatalogueSource[];
}

/** What a catalogue load needs of the client. */
export interface CatalogueDeps {
  listSources(query: Record<string, never>, options?: CallOptions): Promise<ApiResult<SourceInfo>>;
  listSourceIndicators(query: { source_code: string }, options?: CallOptions): Promise<ApiResult<IndicatorInfo>>;
  store: CacheStore;
  baseURL: string;
  now(): number;
  ttlMs: number;
  /** A failing store is reported here and treated as empty: the lists are fetched instead. */
  onStoreError(error: unknown): void;
}

/** A kept list: the source's `last_updated` it belongs to, and the list. */
interface KeptList {
  last_updated: string | null;
  indicators: IndicatorInfo[];
}

/** Kept lists stay until their source changes; a store that prunes by expiry may still drop them after this. */
const KEEP_MS = 365 * 24 * 3_600_000;

const keyOf = (baseURL: string, code: string): string => cacheKey(baseURL, `CATALOGUE /sources/${encodeURIComponent(code)}/indicators`);

function isKeptList(value: unknown): value is KeptList {
  return typeof value === 'object' && value !== null && Array.isArray((value as KeptList).indicators);
}

/**
 * Loads the catalogue. `options.cache` applies to GET /sources only ('no-store': ask the service
 * whether a source changed now, not within the cache's time to live).
 */
export async function loadCatalogue(deps: CatalogueDeps, options: CallOptions = {}): Promise<Catalogue> {
  const sources = await readSources(deps, options);
  const entries = await Promise.all(sources.data.map(async (source): Promise<CatalogueSource> => {
    const key = keyOf(deps.baseURL, source.code);
    const kept = await readKept(deps, key);
    const version = typeof source.last_updated === 'string' && source.last_updated !== '' ? source.last_updated : null;
    if (kept && (version !== null ? kept.value.last_updated === version : kept.storedAt + deps.ttlMs > deps.now())) {
      return { source, status: 'ready', indicators: kept.value.indicators, fetchedAt: kept.storedAt };
    }
    let list: ApiResult<IndicatorInfo>;
    try {
      // Not through the ordinary cache: the list is kept here, by version, instead of for a time.
      list = await deps.listSourceIndicators({ source_code: source.code }, { ...options, cache: 'no-store' });
    } catch (error) {
      // A cancelled load is cancelled as a whole; any other failure is this source's only.
      if (!(error instanceof EconError) || error.code === 'aborted') throw error;
      return { source, status: error.code === 'permission_denied' ? 'not_in_plan' : 'failed', indicators: [], error: error.toJSON() };
    }
    const now = deps.now();
    await writeEntry(deps, key, { value: { last_updated: version, indicators: list.data } satisfies KeptList, storedAt: now, expiresAt: now + KEEP_MS });
    return { source, status: 'ready', indicators: list.data, fetchedAt: now };
  }));
  return { sources: entries };
}

/**
 * GET /sources, kept for the cache's time to live in the same store as the lists (so a client
 * without a cache store still asks it once an hour, not on every load); 'no-store' asks anew, and
 * 'allow-stale' falls back to an expired copy when the service cannot be reached.
 */
async function readSources(deps: CatalogueDeps, options: CallOptions): Promise<ApiResult<SourceInfo>> {
  const key = cacheKey(deps.baseURL, 'CATALOGUE /sources');
  const entry = await readEntry(deps, key);
  const kept = entry && isSourcesAnswer(entry.value) ? entry : undefined;
  if (kept && options.cache !== 'no-store' && isFresh(kept, deps.now())) return kept.value as ApiResult<SourceInfo>;
  try {
    const answer = await deps.listSources({}, { ...options, cache: 'no-store' });
    const now = deps.now();
    await writeEntry(deps, key, { value: { data: answer.data, metadata: answer.metadata }, storedAt: now, expiresAt: now + deps.ttlMs });
    return answer;
  } catch (error) {
    const stale = staleFallback(kept, error, options.cache ?? 'default');
    if (stale) return { ...(stale.value as ApiResult<SourceInfo>), stale: true };
    throw error;
  }
}

function isSourcesAnswer(value: unknown): value is ApiResult<SourceInfo> {
  return typeof value === 'object' && value !== null && Array.isArray((value as ApiResult<SourceInfo>).data);
}

async function readEntry(deps: CatalogueDeps, key: string): Promise<CacheEntry | undefined> {
  try {
    return await deps.store.get(key);
  } catch (error) {
    deps.onStoreError(error);
    return undefined;
  }
}

async function writeEntry(deps: CatalogueDeps, key: string, entry: CacheEntry): Promise<void> {
  try {
    await deps.store.set(key, entry);
  } catch (error) {
    deps.onStoreError(error);
  }
}

async function readKept(deps: CatalogueDeps, key: string): Promise<{ value: KeptList; storedAt: number } | undefined> {
  const entry = await readEntry(deps, key);
  return entry && isKeptList(entry.value) ? { value: entry.value, storedAt: entry.storedAt } : undefined;
}
