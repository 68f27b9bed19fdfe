import { readFile, writeFile } from 'node:fs/promises';
import { AuthenticationError } from '@econdata/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_1, KEY_2, PROD, managerFixture, rejection, type ManagerFixture } from '../../test/support/manager-fixture.ts';
import { KeyRejectedError } from '../errors.ts';
import type { KeyStore } from '../store/key-store.ts';
import { MemoryKeyStore } from '../store/memory-key-store.ts';
import { ProfileManager } from './profile-manager.ts';

let f: ManagerFixture;
beforeEach(async () => {
  f = await managerFixture();
});
afterEach(async () => {
  await f.cleanup();
});

describe('ProfileManager: profiles', () => {
  it('starts with the local sandbox profile, active, on the public demo key for its plan', async () => {
    expect(await f.manager.active()).toEqual({ name: 'sandbox', baseURL: 'http://127.0.0.1:8787', plan: 'pro', authMode: 'header', sandboxDemoKey: true });
    expect(await f.manager.keyProvider()()).toBe('sandbox-pro');
    expect(await f.manager.describeKey()).toEqual({
      profile: 'sandbox',
      source: 'sandbox-demo',
      needsRotation: false,
      summary: "Using the local sandbox's public demo key for the pro plan (sandbox-pro).",
    });
    await f.manager.update('sandbox', { plan: 'free' });
    expect(await f.manager.keyProvider('sandbox')()).toBe('sandbox-free');
  });

  it('never sends a sandbox demo key to another host: moving the sandbox profile drops it', async () => {
    const moved = await f.manager.update('sandbox', { baseURL: 'https://api.example.com' });
    expect(moved.sandboxDemoKey).toBeUndefined();
    const error = await rejection(f.manager.keyProvider('sandbox')());
    expect(error.code).toBe('key_missing');
  });

  it('never sends a demo key to another host, even when a hand-edited file asks for it', async () => {
    await writeFile(
      f.manager.settingsPath,
      JSON.stringify({ version: 1, activeProfile: 'far', profiles: [{ name: 'far', baseURL: 'https://api.example.com', plan: 'pro', authMode: 'header', sandboxDemoKey: true }] }),
    );
    const error = await rejection(f.manager.keyProvider('far')());
    expect(error.code).toBe('key_missing');
    expect((await f.manager.describeKey('far')).source).toBe('none');
  });

  it('creates profiles with checked, normalized fields; the first stays active unless asked', async () => {
    expect(await f.manager.create(PROD)).toEqual({ name: 'prod', baseURL: 'https://api.example.com', plan: 'basic', authMode: 'header' });
    expect((await f.manager.active())?.name).toBe('sandbox');
    await f.manager.create({ name: 'staging', baseURL: 'https://staging.example.com', plan: 'pro', authMode: 'query' }, { activate: true });
    expect((await f.manager.active())?.name).toBe('staging');
    expect((await f.manager.list()).map((p) => p.name)).toEqual(['sandbox', 'prod', 'staging']);
  });

  it.each([
    [{ ...PROD, name: '' }, 'invalid_profile', "The profile's name must not be empty."],
    [{ ...PROD, name: ' prod' }, 'invalid_profile', "The profile's name must not start or end with spaces."],
    [{ ...PROD, baseURL: 'http://api.example.com' }, 'invalid_profile', "The profile's base URL must use https:// (plain http:// is only allowed for 127.0.0.1, localhost and [::1])."],
    [{ ...PROD, baseURL: 'https://user:pw@api.example.com' }, 'invalid_profile', "The profile's base URL must not contain a user name or password (the key belongs in the keychain)."],
    [{ ...PROD, name: '../etc' }, 'invalid_profile', "The profile's name must be a profile name of 1 to 64 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit."],
    [{ ...PROD, plan: 'gold' as 'pro' }, 'invalid_profile', "The profile's plan must be one of free, basic, pro, enterprise."],
    [{ ...PROD, name: 'SANDBOX' }, 'profile_exists', 'A profile named "sandbox" already exists: choose another name.'],
  ])('refuses %o with %s', async (input, code, message) => {
    const error = await rejection(f.manager.create(input));
    expect([error.code, error.message]).toEqual([code, message]);
  });

  it('takes the address with or without /api/v1, as the connection form shows it, and keeps the root', async () => {
    expect((await f.manager.create({ ...PROD, baseURL: 'https://api.example.com/api/v1/' })).baseURL).toBe('https://api.example.com');
    expect((await f.manager.update('prod', { baseURL: 'https://eu.example.com/data/api/v1' })).baseURL).toBe('https://eu.example.com/data');
  });

  it('allows plain http on loopback addresses only', async () => {
    await f.manager.create({ name: 'local6', baseURL: 'http://[::1]:8787', plan: 'free' });
    await f.manager.create({ name: 'localhost', baseURL: 'http://localhost:9000/', plan: 'free' });
    expect((await f.manager.get('localhost')).baseURL).toBe('http://localhost:9000');
  });

  it('names the existing profiles when one is not found', async () => {
    await f.manager.create(PROD);
    const error = await rejection(f.manager.get('prd'));
    expect([error.code, error.message]).toEqual(['profile_not_found', 'There is no profile named "prd". Profiles: "sandbox", "prod".']);
  });

  it('applies concurrent changes one after the other (none lost)', async () => {
    await Promise.all(['a', 'b', 'c', 'd'].map((name) => f.manager.create({ ...PROD, name })));
    expect((await f.manager.list()).map((p) => p.name).sort()).toEqual(['a', 'b', 'c', 'd', 'sandbox']);
  });

  it('renames a profile and moves its key to the new keychain account; the active profile follows', async () => {
    await f.manager.create(PROD, { activate: true });
    await f.manager.setKey('prod', KEY_1);
    const renamed = await f.manager.rename('prod', 'production');
    expect(renamed.name).toBe('production');
    expect(await f.keys.list()).toEqual(['production']);
    expect(await f.keys.get('production')).toBe(KEY_1);
    expect((await f.manager.active())?.name).toBe('production');
    await f.manager.rename('production', 'Production');
    expect(await f.keys.list()).toEqual(['Production']);
  });

  it('deletes a profile with its key; the next profile becomes active', async () => {
    await f.manager.create(PROD, { activate: true });
    await f.manager.setKey('prod', KEY_1);
    await f.manager.delete('prod');
    expect(await f.keys.list()).toEqual([]);
    expect((await f.manager.active())?.name).toBe('sandbox');
    await f.manager.delete('sandbox');
    expect(await f.manager.active()).toBeUndefined();
    const error = await rejection(f.manager.keyProvider()());
    expect([error.code, error.message]).toEqual(['profile_not_found', 'There is no active profile: create a profile first.']);
  });
});

