import { afterEach, describe, expect, it } from 'vitest';
import { defaultStorage, MemoryStorage, officeRuntimeStorage, webStorage } from './storage.ts';

const g = globalThis as { OfficeRuntime?: unknown; localStorage?: unknown };
afterEach(() => {
  delete g.OfficeRuntime;
  delete g.localStorage;
});

/** A Map behind the Web Storage API. */
function fakeLocalStorage() {
  const m = new Map<string, string>();
  return { m, api: { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) } };
}

describe('the key-value storage seam', () => {
  it('prefers OfficeRuntime.storage inside Office, then localStorage, then memory', async () => {
    expect(defaultStorage().kind).toBe('memory');
    const local = fakeLocalStorage();
    g.localStorage = local.api;
    expect(defaultStorage().kind).toBe('localStorage');
    const office = new Map<string, string>();
    g.OfficeRuntime = { storage: { getItem: async (k: string) => office.get(k) ?? null, setItem: async (k: string, v: string) => void office.set(k, v), removeItem: async (k: string) => void office.delete(k) } };
    const storage = defaultStorage();
    expect(storage.kind).toBe('OfficeRuntime.storage');
    await storage.setItem('econdata.apiKey', 'k');
    expect(office.get('econdata.apiKey')).toBe('k');
    expect(local.m.size).toBe(0); // nothing went to localStorage
    await storage.removeItem('econdata.apiKey');
    expect(await storage.getItem('econdata.apiKey')).toBeNull();
  });

  it('every implementation reads back what it stored and forgets what it removed', async () => {
    const local = fakeLocalStorage();
    g.OfficeRuntime = { storage: new MemoryStorage() };
    for (const s of [new MemoryStorage(), webStorage(local.api), officeRuntimeStorage()!]) {
      expect(await s.getItem('a')).toBeNull();
      await s.setItem('a', '1');
      expect(await s.getItem('a')).toBe('1');
      await s.removeItem('a');
      expect(await s.getItem('a')).toBeNull();
    }
  });
});
