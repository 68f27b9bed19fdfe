import type { KeyStore } from './key-store.ts';

/** A KeyStore in memory: for tests and for processes that must not touch the OS keychain. */
export class MemoryKeyStore implements KeyStore {
  readonly #keys = new Map<string, string>();
  readonly label: string = 'memory only (lost when the program stops; not in the OS keychain)';

  async get(account: string): Promise<string | undefined> {
    return this.#keys.get(account);
  }

  async set(account: string, key: string): Promise<void> {
    this.#keys.set(account, key);
  }

  async delete(account: string): Promise<boolean> {
    return this.#keys.delete(account);
  }

  async list(): Promise<string[]> {
    return [...this.#keys.keys()].sort();
  }
}
