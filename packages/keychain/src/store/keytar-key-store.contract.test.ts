import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { keyStoreContract } from '../../test/support/key-store-contract.ts';
import {
  envWithoutKeychain,
  hasCommand,
  keychainRequired,
  probeRealKeychain,
  runKeytarChild,
  secretToolLookup,
  uniqueAccount,
} from '../../test/support/real-keychain.ts';
import { KeytarKeyStore } from './keytar-key-store.ts';

// The real Secret Service: scripts/test.sh provides a private D-Bus session with an unlocked
// throwaway gnome-keyring and sets ECONDATA_REQUIRE_KEYCHAIN=1; then this suite must run, and fails
// loudly if the keychain does not answer. Elsewhere it runs when a keychain answers, and says why not.
const probe = keychainRequired || process.env['DBUS_SESSION_BUS_ADDRESS'] !== undefined
  ? await probeRealKeychain()
  : { ok: false as const, reason: 'no D-Bus session bus, and ECONDATA_REQUIRE_KEYCHAIN is not set' };
const runReal = keychainRequired || probe.ok;
const realTitle = runReal ? 'KeytarKeyStore against the real Secret Service' : `KeytarKeyStore against the real Secret Service (skipped: ${probe.ok ? '' : probe.reason})`;

describe.skipIf(!runReal)(realTitle, () => {
  // A counted failure (not only a hook error) when the keychain was required but does not answer.
  it('the OS keychain answers (a probe item saved, read and deleted)', () => {
    expect(probe).toEqual({ ok: true });
  });
  const store = new KeytarKeyStore();
  const created: string[] = [];
  const account = (label: string): string => {
    const name = uniqueAccount(label);
    created.push(name);
    return name;
  };
  afterAll(async () => {
    for (const name of created) await store.delete(name);
  });

  describe('the KeyStore contract', () => keyStoreContract(() => store, account));

  it('saves, replaces and deletes keys that the OS tool (secret-tool) sees', async () => {
    const name = account('secret-tool');
    await store.set(name, 'os-visible-key-0001');
    expect(secretToolLookup(name)).toBe('os-visible-key-0001');
    await store.set(name, 'os-visible-key-0002');
    expect(secretToolLookup(name)).toBe('os-visible-key-0002');
    expect(await store.delete(name)).toBe(true);
    expect(secretToolLookup(name)).toBeUndefined();
  });

  it('reads a key stored by the OS tool under service econdata (keytar looks up the generic schema)', async () => {
    const name = account('stored-by-os');
    const stored = spawnSync('secret-tool', ['store', '--label=econdata test', 'xdg:schema', 'org.freedesktop.Secret.Generic', 'service', 'econdata', 'account', name], { input: 'stored-by-secret-tool-9999' });
    expect(stored.status).toBe(0);
    expect(await store.get(name)).toBe('stored-by-secret-tool-9999');
    expect(await store.list()).toContain(name);
  });
});

// The failures that must become a clear KeychainUnavailableError, each reproduced for real in a child
// process (keytar's D-Bus connection is per process).
describe.skipIf(process.platform !== 'linux')('KeytarKeyStore without a usable keychain (child process)', () => {
  const secret = 'never-printed-secret-7777';

  it('without a D-Bus session bus: keychain_unavailable, saying what is missing and how to fix it', () => {
    const outcome = runKeytarChild(envWithoutKeychain(), 'no-bus-profile', secret);
    expect(outcome.ok).toBe(false);
    expect(outcome.className).toBe('KeychainUnavailableError');
    expect(outcome.error).toEqual({
      name: 'KeychainError',
      code: 'keychain_unavailable',
      reason: 'no_session_bus',
      profile: 'no-bus-profile',
      message:
        'No OS keychain is reachable (there is no D-Bus session bus), so the API key of profile "no-bus-profile" cannot be saved ' +
        '(keytar: Cannot autolaunch D-Bus without X11 $DISPLAY). On Linux, install and unlock a Secret Service such as gnome-keyring ' +
        'in a desktop session (or start one with dbus-run-session), or set ECONDATA_API_KEY for headless use and CI. ' +
        'Econdata never stores keys in a plain file instead.',
    });
    expect(outcome.stdout).not.toContain(secret);
  });

  const canRunDbus = ['dbus-run-session', 'dbus-send', 'gnome-keyring-daemon'].every(hasCommand);
  describe.skipIf(!canRunDbus && !keychainRequired)(`in private D-Bus sessions${canRunDbus ? '' : ' (skipped: dbus-run-session, dbus-send or gnome-keyring-daemon missing)'}`, () => {
    it('with a session bus but no unlocked Secret Service keyring: keychain_unavailable (no_secret_service)', () => {
      // No keyring is started: D-Bus activation starts one that has no default keyring and cannot prompt.
      const script = 'export XDG_DATA_HOME="$(mktemp -d)"; dbus-run-session -- bash -c \'source "$KEYRING_HELPERS"; eval "$KEYTAR_CHILD"; stop_secret_service\' 2>/dev/null';
      const outcome = runKeytarChild(envWithoutKeychain(), 'no-service-profile', secret, script);
      expect(outcome.error?.code).toBe('keychain_unavailable');
      expect(outcome.error?.reason).toBe('no_secret_service');
      expect(outcome.error?.message).toMatch(
        /^No OS keychain is reachable \(no Secret Service with an unlocked default keyring answers on the D-Bus session bus\), so the API key of profile "no-service-profile" cannot be saved \(keytar: .+\)\. On Linux, install and unlock a Secret Service such as gnome-keyring, or set ECONDATA_API_KEY for headless use and CI\. Econdata never stores keys in a plain file instead\.$/,
      );
      expect(outcome.stdout).not.toContain(secret);
    });

    it('with a locked keyring: keychain_unavailable (locked)', () => {
      // The keyring is created with one password, then the daemon is started with another: it stays locked.
      const script = [
        'export XDG_DATA_HOME="$(mktemp -d)"',
        'dbus-run-session -- bash -c \'source "$KEYRING_HELPERS"; start_keyring first; stop_secret_service\' 2>/dev/null',
        'dbus-run-session -- bash -c \'source "$KEYRING_HELPERS"; start_keyring second; eval "$KEYTAR_CHILD"; stop_secret_service\' 2>/dev/null',
      ].join('; ');
      const outcome = runKeytarChild(envWithoutKeychain(), 'locked-profile', secret, script);
      expect(outcome.error).toEqual({
        name: 'KeychainError',
        code: 'keychain_unavailable',
        reason: 'locked',
        profile: 'locked-profile',
        message:
          'The OS keychain is locked, so the API key of profile "locked-profile" cannot be saved (keytar: Cannot create an item in a locked collection). ' +
          'Unlock the default keyring (log in to the desktop session, or run gnome-keyring-daemon --unlock), or set ECONDATA_API_KEY for headless use and CI. ' +
          'Econdata never stores keys in a plain file instead.',
      });
    });
  });
});
