import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { createAddinRuntime, type RuntimeOptions } from './runtime.ts';
import { MemoryStorage } from './storage.ts';
import { STORAGE_KEYS } from './settings.ts';
import { IndexedDbCacheStore } from '@econdata/core';
import type { SeriesQuery } from '@econdata/core';

const sandbox = useSandboxes({ seed: 3 });
const GDP_VN: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2015, end_year: 2020 };

function runtime(extra: Partial<RuntimeOptions> = {}) {
  const storage = new MemoryStorage();
  const indexedDB = new IDBFactory();
  const rt = createAddinRuntime({ storage, indexedDB, probe: async () => false, maxRetries: 0, collectWindowMs: 10, ...extra });
  return { rt, storage, indexedDB };
}

/** Every record of every object store of every database of a fake IndexedDB, as JSON text. */
async function dumpIndexedDb(factory: IDBFactory): Promise<string> {
  const out: unknown[] = [];
  for (const { name } of await factory.databases()) {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = factory.open(name!);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    for (const store of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const tx = db.transaction(store, 'readonly');
        const keys = tx.objectStore(store).getAllKeys();
        const values = tx.objectStore(store).getAll();
        tx.oncomplete = () => resolve([keys.result, values.result]);
        tx.onabort = () => reject(tx.error);
      });
      out.push({ name, store, rows });
    }
    db.close();
  }
  return JSON.stringify(out);
}

