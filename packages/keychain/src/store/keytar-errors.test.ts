import { describe, expect, it } from 'vitest';
import { KeychainError, KeychainUnavailableError, isKeychainError, keychainErrorFromJSON } from '../errors.ts';
import { unavailableReason } from './keytar-errors.ts';
import { KeytarKeyStore, type KeytarModule } from './keytar-key-store.ts';

/** A keytar whose every call fails with the given native message. */
function failingKeytar(message: string): KeytarModule {
  const fail = async (): Promise<never> => {
    throw new Error(message);
  };
  return { getPassword: fail, setPassword: fail, deletePassword: fail, findCredentials: fail };
}

describe('keytar failures become errors a user can act on', () => {
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no_session_bus'],
    ['Could not connect: No such file or directory', 'no_session_bus'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no_secret_service'],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'no_secret_service'],
    ['Cannot create an item in a locked collection', 'locked'],
    ['The user name or passphrase you entered is not correct.', undefined],
  ])('%s -> %s', (message, reason) => {
    expect(unavailableReason(message)).toBe(reason);
  });

  it('an unrecognized native failure is keychain_failed, naming the operation and profile', async () => {
    const store = new KeytarKeyStore({ loadKeytar: async () => failingKeytar('The stub received bad data.') });
    const error = await store.get('prod').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeychainError);
    expect((error as KeychainError).code).toBe('keychain_failed');
    expect((error as KeychainError).message).toBe(
      'The OS keychain refused, so the API key of profile "prod" cannot be read (keytar: The stub received bad data.). ' +
        "Check the keychain in your system's keychain manager and try again, or set ECONDATA_API_KEY for headless use and CI. " +
        'Econdata never stores keys in a plain file instead.',
    );
  });

  it('masks the key if a backend ever echoes it in its message', async () => {
    const key = 'sk_live_echoed_secret_abcd';
    const store = new KeytarKeyStore({ loadKeytar: async () => failingKeytar(`refused password ${key} for item`) });
    const error = (await store.set('prod', key).catch((e: unknown) => e)) as KeychainError;
    expect(error.message).toBe(
      'The OS keychain refused, so the API key of profile "prod" cannot be saved (keytar: refused password …abcd for item). ' +
        "Check the keychain in your system's keychain manager and try again, or set ECONDATA_API_KEY for headless use and CI. " +
        'Econdata never stores keys in a plain file instead.',
    );
    expect(error.message).not.toContain(key);
    expect(JSON.stringify(error)).not.toContain(key);
  });

  it('keytar that cannot load is keychain_unavailable (module_unavailable), and the package itself still loads', async () => {
    const store = new KeytarKeyStore({
      loadKeytar: async () => {
        throw new Error('Cannot find module ../build/Release/keytar.node');
      },
    });
    const error = (await store.list().catch((e: unknown) => e)) as KeychainUnavailableError;
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect(error.reason).toBe('module_unavailable');
    expect(error.message).toBe(
      "The keychain module (keytar) could not be loaded, so Econdata's API keys cannot be listed (Cannot find module ../build/Release/keytar.node). " +
        'Reinstall the dependencies so keytar is built for this Node or Electron version, or set ECONDATA_API_KEY for headless use and CI. ' +
        'Econdata never stores keys in a plain file instead.',
    );
  });

  it('list() returns account names only, sorted, though keytar hands back the passwords', async () => {
    const keytar: KeytarModule = {
      ...failingKeytar('unused'),
      findCredentials: async () => [
        { account: 'zeta', password: 'secret-z' },
        { account: 'alpha', password: 'secret-a' },
      ],
    };
    expect(await new KeytarKeyStore({ loadKeytar: async () => keytar }).list()).toEqual(['alpha', 'zeta']);
  });

  it('errors survive a trip through JSON (IPC) with class, code and reason', () => {
    const original = new KeychainUnavailableError('locked', 'locked!', { profile: 'p' });
    const json = JSON.parse(JSON.stringify(original)) as unknown;
    expect(isKeychainError(json, 'keychain_unavailable')).toBe(true);
    expect(isKeychainError(json, 'key_missing')).toBe(false);
    const back = keychainErrorFromJSON(json as ReturnType<KeychainError['toJSON']>);
    expect(back).toBeInstanceOf(KeychainUnavailableError);
    expect(back.toJSON()).toEqual({ name: 'KeychainError', code: 'keychain_unavailable', message: 'locked!', reason: 'locked', profile: 'p' });
  });
});
