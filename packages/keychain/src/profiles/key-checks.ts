// The checks around a new key: its form before anything is sent, and the report when the service refuses it.
import { isEconError } from '@econdata/core';
import { KeychainError, KeyRejectedError } from '../errors.ts';
import { maskKey, maskKeyIn } from '../mask.ts';
import type { Profile } from './profile.ts';

/** Longest key accepted: far above any real key, well under the keychains' item limits. */
const MAX_KEY_LENGTH = 4096;

/** A pasted key, trimmed and checked; the messages never quote it. */
export function checkKey(key: unknown): string {
  const fail = (problem: string): never => {
    throw new KeychainError('invalid_key', `The API key ${problem}. Paste the whole key from the provider's dashboard (Settings > API Keys).`);
  };
  if (typeof key !== 'string') return fail('must be text');
  const trimmed = key.trim();
  if (trimmed.length === 0) fail('is empty');
  if (/[\s\p{Cc}]/u.test(trimmed)) fail('contains spaces, line breaks or control characters');
  // A Bearer token (and an HTTP header value) is plain ASCII; the usual culprit is a masked key ("…abcd") copied from a display.
  if (/[^\x21-\x7e]/.test(trimmed)) fail('contains characters other than plain ASCII letters, digits and punctuation (a masked key such as …abcd is not the key)');
  if (trimmed.length > MAX_KEY_LENGTH) fail(`is longer than ${MAX_KEY_LENGTH} characters`);
  return trimmed;
}

/** The error for a key that failed its check: what the service said, with the key masked. */
export function rejection(profile: Profile, key: string, error: unknown): KeychainError {
  if (error instanceof KeychainError) return error;
  const said = maskKeyIn(error instanceof Error ? error.message : String(error), key).replace(/\.?\s*$/, '.');
  const details: ConstructorParameters<typeof KeyRejectedError>[1] = { profile: profile.name };
  if (isEconError(error)) {
    details.verifyCode = error.code;
    if (error.status !== undefined) details.status = error.status;
  }
  return new KeyRejectedError(
    `The new key ${maskKey(key)} was not saved for profile "${profile.name}": checking it with ${profile.baseURL} failed. ${said} The profile keeps its previous key.`,
    details,
  );
}
