import type { ClientOptions, KeyProvider } from '@econdata/core';
import { KeychainError } from '../errors.ts';
import { lastFour, maskKey } from '../mask.ts';
import type { KeyStore } from '../store/key-store.ts';
import { KeytarKeyStore } from '../store/keytar-key-store.ts';
import { verifyKeyWithClient, type VerifyKey } from '../verify/verify-key.ts';
import {
  DEFAULT_ROTATION_DAYS,
  ENV_KEY,
  ageInDays,
  checkRotationDays,
  describeProfileKey,
  environmentKey,
  environmentKeyFits,
  environmentKeyScope,
  originOf,
  isDueForRotation,
  keyAgeMs,
  keyGoneError,
  noKeyError,
  type KeyDescription,
  type KeySource,
} from './key-status.ts';
import { checkKey, rejection } from './key-checks.ts';
import { checkChanges, checkName, isLoopback, newProfile, sameName, sandboxDemoKey, usesSandboxDemoKey, type Profile, type ProfileChanges, type ProfileInput } from './profile.ts';
import { SettingsFile, type SettingsStore } from './settings-file.ts';
import type { Settings } from './settings-schema.ts';
import { SettingsChanges, type OnSaveFailure } from './settings-changes.ts';
import { moveKey } from './move-key.ts';

export interface ProfileManagerOptions {
  /** The settings file (for the desktop: `settings.json` in Electron's user-data folder). */
  settingsPath: string;
  /** For tests: where the settings are loaded from and saved to instead of the file at settingsPath. */
  settingsStore?: SettingsStore;
  /** Where keys live: the OS keychain (`new KeytarKeyStore()`) unless told otherwise; `new MemoryKeyStore()` in tests. */
  keyStore?: KeyStore;
  /** Checks a new key with one cheap request before it replaces the old one; defaults to core's client. */
  verifyKey?: VerifyKey;
  /** Read on every call, so setting ECONDATA_API_KEY later takes effect; defaults to process.env. */
  env?: Record<string, string | undefined>;
  now?: () => Date;
  /** Days after which a saved key is flagged for rotation (default 90). */
  rotationDays?: number;
  /**
   * Told once when ECONDATA_API_KEY overrides the keychain (the message holds the masked key only).
   * Defaults to a Node process warning (code `ECONDATA_API_KEY_OVERRIDE`), so a forgotten variable
   * never silently shadows the key a user just saved.
   */
  onNotice?: (message: string) => void;
}

/** The profile of that name in the settings, or `profile_not_found` listing the ones that exist. */
function findProfile(settings: Settings, name: string): Profile {
  const found = settings.profiles.find((p) => p.name === name);
  if (found !== undefined) return found;
  const names = settings.profiles.map((p) => `"${p.name}"`).join(', ');
  throw new KeychainError('profile_not_found', `There is no profile named "${name}". ${names ? `Profiles: ${names}.` : 'There are no profiles yet: create one.'}`, { profile: name });
}

/**
 * Connection profiles and their keys: the profiles in a settings file, each key in the KeyStore under
 * the profile's name. The settings are re-read on every call, so two processes (the explorer and a
 * script) see each other's changes; changes within one manager are applied one at a time.
 */
export class ProfileManager {
  readonly #settingsPath: string;
  readonly #file: SettingsStore;
  readonly #changes: SettingsChanges;
  readonly #keys: KeyStore;
  readonly #verify: VerifyKey;
  readonly #env: Record<string, string | undefined>;
  readonly #now: () => Date;
  readonly #rotationDays: number;
  readonly #onNotice: (message: string) => void;
  #envNoticeGiven = false;

