/**
 * Re-pointing a profile through main's dispatcher (what Electron IPC and the web bridge both call): a
 * script in the renderer that moves a profile to its own address and triggers requests never
 * receives the saved key there, in either auth mode. The profile is left without a key (the
 * Connection screen asks for one), and moving it back does not bring the old key back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from '../../../../../test/support/hostile-server.ts';
import { GDP_VN, useMain } from '../../../test/support/harness.ts';

const KEY = 'live-REPOINT-key-4c1d9e';

describe('re-pointing a profile to another origin', () => {
  const main = useMain();
  const hostiles: HostileServer[] = [];
  afterEach(async () => {
    await Promise.all(hostiles.splice(0).map((h) => h.close()));
  });

  it.each(['header', 'query'] as const)('%s auth mode: the saved key is deleted and never reaches the new address', async (authMode) => {
    const service = await main.sandbox({ keys: [{ key: KEY, plan: 'pro' }] });
    const hostile = await startHostileServer();
    hostiles.push(hostile);
    const { services, keyStore } = await main.make();
    const created = await services.dispatch('profiles.create', { name: 'prod', baseURL: service.url, plan: 'pro', authMode, key: KEY });
    expect(created).toMatchObject({ ok: true, value: { key: { source: 'keychain', masked: `…${KEY.slice(-4)}` } } });

    const moved = await services.dispatch('profiles.update', { name: 'prod', baseURL: `${hostile.url}/echo-literal` });
    expect(moved).toMatchObject({ ok: true, value: { name: 'prod', baseURL: `${hostile.url}/echo-literal`, key: { source: 'none' } } });
    expect(await keyStore.list()).toEqual([]);

    // Everything the renderer can make main send to the profile's address.
    const listed = await services.dispatch('catalog.listSources', { cache: 'no-store' });
    expect(listed).toMatchObject({ ok: false, error: { code: 'key_unavailable', message: expect.stringContaining('No API key is saved for profile "prod". Save one') } });
    const fetched = await services.dispatch('series.fetch', { queries: [GDP_VN] });
    expect(fetched).toMatchObject({ ok: true, value: [{ ok: false, error: { code: 'key_unavailable' } }] });
    const tested = await services.dispatch('profiles.testConnection', { name: 'prod' });
    expect(tested).toMatchObject({ ok: true, value: { ok: false } });
    for (const r of hostile.requests) expect(`${r.query} ${r.authorization ?? ''}`).not.toContain(KEY);
    expect(JSON.stringify([moved, listed, fetched, tested])).not.toContain(KEY);

    // Moving back does not bring the key back: it was deleted, not hidden.
    const back = await services.dispatch('profiles.update', { name: 'prod', baseURL: service.url });
    expect(back).toMatchObject({ ok: true, value: { key: { source: 'none' } } });
    expect(await services.dispatch('catalog.listSources', { cache: 'no-store' })).toMatchObject({ ok: false, error: { code: 'key_unavailable' } });
    // The key reached the real service once only: the check when the profile was created.
    expect(service.stats().by_key[KEY.slice(-4)]).toMatchObject({ received: 1 });
  });

  it('within the same origin the key stays and keeps working', async () => {
    const service = await main.sandbox({ keys: [{ key: KEY, plan: 'pro' }] });
    const { services } = await main.make();
    await services.dispatch('profiles.create', { name: 'prod', baseURL: service.url, plan: 'pro', key: KEY });
    const changed = await services.dispatch('profiles.update', { name: 'prod', baseURL: `${service.url}/api/v1`, plan: 'basic', authMode: 'query' });
    expect(changed).toMatchObject({ ok: true, value: { plan: 'basic', authMode: 'query', key: { source: 'keychain' } } });
    expect(await services.dispatch('catalog.listSources', { cache: 'no-store' })).toMatchObject({ ok: true });
  });

  it('a key given with the move is checked against the new address and saved with it; a refused one changes nothing', async () => {
    const first = await main.sandbox({ keys: [{ key: KEY, plan: 'pro' }] });
    const NEW_KEY = 'live-SECOND-key-8b2f6a';
    const second = await main.sandbox({ keys: [{ key: NEW_KEY, plan: 'basic' }] });
    const { services, keyStore } = await main.make();
    await services.dispatch('profiles.create', { name: 'prod', baseURL: first.url, plan: 'pro', key: KEY });

    const refused = await services.dispatch('profiles.update', { name: 'prod', baseURL: second.url, key: 'live-WRONG-key-000000' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'key_rejected' } });
    expect(JSON.stringify(refused)).not.toContain('live-WRONG-key-000000');
    expect(await services.dispatch('profiles.list', {})).toMatchObject({ ok: true, value: expect.arrayContaining([expect.objectContaining({ name: 'prod', baseURL: first.url, key: expect.objectContaining({ source: 'keychain' }) })]) });
    expect(await keyStore.get('prod')).toBe(KEY);

    const moved = await services.dispatch('profiles.update', { name: 'prod', baseURL: second.url, key: NEW_KEY });
    expect(moved).toMatchObject({ ok: true, value: { baseURL: second.url, key: { source: 'keychain', masked: `…${NEW_KEY.slice(-4)}` } } });
    expect(await services.dispatch('catalog.listSources', { cache: 'no-store' })).toMatchObject({ ok: true });
    // The old key never went to the second service: the refused key's check, then the new key's check and the listing.
    expect(second.stats().by_key).toMatchObject({ '(unknown)': { received: 1 }, [NEW_KEY.slice(-4)]: { received: 2 } });
    expect(Object.keys(second.stats().by_key)).not.toContain(KEY.slice(-4));
  });
});
