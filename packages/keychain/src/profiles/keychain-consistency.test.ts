// The settings file and the keychain never disagree about a key: when either refuses half-way, the
// other is put back (rotation, first key, rename, delete).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_1, KEY_2, PROD, managerFixture, rejection, type ManagerFixture } from '../../test/support/manager-fixture.ts';
import { KeychainError, KeychainUnavailableError } from '../errors.ts';
import type { MemoryKeyStore } from '../store/memory-key-store.ts';
import { SettingsFile, type SettingsStore } from './settings-file.ts';

let f: ManagerFixture;
beforeEach(async () => {
  f = await managerFixture();
});
afterEach(async () => {
  await f.cleanup();
});

describe('ProfileManager: the file and the keychain never disagree', () => {
  /** A manager whose settings saves can be made to fail. */
  async function failingSaves(): Promise<{ g: ManagerFixture; failNext: () => void }> {
    let fail = false;
    const file = new SettingsFile(join(f.dir, 'flaky.json'));
    const settingsStore: SettingsStore = {
      load: () => file.load(),
      save: async (settings) => {
        if (fail) {
          fail = false;
          throw new KeychainError('settings_io', 'Cannot write the settings file (ENOSPC).');
        }
        await file.save(settings);
      },
    };
    const g = await managerFixture({ settingsStore });
    return { g, failNext: () => (fail = true) };
  }

  it('a rotation whose settings cannot be saved puts the old key back', async () => {
    const { g, failNext } = await failingSaves();
    await g.manager.create(PROD);
    await g.manager.setKey('prod', KEY_1);
    failNext();
    await expect(g.manager.setKey('prod', KEY_2)).rejects.toThrow('Cannot write the settings file (ENOSPC).');
    expect(await g.keys.get('prod')).toBe(KEY_1);
    expect((await g.manager.get('prod')).keyLast4).toBe('1111');
    await g.cleanup();
  });

  it('a first key whose settings cannot be saved is removed again', async () => {
    const { g, failNext } = await failingSaves();
    await g.manager.create(PROD);
    failNext();
    await expect(g.manager.setKey('prod', KEY_1)).rejects.toThrow('ENOSPC');
    expect(await g.keys.list()).toEqual([]);
    await g.cleanup();
  });

  it('when the keychain cannot be put back either, the error says both and what to do', async () => {
    const { g, failNext } = await failingSaves();
    await g.manager.create(PROD);
    await g.manager.setKey('prod', KEY_1);
    failNext();
    const store = g.keys as MemoryKeyStore;
    const set = store.set.bind(store);
    let calls = 0;
    // The new key is saved, then the keychain locks before the old one can be put back.
    store.set = async (account, key) => {
      calls += 1;
      if (calls > 1) throw new KeychainUnavailableError('locked', 'The OS keychain is locked.');
      await set(account, key);
    };
    const error = await rejection(g.manager.setKey('prod', KEY_2));
    expect([error.code, error.message]).toEqual([
      'settings_io',
      "Cannot write the settings file (ENOSPC). The keychain could not be put back either (The OS keychain is locked.): check the profile's key and save it again.",
    ]);
    expect(JSON.stringify(error)).not.toContain(KEY_2);
    await g.cleanup();
  });

  it('a rename or a delete whose settings cannot be saved leaves the key where the file says', async () => {
    const { g, failNext } = await failingSaves();
    await g.manager.create(PROD);
    await g.manager.setKey('prod', KEY_1);
    failNext();
    await expect(g.manager.rename('prod', 'production')).rejects.toThrow('ENOSPC');
    expect(await g.keys.list()).toEqual(['prod']);
    failNext();
    await expect(g.manager.delete('prod')).rejects.toThrow('ENOSPC');
    expect(await g.keys.get('prod')).toBe(KEY_1);
    expect(await g.manager.keyProvider('prod')()).toBe(KEY_1);
    await g.cleanup();
  });

  it.each([
    ['a case-only rename', 'Prod', 'set'],
    ['a rename', 'production', 'delete'],
  ] as const)('%s that the keychain refuses half-way keeps the key under the old name only', async (_label, to, failing) => {
    await f.manager.create(PROD);
    await f.manager.setKey('prod', KEY_1);
    const refusal = new KeychainUnavailableError('locked', 'The OS keychain is locked.');
    const store = f.keys as MemoryKeyStore;
    const { set, delete: remove } = { set: store.set.bind(store), delete: store.delete.bind(store) };
    // The keychain refuses the second step: saving under the new name, or deleting the old item.
    if (failing === 'set') store.set = async (account, key) => (account === to ? Promise.reject(refusal) : set(account, key));
    else store.delete = async (account) => (account === 'prod' ? Promise.reject(refusal) : remove(account));
    expect(await rejection(f.manager.rename('prod', to))).toBe(refusal);
    Object.assign(store, { set, delete: remove });
    expect(await f.keys.list()).toEqual(['prod']);
    expect(await f.keys.get('prod')).toBe(KEY_1);
    expect((await f.manager.list()).map((p) => p.name)).toEqual(['sandbox', 'prod']);
  });

  it('keeps the profile when its key cannot be removed from the keychain', async () => {
    await f.manager.create(PROD);
    await f.manager.setKey('prod', KEY_1);
    const locked = new KeychainUnavailableError('locked', 'locked');
    (f.keys as MemoryKeyStore).delete = async () => {
      throw locked;
    };
    expect(await rejection(f.manager.delete('prod'))).toBe(locked);
    expect((await f.manager.get('prod')).keyLast4).toBe('1111');
  });
});
