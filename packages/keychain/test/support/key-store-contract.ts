import { afterAll, expect, it } from 'vitest';
import type { KeyStore } from '../../src/store/key-store.ts';

/**
 * What every KeyStore must do, run against each implementation (the in-memory one and the real
 * keychain). `account` returns a fresh account name per test; every account is cleaned up after.
 */
export function keyStoreContract(store: () => KeyStore, account: (label: string) => string): void {
  const used: string[] = [];
  const fresh = (label: string): string => {
    const name = account(label);
    used.push(name);
    return name;
  };
  afterAll(async () => {
    for (const name of used) await store().delete(name);
  });

  it('reads nothing for an account that has no key', async () => {
    expect(await store().get(fresh('missing'))).toBeUndefined();
  });

  it('saves a key, reads it back, and replaces it', async () => {
    const name = fresh('replace');
    await store().set(name, 'first-key-value-0001');
    expect(await store().get(name)).toBe('first-key-value-0001');
    await store().set(name, 'second-key-value-0002');
    expect(await store().get(name)).toBe('second-key-value-0002');
  });

  it('keeps accounts apart', async () => {
    const a = fresh('apart-a');
    const b = fresh('apart-b');
    await store().set(a, 'key-of-account-a-aaaa');
    await store().set(b, 'key-of-account-b-bbbb');
    expect(await store().get(a)).toBe('key-of-account-a-aaaa');
    expect(await store().get(b)).toBe('key-of-account-b-bbbb');
  });

  it('lists account names, never the keys', async () => {
    const name = fresh('listed');
    await store().set(name, 'listed-key-value-3333');
    const accounts = await store().list();
    expect(accounts).toContain(name);
    expect(accounts).not.toContain('listed-key-value-3333');
    expect(accounts).toEqual([...accounts].sort());
  });

  it('deletes a key once: true, then false', async () => {
    const name = fresh('delete');
    await store().set(name, 'doomed-key-value-4444');
    expect(await store().delete(name)).toBe(true);
    expect(await store().get(name)).toBeUndefined();
    expect(await store().delete(name)).toBe(false);
    expect(await store().list()).not.toContain(name);
  });
}
