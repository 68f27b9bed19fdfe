/**
 * Where keys are kept: one secret per account under one service. Callers depend on this interface
 * only, so keytar (archived upstream) can be replaced by another backend without touching them.
 */

/** The keychain service name: items show up as `service econdata account <profile>`. */
export const KEYCHAIN_SERVICE = 'econdata';

export interface KeyStore {
  /** The key saved for the account, or undefined when there is none. */
  get(account: string): Promise<string | undefined>;
  /** Saves the key for the account, replacing any previous one. */
  set(account: string, key: string): Promise<void>;
  /** Removes the account's key; true when there was one. */
  delete(account: string): Promise<boolean>;
  /** The accounts that have a key (names only, never the keys), sorted. */
  list(): Promise<string[]>;
  /**
   * Where the keys are, as the key summary names it ("from <label>"): "the OS keychain" for
   * keytar; "memory" stores say how long keys last. Default "the key store".
   */
  readonly label?: string;
}
