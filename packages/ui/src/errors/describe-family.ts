/**
 * Sentences for the errors of the file and key packages: sheets' SheetsError (layouts, files, saved
 * exports) and keychain's KeychainError (keys, profiles, settings). Their messages already name the
 * file or profile and say what to do; this table gives each code its title, its loudness, its
 * button, and the closing words a message leaves out, so both apps read them the same way. Every
 * code has an entry: the `Record` types make a new code a compile error here until it has one.
 */
import type { KeychainErrorCode } from '@econdata/keychain';
import type { SheetsErrorCode } from '@econdata/sheets';

/** The button an error suggests (as in describe-error.ts). */
type Action = 'retry' | 'settings';

interface Words {
  title: string;
  intent: 'error' | 'warning' | 'info';
  action?: Action;
  /** Added after the message when the message does not already say what to do. */
  then?: string;
}

const SHEETS: Readonly<Record<SheetsErrorCode, Words>> = {
  invalid_period: { title: 'A period is not valid', intent: 'warning' },
  mixed_frequencies: { title: 'Frequencies do not mix', intent: 'warning', then: 'Put series of one frequency in a table, or convert them with a transform (Per=A).' },
  too_many_rows: { title: 'Too many rows', intent: 'warning' },
  file_too_large: { title: 'The file is too large', intent: 'warning' },
  unreadable_file: { title: 'The file cannot be read', intent: 'error' },
  checksum_mismatch: { title: 'The export file changed', intent: 'warning', then: 'Its data no longer matches what was saved: export it again to be sure of it.' },
  corrupt_manifest: { title: 'A saved export cannot be read', intent: 'error' },
  export_not_found: { title: 'No such export', intent: 'warning' },
  damaged_export: { title: 'A saved export is damaged', intent: 'error' },
  different_queries: { title: 'Not the same query', intent: 'warning' },
  no_vintages: { title: 'No vintages kept', intent: 'info' },
  before_vintages: { title: 'Before the first kept vintage', intent: 'warning' },
  damaged_vintages: { title: 'Kept vintages set aside', intent: 'warning' },
  write_failed: { title: 'The file was not written', intent: 'error', action: 'retry' },
};

const KEYCHAIN: Readonly<Record<KeychainErrorCode, Words>> = {
  keychain_unavailable: { title: 'The keychain cannot be used', intent: 'error', action: 'settings' },
  keychain_failed: { title: 'The keychain refused', intent: 'error', action: 'retry' },
  key_missing: { title: 'No key saved', intent: 'warning', action: 'settings' },
  invalid_key: { title: 'Key not saved', intent: 'warning', action: 'settings', then: 'Paste the key exactly as the provider shows it, then save.' },
  key_rejected: { title: 'Key not saved', intent: 'error', action: 'settings' },
  profile_not_found: { title: 'No such profile', intent: 'warning', action: 'settings', then: 'Choose one of the saved profiles, or create it.' },
  profile_exists: { title: 'That profile exists', intent: 'warning', then: 'Choose another name, or edit the existing profile.' },
  invalid_profile: { title: 'Check the profile', intent: 'warning', action: 'settings', then: 'Correct it in the connection settings, then save again.' },
  invalid_setting: { title: 'Check the setting', intent: 'warning', action: 'settings' },
  settings_corrupt: { title: 'Settings cannot be read', intent: 'error' },
  settings_unsupported: { title: 'Settings from a newer version', intent: 'error' },
  settings_io: { title: 'Settings cannot be written', intent: 'error', action: 'retry' },
};

/** The error families this table knows, by the `name` their JSON (and a revived desktop error) carries. */
type FamilyName = 'SheetsError' | 'KeychainError';

/** A SheetsError or KeychainError, an instance or its JSON, read by its name and code. */
export interface FamilyError {
  family: FamilyName;
  code: SheetsErrorCode | KeychainErrorCode;
  message: string;
}

/** Whether `value` is one of the families' errors with a code this build knows. */
export function asFamilyError(value: unknown): FamilyError | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, code, message, family } = value as { name?: unknown; code?: unknown; message?: unknown; family?: unknown };
  const which = family === 'SheetsError' || family === 'KeychainError' ? family : name;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  if (which === 'SheetsError' && Object.hasOwn(SHEETS, code)) return { family: which, code: code as SheetsErrorCode, message };
  if (which === 'KeychainError' && Object.hasOwn(KEYCHAIN, code)) return { family: which, code: code as KeychainErrorCode, message };
  return undefined;
}

const sentence = (s: string): string => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** The title, loudness, button and text of a family error. */
export function describeFamilyError(e: FamilyError): { title: string; intent: Words['intent']; action?: Action; text: string } {
  const words = e.family === 'SheetsError' ? SHEETS[e.code as SheetsErrorCode] : KEYCHAIN[e.code as KeychainErrorCode];
  const text = words.then ? `${sentence(e.message)} ${words.then}` : sentence(e.message);
  return { title: words.title, intent: words.intent, ...(words.action ? { action: words.action } : {}), text };
}

