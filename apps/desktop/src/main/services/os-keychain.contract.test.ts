/**
 * The explorer's services on the real OS keychain (keytar, the Secret Service): a profile's key goes
 * to the keychain (checked with secret-tool), never to the settings file or a bridge answer, and
 * leaves with the profile. Runs where a keychain answers (scripts/test.sh provides one and sets
 * ECONDATA_REQUIRE_KEYCHAIN=1, which makes it mandatory); elsewhere skipped with the reason.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { keychainRequired, probeRealKeychain, secretToolLookup, uniqueAccount } from '../../../../../packages/keychain/test/support/real-keychain.ts';
import { useMain } from '../../../test/support/harness.ts';

const probe = keychainRequired || process.env['DBUS_SESSION_BUS_ADDRESS'] !== undefined
  ? await probeRealKeychain()
  : { ok: false as const, reason: 'no D-Bus session bus, and ECONDATA_REQUIRE_KEYCHAIN is not set' };
const runReal = keychainRequired || probe.ok;

describe.skipIf(!runReal)(runReal ? 'the OS keychain behind the explorer' : `the OS keychain behind the explorer (skipped: ${probe.ok ? '' : probe.reason})`, () => {
  const main = useMain();

  it('keeps a profile\'s key in the keychain only, and removes it with the profile', async () => {
    expect(probe).toEqual({ ok: true });
    const KEY = 'os-keychain-key-5e7d';
    const service = await main.sandbox({ keys: [{ key: KEY, plan: 'pro' }] });
    const { services, folders } = await main.make({ keyStore: 'os-keychain' });
    const name = uniqueAccount('desktop');
    const created = await services.dispatch('profiles.create', { name, baseURL: service.url, plan: 'pro', key: KEY });
    expect(created).toMatchObject({ ok: true, value: { name, key: { source: 'keychain', masked: '…5e7d' } } });
    expect(JSON.stringify(created)).not.toContain(KEY);
    expect(secretToolLookup(name)).toBe(KEY);
    expect(await readFile(folders.settings, 'utf8')).not.toContain('keychain-key');

    const status = await services.dispatch('session.status', {});
    expect(status).toMatchObject({ ok: true, value: { keyStore: 'os-keychain', service: { kind: 'service', baseURL: service.url } } });
    expect(await services.dispatch('catalog.listSources', {})).toMatchObject({ ok: true });
    expect(service.stats().by_key['5e7d']).toMatchObject({ answered: 2 });

    expect(await services.dispatch('profiles.remove', { name })).toEqual({ ok: true, value: { removed: name } });
    expect(secretToolLookup(name)).toBeUndefined();
  });
});