describe('ProfileManager: keys', () => {
  beforeEach(async () => {
    await f.manager.create(PROD, { activate: true });
  });

  it('checks a key with one request, then keeps it in the keychain and only its date and last four in the file', async () => {
    const saved = await f.manager.setKey('prod', `  ${KEY_1}\n`);
    expect(f.verified).toEqual([['prod', KEY_1]]);
    expect(await f.keys.get('prod')).toBe(KEY_1);
    expect(saved).toEqual({ ...(await f.manager.get('prod')), keySavedAt: '2026-03-01T12:00:00.000Z', keyLast4: '1111' });
    const file = await readFile(f.manager.settingsPath, 'utf8');
    expect(file).not.toContain(KEY_1);
    expect(await f.manager.keyProvider('prod')()).toBe(KEY_1);
    expect(await f.manager.describeKey('prod')).toEqual({
      profile: 'prod',
      source: 'keychain',
      masked: '…1111',
      savedAt: '2026-03-01T12:00:00.000Z',
      ageDays: 0,
      needsRotation: false,
      summary: 'Key …1111 kept in memory only (lost when the program stops; not in the OS keychain), saved today.',
    });
  });

  it.each([
    ['', 'The API key is empty. Paste the whole key from the provider\'s dashboard (Settings > API Keys).'],
    ['sk_live with space', 'The API key contains spaces, line breaks or control characters. Paste the whole key from the provider\'s dashboard (Settings > API Keys).'],
    ['x'.repeat(4097), 'The API key is longer than 4096 characters. Paste the whole key from the provider\'s dashboard (Settings > API Keys).'],
    [
      '…1111',
      "The API key contains characters other than plain ASCII letters, digits and punctuation (a masked key such as …abcd is not the key). Paste the whole key from the provider's dashboard (Settings > API Keys).",
    ],
    [
      'sk_live_clé_1111',
      "The API key contains characters other than plain ASCII letters, digits and punctuation (a masked key such as …abcd is not the key). Paste the whole key from the provider's dashboard (Settings > API Keys).",
    ],
  ])('refuses a malformed key without checking it or quoting it (%#)', async (key, message) => {
    const error = await rejection(f.manager.setKey('prod', key));
    expect([error.code, error.message]).toEqual(['invalid_key', message]);
    expect(f.verified).toEqual([]);
  });

  it('a rotation whose check fails keeps the old key, and the error never shows the new one', async () => {
    await f.manager.setKey('prod', KEY_1);
    const before = await f.manager.get('prod');
    f.clock.advanceDays(10);
    f.verify.impl = async (_profile, key) => {
      // A careless server might echo the key: it must still not reach the message.
      throw new AuthenticationError(`Invalid API key: ${key} is not known`, { status: 401 });
    };
    const error = await rejection(f.manager.setKey('prod', KEY_2));
    expect(error).toBeInstanceOf(KeyRejectedError);
    expect(error.toJSON()).toEqual({
      name: 'KeychainError',
      code: 'key_rejected',
      profile: 'prod',
      verifyCode: 'authentication',
      status: 401,
      message: 'The new key …2222 was not saved for profile "prod": checking it with https://api.example.com failed. Invalid API key: …2222 is not known. The profile keeps its previous key.',
    });
    expect(JSON.stringify(error)).not.toContain(KEY_2);
    expect(await f.keys.get('prod')).toBe(KEY_1);
    expect(await f.manager.get('prod')).toEqual(before);
    expect(await f.manager.keyProvider('prod')()).toBe(KEY_1);
  });

  it('a rotated key takes effect at once through a provider made before the rotation', async () => {
    await f.manager.setKey('prod', KEY_1);
    const provider = f.manager.keyProvider();
    expect(await provider()).toBe(KEY_1);
    await f.manager.setKey('prod', KEY_2);
    expect(await provider()).toBe(KEY_2);
  });

  it('a provider made without a name stays with the profile that was active at its first call', async () => {
    await f.manager.setKey('prod', KEY_1);
    const provider = f.manager.keyProvider();
    expect(await provider()).toBe(KEY_1);
    await f.manager.setActive('sandbox');
    expect(await provider()).toBe(KEY_1);
    expect(await f.manager.keyProvider()()).toBe('sandbox-pro');
  });

  it('gives the client options of a profile: base URL, auth mode and a provider', async () => {
    await f.manager.setKey('prod', KEY_1);
    const options = await f.manager.clientOptions();
    expect({ ...options, getApiKey: typeof options.getApiKey }).toEqual({ baseURL: 'https://api.example.com', authMode: 'header', getApiKey: 'function' });
    expect(await options.getApiKey?.()).toBe(KEY_1);
  });

  it('knows the key age and flags it after the rotation age (90 days by default, configurable)', async () => {
    expect(await f.manager.keyAge('prod')).toBeUndefined();
    expect(await f.manager.needsRotation('prod')).toBe(false);
    await f.manager.setKey('prod', KEY_1);
    f.clock.advanceDays(90);
    expect(await f.manager.keyAge('prod')).toBe(90);
    expect(await f.manager.needsRotation('prod')).toBe(false);
    expect(await f.manager.needsRotation('prod', 30)).toBe(true);
    f.clock.advanceDays(1);
    expect(await f.manager.needsRotation('prod')).toBe(true);
    expect((await f.manager.describeKey('prod')).summary).toBe(
      'Key …1111 kept in memory only (lost when the program stops; not in the OS keychain), saved 91 days ago. It is older than 90 days: generate a new key and save it.',
    );
    await f.manager.setKey('prod', KEY_2);
    expect(await f.manager.needsRotation('prod')).toBe(false);
    await expect(f.manager.needsRotation('prod', 0)).rejects.toMatchObject({
      name: 'KeychainError', code: 'invalid_setting',
      message: 'The key rotation age must be a positive number of days (90 by default); got 0. Correct the rotation setting.',
    });
    expect(() => new ProfileManager({ settingsPath: f.manager.settingsPath, keyStore: new MemoryKeyStore(), rotationDays: Number.NaN })).toThrow(expect.objectContaining({ code: 'invalid_setting' }));
  });

  it('reports a key removed from the keychain outside Econdata', async () => {
    await f.manager.setKey('prod', KEY_1);
    await f.keys.delete('prod');
    const error = await rejection(f.manager.keyProvider('prod')());
    expect([error.code, error.message]).toEqual([
      'key_missing',
      'The API key of profile "prod" (…1111, saved 2026-03-01T12:00:00.000Z) is no longer in the OS keychain: it was removed outside Econdata. Save the key again.',
    ]);
  });

  it('a profile without a key says how to get one', async () => {
    const error = await rejection(f.manager.keyProvider('prod')());
    expect(error.message).toBe(
      'No API key is saved for profile "prod". Save one (generate it in the provider\'s dashboard: Settings > API Keys), or set ECONDATA_API_KEY (with ECONDATA_API_KEY_ORIGIN=https://api.example.com) for headless use and CI.',
    );
  });

  it('deleteKey removes the key and its record', async () => {
    await f.manager.setKey('prod', KEY_1);
    const profile = await f.manager.deleteKey('prod');
    expect(profile.keySavedAt).toBeUndefined();
    expect(profile.keyLast4).toBeUndefined();
    expect(await f.keys.list()).toEqual([]);
  });

  it('a short key is saved without a last-four record (four characters would be half of it)', async () => {
    const profile = await f.manager.setKey('prod', 'abc123');
    expect(profile.keyLast4).toBeUndefined();
    expect((await f.manager.describeKey('prod')).masked).toBe('…');
  });
});

