import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { managerFixture, rejection, type ManagerFixture } from '../../test/support/manager-fixture.ts';

let f: ManagerFixture;
beforeEach(async () => {
  f = await managerFixture();
});
afterEach(async () => {
  await f.cleanup();
});

describe('ProfileManager: a Team gateway profile', () => {
  it('keeps the kind in the settings file, and drops it when the profile goes back to the service', async () => {
    const created = await f.manager.create({ name: 'team', baseURL: 'https://gateway.example.org/api/v1', plan: 'pro', kind: 'gateway' });
    expect(created).toEqual({ name: 'team', baseURL: 'https://gateway.example.org', plan: 'pro', authMode: 'header', kind: 'gateway' });
    expect(await f.manager.get('team')).toMatchObject({ kind: 'gateway' });
    expect(JSON.parse(await readFile(f.manager.settingsPath, 'utf8')).profiles[1]).toMatchObject({ name: 'team', kind: 'gateway' });
    expect(await f.manager.update('team', { kind: 'service' })).not.toHaveProperty('kind');
    expect(await f.manager.create({ name: 'plain', baseURL: 'https://api.example.com', plan: 'free' })).not.toHaveProperty('kind');
  });

  it('refuses a kind it does not know, naming the field', async () => {
    const error = await rejection(f.manager.create({ name: 'odd', baseURL: 'https://api.example.com', plan: 'free', kind: 'proxy' as never }));
    expect(error.message).toBe("The profile's kind must be one of service, gateway.");
  });
});
