/**
 * The add-in's own key-value storage: where the connection settings and the API key live. Never
 * the workbook (workbooks get e-mailed): no cell, name, setting or custom XML part. In Office it is
 * `OfficeRuntime.storage` (per add-in, per machine); in the browser stand-in `localStorage`; in
 * tests a Map.
 */

/** The part of `OfficeRuntime.storage` the runtime uses: async, string values. */
export interface KeyValueStorage {
  /** Which storage this is, for the README and the status line ('OfficeRuntime.storage', 'localStorage', 'memory'). */
  readonly kind: string;
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** A storage in memory: tests, and the last resort where no persistent storage exists. */
export class MemoryStorage implements KeyValueStorage {
  readonly kind = 'memory';
  readonly entries = new Map<string, string>();

  async getItem(key: string): Promise<string | null> {
    return this.entries.get(key) ?? null;
  }

  async setItem(key: string, value: string): Promise<void> {
    this.entries.set(key, value);
  }

  async removeItem(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/** The synchronous Web Storage API (localStorage satisfies it). */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Wraps Web Storage (the browser stand-in's localStorage) in the async seam. */
export function webStorage(storage: WebStorageLike, kind = 'localStorage'): KeyValueStorage {
  return {
    kind,
    getItem: async (key) => storage.getItem(key),
    setItem: async (key, value) => storage.setItem(key, value),
    removeItem: async (key) => storage.removeItem(key),
  };
}

/** `OfficeRuntime.storage` as typed here (its types ship in @types/office-runtime, not installed). */
interface OfficeRuntimeStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** `OfficeRuntime.storage` when this page runs inside Office, else undefined. */
export function officeRuntimeStorage(): KeyValueStorage | undefined {
  const runtime = (globalThis as { OfficeRuntime?: { storage?: OfficeRuntimeStorage } }).OfficeRuntime;
  const storage = runtime?.storage;
  if (!storage) return undefined;
  return {
    kind: 'OfficeRuntime.storage',
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  };
}

/** The best storage this page has: OfficeRuntime.storage, else localStorage, else memory (nothing survives a reload). */
export function defaultStorage(): KeyValueStorage {
  const office = officeRuntimeStorage();
  if (office) return office;
  const local = (globalThis as { localStorage?: WebStorageLike }).localStorage;
  if (local) return webStorage(local);
  return new MemoryStorage();
}
