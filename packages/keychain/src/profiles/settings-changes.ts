import { KeychainError } from '../errors.ts';
import type { SettingsStore } from './settings-file.ts';
import type { Settings } from './settings-schema.ts';

/** Registers how to undo a keychain change made by a settings change, should the settings not be saved. */
export type OnSaveFailure = (undo: () => Promise<unknown>) => void;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Changes to the settings, applied one at a time: load, change, save. A change that touched the
 * keychain registers how to undo that; if the settings cannot be saved, the keychain is put back,
 * so the file and the keychain never disagree about a profile's key.
 */
export class SettingsChanges {
  readonly #store: SettingsStore;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(store: SettingsStore) {
    this.#store = store;
  }

  /** Applies one change after the ones before it; resolves with what the change returned. */
  apply<T>(change: (settings: Settings, onSaveFailure: OnSaveFailure) => T | Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      const settings = await this.#store.load();
      const undos: Array<() => Promise<unknown>> = [];
      const result = await change(settings, (undo) => undos.unshift(undo));
      try {
        await this.#store.save(settings);
      } catch (error) {
        await putBack(undos, error);
        throw error;
      }
      return result;
    });
    // The queue only orders changes; each caller gets its own outcome (and error) through `run`.
    this.#queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}

/** Runs every undo, newest first; if any fails, says so alongside why the settings were not saved. */
async function putBack(undos: Array<() => Promise<unknown>>, saveError: unknown): Promise<void> {
  const failures: string[] = [];
  for (const undo of undos) {
    await undo().catch((undoError: unknown) => failures.push(messageOf(undoError)));
  }
  if (failures.length === 0) return;
  throw new KeychainError(
    'settings_io',
    `${messageOf(saveError)} The keychain could not be put back either (${failures.join(' ')}): check the profile's key and save it again.`,
  );
}
