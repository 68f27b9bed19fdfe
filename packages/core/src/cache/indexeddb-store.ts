/**
 * `CacheStore` over IndexedDB, for browsers and Office runtimes: answers survive closing the app,
 * so reopening a workbook or inserting rows (which recalculates Excel custom functions) does not
 * refetch, and an offline or rate-limited recalculation still has a last good value to show.
 */
import { indexedDbFactory, LazyDatabase } from '../indexeddb.ts';
import type { CacheEntry, CacheStore } from './store.ts';

export interface IndexedDbCacheStoreOptions {
  /** @default globalThis.indexedDB */
  indexedDB?: IDBFactory;
  /** Database name. @default 'econdata-cache' */
  name?: string;
}

const ENTRIES = 'entries';

/** Cache entries in one IndexedDB object store, keyed by core's cache key (never holding the API key). */
export class IndexedDbCacheStore implements CacheStore {
  readonly #db: LazyDatabase;

  constructor(options: IndexedDbCacheStoreOptions = {}) {
    const factory = indexedDbFactory(options.indexedDB, 'IndexedDB is not available here (a private window, or storage turned off for this page): use MemoryCacheStore, or allow site storage.');
    this.#db = new LazyDatabase(factory, options.name ?? 'econdata-cache', ENTRIES, 'the cache database');
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const value = await this.#db.run<unknown>('readonly', (s) => s.get(key));
    return isEntry(value) ? value : undefined;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    await this.#db.run('readwrite', (s) => s.put(entry, key));
  }

  async delete(key: string): Promise<void> {
    await this.#db.run('readwrite', (s) => s.delete(key));
  }

  /** Every key it holds (for tests and a "clear cache" action). */
  async keys(): Promise<string[]> {
    const keys = await this.#db.run<IDBValidKey[]>('readonly', (s) => s.getAllKeys());
    return keys.map(String);
  }

  /**
   * Removes entries stored before `before` (ms since the epoch); returns how many. Entries stay
   * useful past their time to live (the last good value offline), so only old ones go.
   */
  async prune(before: number): Promise<number> {
    const db = await this.#db.open();
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
      tx.onabort = () => reject(tx.error ?? new Error(`Pruning ${this.#db.what} was aborted`));
    });
  }

  /** Removes every entry. */
  async clear(): Promise<void> {
    await this.#db.run('readwrite', (s) => s.clear());
  }

  /** Closes the connection (tests delete the database afterwards). */
  close(): Promise<void> {
    return this.#db.close();
  }
}

function isEntry(value: unknown): value is CacheEntry {
  return typeof value === 'object' && value !== null && 'value' in value
    && typeof (value as CacheEntry).storedAt === 'number' && typeof (value as CacheEntry).expiresAt === 'number';
}
