/**
 * The key summary names the store that actually holds the key: the OS keychain, or memory (the
 * explorer's in-memory store, which forgets keys when it stops), never "the OS keychain" for both.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyStore } from '../store/key-store.ts';
import { KeytarKeyStore } from '../store/keytar-key-store.ts';
import { MemoryKeyStore } from '../store/memory-key-store.ts';
import { ProfileManager } from './profile-manager.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function summaryWith(keyStore: KeyStore): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'keychain-summary-'));
  const manager = new ProfileManager({ settingsPath: join(dir, 'settings.json'), keyStore, env: {}, verifyKey: async () => undefined, now: () => new Date('2026-03-01T12:00:00Z') });
  await manager.create({ name: 'prod', baseURL: 'https://api.example.com', plan: 'pro' }, { activate: true });
  await manager.setKey('prod', 'key-0000-1111');
  return (await manager.describeKey('prod')).summary;
}

describe('describeKey names the actual store', () => {
  it('the in-memory store: kept in memory, not in the OS keychain', async () => {
    expect(await summaryWith(new MemoryKeyStore())).toBe('Key …1111 kept in memory only (lost when the program stops; not in the OS keychain), saved today.');
  });

  it('keytar: the OS keychain', async () => {
    const items = new Map<string, string>();
    const keytar = {
      getPassword: async (_s: string, a: string) => items.get(a) ?? null,
      setPassword: async (_s: string, a: string, k: string) => void items.set(a, k),
      deletePassword: async (_s: string, a: string) => items.delete(a),
      findCredentials: async () => [...items].map(([account, password]) => ({ account, password })),
    };
    expect(await summaryWith(new KeytarKeyStore({ loadKeytar: async () => keytar }))).toBe('Key …1111 from the OS keychain, saved today.');
  });

  it('a store of its own: named by its label', async () => {
    const store = Object.assign(new MemoryKeyStore(), { label: 'the company vault' });
    expect(await summaryWith(store)).toBe('Key …1111 from the company vault, saved today.');
  });
});
