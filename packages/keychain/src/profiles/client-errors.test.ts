// What a user of the explorer reads when a profile's key cannot be read: @econdata/core wraps the key
// provider's error as a `key_unavailable` "Could not read the API key of this profile: <the provider's message>",
// with the provider's error as `cause`.
import { EconDataClient, type EconError } from '@econdata/core';
import { afterEach, describe, expect, it } from 'vitest';
import { managerFixture, type ManagerFixture } from '../../test/support/manager-fixture.ts';
import { KeytarKeyStore, type KeytarModule } from '../store/keytar-key-store.ts';
import { SettingsFile, defaultSettings } from './settings-file.ts';

/** A keytar whose every call fails with the native message a machine without D-Bus gives. */
const noBusKeytar = async (): Promise<KeytarModule> => {
  const fail = async (): Promise<never> => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  };
  return { getPassword: fail, setPassword: fail, deletePassword: fail, findCredentials: fail };
};

let f: ManagerFixture | undefined;
afterEach(async () => {
  await f?.cleanup();
});

/** A client for the profile whose transport counts what would have been sent. */
async function clientFor(manager: ManagerFixture['manager'], profile: string): Promise<{ client: EconDataClient; sent: () => number }> {
  let sent = 0;
  const client = new EconDataClient({
    ...(await manager.clientOptions(profile)),
    maxRetries: 0,
    transport: {
      send: async () => {
        sent += 1;
        throw new Error('no request may leave without a key');
      },
    },
  });
  return { client, sent: () => sent };
}

describe('key provider failures as core reports them', () => {
  it('an unreachable keychain: one sentence saying what is missing and how to fix it, no request sent', async () => {
    f = await managerFixture({ keyStore: new KeytarKeyStore({ loadKeytar: noBusKeytar }) });
    // A profile whose key was saved earlier, on a day the keychain was there.
    const settings = defaultSettings();
    settings.profiles.push({ name: 'prod', baseURL: 'https://api.example.com', plan: 'pro', authMode: 'header', keySavedAt: '2026-02-01T00:00:00.000Z', keyLast4: 'abcd' });
    await new SettingsFile(f.manager.settingsPath).save(settings);

    const { client, sent } = await clientFor(f.manager, 'prod');
    const error = (await client.listSources().catch((e: unknown) => e)) as EconError;
    expect(error.code).toBe('key_unavailable');
    expect(error.cause).toBeInstanceOf(Error);
    expect(error.message).toBe(
      'Could not read the API key of this profile: No OS keychain is reachable (there is no D-Bus session bus), ' +
        'so the API key of profile "prod" cannot be read (keytar: Cannot autolaunch D-Bus without X11 $DISPLAY). ' +
        'On Linux, install and unlock a Secret Service such as gnome-keyring in a desktop session (or start one with dbus-run-session), ' +
        'or set ECONDATA_API_KEY for headless use and CI. Econdata never stores keys in a plain file instead.',
    );
    expect(sent()).toBe(0);
  });

  it('a profile without a key: says how to get one', async () => {
    f = await managerFixture();
    await f.manager.create({ name: 'prod', baseURL: 'https://api.example.com', plan: 'pro' });
    const { client, sent } = await clientFor(f.manager, 'prod');
    const error = (await client.listSources().catch((e: unknown) => e)) as EconError;
    expect([error.code, error.message]).toEqual([
      'key_unavailable',
      'Could not read the API key of this profile: No API key is saved for profile "prod". ' +
        "Save one (generate it in the provider's dashboard: Settings > API Keys), or set ECONDATA_API_KEY (with ECONDATA_API_KEY_ORIGIN=https://api.example.com) for headless use and CI.",
    ]);
    expect(sent()).toBe(0);
  });
});
