/**
 * The keychain package's errors. They mirror core's EconError (a stable string `code`, `toJSON()`, a
 * guard that tests the code rather than the prototype) because they cross Electron IPC too; they are
 * a separate family because core's `ErrorCode` is about data access and is closed.
 *
 * No message, field or serialized form ever holds an API key: callers mask with `maskKey`.
 */

export type KeychainErrorCode =
  /** No OS keychain can be used here (no D-Bus, no Secret Service, locked, keytar not loadable). */
  | 'keychain_unavailable'
  /** The OS keychain was reachable but refused the operation for another reason. */
  | 'keychain_failed'
  /** The profile has no key (none saved, or it was removed from the keychain outside Econdata). */
  | 'key_missing'
  /** The key was refused before saving: empty, whitespace, control characters, too long. */
  | 'invalid_key'
  /** The new key failed its check request; the old key is kept. */
  | 'key_rejected'
  | 'profile_not_found'
  | 'profile_exists'
  /** A profile field was refused (name, base URL, plan, auth mode). */
  | 'invalid_profile'
  /** An option of the profile manager was refused (the key rotation age). */
  | 'invalid_setting'
  /** The settings file is damaged: it was moved aside, never reset silently. */
  | 'settings_corrupt'
  /** The settings file was written by a newer version: left untouched. */
  | 'settings_unsupported'
  /** The settings file could not be read or written (permissions, disk). */
  | 'settings_io';

/** Why no keychain is reachable: each has its own fix. */
export type UnavailableReason = 'no_session_bus' | 'no_secret_service' | 'locked' | 'module_unavailable';

export interface KeychainErrorDetails {
  /** The profile concerned, when there is one. */
  profile?: string;
  /** keychain_unavailable: what is missing. */
  reason?: UnavailableReason;
  /** key_rejected: the code of the check's failure (`authentication`, `connection`, ...). */
  verifyCode?: string;
  /** key_rejected: the HTTP status of the check, when a response came back. */
  status?: number;
  /** settings_*: the settings file. */
  path?: string;
  /** settings_corrupt: where the damaged file was kept. */
  movedTo?: string;
}

export interface SerializedKeychainError extends KeychainErrorDetails {
  name: 'KeychainError';
  code: KeychainErrorCode;
  message: string;
}

/** The base of every error this package raises. */
export class KeychainError extends Error {
  override readonly name = 'KeychainError';
  readonly code: KeychainErrorCode;
  readonly details: KeychainErrorDetails;

  constructor(code: KeychainErrorCode, message: string, details: KeychainErrorDetails = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }

  toJSON(): SerializedKeychainError {
    return { name: 'KeychainError', code: this.code, message: this.message, ...this.details };
  }
}

/** No OS keychain is reachable; the message says what is missing and how to fix it. */
export class KeychainUnavailableError extends KeychainError {
  readonly reason: UnavailableReason;
  constructor(reason: UnavailableReason, message: string, details: Omit<KeychainErrorDetails, 'reason'> = {}) {
    super('keychain_unavailable', message, { ...details, reason });
    this.reason = reason;
  }
}

/** The settings file is damaged; it was kept aside as `movedTo` and not reset. */
export class SettingsCorruptError extends KeychainError {
  constructor(message: string, details: { path: string; movedTo?: string }) {
    super('settings_corrupt', message, details);
  }
}

/** A new key failed its check request; the profile still has its old key. */
export class KeyRejectedError extends KeychainError {
  constructor(message: string, details: KeychainErrorDetails) {
    super('key_rejected', message, details);
  }
}

/** Whether a value is a KeychainError (of a given code), also after it crossed IPC as JSON. */
export function isKeychainError(value: unknown, code?: KeychainErrorCode): value is KeychainError | SerializedKeychainError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { name?: unknown; code?: unknown };
  if (v.name !== 'KeychainError' || typeof v.code !== 'string') return false;
  return code === undefined || v.code === code;
}

/** Rebuilds a KeychainError from its JSON form (the other half of `toJSON`). */
export function keychainErrorFromJSON(json: SerializedKeychainError): KeychainError {
  const { name: _name, code, message, ...details } = json;
  if (code === 'keychain_unavailable' && details.reason !== undefined) {
    const { reason, ...rest } = details;
    return new KeychainUnavailableError(reason, message, rest);
  }
  if (code === 'settings_corrupt' && details.path !== undefined) {
    return new SettingsCorruptError(message, { ...details, path: details.path });
  }
  if (code === 'key_rejected') return new KeyRejectedError(message, details);
  return new KeychainError(code, message, details);
}
