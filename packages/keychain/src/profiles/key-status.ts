import { KeychainError } from '../errors.ts';
import { maskKey } from '../mask.ts';
import { isLoopback, sandboxDemoKey, usesSandboxDemoKey, type Profile } from './profile.ts';

/** The environment variable that overrides the keychain (headless machines, CI). */
export const ENV_KEY = 'ECONDATA_API_KEY';
/** The address whose origin ECONDATA_API_KEY is for; unset, the key is for loopback addresses only. */
const ENV_KEY_ORIGIN = 'ECONDATA_API_KEY_ORIGIN';

/** How many days a key may be used before the UIs suggest replacing it (the spec asks for rotation). */
export const DEFAULT_ROTATION_DAYS = 90;

const DAY_MS = 86_400_000;

/** Where a profile's key comes from right now. */
export type KeySource = 'environment' | 'keychain' | 'sandbox-demo' | 'none';

/** A profile's key as the UIs show it: never the key itself. */
export interface KeyDescription {
  profile: string;
  source: KeySource;
  /** `…abcd` (environment and keychain keys; `…` alone for short keys). */
  masked?: string;
  /** When the keychain key was saved (ISO 8601). */
  savedAt?: string;
  /** Whole days since the keychain key was saved. */
  ageDays?: number;
  /** The saved key is older than the rotation age. */
  needsRotation: boolean;
  /** One sentence for a status line. */
  summary: string;
}

/** A base URL's origin (scheme, host and port): what a key, saved or from the environment, is bound to. */
export function originOf(baseURL: string): string {
  return new URL(baseURL).origin;
}

/**
 * ECONDATA_API_KEY and where it may go. Like a saved key it is bound to an origin: the one of
 * ECONDATA_API_KEY_ORIGIN, or, when that is unset, loopback addresses only (the local sandbox). A
 * profile anywhere else, one a script in the renderer re-pointed or created included, never gets it.
 */
export interface EnvironmentKey {
  key: string;
  /** The origin it is for; undefined: any loopback address. */
  origin: string | undefined;
}

/**
 * The environment's key, trimmed (a trailing newline from `$(cat file)` is common), with its origin;
 * undefined when the key is unset or blank. An ECONDATA_API_KEY_ORIGIN that is no http(s) address is
 * an `invalid_setting` KeychainError saying what to give.
 */
export function environmentKey(env: Record<string, string | undefined>): EnvironmentKey | undefined {
  const key = env[ENV_KEY]?.trim();
  if (key === undefined || key.length === 0) return undefined;
  const named = env[ENV_KEY_ORIGIN]?.trim();
  if (named === undefined || named.length === 0) return { key, origin: undefined };
  let origin: string;
  try {
    const url = new URL(named);
    origin = url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : 'null';
  } catch {
    origin = 'null';
  }
  if (origin === 'null') {
    throw new KeychainError('invalid_setting', `${ENV_KEY_ORIGIN} is not an http(s) address, so ${ENV_KEY} is not used: set it to the address of the service the key is for (e.g. https://api.example.com), or unset it to use the key for the local sandbox only.`);
  }
  return { key, origin };
}

/** The variables that give this profile a key from the environment: the origin too, unless it is loopback. */
function envKeyFor(profile: Profile): string {
  return isLoopback(new URL(profile.baseURL)) ? ENV_KEY : `${ENV_KEY} (with ${ENV_KEY_ORIGIN}=${originOf(profile.baseURL)})`;
}

/** Whether the environment's key is for this profile's address (its origin, or loopback when none is named). */
export function environmentKeyFits(env: EnvironmentKey, profile: Profile): boolean {
  return env.origin === undefined ? isLoopback(new URL(profile.baseURL)) : originOf(profile.baseURL) === env.origin;
}

/** Where the environment's key may go, in words. */
export function environmentKeyScope(env: EnvironmentKey): string {
  return env.origin ?? `loopback addresses (set ${ENV_KEY_ORIGIN} to use it for a service elsewhere)`;
}

