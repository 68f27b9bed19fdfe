/**
 * The one way core opens an IndexedDB database of a single object store, shared by the quota
 * store and the cache store: opened on first use, opened again after a failure, with an error that
 * names the database and says what to check. Every failure is a typed `storage` error.
 */
import { StorageError } from './errors/errors.ts';

/** The IndexedDB factory to use: the one given, else the runtime's; without one, a `storage` error whose message is `missing`. */
export function indexedDbFactory(given: IDBFactory | undefined, missing: string): IDBFactory {
  const factory = given ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) throw new StorageError(missing);
  return factory;
}

/** A database holding one object store, opened lazily. */
export class LazyDatabase {
  readonly #factory: IDBFactory;
  readonly #store: string;
  /** Names it in messages, e.g. 'the quota database "econdata-quota"'. */
  readonly what: string;
  readonly #name: string;
  #db: Promise<IDBDatabase> | undefined;

  constructor(factory: IDBFactory, name: string, store: string, what: string) {
    this.#factory = factory;
    this.#name = name;
    this.#store = store;
    this.what = `${what} "${name}"`;
  }

  /** The open database; a failed open is tried again on the next call. */
  open(): Promise<IDBDatabase> {
    this.#db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = this.#factory.open(this.#name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(this.#store);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        this.#db = undefined;
        const cause = request.error ?? undefined;
        reject(new StorageError(`Could not open ${this.what} (${cause?.message ?? 'unknown error'}). Check that the browser allows site storage for this page, then reload it.`, cause ? { cause } : {}));
      };
    });
    return this.#db;
  }

  /** One request in its own transaction on the store, resolved when the transaction commits. */
  async run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await this.open();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(this.#store, mode);
      const request = work(tx.objectStore(this.#store));
      tx.oncomplete = () => resolve(request.result);
      tx.onabort = () => {
        const cause = tx.error ?? undefined;
        // A full disk (QuotaExceededError) or a closed database: typed, naming the database.
        reject(new StorageError(`A change of ${this.what} was not saved (${cause?.name ?? 'aborted'}${cause?.message ? `: ${cause.message}` : ''}). Free some disk space or allow site storage, then retry.`, cause ? { cause } : {}));
      };
    });
  }

  /** Closes the connection (the next use opens it again). */
  async close(): Promise<void> {
    const db = this.#db;
    this.#db = undefined;
    if (db) (await db).close();
  }
}
