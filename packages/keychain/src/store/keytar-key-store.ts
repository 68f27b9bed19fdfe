import { KeychainError } from '../errors.ts';
import { KEYCHAIN_SERVICE, type KeyStore } from './key-store.ts';
import { keytarError, keytarLoadError, type KeyOperation } from './keytar-errors.ts';

/** The part of keytar this store uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

export interface KeytarKeyStoreOptions {
  /** The keychain service name; `econdata` unless a test needs its own. */
  service?: string;
  /** Loads keytar; a test passes a fake to reproduce a backend's failures. */
  loadKeytar?: () => Promise<KeytarModule>;
}

/**
 * Imports keytar only when a key is first needed, so this package loads where keytar's native module
 * cannot (a browser bundle, a machine without libsecret) and fails there with a clear error instead.
 */
async function importKeytar(): Promise<KeytarModule> {
  // keytar is CommonJS: its functions sit on the default export under ESM.
  const mod = (await import('keytar')) as unknown as Partial<KeytarModule> & { default?: KeytarModule };
  return mod.default ?? (mod as KeytarModule);
}

/**
 * The OS keychain through keytar: macOS Keychain, Windows Credential Manager, the Secret Service on
 * Linux. One item per profile: service `econdata`, account = the profile's name.
 */
export class KeytarKeyStore implements KeyStore {
  readonly service: string;
  readonly label = 'the OS keychain';
  readonly #load: () => Promise<KeytarModule>;
  #keytar: Promise<KeytarModule> | undefined;

  constructor(options: KeytarKeyStoreOptions = {}) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    this.#load = options.loadKeytar ?? importKeytar;
  }

  async get(account: string): Promise<string | undefined> {
    const found = await this.#run('read', account, undefined, (k) => k.getPassword(this.service, checkAccount(account)));
    return found ?? undefined;
  }

  async set(account: string, key: string): Promise<void> {
    await this.#run('save', account, key, (k) => k.setPassword(this.service, checkAccount(account), key));
  }

  async delete(account: string): Promise<boolean> {
    return this.#run('delete', account, undefined, (k) => k.deletePassword(this.service, checkAccount(account)));
  }

  async list(): Promise<string[]> {
    const items = await this.#run('list', undefined, undefined, (k) => k.findCredentials(this.service));
    // findCredentials hands back the passwords too: keep only the account names.
    return items.map((item) => item.account).sort();
  }

  async #run<T>(op: KeyOperation, account: string | undefined, key: string | undefined, call: (k: KeytarModule) => Promise<T>): Promise<T> {
    this.#keytar ??= this.#load();
    let keytar: KeytarModule;
    try {
      keytar = await this.#keytar;
    } catch (error) {
      throw keytarLoadError(error, op, account);
    }
    try {
      return await call(keytar);
    } catch (error) {
      if (error instanceof KeychainError) throw error;
      throw keytarError(error, op, account, key);
    }
  }
}

/** Refuses an empty account name, which keytar would pass to the backend as a wildcard-ish lookup. */
function checkAccount(account: string): string {
  if (account.length === 0) throw new KeychainError('invalid_profile', 'A keychain account needs a profile name; got an empty one.');
  return account;
}
