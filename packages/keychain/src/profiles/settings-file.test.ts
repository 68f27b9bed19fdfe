import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeychainError} from '../errors.ts';
import { SettingsCorruptError } from '../errors.ts';
import { SettingsFile, defaultSettings, defaultSettingsPath } from './settings-file.ts';
import type { Settings } from './settings-schema.ts';

const NOW = new Date('2026-11-22T07:30:05.123Z');
let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'econdata-settings-'));
  path = join(dir, 'settings.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const valid: Settings = {
  version: 1,
  activeProfile: 'prod',
  profiles: [
    { name: 'sandbox', baseURL: 'http://127.0.0.1:8787', plan: 'pro', authMode: 'header', sandboxDemoKey: true },
    { name: 'prod', baseURL: 'https://api.example.com', plan: 'basic', authMode: 'query', keySavedAt: '2026-01-02T03:04:05.000Z', keyLast4: 'abcd' },
  ],
};

/** Loads and returns the thrown error. */
async function loadError(file: SettingsFile): Promise<KeychainError> {
  return (await file.load().catch((e: unknown) => e)) as KeychainError;
}

describe('SettingsFile', () => {
  it('without a file: the defaults (the local sandbox profile, active), and nothing written', async () => {
    const file = new SettingsFile(path, () => NOW);
    expect(await file.load()).toEqual({
      version: 1,
      activeProfile: 'sandbox',
      profiles: [{ name: 'sandbox', baseURL: 'http://127.0.0.1:8787', plan: 'pro', authMode: 'header', sandboxDemoKey: true }],
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('saves and loads back exactly, leaving no temp file behind', async () => {
    const file = new SettingsFile(join(dir, 'nested', 'settings.json'));
    await file.save(valid);
    expect(await file.load()).toEqual(valid);
    expect(await readdir(join(dir, 'nested'))).toEqual(['settings.json']);
  });

  it('drops unknown profile fields (nothing but the schema is kept)', async () => {
    await writeFile(path, JSON.stringify({ ...valid, profiles: [{ ...valid.profiles[0], colour: 'red' }], activeProfile: 'sandbox' }));
    expect((await new SettingsFile(path).load()).profiles[0]).toEqual(valid.profiles[0]);
  });

  it.each([
    ['not JSON', '{"version": 1, "profiles": [', 'it is not valid JSON'],
    ['a wrong plan', JSON.stringify({ ...valid, profiles: [{ ...valid.profiles[1], plan: 'gold' }] }), 'profiles[0].plan must be one of free, basic, pro, enterprise'],
    ['a repeated name', JSON.stringify({ ...valid, profiles: [valid.profiles[1], { ...valid.profiles[0], name: 'PROD' }] }), "profiles[1].name repeats an earlier profile's name"],
    ['an active profile that does not exist', JSON.stringify({ ...valid, activeProfile: 'gone' }), 'activeProfile must name one of the profiles'],
    ['a base URL with credentials', JSON.stringify({ ...valid, profiles: [{ ...valid.profiles[1], baseURL: 'https://u:p@x.example' }] }), 'profiles[0].baseURL must not contain a user name or password (the key belongs in the keychain)'],
    ['a bad saved date', JSON.stringify({ ...valid, profiles: [{ ...valid.profiles[1], keySavedAt: 'yesterday' }] }), 'profiles[0].keySavedAt must be an ISO 8601 date'],
    ['a missing version', JSON.stringify({ profiles: [], activeProfile: null }), 'version must be 1'],
  ])('a file with %s is reported, kept aside and not reset', async (_label, content, problem) => {
    await writeFile(path, content);
    const error = await loadError(new SettingsFile(path, () => NOW));
    const movedTo = `${path}.corrupt-2026-11-22T07-30-05-123Z`;
    expect(error).toBeInstanceOf(SettingsCorruptError);
    expect(error.code).toBe('settings_corrupt');
    expect(error.details).toEqual({ path, movedTo });
    expect(error.message).toBe(
      `The settings file ${path} is damaged (${problem}). It was kept as ${movedTo} and not used; ` +
        `repair it and move it back to ${path}, or recreate your profiles. Keys in the OS keychain were not touched.`,
    );
    // The damaged content is kept byte for byte; no new settings file was written in its place.
    expect(await readFile(movedTo, 'utf8')).toBe(content);
    expect(await readdir(dir)).toEqual(['settings.json.corrupt-2026-11-22T07-30-05-123Z']);
  });

  it('a second damaged file in the same millisecond does not overwrite the first one kept aside', async () => {
    const file = new SettingsFile(path, () => NOW);
    await writeFile(path, 'first damage');
    await loadError(file);
    await writeFile(path, 'second damage');
    const error = await loadError(file);
    expect(error.details.movedTo).toBe(`${path}.corrupt-2026-11-22T07-30-05-123Z-2`);
    expect(await readFile(`${path}.corrupt-2026-11-22T07-30-05-123Z`, 'utf8')).toBe('first damage');
    expect(await readFile(`${path}.corrupt-2026-11-22T07-30-05-123Z-2`, 'utf8')).toBe('second damage');
  });

  it('the error never quotes the file (a key pasted into it stays out of messages)', async () => {
    await writeFile(path, '{"version":1,"apiKey":"sk_live_pasted_by_hand_9999" oops}');
    const error = await loadError(new SettingsFile(path, () => NOW));
    expect(error.message).not.toContain('sk_live_pasted_by_hand_9999');
  });

  it('a file from a newer version is refused and left in place', async () => {
    const content = JSON.stringify({ version: 2, profiles: [], activeProfile: null });
    await writeFile(path, content);
    const error = await loadError(new SettingsFile(path, () => NOW));
    expect(error.code).toBe('settings_unsupported');
    expect(error.message).toBe(
      `The settings file ${path} was written by a newer version of Econdata (settings version 2 is newer than this version of Econdata understands (1)). Update Econdata; the file was left as it is.`,
    );
    expect(await readFile(path, 'utf8')).toBe(content);
  });

  it('an unwritable location is settings_io, naming the file and what to check', async () => {
    await writeFile(join(dir, 'blocker'), 'a file where a folder should be');
    const error = (await new SettingsFile(join(dir, 'blocker', 'settings.json')).save(defaultSettings()).catch((e: unknown) => e)) as KeychainError;
    expect(error.code).toBe('settings_io');
    expect(error.message).toBe(`Cannot write the settings file ${join(dir, 'blocker', 'settings.json')} (EEXIST). Check the folder's permissions and free space.`);
  });

  it('default paths follow each platform', () => {
    expect(defaultSettingsPath({ XDG_CONFIG_HOME: '/home/u/.config' }, 'linux')).toBe('/home/u/.config/econdata/settings.json');
    expect(defaultSettingsPath({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32')).toBe(join('C:\\Users\\u\\AppData\\Roaming', 'econdata', 'settings.json'));
  });
});