  constructor(options: ProfileManagerOptions) {
    this.#now = options.now ?? (() => new Date());
    this.#settingsPath = options.settingsPath;
    this.#file = options.settingsStore ?? new SettingsFile(options.settingsPath, this.#now);
    this.#changes = new SettingsChanges(this.#file);
    this.#keys = options.keyStore ?? new KeytarKeyStore();
    this.#verify = options.verifyKey ?? verifyKeyWithClient;
    this.#env = options.env ?? process.env;
    this.#rotationDays = options.rotationDays ?? DEFAULT_ROTATION_DAYS;
    this.#onNotice = options.onNotice ?? ((message) => process.emitWarning(message, { code: 'ECONDATA_API_KEY_OVERRIDE' }));
    checkRotationDays(this.#rotationDays);
  }

  /** The settings file's path. */
  get settingsPath(): string {
    return this.#settingsPath;
  }

  /** Every profile, in the order they were created. */
  async list(): Promise<Profile[]> {
    return (await this.#file.load()).profiles;
  }

  /** One profile by name (`profile_not_found` otherwise). */
  async get(name: string): Promise<Profile> {
    return findProfile(await this.#file.load(), name);
  }

  /** The active profile, or undefined when there are no profiles. */
  async active(): Promise<Profile | undefined> {
    const settings = await this.#file.load();
    return settings.activeProfile === null ? undefined : findProfile(settings, settings.activeProfile);
  }

  /** Makes a profile the active one. */
  async setActive(name: string): Promise<void> {
    await this.#changes.apply((settings) => {
      settings.activeProfile = findProfile(settings, name).name;
    });
  }

  /**
   * Creates a profile; it becomes active when asked or when it is the only one. With `key`, the key
   * is checked first (one request, as `setKey` does) and saved together with the profile: either
   * both are kept or neither (a refused key, a keychain out of reach or a settings file that cannot
   * be written leaves no profile and no key behind).
   */
  async create(input: ProfileInput, options: { activate?: boolean; key?: string } = {}): Promise<Profile> {
    const profile = newProfile(input);
    const clashWith = (profiles: readonly Profile[]): void => {
      const clash = profiles.find((p) => sameName(p.name, profile.name));
      if (clash !== undefined) throw new KeychainError('profile_exists', `A profile named "${clash.name}" already exists: choose another name.`, { profile: profile.name });
    };
    let candidate: string | undefined;
    if (options.key !== undefined) {
      candidate = checkKey(options.key);
      clashWith(await this.list()); // before spending a request on the check
      try {
        await this.#verify(profile, candidate);
      } catch (error) {
        throw rejection(profile, candidate, error);
      }
    }
    return this.#changes.apply(async (settings, onSaveFailure) => {
      clashWith(settings.profiles);
      if (candidate !== undefined) {
        await this.#keys.set(profile.name, candidate);
        onSaveFailure(() => this.#keys.delete(profile.name));
        profile.keySavedAt = this.#now().toISOString();
        const last4 = lastFour(candidate);
        if (last4 !== undefined) profile.keyLast4 = last4;
      }
      settings.profiles.push(profile);
      if (options.activate === true || settings.activeProfile === null) settings.activeProfile = profile.name;
      return { ...profile };
    });
  }