describe('connect and testConnection against the sandbox', () => {
  it('connects with a good key, saves settings and key apart, and reports the sandbox', async () => {
    const sb = await sandbox();
    const { rt, storage } = runtime();
    const outcome = await rt.connect({ baseURL: sb.url, plan: 'free' }, 'sandbox-free');
    expect(outcome).toMatchObject({ ok: true, service: 'sandbox', demoData: false });
    expect(outcome.ok && outcome.sources).toEqual(['WB', 'IMF', 'GSO']);
    expect(rt.status).toMatchObject({ connected: true, baseURL: sb.url, plan: 'free', service: 'sandbox', keyStorage: 'memory' });
    expect(JSON.parse(storage.entries.get(STORAGE_KEYS.settings)!)).toEqual({ baseURL: sb.url, plan: 'free', planSource: 'service' });
    expect(storage.entries.get(STORAGE_KEYS.apiKey)).toBe('sandbox-free');
    expect(rt.client).toBeDefined();
  });

  it('a refused key is bad_key, nothing is saved and the runtime stays disconnected', async () => {
    const sb = await sandbox();
    const { rt, storage } = runtime();
    const outcome = await rt.connect({ baseURL: sb.url, plan: 'free' }, 'sandbox-nope');
    expect(outcome).toMatchObject({ ok: false, problem: 'bad_key', status: 401 });
    expect(outcome.message).not.toContain('sandbox-nope');
    expect(storage.entries.size).toBe(0);
    expect(rt.status.connected).toBe(false);
    expect(rt.client).toBeUndefined();
  });

  it('a source outside the plan is no_permission and names the source', async () => {
    const sb = await sandbox();
    const { rt } = runtime();
    await rt.connect({ baseURL: sb.url, plan: 'free' }, 'sandbox-free');
    const outcome = await rt.testConnection({ permission: { kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.YOY', start_year: 2024, end_year: 2024 } });
    expect(outcome).toMatchObject({ ok: false, problem: 'no_permission', status: 403 });
    expect(outcome.message).toMatch(/^Your plan does not include GSO \(403\)/);
    expect(await (await rt.testConnection({ permission: GDP_VN }))).toMatchObject({ ok: true });
  });

  it('a rate-limit refusal is rate_limited with the time to try again, and the settings are kept', async () => {
    const sb = await sandbox({ faults: '429:1' });
    const { rt, storage } = runtime();
    const outcome = await rt.connect({ baseURL: sb.url, plan: 'free' }, 'sandbox-free');
    expect(outcome).toMatchObject({ ok: false, problem: 'rate_limited', code: 'rate_limited', status: 429 });
    expect(outcome.message).toMatch(/^Too many requests this minute\. Try again after \d\d:\d\d UTC\./);
    expect(storage.entries.get(STORAGE_KEYS.apiKey)).toBe('sandbox-free');
    expect(rt.status.connected).toBe(true);
  });

  it('a stopped service is unreachable; a host that answers only without CORS is cors', async () => {
    const sb = await sandbox();
    const url = sb.url;
    await sb.close();
    const down = runtime();
    const outcome = await down.rt.connect({ baseURL: url, plan: 'free' }, 'sandbox-free');
    expect(outcome).toMatchObject({ ok: false, problem: 'unreachable', code: 'connection' });
    expect(outcome.message).toBe(`${url} could not be reached. Check the address and your network, and that the sandbox runs (pnpm sandbox).`);

    const probed: string[] = [];
    const cors = runtime({ origin: 'https://localhost:3000', probe: async (u) => { probed.push(u); return true; } });
    const refused = await cors.rt.connect({ baseURL: url, plan: 'free' }, 'sandbox-free');
    expect(refused).toMatchObject({ ok: false, problem: 'cors' });
    expect(refused.message).toContain('must allow the origin https://localhost:3000');
    expect(probed).toEqual([url]);
    expect(cors.storage.entries.size).toBe(0);
  });

  it('an address that is not the service is not_the_service; a bad address is invalid_settings', async () => {
    const sb = await sandbox();
    const { rt } = runtime();
    expect(await rt.connect({ baseURL: `${sb.url}/elsewhere`, plan: 'free' }, 'sandbox-free')).toMatchObject({ ok: false, problem: 'not_the_service', status: 404 });
    expect(await rt.connect({ baseURL: 'http://example.com', plan: 'free' }, 'sandbox-free')).toMatchObject({ ok: false, problem: 'invalid_settings' });
    expect(await rt.connect({ baseURL: sb.url, plan: 'gold' as 'free' }, 'sandbox-free')).toMatchObject({ ok: false, problem: 'invalid_settings', message: 'Unknown plan "gold": choose one of free, basic, pro, enterprise.' });
  });

  it('a failure that is not the service\'s is "unexpected", with its message, never "unreachable"', async () => {
    const sb = await sandbox();
    const { rt } = runtime({ quotaStore: { update: () => Promise.reject(new Error('IndexedDB refused the quota log')) } });
    const outcome = await rt.connect({ baseURL: sb.url, plan: 'free' }, 'sandbox-free');
    expect(outcome).toEqual({ ok: false, problem: 'unexpected', message: 'The connection could not be tested: IndexedDB refused the quota log. Reload the add-in; if it persists, report it with this message.' });
  });

  it('a server failing every request is server_error', async () => {
    const sb = await sandbox({ faults: '500:1' });
    const { rt } = runtime();
    expect(await rt.connect({ baseURL: sb.url, plan: 'pro' }, 'sandbox-pro')).toMatchObject({ ok: false, problem: 'server_error', status: 500 });
  });
});

describe("the plan, from the service's rate-limit headers (real HTTP to the sandbox)", () => {
  it.each([
    ['sandbox-free', 'free', 10, 100],
    ['sandbox-basic', 'basic', 60, 1_000],
    ['sandbox-pro', 'pro', 300, 10_000],
  ] as const)('%s: connecting on the default plan learns %s, saves it, and the ledger paces by it', async (key, plan, perMinute, perDay) => {
    const sb = await sandbox();
    const { rt, storage } = runtime();
    const outcome = await rt.connect({ baseURL: sb.url, plan: 'free' }, key);
    expect(outcome.ok).toBe(true);
    expect(rt.status).toMatchObject({ connected: true, plan, planSource: 'service' });
    expect(rt.quotaStatus()).toMatchObject({ plan: plan.charAt(0).toUpperCase() + plan.slice(1), minute: { limit: perMinute }, day: { limit: perDay } });
    expect(JSON.parse(storage.entries.get(STORAGE_KEYS.settings)!)).toEqual({ baseURL: sb.url, plan, planSource: 'service' });
  });

  it('the learned plan is the throttle: on Pro, 15 requests go at once (Free would hold the 11th for a minute)', async () => {
    const sb = await sandbox();
    const { rt } = runtime();
    await rt.connect({ baseURL: sb.url, plan: 'free' }, 'sandbox-pro');
    sb.reset();
    await Promise.all(Array.from({ length: 15 }, () => rt.client!.listSources({}, { cache: 'no-store' })));
    expect(sb.stats()).toMatchObject({ received: 15, answered: 15, rate_limited: 0 });
  });

  it("the service's word wins over a plan chosen by hand", async () => {
    const sb = await sandbox();
    const { rt } = runtime();
    await rt.connect({ baseURL: sb.url, plan: 'enterprise', planSource: 'user' }, 'sandbox-basic');
    expect(rt.status).toMatchObject({ plan: 'basic', planSource: 'service' });
  });

  it('no headers (the sandbox sends none for Enterprise): the plan stays unknown, Free is assumed; the choice asked for is kept', async () => {
    const sb = await sandbox();
    const { rt, storage, indexedDB } = runtime();
    await rt.connect({ baseURL: sb.url, plan: 'free' }, 'sandbox-enterprise');
    expect(rt.status).toMatchObject({ connected: true, plan: 'free', planSource: null });
    expect(rt.quotaStatus()).toMatchObject({ minute: { limit: 10 } });
    await rt.choosePlan('enterprise');
    expect(rt.status).toMatchObject({ plan: 'enterprise', planSource: 'user' });
    expect(rt.quotaStatus()).toMatchObject({ plan: 'Enterprise', minute: { limit: null }, day: { limit: null } });
    expect(JSON.parse(storage.entries.get(STORAGE_KEYS.settings)!)).toEqual({ baseURL: sb.url, plan: 'enterprise', planSource: 'user' });
    // Asked once: a test that learns nothing keeps the choice, and so does the next start.
    await rt.testConnection();
    expect(rt.status).toMatchObject({ plan: 'enterprise', planSource: 'user' });
    const again = createAddinRuntime({ storage, indexedDB, probe: async () => false });
    await again.ready;
    expect(again.status).toMatchObject({ connected: true, plan: 'enterprise', planSource: 'user' });
  });
});

describe('saved connection', () => {
  it('a new runtime over the same storage is connected at start without sending anything', async () => {
    const sb = await sandbox();
    const first = runtime();
    await first.rt.connect({ baseURL: sb.url, plan: 'basic' }, 'sandbox-basic');
    sb.reset();
    const again = createAddinRuntime({ storage: first.storage, indexedDB: first.indexedDB, probe: async () => false });
    await again.ready;
    expect(again.status).toMatchObject({ connected: true, plan: 'basic', lastTest: null, problem: null });
    expect(sb.stats().received).toBe(0);
    await again.disconnect();
    expect(first.storage.entries.has(STORAGE_KEYS.apiKey)).toBe(false);
    expect(first.storage.entries.has(STORAGE_KEYS.settings)).toBe(true);
    expect(again.status.connected).toBe(false);
  });

  it('damaged saved settings are a problem that says what to do, not a crash', async () => {
    const storage = new MemoryStorage();
    await storage.setItem(STORAGE_KEYS.settings, '{not json');
    const rt = createAddinRuntime({ storage, indexedDB: new IDBFactory() });
    await rt.ready;
    expect(rt.status).toMatchObject({ connected: false, problem: 'The saved connection settings are damaged (not JSON): connect again from the taskpane.' });
  });
});

describe('the key', () => {
  it('is written to the key entry of the add-in storage and nowhere else', async () => {
    const sb = await sandbox();
    const key = 'sandbox-pro';
    const { rt, storage, indexedDB } = runtime();
    const seen: string[] = [];
    rt.onStatus((s) => seen.push(JSON.stringify(s)));
    rt.onQuotaChange((q) => seen.push(JSON.stringify(q)));
    await rt.connect({ baseURL: sb.url, plan: 'pro' }, key);
    await rt.load(GDP_VN);
    await rt.load({ kind: 'stock', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-08' });
    const failed = await rt.load({ kind: 'indicator', source: 'WB', indicator: 'NO.SUCH', country: 'VN' }).catch((e: unknown) => e);
    seen.push(String(failed), JSON.stringify(failed));
    seen.push(JSON.stringify(await rt.testConnection({ permission: GDP_VN })));

    for (const [name, value] of storage.entries) if (name !== STORAGE_KEYS.apiKey) expect(value).not.toContain(key);
    const db = await dumpIndexedDb(indexedDB);
    expect(db).toContain('NY.GDP.MKTP.CD'); // the cache and quota log were written...
    expect(db).not.toContain(key); // ...without the key
    for (const line of seen) expect(line).not.toContain(key);
  });
});

describe('IndexedDbCacheStore', () => {
  it('keeps entries across instances over the same database', async () => {
    const indexedDB = new IDBFactory();
    const a = new IndexedDbCacheStore({ indexedDB });
    await a.set('k', { value: { data: [1] }, storedAt: 1, expiresAt: 2 });
    await a.close();
    const b = new IndexedDbCacheStore({ indexedDB });
    expect(await b.get('k')).toEqual({ value: { data: [1] }, storedAt: 1, expiresAt: 2 });
    expect(await b.keys()).toEqual(['k']);
    await b.delete('k');
    expect(await b.get('k')).toBeUndefined();
  });

  it('prunes entries stored before a time; the runtime prunes old ones at start', async () => {
    const indexedDB = new IDBFactory();
    const store = new IndexedDbCacheStore({ indexedDB });
    const now = Date.now();
    await store.set('old', { value: 1, storedAt: now - 40 * 86_400_000, expiresAt: 0 });
    await store.set('recent', { value: 2, storedAt: now - 86_400_000, expiresAt: 0 });
    await store.close();
    createAddinRuntime({ storage: new MemoryStorage(), indexedDB });
    const after = new IndexedDbCacheStore({ indexedDB });
    await expect.poll(() => after.keys()).toEqual(['recent']);
    expect(await after.prune(now)).toBe(1);
    expect(await after.keys()).toEqual([]);
  });
});