describe('ProfileManager: a profile created with its key', () => {
  it('checks the key, then saves the profile and the key together', async () => {
    const made = await f.manager.create(PROD, { activate: true, key: ` ${KEY_1}` });
    expect(f.verified).toEqual([['prod', KEY_1]]);
    expect(await f.keys.get('prod')).toBe(KEY_1);
    expect(made).toEqual({ ...(await f.manager.get('prod')), keySavedAt: '2026-03-01T12:00:00.000Z', keyLast4: '1111' });
    expect((await f.manager.active())?.name).toBe('prod');
    expect(await readFile(f.manager.settingsPath, 'utf8')).not.toContain(KEY_1);
  });

  it('a refused key leaves neither the profile nor a key, and the error never shows the key', async () => {
    f.verify.impl = async () => {
      throw new AuthenticationError('Invalid API key', { status: 401 });
    };
    const error = await rejection(f.manager.create(PROD, { activate: true, key: KEY_1 }));
    expect(error.code).toBe('key_rejected');
    expect(error.message).not.toContain(KEY_1);
    expect((await f.manager.list()).map((p) => p.name)).toEqual(['sandbox']);
    expect(await f.keys.get('prod')).toBeUndefined();
  });

  it('a keychain that refuses the key leaves no profile; a name taken is refused before the check', async () => {
    const failing: KeyStore = { get: async () => undefined, list: async () => [], delete: async () => false, set: async () => { throw new Error('locked collection'); } };
    const g = await managerFixture({ keyStore: failing });
    try {
      await expect(g.manager.create(PROD, { key: KEY_1 })).rejects.toThrow('locked collection');
      expect((await g.manager.list()).map((p) => p.name)).toEqual(['sandbox']);
    } finally {
      await g.cleanup();
    }
    await f.manager.create(PROD);
    const clash = await rejection(f.manager.create(PROD, { key: KEY_2 }));
    expect(clash.code).toBe('profile_exists');
    expect(f.verified).toEqual([]);
  });
});

