import { KeychainError } from '../errors.ts';
import type { KeyStore } from '../store/key-store.ts';
import { sameName } from './profile.ts';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Moves a key to another account (a profile rename). If the store refuses half-way, the key is put
 * back where it was, so a failed move never loses a key or leaves a copy under the new name.
 */
export async function moveKey(keys: KeyStore, from: string, to: string, key: string): Promise<void> {
  const putBack = async (undo: () => Promise<unknown>, error: unknown): Promise<never> => {
    await undo().catch((undoError: unknown) => {
      throw new KeychainError(
        'keychain_failed',
        `${messageOf(error)} The key could not be put back under profile "${from}" either (${messageOf(undoError)}): save the key of profile "${from}" again.`,
        { profile: from },
      );
    });
    throw error;
  };
  // Accounts that differ only in case are one item in a keychain that ignores case: free it first.
  if (sameName(from, to)) {
    await keys.delete(from);
    await keys.set(to, key).catch((error: unknown) => putBack(() => keys.set(from, key), error));
  } else {
    await keys.set(to, key);
    await keys.delete(from).catch((error: unknown) => putBack(() => keys.delete(to), error));
  }
}