  /**
   * Changes a profile's base URL, plan, auth mode or kind. A saved key belongs to the address it was
   * saved for: when the change moves the profile to another origin (scheme, host or port), the key is
   * never sent there. With `key`, that key is checked against the changed profile (one request, as
   * `setKey` does) and saved with the change: either both are kept or neither. Without one, the
   * profile's saved key is deleted from the keychain and the profile is left without a key, so the
   * app asks for one (`describeKey` says `none`). Within one origin the key stays unless one is given.
   */
  async update(name: string, changes: ProfileChanges, options: { key?: string } = {}): Promise<Profile> {
    const checked = checkChanges(changes);
    const { kind, ...rest } = checked;
    const apply = (profile: Profile): void => {
      Object.assign(profile, rest);
      if (kind === 'gateway') profile.kind = 'gateway';
      else if (kind === 'service') delete profile.kind;
    };
    let candidate: string | undefined;
    let checkedAt: string | undefined;
    if (options.key !== undefined) {
      candidate = checkKey(options.key);
      const target = { ...(await this.get(name)) };
      apply(target);
      checkedAt = target.baseURL;
      try {
        await this.#verify(target, candidate);
      } catch (error) {
        throw rejection(target, candidate, error);
      }
    }
    return this.#changes.apply(async (settings, onSaveFailure) => {
      const profile = findProfile(settings, name);
      const moved = originOf(profile.baseURL) !== originOf(checked.baseURL ?? profile.baseURL);
      apply(profile);
      // The key was checked against one address; one re-pointed meanwhile must not receive it.
      if (candidate !== undefined && profile.baseURL !== checkedAt) {
        throw new KeychainError('invalid_profile', `Profile "${name}" changed while its new key was being checked: try again.`, { profile: name });
      }
      if (candidate !== undefined) {
        const previous = profile.keySavedAt === undefined ? undefined : await this.#keys.get(profile.name);
        await this.#keys.set(profile.name, candidate);
        onSaveFailure(() => (previous === undefined ? this.#keys.delete(profile.name) : this.#keys.set(profile.name, previous)));
        profile.keySavedAt = this.#now().toISOString();
        const last4 = lastFour(candidate);
        if (last4 === undefined) delete profile.keyLast4;
        else profile.keyLast4 = last4;
      } else if (moved && profile.keySavedAt !== undefined) {
        await this.#removeKey(profile.name, onSaveFailure);
        delete profile.keySavedAt;
        delete profile.keyLast4;
      }
      // The sandbox's demo keys mean nothing elsewhere: never send one to another host.
      if (profile.sandboxDemoKey === true && !isLoopback(new URL(profile.baseURL))) delete profile.sandboxDemoKey;
      return { ...profile };
    });
  }

