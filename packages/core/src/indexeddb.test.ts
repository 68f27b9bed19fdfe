/**
 * IndexedDB failures are typed `storage` errors naming the database and what to do: no IndexedDB,
 * a refused open, an aborted change (a full disk). Fakes stand in for the browser's IndexedDB (the
 * real one is exercised in quota/browser-store.browser.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { IndexedDbCacheStore } from './cache/indexeddb-store.ts';
import { EconError } from './errors/errors.ts';
import { indexedDbFactory, LazyDatabase } from './indexeddb.ts';
import { IndexedDbQuotaStore } from './quota/indexeddb-store.ts';

/** An IDBFactory whose open fails with `error`. */
function refusingFactory(error: DOMException): IDBFactory {
  return {
    open: () => {
      const request = { error, onerror: null as (() => void) | null, onsuccess: null, onupgradeneeded: null };
      queueMicrotask(() => request.onerror?.());
      return request;
    },
  } as unknown as IDBFactory;
}

/** An IDBFactory whose database aborts every transaction with `error`. */
function abortingFactory(error: DOMException): IDBFactory {
  const db = {
    close: () => undefined,
    transaction: () => {
      const tx = { error, oncomplete: null, onabort: null as (() => void) | null, objectStore: () => ({ get: () => ({ result: undefined }) }) };
      queueMicrotask(() => tx.onabort?.());
      return tx;
    },
  };
  return {
    open: () => {
      const request = { result: db, onerror: null, onsuccess: null as (() => void) | null, onupgradeneeded: null };
      queueMicrotask(() => request.onsuccess?.());
      return request;
    },
  } as unknown as IDBFactory;
}

describe('IndexedDB failures are storage errors', () => {
  it('no IndexedDB at all: the stores say which replacement to use', () => {
    const saved = (globalThis as { indexedDB?: unknown }).indexedDB;
    delete (globalThis as { indexedDB?: unknown }).indexedDB;
    try {
      expect(() => new IndexedDbCacheStore()).toThrow(EconError);
      expect(() => new IndexedDbCacheStore()).toThrow(expect.objectContaining({
        code: 'storage', message: 'IndexedDB is not available here (a private window, or storage turned off for this page): use MemoryCacheStore, or allow site storage.',
      }));
      expect(() => new IndexedDbQuotaStore()).toThrow(expect.objectContaining({ code: 'storage', message: expect.stringContaining('use BrowserQuotaStore (localStorage) or MemoryQuotaStore') }));
      expect(() => indexedDbFactory(undefined, 'none here')).toThrow(expect.objectContaining({ code: 'storage', message: 'none here' }));
    } finally {
      if (saved !== undefined) (globalThis as { indexedDB?: unknown }).indexedDB = saved;
    }
  });

  it('a refused open names the database and what to check', async () => {
    const db = new LazyDatabase(refusingFactory(new DOMException('The user denied permission to access the database.', 'UnknownError')), 'econdata-cache', 'entries', 'the cache database');
    await expect(db.open()).rejects.toMatchObject({
      code: 'storage', name: 'StorageError',
      message: 'Could not open the cache database "econdata-cache" (The user denied permission to access the database.). Check that the browser allows site storage for this page, then reload it.',
    });
  });

  it('an aborted change (a full disk) names the database and what to do', async () => {
    const db = new LazyDatabase(abortingFactory(new DOMException('The quota has been exceeded.', 'QuotaExceededError')), 'econdata-quota', 'logs', 'the quota database');
    await expect(db.run('readwrite', (store) => store.get('x'))).rejects.toMatchObject({
      code: 'storage',
      message: 'A change of the quota database "econdata-quota" was not saved (QuotaExceededError: The quota has been exceeded.). Free some disk space or allow site storage, then retry.',
    });
  });
});
