/**
 * Where the ledger keeps each key's usage log. A store only has to run a change on one key's log
 * atomically: no other ledger (in this process, or, for stores that share, in another) may read or
 * change that log between the read and the write. Memory and browser stores are in-process; the
 * file store (`@econdata/core/node`) locks across processes.
 */
import { InvalidParameterError } from '../errors/errors.ts';
import { emptyLog, readStoredLog, recoveryNote, salvagedLog, type QuotaLog } from './log.ts';

/** Persists usage logs, one per key fingerprint (never per key). */
export interface QuotaStore {
  /**
   * Runs `change` on the log of `keyId` and saves what it leaves, atomically. `change` is
   * synchronous and may mutate the log; its result is returned.
   */
  update<T>(keyId: string, change: (log: QuotaLog) => T): Promise<T>;
}

/** Key fingerprints name files and storage entries: keep them to a safe alphabet. */
export function checkKeyId(keyId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(keyId)) {
    throw new InvalidParameterError('keyId', 'A quota key id must be 1-64 letters, digits, "-" or "_" (use quotaKeyId(key) to make one from a key)');
  }
  return keyId;
}

/** Keeps logs in memory: for tests, and for a ledger that needs no persistence. */
export class MemoryQuotaStore implements QuotaStore {
  readonly #logs = new Map<string, QuotaLog>();

  update<T>(keyId: string, change: (log: QuotaLog) => T): Promise<T> {
    let log = this.#logs.get(checkKeyId(keyId));
    if (!log) {
      log = emptyLog();
      this.#logs.set(keyId, log);
    }
    // Synchronous change on a single thread: atomic by construction.
    return Promise.resolve(change(log));
  }
}

/** The part of the Web Storage API the browser store needs (localStorage satisfies it). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The part of the Web Locks API (`navigator.locks`) the browser store can use across tabs. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T> | T): Promise<T>;
}

export interface BrowserQuotaStoreOptions {
  /** Usually `localStorage` (the add-in's own storage). */
  storage: StorageLike;
  /** `navigator.locks` where available: serializes the changes (it cannot make localStorage coherent across tabs). */
  locks?: LockManagerLike;
  /** Prefix of the storage entries. @default 'econdata.quota.' */
  prefix?: string;
}

/**
 * Keeps logs in Web Storage, so the add-in's usage survives a reload. For one runtime at a time:
 * each tab reads its own cached copy of localStorage, so two tabs changing one log may lose entries
 * even under `navigator.locks` (measured in Chromium). Where several tabs or runtimes share a key,
 * use IndexedDbQuotaStore.
 */
export class BrowserQuotaStore implements QuotaStore {
  readonly #storage: StorageLike;
  readonly #locks: LockManagerLike | undefined;
  readonly #prefix: string;

  constructor(options: BrowserQuotaStoreOptions) {
    this.#storage = options.storage;
    this.#locks = options.locks;
    this.#prefix = options.prefix ?? 'econdata.quota.';
  }

  /** The stored log; a damaged one is kept aside under `<name>.damaged-<time>` and started again (see the quota README). */
  #read(name: string, raw: string): QuotaLog {
    const read = readStoredLog(raw, `storage entry "${name}"`);
    if ('log' in read) return read.log;
    const aside = `${name}.damaged-${Date.now()}`;
    this.#storage.setItem(aside, raw);
    return salvagedLog(read.text, recoveryNote(`in storage entry "${name}"`, read.damaged, `"${aside}"`));
  }

  update<T>(keyId: string, change: (log: QuotaLog) => T): Promise<T> {
    const name = this.#prefix + checkKeyId(keyId);
    const run = (): T => {
      const raw = this.#storage.getItem(name);
      const log = raw === null ? emptyLog() : this.#read(name, raw);
      const before = raw;
      const result = change(log);
      const after = JSON.stringify(log);
      if (after !== before) this.#storage.setItem(name, after);
      return result;
    };
    if (this.#locks) return this.#locks.request(name, run);
    try {
      return Promise.resolve(run());
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}

