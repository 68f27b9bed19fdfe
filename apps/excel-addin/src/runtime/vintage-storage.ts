/**
 * @econdata/sheets' `VintageStorage` over IndexedDB: where the taskpane keeps the vintages of the
 * blocks' series (every distinct answer, with its retrieval time), on this computer, never in the
 * workbook. One database for every profile; a storage sees only the records of its profile (ids
 * prefixed with the profile's tag), so each profile's store is bounded on its own, as sheets'
 * VintageStore bounds a store.
 *
 * Three object stores: `records` (id -> text), `sizes` (id -> bytes: `list()` reads these alone,
 * never the texts, so the bound's check after a new release stays cheap) and `damaged` (records
 * set aside, kept for a person to look at). A write changes `records` and `sizes` in one
 * transaction: a reader sees the old text or the new one.
 */
import type { VintageStorage } from '@econdata/sheets';

const RECORDS = 'records';
const SIZES = 'sizes';
const DAMAGED = 'damaged';

export interface IndexedDbVintageStorageOptions {
  /** The profile's vintages ('sandbox', or the service's host): records of other profiles are not seen. */
  profile: string;
  /** @default globalThis.indexedDB */
  indexedDB?: IDBFactory;
  /** @default 'econdata-vintages' */
  name?: string;
}

const encoder = new TextEncoder();

/** A short tag of the profile for record ids (FNV-1a, 32 bits): ids stay short, profiles never share one. */
function profileTag(profile: string): string {
  let h = 0x811c9dc5;
  for (const b of encoder.encode(profile)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** A request's result as a promise (its transaction's failure is reported by `done`). */
const result = <T>(request: IDBRequest<T>): Promise<T> => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
});

/** The kept vintages of one profile in the taskpane's IndexedDB. */
export class IndexedDbVintageStorage implements VintageStorage {
  readonly #factory: IDBFactory;
  readonly #name: string;
  readonly #prefix: string;
  #db: Promise<IDBDatabase> | undefined;

  constructor(options: IndexedDbVintageStorageOptions) {
    const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!factory) throw new Error('IndexedDB is not available here (a private window, or storage turned off for this page): vintages cannot be kept on this computer. Allow site storage, then reload the taskpane.');
    this.#factory = factory;
    this.#name = options.name ?? 'econdata-vintages';
    this.#prefix = `${profileTag(options.profile)}:`;
  }

  #open(): Promise<IDBDatabase> {
    this.#db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = this.#factory.open(this.#name, 1);
      request.onupgradeneeded = () => {
        for (const store of [RECORDS, SIZES, DAMAGED]) request.result.createObjectStore(store);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        this.#db = undefined;
        reject(new Error(`Could not open the vintages database "${this.#name}" (${request.error?.message ?? 'unknown error'}). Check that site storage is allowed for the add-in, then reload the taskpane.`));
      };
    });
    return this.#db;
  }

  /** Runs `work` in one transaction over `stores`; resolves with its value once the transaction commits. */
  async #run<T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T>): Promise<T> {
    const db = await this.#open();
    const tx = db.transaction(stores, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(new Error(`Kept vintages were not saved (${tx.error?.name ?? 'aborted'}${tx.error?.message ? `: ${tx.error.message}` : ''}). Free some disk space or allow site storage, then refresh again.`));
    });
    const value = await work(tx);
    await done;
    return value;
  }

  /** The ids of this profile (their stored keys carry the prefix). */
  #range(): IDBKeyRange {
    return IDBKeyRange.bound(this.#prefix, `${this.#prefix}\uffff`);
  }

  list(): Promise<Array<{ id: string; bytes: number }>> {
    return this.#run([SIZES], 'readonly', async (tx) => {
      const store = tx.objectStore(SIZES);
      const [keys, sizes] = await Promise.all([result(store.getAllKeys(this.#range())), result(store.getAll(this.#range()) as IDBRequest<number[]>)]);
      return keys.map((k, i) => ({ id: String(k).slice(this.#prefix.length), bytes: sizes[i] ?? 0 }));
    });
  }

  read(id: string): Promise<string | null> {
    return this.#run([RECORDS], 'readonly', async (tx) => {
      const text: unknown = await result(tx.objectStore(RECORDS).get(this.#prefix + id));
      return typeof text === 'string' ? text : null;
    });
  }

  write(id: string, text: string): Promise<void> {
    return this.#run([RECORDS, SIZES], 'readwrite', async (tx) => {
      tx.objectStore(RECORDS).put(text, this.#prefix + id);
      tx.objectStore(SIZES).put(encoder.encode(text).length, this.#prefix + id);
    });
  }

  setAside(id: string): Promise<string> {
    return this.#run([RECORDS, SIZES, DAMAGED], 'readwrite', async (tx) => {
      const text: unknown = await result(tx.objectStore(RECORDS).get(this.#prefix + id));
      const damaged = tx.objectStore(DAMAGED);
      const taken = await result(damaged.count(IDBKeyRange.bound(`${this.#prefix}${id}.damaged-`, `${this.#prefix}${id}.damaged-\uffff`)));
      const as = `${id}.damaged-${taken + 1}`;
      damaged.put(typeof text === 'string' ? text : '', this.#prefix + as);
      tx.objectStore(RECORDS).delete(this.#prefix + id);
      tx.objectStore(SIZES).delete(this.#prefix + id);
      return `${as} (in the add-in's IndexedDB "${this.#name}", store "${DAMAGED}")`;
    });
  }

  /** A record set aside, by the id setAside returned (before its note in brackets); null when none. */
  damaged(as: string): Promise<string | null> {
    const id = as.replace(/ \(.*\)$/, '');
    return this.#run([DAMAGED], 'readonly', async (tx) => {
      const text: unknown = await result(tx.objectStore(DAMAGED).get(this.#prefix + id));
      return typeof text === 'string' ? text : null;
    });
  }

  /** Closes the connection (tests open the same database again, as a reopened taskpane would). */
  async close(): Promise<void> {
    const db = this.#db;
    this.#db = undefined;
    if (db) (await db).close();
  }
}