/** Milliseconds since the profile's key was saved, or undefined when none was. */
export function keyAgeMs(profile: Profile, now: Date): number | undefined {
  if (profile.keySavedAt === undefined) return undefined;
  return Math.max(0, now.getTime() - Date.parse(profile.keySavedAt));
}

/** Refuses a rotation age that is not a positive number of days (an `invalid_setting` KeychainError). */
export function checkRotationDays(maxAgeDays: number): number {
  if (!(maxAgeDays > 0) || !Number.isFinite(maxAgeDays)) {
    throw new KeychainError('invalid_setting', `The key rotation age must be a positive number of days (${DEFAULT_ROTATION_DAYS} by default); got ${String(maxAgeDays)}. Correct the rotation setting.`);
  }
  return maxAgeDays;
}

/** Whether the saved key is older than `maxAgeDays`. */
export function isDueForRotation(profile: Profile, now: Date, maxAgeDays: number): boolean {
  checkRotationDays(maxAgeDays);
  const age = keyAgeMs(profile, now);
  return age !== undefined && age > maxAgeDays * DAY_MS;
}

/** Whole days since the key was saved. */
export function ageInDays(ageMs: number): number {
  return Math.floor(ageMs / DAY_MS);
}

/** How a profile's key is resolved and shown, from the settings alone (no keychain access). */
export function describeProfileKey(profile: Profile, env: EnvironmentKey | undefined, now: Date, rotationDays: number, storeLabel = 'the key store'): KeyDescription {
  const own = describeOwnKey(profile, now, rotationDays, storeLabel);
  if (env === undefined) return own;
  if (environmentKeyFits(env, profile)) {
    return { profile: own.profile, needsRotation: own.needsRotation, source: 'environment', masked: maskKey(env.key), summary: `Using the key from ${ENV_KEY} (${maskKey(env.key)}) instead of the OS keychain.` };
  }
  return { ...own, summary: `${own.summary} (${ENV_KEY} is set for ${environmentKeyScope(env)} only.)` };
}

/** The profile's own key (saved, the sandbox's demo key, or none), as describeProfileKey tells it. */
function describeOwnKey(profile: Profile, now: Date, rotationDays: number, storeLabel: string): KeyDescription {
  const base = { profile: profile.name, needsRotation: isDueForRotation(profile, now, rotationDays) };
  const age = keyAgeMs(profile, now);
  if (profile.keySavedAt !== undefined && age !== undefined) {
    const masked = `…${profile.keyLast4 ?? ''}`;
    const days = ageInDays(age);
    const rotate = base.needsRotation ? ` It is older than ${rotationDays} days: generate a new key and save it.` : '';
    return {
      ...base,
      source: 'keychain',
      masked,
      savedAt: profile.keySavedAt,
      ageDays: days,
      // "from the OS keychain", or where the keys really are (the explorer may run with memory only).
      summary: `Key ${masked} ${storeLabel.startsWith('memory') ? `kept in ${storeLabel}` : `from ${storeLabel}`}, saved ${days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`}.${rotate}`,
    };
  }
  if (usesSandboxDemoKey(profile)) {
    return { ...base, source: 'sandbox-demo', summary: `Using the local sandbox's public demo key for the ${profile.plan} plan (${sandboxDemoKey(profile.plan)}).` };
  }
  return { ...base, source: 'none', summary: `No API key saved for profile "${profile.name}": save one, or set ${envKeyFor(profile)}.` };
}

/** The error for a profile without a usable key. */
export function noKeyError(profile: Profile): KeychainError {
  return new KeychainError(
    'key_missing',
    `No API key is saved for profile "${profile.name}". Save one (generate it in the provider's dashboard: Settings > API Keys), or set ${envKeyFor(profile)} for headless use and CI.`,
    { profile: profile.name },
  );
}

/** The error for a key the settings say was saved but the keychain no longer has. */
export function keyGoneError(profile: Profile): KeychainError {
  return new KeychainError(
    'key_missing',
    `The API key of profile "${profile.name}" (…${profile.keyLast4 ?? ''}, saved ${profile.keySavedAt ?? 'earlier'}) is no longer in the OS keychain: ` +
      'it was removed outside Econdata. Save the key again.',
    { profile: profile.name },
  );
}
