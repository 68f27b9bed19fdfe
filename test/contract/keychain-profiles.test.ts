// Profiles and keys against the real sandbox over loopback HTTP: the key check of setKey is a real
// request (a bad key is refused by a real 401), and a profile's key provider feeds real requests,
// through plain fetch and through EconDataClient, in both auth modes.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EconDataClient } from '@econdata/core';
import { KeytarKeyStore, MemoryKeyStore, ProfileManager, type KeyStore } from '@econdata/keychain';
import { startSandbox } from '@econdata/sandbox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keychainRequired, probeRealKeychain, uniqueAccount } from '../../packages/keychain/test/support/real-keychain.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

// Under scripts/test.sh the keys go through the real OS keychain; elsewhere through memory.
const realKeychain = keychainRequired || (process.env['DBUS_SESSION_BUS_ADDRESS'] !== undefined && (await probeRealKeychain()).ok);

let sandbox: Sandbox;
let dir: string;
let env: Record<string, string | undefined>;
let notices: string[];
let keys: KeyStore;
let manager: ProfileManager;
let profile: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'econdata-keychain-contract-'));
  env = {};
  keys = realKeychain ? new KeytarKeyStore() : new MemoryKeyStore();
  notices = [];
  manager = new ProfileManager({ settingsPath: join(dir, 'settings.json'), keyStore: keys, env, onNotice: (message) => notices.push(message) });
  profile = uniqueAccount('contract');
  await manager.create({ name: profile, baseURL: sandbox.url, plan: 'basic' }, { activate: true });
  await sandbox.reset();
});
afterEach(async () => {
  await keys.delete(profile);
  await rm(dir, { recursive: true, force: true });
});

/** The sandbox's sources, asked directly. */
async function directSources(): Promise<Array<{ code: string }>> {
  const response = await fetch(`${sandbox.url}/api/v1/sources`, { headers: { Authorization: 'Bearer sandbox-pro' } });
  return ((await response.json()) as { data: Array<{ code: string }> }).data;
}

interface SeenRequest {
  path: string;
  apiKeyParam: string | null;
  authorization: string | null;
}

/** A loopback proxy in front of the sandbox that records how each request carried its key. */
async function recordingProxy(target: string): Promise<{ url: string; seen: SeenRequest[]; close: () => Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    seen.push({ path: url.pathname, apiKeyParam: url.searchParams.get('api_key'), authorization: req.headers.authorization ?? null });
    const headers: Record<string, string> = req.headers.authorization === undefined ? {} : { Authorization: req.headers.authorization };
    fetch(url, { headers }).then(
      async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      },
      (error: unknown) => {
        res.writeHead(502).end(String(error));
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** Requests the sandbox saw for a key (it labels keys by their last four characters). */
async function requestsBy(last4: string): Promise<number> {
  const stats = await sandbox.stats();
  return stats.by_key[last4]?.received ?? 0;
}

describe(`keychain profiles against the sandbox (keys in ${realKeychain ? 'the real OS keychain' : 'memory'})`, () => {
  it('setKey checks the key with one real request, then the provider feeds a real request (plain fetch)', async () => {
    await manager.setKey(profile, 'sandbox-basic');
    expect(await requestsBy('asic')).toBe(1);

    const key = await manager.keyProvider()();
    const response = await fetch(`${sandbox.url}/api/v1/sources`, { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
    expect(await requestsBy('asic')).toBe(2);
  });

  it('a bad key is refused by setKey via the real 401, and the old key stays in use', async () => {
    await manager.setKey(profile, 'sandbox-basic');
    const before = await manager.get(profile);
    const error = await manager.setKey(profile, 'sandbox-not-a-key-0000').catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'KeychainError',
      code: 'key_rejected',
      details: { profile, verifyCode: 'authentication', status: 401 },
    });
    expect((error as Error).message).toBe(
      `The new key …0000 was not saved for profile "${profile}": checking it with ${sandbox.url} failed. ` +
        "Invalid API key: the service did not accept the key of this profile. " +
        'The profile keeps its previous key.',
    );
    expect((error as Error).message).not.toContain('sandbox-not-a-key-0000');
    expect(await manager.get(profile)).toEqual(before);
    expect(await keys.get(profile)).toBe('sandbox-basic');
  });

  it('a client built from the profile picks up a rotated key on its next request', async () => {
    await manager.setKey(profile, 'sandbox-basic');
    const client = new EconDataClient(await manager.clientOptions());
    await client.listSources({}, { cache: 'no-store' });
    await manager.setKey(profile, 'sandbox-free');
    await client.listSources({}, { cache: 'no-store' });
    // basic: the setKey check and the first call; free: the second check and the second call.
    expect([await requestsBy('asic'), await requestsBy('free')]).toEqual([2, 2]);
  });

  it.each([
    ['header', 'sandbox-pro', { apiKeyParam: null, authorization: 'Bearer sandbox-pro' }],
    ['query', 'sandbox-pro', { apiKeyParam: 'sandbox-pro', authorization: null }],
  ] as const)('%s auth mode: the check and the client send the key the way the profile says', async (authMode, key, expected) => {
    const proxy = await recordingProxy(sandbox.url);
    try {
      await manager.update(profile, { baseURL: proxy.url, authMode });
      await manager.setKey(profile, key);
      const client = new EconDataClient(await manager.clientOptions(profile));
      const sources = await client.listSources({}, { cache: 'no-store' });
      expect(sources.data.map((s) => s.code)).toEqual((await directSources()).map((s) => s.code));
      // Two requests: the check of setKey, then the client's; both carried the key one way only.
      expect(proxy.seen).toEqual([
        { path: '/api/v1/sources', ...expected },
        { path: '/api/v1/sources', ...expected },
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('ECONDATA_API_KEY overrides the keychain for real requests (a loopback profile: no origin needed)', async () => {
    await manager.setKey(profile, 'sandbox-basic');
    env['ECONDATA_API_KEY'] = 'sandbox-enterprise';
    const client = new EconDataClient(await manager.clientOptions());
    await client.listSources({}, { cache: 'no-store' });
    expect(await requestsBy('rise')).toBe(1);
    expect((await manager.describeKey()).source).toBe('environment');
    expect(notices).toEqual(['ECONDATA_API_KEY is set: its key (…rise) is used instead of the OS keychain for loopback addresses (set ECONDATA_API_KEY_ORIGIN to use it for a service elsewhere).']);
  });

  it('the default sandbox profile works with its public demo key, without any keychain', async () => {
    const demo = new ProfileManager({ settingsPath: join(dir, 'demo.json'), keyStore: new MemoryKeyStore(), env: {} });
    await demo.update('sandbox', { baseURL: sandbox.url });
    const client = new EconDataClient(await demo.clientOptions());
    await client.listSources({}, { cache: 'no-store' });
    expect(await requestsBy('-pro')).toBe(1);
  });
});
