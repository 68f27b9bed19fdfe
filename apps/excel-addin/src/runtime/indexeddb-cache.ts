/**
 * core's CacheStore over IndexedDB: answers survive closing Excel, so reopening a workbook or
 * inserting rows (which recalculates custom functions) does not refetch, and an offline or rate
 * limited recalculation still has a last good value to show.
 */
import type { CacheEntry, CacheStore } from '@econdata/core';

export interface IndexedDbCacheStoreOptions {
  /** @default globalThis.indexedDB */
  indexedDB?: IDBFactory;
  /** Database name. @default 'econdata-cache' */
  name?: string;
}

const ENTRIES = 'entries';

/** Cache entries in one IndexedDB object store, keyed by core's cache key (never holding the API key). */
export class IndexedDbCacheStore implements CacheStore {
  readonly #factory: IDBFactory;
  readonly #name: string;
  #db: Promise<IDBDatabase> | undefined;

  constructor(options: IndexedDbCacheStoreOptions = {}) {
    const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!factory) throw new TypeError('IndexedDB is not available here: the add-in cache needs it (use MemoryCacheStore in tests without fake-indexeddb)');
    this.#factory = factory;
    this.#name = options.name ?? 'econdata-cache';
  }

  #open(): Promise<IDBDatabase> {
    this.#db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = this.#factory.open(this.#name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(ENTRIES);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        this.#db = undefined; // the next call tries again
        reject(new Error(`Could not open the cache database "${this.#name}" (${request.error?.message ?? 'unknown error'}). Check that the browser allows site storage.`));
      };
    });
    return this.#db;
  }

  async #run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await this.#open();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(ENTRIES, mode);
      const request = work(tx.objectStore(ENTRIES));
      tx.oncomplete = () => resolve(request.result);
      tx.onabort = () => reject(tx.error ?? new Error(`A change of the cache database "${this.#name}" was aborted`));
    });
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const value = await this.#run<unknown>('readonly', (s) => s.get(key));
    return isEntry(value) ? value : undefined;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    await this.#run('readwrite', (s) => s.put(entry, key));
  }

  async delete(key: string): Promise<void> {
    await this.#run('readwrite', (s) => s.delete(key));
  }

  /** Every key it holds (for tests and the taskpane's "clear cache"). */
  async keys(): Promise<string[]> {
    const keys = await this.#run<IDBValidKey[]>('readonly', (s) => s.getAllKeys());
    return keys.map(String);
  }

  /**
   * Removes entries stored before `before` (ms since the epoch); returns how many. Entries stay
   * useful past their time to live (the last good value offline), so only old ones go.
   */
  async prune(before: number): Promise<number> {
    const db = await this.#open();
    return new Promise<number>((resolve, reject) => {
      const tx = db.transaction(ENTRIES, 'readwrite');
      let removed = 0;
      const cursor = tx.objectStore(ENTRIES).openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return;
        const value: unknown = c.value;
        if (!isEntry(value) || value.storedAt < before) {
          c.delete();
          removed += 1;
        }
        c.continue();
      };
      tx.oncomplete = () => resolve(removed);
      tx.onabort = () => reject(tx.error ?? new Error(`Pruning the cache database "${this.#name}" was aborted`));
    });
  }

  /** Removes every entry. */
  async clear(): Promise<void> {
    await this.#run('readwrite', (s) => s.clear());
  }

  /** Closes the connection (tests delete the database afterwards). */
  async close(): Promise<void> {
    const db = this.#db;
    this.#db = undefined;
    if (db) (await db).close();
  }
}

function isEntry(value: unknown): value is CacheEntry {
  return typeof value === 'object' && value !== null && 'value' in value
    && typeof (value as CacheEntry).storedAt === 'number' && typeof (value as CacheEntry).expiresAt === 'number';
}

/**
 * A view of a store under a prefix: answers fetched with one key are not served to another key
 * (plans differ in what they may see), while one database holds them all.
 */
export function prefixedCacheStore(store: CacheStore, prefix: string): CacheStore {
  return {
    get: (key) => store.get(`${prefix} ${key}`),
    set: (key, entry) => store.set(`${prefix} ${key}`, entry),
    delete: (key) => store.delete(`${prefix} ${key}`),
  };
}
