/** describeError words the errors of sheets and keychain (instances, their JSON, a revived desktop error) by their code. */
import { SheetsError } from '@econdata/sheets';
import { StorageError } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { describeError } from '../src/index.ts';

const SHEETS_CODES = ['invalid_period', 'mixed_frequencies', 'too_many_rows', 'file_too_large', 'unreadable_file', 'checksum_mismatch', 'corrupt_manifest', 'export_not_found', 'damaged_export', 'different_queries', 'no_vintages', 'before_vintages', 'damaged_vintages', 'write_failed'] as const;
const KEYCHAIN_CODES = ['keychain_unavailable', 'keychain_failed', 'key_missing', 'invalid_key', 'key_rejected', 'profile_not_found', 'profile_exists', 'invalid_profile', 'invalid_setting', 'settings_corrupt', 'settings_unsupported', 'settings_io'] as const;

/** A KeychainError as it reaches a renderer: its JSON (the package's class stays in main). */
const keychainError = (code: string, message: string) => ({ name: 'KeychainError', code, message });

describe('describeError: file and key errors', () => {
  it('write_failed: its own title, the message naming the file, a retry button', () => {
    const e = new SheetsError('write_failed', 'The file /x/gdp.csv could not be written; the previous file, if any, is unchanged (ENOSPC). Check that the folder is writable and the disk has room, then try again.', { file: '/x/gdp.csv' });
    expect(describeError(e)).toEqual({
      code: 'write_failed', title: 'The file was not written', intent: 'error', action: 'retry',
      text: 'The file /x/gdp.csv could not be written; the previous file, if any, is unchanged (ENOSPC). Check that the folder is writable and the disk has room, then try again.',
    });
    // The same after crossing IPC as JSON, and on a cell surface.
    expect(describeError(JSON.parse(JSON.stringify(e)), { surface: 'cell' })).toEqual(describeError(e));
  });

  it('invalid_profile says where to correct it', () => {
    expect(describeError(keychainError('invalid_profile', "The profile's base URL must use https (or be a loopback address)."))).toEqual({
      code: 'invalid_profile', title: 'Check the profile', intent: 'warning', action: 'settings',
      text: "The profile's base URL must use https (or be a loopback address). Correct it in the connection settings, then save again.",
    });
  });

  it('invalid_setting (the rotation age) keeps its own remedy', () => {
    const e = keychainError('invalid_setting', 'The key rotation age must be a positive number of days (90 by default); got 0. Correct the rotation setting.');
    expect(describeError(e)).toEqual({ code: 'invalid_setting', title: 'Check the setting', intent: 'warning', action: 'settings', text: 'The key rotation age must be a positive number of days (90 by default); got 0. Correct the rotation setting.' });
  });

  it('a revived desktop error (name = its family) reads the same', () => {
    const revived = Object.assign(new Error('A saved export is cut short: gdp.csv has 10 of 20 bytes. Remove it, or export again.'), { name: 'SheetsError', family: 'SheetsError', code: 'damaged_export' });
    expect(describeError(revived)).toMatchObject({ code: 'damaged_export', title: 'A saved export is damaged', intent: 'error' });
  });

  it.each([...SHEETS_CODES.map((c) => ['SheetsError', c] as const), ...KEYCHAIN_CODES.map((c) => ['KeychainError', c] as const)])('%s %s has a title of its own, never "Unexpected error"', (family, code) => {
    const d = describeError({ name: family, code, message: 'What happened, naming the thing' });
    expect(d.code).toBe(code);
    expect(d.title).not.toBe('Unexpected error');
    expect(d.text).toMatch(/^What happened, naming the thing\./);
  });

  it('an IndexedDB failure (core storage) is a local file problem, not an unexpected error', () => {
    const e = new StorageError('IndexedDB is not available here (a private window, or storage turned off for this page): use MemoryCacheStore, or allow site storage.');
    expect(describeError(e)).toMatchObject({ code: 'storage', title: 'Local file problem' });
  });

  it('a code this build does not know is still an unexpected error, with its words', () => {
    expect(describeError({ name: 'SheetsError', code: 'from_the_future', message: 'New trouble.' })).toMatchObject({ code: 'unknown', title: 'Unexpected error' });
  });
});
