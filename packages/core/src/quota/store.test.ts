import { describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock.ts';
import { quotaKeyId } from './key-id.ts';
import { QuotaLedger } from './ledger.ts';
import { BrowserQuotaStore, type LockManagerLike, type StorageLike } from './store.ts';

class FakeStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe('BrowserQuotaStore', () => {
  it('keeps the day across a reload of the add-in, under the key fingerprint', async () => {
    const storage = new FakeStorage();
    const clock = new FakeClock();
    const keyId = await quotaKeyId('sandbox-basic');
    const before = new QuotaLedger({ plan: 'basic', clock, keyId, store: new BrowserQuotaStore({ storage }) });
    for (let i = 0; i < 5; i += 1) (await before.acquire({ priority: 'interactive' })).answered();
    await clock.flush();
    const after = new QuotaLedger({ plan: 'basic', clock, keyId, store: new BrowserQuotaStore({ storage }) });
    expect((await after.refresh()).day.used).toBe(5);
    expect([...storage.items.keys()]).toEqual([`econdata.quota.${keyId}`]);
    expect([...storage.items.values()].join('')).not.toContain('sandbox-basic');
  });

  it('runs each change inside the Web Lock named after the entry, when given navigator.locks', async () => {
    const names: string[] = [];
    const locks: LockManagerLike = { request: async (name, callback) => (names.push(name), await callback()) };
    const store = new BrowserQuotaStore({ storage: new FakeStorage(), locks, prefix: 'p.' });
    expect(await store.update('k', (log) => log.sent.push(1))).toBe(1);
    expect(names).toEqual(['p.k']);
  });

  it('keeps a damaged entry aside and starts it again (the ledger counts the minute as full); a newer version\'s entry is left alone', async () => {
    const storage = new FakeStorage();
    storage.setItem('econdata.quota.k', '{"v":1,"sent":[1767225600000,17');
    const log = await new BrowserQuotaStore({ storage }).update('k', (l) => structuredClone(l));
    expect(log).toMatchObject({ sent: [1767225600000], recovered: { note: expect.stringMatching(/^The quota usage in storage entry "econdata\.quota\.k" was damaged \(not valid JSON\); it was moved to "econdata\.quota\.k\.damaged-\d+"/) as string } });
    storage.setItem('econdata.quota.k', '{"v":3}');
    await expect(new BrowserQuotaStore({ storage }).update('k', () => 1)).rejects.toMatchObject({ code: 'storage', message: expect.stringContaining('newer version') as string });
  });
});

describe('quotaKeyId', () => {
  it('is 16 hex digits of the key\'s SHA-256, never the key', async () => {
    // SHA-256("sandbox-free") starts with these digits (checked with `printf sandbox-free | sha256sum`).
    expect(await quotaKeyId('sandbox-free')).toBe(EXPECTED_FREE);
    expect(await quotaKeyId('sandbox-pro')).not.toBe(EXPECTED_FREE);
    await expect(quotaKeyId('')).rejects.toThrow(/non-empty/);
  });
});

const EXPECTED_FREE = '1976ca9cd2f714a5';