describe('ProfileManager: re-pointing a profile (its key belongs to its origin)', () => {
  beforeEach(async () => {
    await f.manager.create(PROD, { activate: true, key: KEY_1 });
    f.verified.length = 0;
  });

  it.each([
    ['another host', 'https://evil.example'],
    ['another port', 'https://api.example.com:8443'],
    ['another scheme', 'http://127.0.0.1:8787'],
    ['a look-alike host', 'https://api.example.com.evil.example'],
  ])('moving to %s deletes the saved key: the profile has none, and no request carries the old one', async (_, baseURL) => {
    const moved = await f.manager.update('prod', { baseURL });
    expect(moved).toEqual({ name: 'prod', baseURL, plan: 'basic', authMode: 'header' });
    expect(await f.keys.get('prod')).toBeUndefined();
    expect(await f.keys.list()).toEqual([]);
    const error = await rejection(f.manager.keyProvider('prod')());
    expect(error.code).toBe('key_missing');
    expect((await f.manager.describeKey('prod')).source).toBe('none');
    expect(await readFile(f.manager.settingsPath, 'utf8')).not.toContain('keySavedAt');
    expect(f.verified).toEqual([]);
  });

  it('within the same origin (another path, plan, auth mode) the key stays', async () => {
    await f.manager.update('prod', { baseURL: 'https://api.example.com/data/api/v1', plan: 'pro', authMode: 'query' });
    expect(await f.manager.keyProvider('prod')()).toBe(KEY_1);
    expect((await f.manager.get('prod')).keyLast4).toBe('1111');
  });

  it('moving with a new key checks that key against the new address and saves both together', async () => {
    const seen: string[] = [];
    f.verify.impl = async (profile) => {
      seen.push(profile.baseURL);
    };
    f.clock.advanceDays(3);
    const moved = await f.manager.update('prod', { baseURL: 'https://eu.example.com' }, { key: KEY_2 });
    expect(seen).toEqual(['https://eu.example.com']);
    expect(f.verified).toEqual([['prod', KEY_2]]);
    expect(moved).toMatchObject({ baseURL: 'https://eu.example.com', keyLast4: '2222', keySavedAt: '2026-03-04T12:00:00.000Z' });
    expect(await f.manager.keyProvider('prod')()).toBe(KEY_2);
  });

  it('a new key the new address refuses changes nothing: the profile stays where it was, with its key', async () => {
    f.verify.impl = async () => {
      throw new AuthenticationError('Invalid API key', { status: 401 });
    };
    const error = await rejection(f.manager.update('prod', { baseURL: 'https://eu.example.com' }, { key: KEY_2 }));
    expect(error.code).toBe('key_rejected');
    expect(error.message).not.toContain(KEY_2);
    expect((await f.manager.get('prod')).baseURL).toBe('https://api.example.com');
    expect(await f.manager.keyProvider('prod')()).toBe(KEY_1);
  });

  it('a settings file that cannot be written after the key was deleted puts the key back', async () => {
    const failing = await managerFixture({
      settingsStore: {
        load: async () => ({ version: 1, activeProfile: 'prod', profiles: [{ name: 'prod', baseURL: 'https://api.example.com', plan: 'basic', authMode: 'header', keySavedAt: '2026-03-01T12:00:00.000Z', keyLast4: '1111' }] }),
        save: async () => {
          throw new Error('disk full');
        },
      },
    });
    try {
      await failing.keys.set('prod', KEY_1);
      await expect(failing.manager.update('prod', { baseURL: 'https://evil.example' })).rejects.toThrow('disk full');
      expect(await failing.keys.get('prod')).toBe(KEY_1);
    } finally {
      await failing.cleanup();
    }
  });
});

