/**
 * A pluggable cache of answers, keyed by the normalized request (never the key). Entries carry
 * their own time to live, so a store is plain storage: the client decides what is fresh or stale.
 * `MemoryCacheStore` is here (it runs anywhere); `FileCacheStore` is in `@econdata/core/node`.
 */
import { normalizedQuery } from '../net/normalized-query.ts';

export interface CacheEntry {
  /** The checked answer, as JSON-able data (an envelope `{ data, metadata }`). */
  value: unknown;
  /** When it was stored (ms since the epoch). */
  storedAt: number;
  /** When it stops being fresh (ms since the epoch). Past it, it is only used as a stale fallback. */
  expiresAt: number;
}

/** Where answers are kept between requests (and, for the file store, between runs). */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A cache in memory, bounded by entry count (least recently used goes first). */
export class MemoryCacheStore implements CacheStore {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #maxEntries: number;

  constructor(options: { maxEntries?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? 5000;
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  /** How many entries it holds. */
  get size(): number {
    return this.#entries.size;
  }
}

/**
 * A view of a store under a prefix: answers fetched with one key are not served to another key
 * (plans differ in what they may see), while one store holds them all.
 */
export function prefixedCacheStore(store: CacheStore, prefix: string): CacheStore {
  return {
    get: (key) => store.get(`${prefix} ${key}`),
    set: (key, entry) => store.set(`${prefix} ${key}`, entry),
    delete: (key) => store.delete(`${prefix} ${key}`),
  };
}

/**
 * The normalized form of a request: method, path and the parameters as `normalizedQuery` writes them
 * (the same text as the URL's query string). The API key is never part of it.
 */
export function requestKey(method: string, path: string, params: Record<string, unknown>): string {
  return `${method} ${path}?${normalizedQuery(params)}`;
}

/** The cache key: the base URL (answers of two services never mix) and the normalized request. */
export function cacheKey(baseURL: string, request: string): string {
  return `${baseURL.replace(/\/+$/, '')} ${request}`;
}