  /** Renames a profile and moves its key to the new keychain account. */
  async rename(from: string, to: string): Promise<Profile> {
    checkName(to);
    return this.#changes.apply(async (settings, onSaveFailure) => {
      const profile = findProfile(settings, from);
      const clash = settings.profiles.find((p) => p !== profile && sameName(p.name, to));
      if (clash !== undefined) throw new KeychainError('profile_exists', `A profile named "${clash.name}" already exists: choose another name.`, { profile: to });
      if (profile.keySavedAt !== undefined) {
        const key = await this.#keys.get(from);
        if (key === undefined) throw keyGoneError(profile);
        await moveKey(this.#keys, from, to, key);
        onSaveFailure(async () => {
          await this.#keys.delete(to);
          await this.#keys.set(from, key);
        });
      }
      profile.name = to;
      if (settings.activeProfile === from) settings.activeProfile = to;
      return { ...profile };
    });
  }

  /** Deletes a profile and its key. If the key cannot be removed from the keychain, the profile stays. */
  async delete(name: string): Promise<void> {
    await this.#changes.apply(async (settings, onSaveFailure) => {
      const profile = findProfile(settings, name);
      if (profile.keySavedAt !== undefined) await this.#removeKey(profile.name, onSaveFailure);
      settings.profiles = settings.profiles.filter((p) => p !== profile);
      if (settings.activeProfile === name) settings.activeProfile = settings.profiles[0]?.name ?? null;
    });
  }

  /**
   * Saves a new key for a profile. The key is first checked with one cheap request (`verifyKey`);
   * only when the service accepts it does it replace the old one, so a mistyped key never locks
   * the user out. Rejects with `key_rejected` (the old key kept) otherwise.
   */
  async setKey(name: string, key: string): Promise<Profile> {
    const candidate = checkKey(key);
    const profile = await this.get(name);
    try {
      await this.#verify(profile, candidate);
    } catch (error) {
      throw rejection(profile, candidate, error);
    }
    return this.#changes.apply(async (settings, onSaveFailure) => {
      const current = findProfile(settings, name);
      const previous = current.keySavedAt === undefined ? undefined : await this.#keys.get(current.name);
      await this.#keys.set(current.name, candidate);
      onSaveFailure(() => (previous === undefined ? this.#keys.delete(current.name) : this.#keys.set(current.name, previous)));
      current.keySavedAt = this.#now().toISOString();
      const last4 = lastFour(candidate);
      if (last4 === undefined) delete current.keyLast4;
      else current.keyLast4 = last4;
      return { ...current };
    });
  }

  /** Removes a profile's key (the sandbox profile goes back to its demo key). */
  async deleteKey(name: string): Promise<Profile> {
    return this.#changes.apply(async (settings, onSaveFailure) => {
      const profile = findProfile(settings, name);
      await this.#removeKey(profile.name, onSaveFailure);
      delete profile.keySavedAt;
      delete profile.keyLast4;
      return { ...profile };
    });
  }

  /** Whole days since the profile's key was saved; undefined when none was saved. */
  async keyAge(name: string): Promise<number | undefined> {
    const age = keyAgeMs(await this.get(name), this.#now());
    return age === undefined ? undefined : ageInDays(age);
  }

  /** Whether the profile's saved key is older than `maxAgeDays` (default: the manager's rotation age, 90). */
  async needsRotation(name: string, maxAgeDays: number = this.#rotationDays): Promise<boolean> {
    return isDueForRotation(await this.get(name), this.#now(), maxAgeDays);
  }

  /** Where the profile's key comes from and how old it is, for the UIs: never the key (no keychain access). */
  async describeKey(name?: string): Promise<KeyDescription> {
    const profile = await this.#profileOrActive(name);
    return describeProfileKey(profile, environmentKey(this.#env), this.#now(), this.#rotationDays, this.#keys.label);
  }

  /**
   * A KeyProvider for @econdata/core: it reads the key on every call, so a rotated key takes effect
   * at once. Without a name it uses the profile active at its first call and stays with it: a client
   * is built for one base URL, and must not send another profile's key there.
   */
  keyProvider(profileName?: string): KeyProvider {
    let pinned = profileName;
    return async () => {
      pinned ??= (await this.#profileOrActive(undefined)).name;
      return (await this.#resolve(pinned)).key;
    };
  }

  /**
   * Core's `ClientOptions` for a profile (the active one by default): its baseURL, authMode and a key
   * provider, and for a team gateway `sendPriority` (bulk work says so); add any other option before
   * `new EconDataClient(...)`.
   */
  async clientOptions(profileName?: string): Promise<ClientOptions> {
    const profile = await this.#profileOrActive(profileName);
    return { baseURL: profile.baseURL, authMode: profile.authMode, getApiKey: this.keyProvider(profile.name), ...(profile.kind === 'gateway' ? { sendPriority: true } : {}) };
  }

  /** The key to use for a profile now, and where it came from. */
  async #resolve(name: string): Promise<{ key: string; source: KeySource }> {
    const profile = await this.get(name);
    const fromEnv = environmentKey(this.#env);
    // Bound to its origin like a saved key: a profile re-pointed or created elsewhere never gets it.
    if (fromEnv !== undefined && environmentKeyFits(fromEnv, profile)) {
      if (!this.#envNoticeGiven) {
        this.#envNoticeGiven = true;
        this.#onNotice(`${ENV_KEY} is set: its key (${maskKey(fromEnv.key)}) is used instead of the OS keychain for ${environmentKeyScope(fromEnv)}.`);
      }
      return { key: fromEnv.key, source: 'environment' };
    }
    if (profile.keySavedAt === undefined) {
      if (usesSandboxDemoKey(profile)) return { key: sandboxDemoKey(profile.plan), source: 'sandbox-demo' };
      throw noKeyError(profile);
    }
    const key = await this.#keys.get(profile.name);
    if (key === undefined) throw keyGoneError(profile);
    return { key, source: 'keychain' };
  }

  /** Deletes a key, keeping it in memory to put back if the settings cannot be saved. */
  async #removeKey(account: string, onSaveFailure: OnSaveFailure): Promise<void> {
    const previous = await this.#keys.get(account);
    await this.#keys.delete(account);
    if (previous !== undefined) onSaveFailure(() => this.#keys.set(account, previous));
  }

  async #profileOrActive(name: string | undefined): Promise<Profile> {
    if (name !== undefined) return this.get(name);
    const active = await this.active();
    if (active === undefined) throw new KeychainError('profile_not_found', 'There is no active profile: create a profile first.');
    return active;
  }
}