describe('ProfileManager: ECONDATA_API_KEY', () => {
  const ENV_KEY_VALUE = 'sk_env_override_key_9999';
  const untouchable: KeyStore = {
    get: async () => {
      throw new Error('the keychain must not be read');
    },
    set: async () => undefined,
    delete: async () => false,
    list: async () => [],
  };

  it('overrides the keychain for the profiles on ECONDATA_API_KEY_ORIGIN, says so once, and never touches the keychain', async () => {
    const g = await managerFixture({ keyStore: untouchable });
    try {
      g.env['ECONDATA_API_KEY'] = `${ENV_KEY_VALUE}\n`;
      g.env['ECONDATA_API_KEY_ORIGIN'] = 'https://api.example.com/api/v1';
      await g.manager.create(PROD);
      await g.manager.setKey('prod', KEY_1);
      await g.manager.create({ name: 'prod-basic', baseURL: 'https://api.example.com:443/', plan: 'basic' });
      expect(await g.manager.keyProvider('prod')()).toBe(ENV_KEY_VALUE);
      expect(await g.manager.keyProvider('prod-basic')()).toBe(ENV_KEY_VALUE);
      expect(await g.manager.describeKey('prod')).toEqual({
        profile: 'prod',
        source: 'environment',
        masked: '…9999',
        needsRotation: false,
        summary: 'Using the key from ECONDATA_API_KEY (…9999) instead of the OS keychain.',
      });
      expect(g.notices).toEqual(['ECONDATA_API_KEY is set: its key (…9999) is used instead of the OS keychain for https://api.example.com.']);
      // The local sandbox is another origin: it keeps its demo key.
      expect(await g.manager.keyProvider('sandbox')()).toBe('sandbox-pro');
    } finally {
      await g.cleanup();
    }
  });

  it('a profile re-pointed, or created, at another origin never gets it: it has its own key or none', async () => {
    f.env['ECONDATA_API_KEY'] = ENV_KEY_VALUE;
    f.env['ECONDATA_API_KEY_ORIGIN'] = 'https://api.example.com';
    await f.manager.create(PROD);
    expect(await f.manager.keyProvider('prod')()).toBe(ENV_KEY_VALUE);
    // What a script in the explorer's renderer can ask main to do: move the profile, or make a new one.
    await f.manager.update('prod', { baseURL: 'https://evil.example' });
    await f.manager.create({ name: 'other', baseURL: 'https://api.example.com.evil.example', plan: 'pro' }, { activate: true });
    for (const name of ['prod', 'other']) {
      const error = await rejection(f.manager.keyProvider(name)());
      expect(error.code).toBe('key_missing');
      expect(error.message).not.toContain(ENV_KEY_VALUE);
    }
    expect(await f.manager.describeKey('prod')).toEqual({
      profile: 'prod', source: 'none', needsRotation: false,
      summary: 'No API key saved for profile "prod": save one, or set ECONDATA_API_KEY (with ECONDATA_API_KEY_ORIGIN=https://evil.example). (ECONDATA_API_KEY is set for https://api.example.com only.)',
    });
    // A key saved for the new address is used there.
    await f.manager.setKey('prod', KEY_2);
    expect(await f.manager.keyProvider('prod')()).toBe(KEY_2);
  });

  it('without ECONDATA_API_KEY_ORIGIN it is for loopback addresses only (the local sandbox)', async () => {
    const g = await managerFixture({ keyStore: new MemoryKeyStore() });
    try {
      g.env['ECONDATA_API_KEY'] = ENV_KEY_VALUE;
      await g.manager.create(PROD);
      await g.manager.create({ name: 'local', baseURL: 'http://localhost:9000', plan: 'pro' });
      expect(await g.manager.keyProvider('sandbox')()).toBe(ENV_KEY_VALUE);
      expect(await g.manager.keyProvider('local')()).toBe(ENV_KEY_VALUE);
      expect((await rejection(g.manager.keyProvider('prod')())).code).toBe('key_missing');
      expect((await g.manager.describeKey('prod')).summary).toBe('No API key saved for profile "prod": save one, or set ECONDATA_API_KEY (with ECONDATA_API_KEY_ORIGIN=https://api.example.com). (ECONDATA_API_KEY is set for loopback addresses (set ECONDATA_API_KEY_ORIGIN to use it for a service elsewhere) only.)');
      expect(g.notices).toEqual(['ECONDATA_API_KEY is set: its key (…9999) is used instead of the OS keychain for loopback addresses (set ECONDATA_API_KEY_ORIGIN to use it for a service elsewhere).']);
    } finally {
      await g.cleanup();
    }
  });

  it('an ECONDATA_API_KEY_ORIGIN that is no http(s) address is refused, saying what to give', async () => {
    f.env['ECONDATA_API_KEY'] = ENV_KEY_VALUE;
    for (const origin of ['api.example.com', 'file:///etc/passwd']) {
      f.env['ECONDATA_API_KEY_ORIGIN'] = origin;
      const error = await rejection(f.manager.keyProvider('sandbox')());
      expect([error.code, error.message]).toEqual([
        'invalid_setting',
        'ECONDATA_API_KEY_ORIGIN is not an http(s) address, so ECONDATA_API_KEY is not used: set it to the address of the service the key is for (e.g. https://api.example.com), or unset it to use the key for the local sandbox only.',
      ]);
    }
  });

  it('says so by default with one process warning, holding only the masked key', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const manager = new ProfileManager({ settingsPath: f.manager.settingsPath, keyStore: new MemoryKeyStore(), env: { ECONDATA_API_KEY: ENV_KEY_VALUE } });
      expect(await manager.keyProvider('sandbox')()).toBe(ENV_KEY_VALUE);
      expect(await manager.keyProvider('sandbox')()).toBe(ENV_KEY_VALUE);
      expect(warn.mock.calls).toEqual([
        ['ECONDATA_API_KEY is set: its key (…9999) is used instead of the OS keychain for loopback addresses (set ECONDATA_API_KEY_ORIGIN to use it for a service elsewhere).', { code: 'ECONDATA_API_KEY_OVERRIDE' }],
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('is read on every call: unsetting it goes back to the keychain', async () => {
    await f.manager.create(PROD);
    await f.manager.setKey('prod', KEY_1);
    const provider = f.manager.keyProvider('prod');
    f.env['ECONDATA_API_KEY'] = ENV_KEY_VALUE;
    f.env['ECONDATA_API_KEY_ORIGIN'] = 'https://api.example.com';
    expect(await provider()).toBe(ENV_KEY_VALUE);
    delete f.env['ECONDATA_API_KEY'];
    expect(await provider()).toBe(KEY_1);
    f.env['ECONDATA_API_KEY'] = '   ';
    expect(await provider()).toBe(KEY_1);
  });
});
