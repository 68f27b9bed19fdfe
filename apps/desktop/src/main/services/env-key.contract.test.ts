/**
 * ECONDATA_API_KEY in the explorer's main process, through main's dispatcher (what Electron IPC and
 * the web bridge both call): the key is used for the service on ECONDATA_API_KEY_ORIGIN only. A
 * script in the renderer that re-points the profile, or creates and activates one of its own, and
 * then triggers requests, never receives it, in either auth mode.
 */
import { describe, expect, it } from 'vitest';
import { useHostileServers } from '../../../../../test/support/hostile-server.ts';
import { GDP_VN, useMain } from '../../../test/support/harness.ts';

const ENV_KEY = 'live-ENVIRONMENT-key-7e3a1f';

describe('ECONDATA_API_KEY is bound to the origin it is for', () => {
  const main = useMain();
  const hostile = useHostileServers();

  it.each(['header', 'query'] as const)('%s auth mode: used on its origin, never sent to a re-pointed or new profile elsewhere', async (authMode) => {
    const service = await main.sandbox({ keys: [{ key: ENV_KEY, plan: 'pro' }] });
    const evil = await hostile();
    const { services } = await main.make({ env: { ECONDATA_API_KEY: ENV_KEY, ECONDATA_API_KEY_ORIGIN: service.url } });
    const created = await services.dispatch('profiles.create', { name: 'prod', baseURL: service.url, plan: 'pro', authMode, activate: true });
    expect(created).toMatchObject({ ok: true, value: { key: { source: 'environment', masked: `…${ENV_KEY.slice(-4)}` } } });
    expect(await services.dispatch('catalog.listSources', { cache: 'no-store' })).toMatchObject({ ok: true });
    expect(service.stats().by_key[ENV_KEY.slice(-4)]).toMatchObject({ received: 1 });

    // The profile moved to the hostile address: no key there (and the summary says why).
    const moved = await services.dispatch('profiles.update', { name: 'prod', baseURL: `${evil.url}/echo-literal` });
    expect(moved).toMatchObject({ ok: true, value: { key: { source: 'none', summary: expect.stringContaining(`(ECONDATA_API_KEY is set for ${service.url} only.)`) } } });
    const listed = await services.dispatch('catalog.listSources', { cache: 'no-store' });
    expect(listed).toMatchObject({ ok: false, error: { code: 'key_unavailable' } });
    expect(await services.dispatch('series.fetch', { queries: [GDP_VN] })).toMatchObject({ ok: true, value: [{ ok: false, error: { code: 'key_unavailable' } }] });
    expect(await services.dispatch('profiles.testConnection', { name: 'prod' })).toMatchObject({ ok: true, value: { ok: false } });

    // A profile of its own, made active.
    const own = await services.dispatch('profiles.create', { name: 'mine', baseURL: `${evil.url}/echo-literal`, plan: 'pro', authMode, activate: true });
    expect(own).toMatchObject({ ok: true, value: { key: { source: 'none' } } });
    expect(await services.dispatch('catalog.listSources', { cache: 'no-store' })).toMatchObject({ ok: false, error: { code: 'key_unavailable' } });

    for (const r of evil.requests) expect(`${r.query} ${r.authorization ?? ''}`).not.toContain(ENV_KEY);
    expect(JSON.stringify([moved, listed, own])).not.toContain(ENV_KEY);
    // The key reached the service once only.
    expect(service.stats().by_key[ENV_KEY.slice(-4)]).toMatchObject({ received: 1 });
  });
});
