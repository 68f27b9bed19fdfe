/**
 * The quota store for browsers with more than one tab or runtime on one key: IndexedDB. Its
 * read-write transactions on one object store are serialized across every connection of the origin,
 * tabs included, and each tab reads what the last one committed. localStorage does not promise that:
 * measured in Chromium, two tabs interleaving changes under navigator.locks still lost about one
 * change in six, because each tab reads its own cached copy.
 */
import { emptyLog, readStoredLog, recoveryNote, salvagedLog, type QuotaLog } from './log.ts';
import { checkKeyId, type QuotaStore } from './store.ts';
import { indexedDbFactory, LazyDatabase } from '../indexeddb.ts';

export interface IndexedDbQuotaStoreOptions {
  /** @default globalThis.indexedDB */
  indexedDB?: IDBFactory;
  /** Database name. @default 'econdata-quota' */
  name?: string;
}

const LOGS = 'logs';

/** Keeps logs in IndexedDB, one record per key fingerprint; safe across the tabs of one origin. */
export class IndexedDbQuotaStore implements QuotaStore {
  readonly #db: LazyDatabase;
  readonly #name: string;

  constructor(options: IndexedDbQuotaStoreOptions = {}) {
    const factory = indexedDbFactory(options.indexedDB, 'IndexedDB is not available here (a private window, or storage turned off for this page): use BrowserQuotaStore (localStorage) or MemoryQuotaStore, or allow site storage.');
    this.#name = options.name ?? 'econdata-quota';
    this.#db = new LazyDatabase(factory, this.#name, LOGS, 'the quota database');
  }

  /** The stored log; a damaged one is kept aside under `<keyId>.damaged-<time>` and started again (see the quota README). */
  #recovered(logs: IDBObjectStore, keyId: string, record: unknown): QuotaLog {
    const where = `in IndexedDB "${this.#name}", record ${keyId}`;
    const read = readStoredLog(record, where);
    if ('log' in read) return read.log;
    const aside = `${keyId}.damaged-${Date.now()}`;
    logs.put(record, aside);
    return salvagedLog(read.text, recoveryNote(where, read.damaged, `record ${aside}`));
  }

  async update<T>(keyId: string, change: (log: QuotaLog) => T): Promise<T> {
    checkKeyId(keyId);
    const db = await this.#db.open();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(LOGS, 'readwrite');
      const logs = tx.objectStore(LOGS);
      let result: T;
      let failure: unknown;
      const read = logs.get(keyId);
      // Read, change and write inside one transaction: no other tab's change can come between.
      read.onsuccess = () => {
        try {
          const log = read.result === undefined ? emptyLog() : this.#recovered(logs, keyId, read.result);
          result = change(log);
          logs.put(log, keyId);
        } catch (error) {
          failure = error;
          tx.abort();
        }
      };
      tx.oncomplete = () => resolve(result);
      tx.onabort = () => reject(failure ?? tx.error ?? new Error(`A change of ${this.#db.what} was aborted`));
    });
  }
}
