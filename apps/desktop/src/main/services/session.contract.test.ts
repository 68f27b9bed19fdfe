import { describe, expect, it, vi } from 'vitest';
import { isSerializedEconError } from '@econdata/core';
import { KeychainUnavailableError } from '@econdata/keychain';
import { realDataDir } from '../../../../../test/support/paths.ts';
import { filesUnder, GDP_VN, useMain } from '../../../test/support/harness.ts';

describe('the embedded sandbox default', () => {
  const main = useMain();

  it('with no profile of the user\'s own, starts the sandbox in-process and says so plainly', async () => {
    const { services, embedded } = await main.make();
    const status = await services.handlers['session.status']({});
    expect(embedded).toHaveLength(1);
    const sb = embedded[0]!;
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(status.service).toEqual({
      kind: 'sandbox', baseURL: sb.url,
      embedded: { url: sb.url, data: realDataDir ? 'real' : 'demo', dataDir: realDataDir ?? null },
    });
    expect(status.data).toBe(realDataDir ? 'real' : 'demo');
    expect(status.profile).toMatchObject({ name: 'sandbox', embedded: true, active: true, baseURL: sb.url, plan: 'pro', key: { source: 'sandbox-demo' } });
    expect(status.notice).toMatch(/^This is the built-in sandbox, not the Economic Data Service: .* To use the real service, add a profile with its address and your API key\.$/);
    expect(status.keyStore).toBe('memory');
    expect(status.fileDialogs).toBe(false);
  });

  it('serves data through the demo key, kept in main, and counts it in the quota', async () => {
    const { services, embedded, events } = await main.make();
    const [result] = await services.handlers['series.fetch']({ queries: [GDP_VN] });
    expect(result).toMatchObject({ ok: true, series: { id: 'indicator:WB:NY.GDP.MKTP.CD:VN:2015-2020', periods: ['2015', '2016', '2017', '2018', '2019', '2020'] } });
    expect(Object.keys(embedded[0]!.stats().by_key)).toEqual(['-pro']);
    const quota = await services.handlers['quota.status']({});
    expect(quota).toMatchObject({ plan: 'Pro', day: { used: 1, limit: 10_000 } });
    expect(events.some((e) => e.type === 'quota')).toBe(true);
  });

  it('starts one sandbox however many calls race for it, and none when a real profile is active', async () => {
    const { services, embedded } = await main.make();
    await Promise.all([services.handlers['session.status']({}), services.handlers['catalog.listSources']({}), services.handlers['catalog.listCountries']({})]);
    expect(embedded).toHaveLength(1);

    const service = await main.sandbox();
    const second = await main.make();
    await second.services.handlers['profiles.create']({ name: 'prod', baseURL: service.url, plan: 'basic', key: 'sandbox-basic' });
    const status = await second.services.handlers['session.status']({});
    expect(status.service).toEqual({ kind: 'service', baseURL: service.url });
    expect(second.embedded).toHaveLength(0);
  });
});

describe('profiles: create, switch, rotate (keys in a MemoryKeyStore)', () => {
  const main = useMain();

  it('creates a profile only with a key the service accepts, and never returns the key', async () => {
    const service = await main.sandbox({ keys: [{ key: 'live-key-0001-abcd', plan: 'basic' }, { key: 'live-key-0002-wxyz', plan: 'basic' }] });
    const { services, keyStore, events } = await main.make();
    const refused = await services.dispatch('profiles.create', { name: 'prod', baseURL: service.url, plan: 'basic', key: 'not-the-right-key' });
    expect(refused).toMatchObject({ ok: false, error: { name: 'KeychainError', code: 'key_rejected' } });
    expect((await services.handlers['profiles.list']({})).map((p) => p.name)).toEqual(['sandbox']); // no half-made profile
    expect(await keyStore.list()).toEqual([]);

    const created = await services.handlers['profiles.create']({ name: 'prod', baseURL: service.url, plan: 'basic', key: 'live-key-0001-abcd' });
    expect(created).toMatchObject({ name: 'prod', baseURL: service.url, plan: 'basic', active: true, embedded: false, key: { source: 'keychain', masked: '…abcd', ageDays: 0, needsRotation: false } });
    expect(JSON.stringify(created)).not.toContain('live-key-0001');
    expect(await keyStore.get('prod')).toBe('live-key-0001-abcd');
    expect(events.filter((e) => e.type === 'session').at(-1)).toMatchObject({ status: { profile: { name: 'prod' }, service: { kind: 'service' } } });

    const [gdp] = await services.handlers['series.fetch']({ queries: [GDP_VN] });
    expect(gdp?.ok).toBe(true);
    expect(service.stats().by_key['abcd']).toMatchObject({ answered: 2 }); // the key check + the fetch

    // Rotation: checked with one request, then in use at once; the answer has the new masked key.
    const rotated = await services.handlers['profiles.rotateKey']({ name: 'prod', key: 'live-key-0002-wxyz' });
    expect(rotated.key).toMatchObject({ source: 'keychain', masked: '…wxyz', ageDays: 0 });
    await services.handlers['catalog.listCountries']({ cache: 'no-store' });
    expect(service.stats().by_key['wxyz']).toMatchObject({ answered: 2 });

    // Switching back to the sandbox profile goes back to the embedded sandbox.
    const back = await services.handlers['profiles.switch']({ name: 'sandbox' });
    expect(back.service.kind).toBe('sandbox');
    expect((await services.handlers['profiles.list']({})).map((p) => [p.name, p.active])).toEqual([['sandbox', true], ['prod', false]]);
  });

  it('tests a connection and reports a refused key as a serialized authentication error', async () => {
    const service = await main.sandbox({ keys: [{ key: 'live-key-0001-abcd', plan: 'pro' }] });
    const { services, keyStore } = await main.make();
    await services.handlers['profiles.create']({ name: 'prod', baseURL: service.url, plan: 'pro', key: 'live-key-0001-abcd' });
    expect(await services.handlers['profiles.testConnection']({})).toMatchObject({ ok: true, profile: 'prod', baseURL: service.url, sources: 3 });
    await keyStore.set('prod', 'revoked-key-9999'); // revoked outside the explorer
    const test = await services.handlers['profiles.testConnection']({ name: 'prod' });
    expect(test.ok).toBe(false);
    expect(isSerializedEconError(test.error, 'authentication')).toBe(true);
    expect(JSON.stringify(test)).not.toContain('revoked-key');
  });

  it('removes a profile with its key and falls back to the sandbox', async () => {
    const service = await main.sandbox();
    const { services, keyStore } = await main.make();
    await services.handlers['profiles.create']({ name: 'prod', baseURL: service.url, plan: 'pro', key: 'sandbox-pro' });
    expect(await services.handlers['profiles.remove']({ name: 'prod' })).toEqual({ removed: 'prod' });
    expect(await keyStore.list()).toEqual([]);
    expect((await services.handlers['session.status']({})).service.kind).toBe('sandbox');
  });
});

