import { KeychainError } from '../errors.ts';
import { maskKey } from '../mask.ts';
import { sandboxDemoKey, usesSandboxDemoKey, type Profile } from './profile.ts';

/** The environment variable that overrides the keychain (headless machines, CI). */
export const ENV_KEY = 'ECONDATA_API_KEY';

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

/** The environment's key, trimmed (a trailing newline from `$(cat file)` is common), or undefined. */
export function environmentKey(env: Record<string, string | undefined>): string | undefined {
  const key = env[ENV_KEY]?.trim();
  return key === undefined || key.length === 0 ? undefined : key;
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
export function describeProfileKey(profile: Profile, envKey: string | undefined, now: Date, rotationDays: number, storeLabel = 'the key store'): KeyDescription {
  const base = { profile: profile.name, needsRotation: isDueForRotation(profile, now, rotationDays) };
  if (envKey !== undefined) {
    return { ...base, source: 'environment', masked: maskKey(envKey), summary: `Using the key from ${ENV_KEY} (${maskKey(envKey)}) instead of the OS keychain.` };
  }
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
  return { ...base, source: 'none', summary: `No API key saved for profile "${profile.name}": save one, or set ${ENV_KEY}.` };
}

/** The error for a profile without a usable key. */
export function noKeyError(profile: Profile): KeychainError {
  return new KeychainError(
    'key_missing',
    `No API key is saved for profile "${profile.name}". Save one (generate it in the provider's dashboard: Settings > API Keys), or set ${ENV_KEY} for headless use and CI.`,
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
