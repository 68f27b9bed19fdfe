import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthenticationError } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { filesUnder, keyFragments, managerFixture } from '../../test/support/manager-fixture.ts';
import { keychainRequired, probeRealKeychain, secretToolLookup, uniqueAccount } from '../../test/support/real-keychain.ts';
import type { KeyStore } from '../store/key-store.ts';
import { KeytarKeyStore } from '../store/keytar-key-store.ts';
import { MemoryKeyStore } from '../store/memory-key-store.ts';
import { ProfileManager } from './profile-manager.ts';

const KEY_A = 'sk_live_lifecycle_first_Aa1x';
const KEY_B = 'sk_live_lifecycle_rotated_Bb2y';
const KEY_REFUSED = 'sk_live_lifecycle_refused_Cc3z';

/**
 * A whole profile life (create, save a key, a refused rotation, a rotation, use, rename, delete) with
 * a scan of every file in the settings folder after each step: no piece of any key longer than the
 * four characters the file may show is ever there.
 */
async function lifecycle(keyStore: KeyStore, name: string, osView?: (account: string) => string | undefined): Promise<void> {
  const f = await managerFixture({ keyStore });
  const fragments = [KEY_A, KEY_B, KEY_REFUSED].flatMap((key) => keyFragments(key));
  const scans: string[] = [];
  const scan = async (step: string): Promise<void> => {
    for (const file of await filesUnder(f.dir)) {
      const found = fragments.filter((fragment) => file.content.includes(fragment));
      if (found.length > 0) scans.push(`${step}: ${file.path} holds key fragments ${found.join(', ')}`);
    }
  };
  const renamed = `${name}-renamed`;
  try {
    await f.manager.create({ name, baseURL: 'https://api.example.com', plan: 'pro' }, { activate: true });
    await scan('create');
    await f.manager.setKey(name, KEY_A);
    await scan('set key');
    expect(osView?.(name) ?? KEY_A).toBe(KEY_A);

    f.verify.impl = async () => {
      throw new AuthenticationError('Invalid API key', { status: 401 });
    };
    await expect(f.manager.setKey(name, KEY_REFUSED)).rejects.toMatchObject({ code: 'key_rejected' });
    await scan('refused rotation');
    f.verify.impl = async () => undefined;

    const provider = f.manager.keyProvider();
    expect(await provider()).toBe(KEY_A);
    f.clock.advanceDays(120);
    expect(await f.manager.needsRotation(name)).toBe(true);
    await f.manager.setKey(name, KEY_B);
    await scan('rotate');
    expect(await provider()).toBe(KEY_B);
    expect(osView?.(name) ?? KEY_B).toBe(KEY_B);

    await f.manager.rename(name, renamed);
    await scan('rename');
    expect(await f.manager.keyProvider(renamed)()).toBe(KEY_B);
    expect(await keyStore.get(name)).toBeUndefined();

    await f.manager.delete(renamed);
    await scan('delete');
    expect(await keyStore.get(renamed)).toBeUndefined();
    expect(osView?.(renamed)).toBeUndefined();

    expect((await filesUnder(f.dir)).map((file) => file.path)).toEqual([f.manager.settingsPath]);
    expect(scans).toEqual([]);
    expect(f.notices).toEqual([]);
  } finally {
    await keyStore.delete(name);
    await keyStore.delete(renamed);
    await f.cleanup();
  }
}

// The real keychain runs under scripts/test.sh (ECONDATA_REQUIRE_KEYCHAIN=1: must run) or wherever one answers.
const probe = keychainRequired || process.env['DBUS_SESSION_BUS_ADDRESS'] !== undefined
  ? await probeRealKeychain()
  : { ok: false as const, reason: 'no D-Bus session bus, and ECONDATA_REQUIRE_KEYCHAIN is not set' };
const runReal = keychainRequired || probe.ok;

describe('a full profile lifecycle leaves no key material in any file the package writes', () => {
  it('with the in-memory key store', async () => {
    await lifecycle(new MemoryKeyStore(), 'life');
  });

  it.skipIf(!runReal)(`with the real OS keychain, checked with secret-tool${runReal ? '' : ` (skipped: ${probe.ok ? '' : probe.reason})`}`, async () => {
    if (!probe.ok) throw new Error(`ECONDATA_REQUIRE_KEYCHAIN=1, but the OS keychain is not reachable: ${probe.reason}`);
    await lifecycle(new KeytarKeyStore(), uniqueAccount('life'), (account) => secretToolLookup(account));
  });

  it.skipIf(!runReal)('a manager made from a settings path alone keeps its keys in the OS keychain (what the explorer does)', async () => {
    if (!probe.ok) throw new Error(`ECONDATA_REQUIRE_KEYCHAIN=1, but the OS keychain is not reachable: ${probe.reason}`);
    const dir = await mkdtemp(join(tmpdir(), 'econdata-default-store-'));
    const name = uniqueAccount('default-store');
    const manager = new ProfileManager({ settingsPath: join(dir, 'settings.json'), verifyKey: async () => undefined, env: {} });
    try {
      await manager.create({ name, baseURL: 'https://api.example.com', plan: 'pro' });
      await manager.setKey(name, KEY_A);
      expect(secretToolLookup(name)).toBe(KEY_A);
      await manager.delete(name);
      expect(secretToolLookup(name)).toBeUndefined();
    } finally {
      await new KeytarKeyStore().delete(name);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