describe('the sandbox profile pointed elsewhere', () => {
  const main = useMain();

  it('is an ordinary profile: requests go to that address with the demo key, and no sandbox starts inside', async () => {
    const own = await main.sandbox();
    const { services, embedded } = await main.make();
    await services.handlers['profiles.update']({ name: 'sandbox', baseURL: own.url });
    const status = await services.handlers['session.status']({});
    expect(status.service).toEqual({ kind: 'service', baseURL: own.url });
    expect(status.profile).toMatchObject({ name: 'sandbox', embedded: false, key: { source: 'sandbox-demo' } });
    await services.handlers['catalog.listSources']({});
    expect(own.stats().by_key['-pro']).toMatchObject({ answered: 1 });
    expect(embedded).toHaveLength(0);
  });
});

describe('jobs: progress and cancel', () => {
  const main = useMain();

  it('cancels a running fetch by its job id: the queries end as aborted, and an export writes nothing', async () => {
    const slow = await main.sandbox({ faults: 'delay=5000:1' });
    const { services, folders, events } = await main.make();
    await services.handlers['profiles.update']({ name: 'sandbox', baseURL: slow.url });
    const fetching = services.dispatch('series.fetch', { jobId: 'slow-1', queries: [GDP_VN] });
    await vi.waitFor(() => expect(services.jobs.running()).toEqual(['slow-1']));
    expect(await services.dispatch('jobs.cancel', { jobId: 'slow-1' })).toEqual({ ok: true, value: { cancelled: true } });
    const answer = await fetching;
    expect(answer).toMatchObject({ ok: true, value: [{ ok: false, error: { code: 'aborted' } }] });
    expect(events).toContainEqual({ type: 'progress', jobId: 'slow-1', phase: 'fetching', loaded: 0, total: 1 });

    const exporting = services.dispatch('exports.writeLocal', { jobId: 'slow-2', queries: [{ ...GDP_VN, country: 'TH' }], format: 'xlsx', name: 'never', destination: 'downloads' });
    await vi.waitFor(() => expect(services.jobs.running()).toEqual(['slow-2']));
    await services.dispatch('jobs.cancel', { jobId: 'slow-2' });
    expect(await exporting).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(await filesUnder(folders.downloads)).toEqual([]);
    expect(await services.dispatch('jobs.cancel', { jobId: 'slow-2' })).toEqual({ ok: true, value: { cancelled: false } });
  });
});

describe('no OS keychain reachable', () => {
  const main = useMain();

  it('refuses a new profile\'s key with keychain\'s message and leaves the session on what it was', async () => {
    const service = await main.sandbox();
    const unavailable = new KeychainUnavailableError('no_session_bus', 'No OS keychain is reachable (there is no D-Bus session bus), so the API key of profile "prod" cannot be saved.');
    const keyStore = {
      get: async () => { throw unavailable; },
      set: async () => { throw unavailable; },
      delete: async () => { throw unavailable; },
      list: async () => { throw unavailable; },
    };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { services } = await main.make({ keyStore });
    const answer = await services.dispatch('profiles.create', { name: 'prod', baseURL: service.url, plan: 'pro', key: 'sandbox-pro' });
    expect(answer).toMatchObject({ ok: false, error: { name: 'KeychainError', code: 'keychain_unavailable', reason: 'no_session_bus', message: unavailable.message } });
    const status = await services.handlers['session.status']({});
    expect(status.profile.name).toBe('sandbox');
    expect(status.service.kind).toBe('sandbox');
  });
});
