/**
 * The catalogue over a scripted service: the lists fetched once and kept, fetched again only for a
 * source whose last_updated changed, a 403 source "not in plan" beside the others, loads at the
 * same time sharing their requests, and a restart served from a shared store.
 */
import { describe, expect, it } from 'vitest';
import { EconDataClient } from '../client/client.ts';
import { MemoryCacheStore } from '../cache/store.ts';
import type { TransportRequest } from '../net/transport.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';

interface Script {
  updated: Record<string, string | null>;
  refuse?: Record<string, number>;
}

/** A service with WB, IMF and GSO, each listing two indicators; `script` can change while it runs. */
function service(script: Script) {
  const paths: string[] = [];
  const transport = new FakeTransport((req: TransportRequest) => {
    const path = new URL(req.url).pathname.replace('/api/v1', '');
    paths.push(path);
    if (path === '/sources') {
      return json(200, envelope(Object.entries(script.updated).map(([code, last_updated]) => ({ code, name: `${code} source`, last_updated, indicator_count: 2 }))));
    }
    const code = /^\/sources\/([^/]+)\/indicators$/.exec(path)?.[1] ?? '';
    const status = script.refuse?.[code];
    if (status === 403) return json(403, { success: false, error: 'Insufficient permissions: the Free plan includes WB and IMF; GSO data needs the Basic plan or higher' });
    if (status) return json(status, { success: false, error: 'Server error' });
    return json(200, envelope([{ code: `${code}.A`, name: `${code} first`, unit: '%' }, { code: `${code}.B`, name: `${code} second`, unit: null }], { last_updated: script.updated[code] }));
  });
  return { transport, paths };
}

const clientOf = (transport: FakeTransport, more: Partial<ConstructorParameters<typeof EconDataClient>[0]> = {}) =>
  new EconDataClient({ baseURL: 'http://127.0.0.1:9', apiKey: 'k', transport, maxRetries: 0, ...more });

const summary = (c: Awaited<ReturnType<EconDataClient['catalogue']>>) =>
  c.sources.map((s) => `${s.source.code}:${s.status}:${s.indicators.map((i) => i.code).join(',')}`);

describe('client.catalogue()', () => {
  it('fetches /sources and every list once, then answers from what it kept', async () => {
    const { transport, paths } = service({ updated: { WB: '2026-11-01', IMF: '2026-10-01', GSO: '2026-11-20' } });
    const client = clientOf(transport);
    const first = await client.catalogue();
    expect(summary(first)).toEqual(['WB:ready:WB.A,WB.B', 'IMF:ready:IMF.A,IMF.B', 'GSO:ready:GSO.A,GSO.B']);
    expect(paths.sort()).toEqual(['/sources', '/sources/GSO/indicators', '/sources/IMF/indicators', '/sources/WB/indicators']);
    const again = await client.catalogue();
    expect(summary(again)).toEqual(summary(first));
    expect(paths).toHaveLength(4);
  });

  it('asks again for the list of a source whose last_updated changed, and for no other', async () => {
    const script: Script = { updated: { WB: '2026-11-01', IMF: '2026-10-01', GSO: '2026-11-20' } };
    const { transport, paths } = service(script);
    const client = clientOf(transport);
    await client.catalogue();
    paths.length = 0;
    script.updated['GSO'] = '2026-11-25';
    // Within /sources' time to live nothing is asked; asking /sources anew finds the change.
    await client.catalogue();
    expect(paths).toEqual([]);
    await client.catalogue({ cache: 'no-store' });
    expect(paths).toEqual(['/sources', '/sources/GSO/indicators']);
  });

  it('keeps a source without last_updated for the cache time to live only', async () => {
    let now = Date.parse('2026-11-25T08:00:00Z');
    const { transport, paths } = service({ updated: { WB: null, IMF: '2026-10-01' } });
    const client = clientOf(transport, { clock: { now: () => now }, cacheTtlMs: 60_000 });
    await client.catalogue();
    paths.length = 0;
    now += 30_000;
    await client.catalogue({ cache: 'no-store' });
    expect(paths).toEqual(['/sources']);
    now += 60_000;
    paths.length = 0;
    await client.catalogue({ cache: 'no-store' });
    expect(paths).toEqual(['/sources', '/sources/WB/indicators']);
  });

  it('marks a 403 source not in the plan and a failing one failed, and lists the others', async () => {
    const script: Script = { updated: { WB: '2026-11-01', IMF: '2026-10-01', GSO: '2026-11-20' }, refuse: { GSO: 403, IMF: 500 } };
    const { transport, paths } = service(script);
    const client = clientOf(transport);
    const c = await client.catalogue();
    expect(summary(c)).toEqual(['WB:ready:WB.A,WB.B', 'IMF:failed:', 'GSO:not_in_plan:']);
    expect(c.sources[2]?.error).toMatchObject({ code: 'permission_denied', status: 403 });
    expect(c.sources[1]?.error).toMatchObject({ code: 'server_error', status: 500 });
    // What failed is not kept: the next load asks for those lists again (and only those).
    paths.length = 0;
    script.refuse = {};
    const later = await client.catalogue();
    expect(summary(later)).toEqual(['WB:ready:WB.A,WB.B', 'IMF:ready:IMF.A,IMF.B', 'GSO:ready:GSO.A,GSO.B']);
    expect(paths.sort()).toEqual(['/sources/GSO/indicators', '/sources/IMF/indicators']);
  });

  it('shares one load between callers at the same time; one caller giving up leaves the other its answer', async () => {
    const { transport, paths } = service({ updated: { WB: '2026-11-01', IMF: '2026-10-01', GSO: '2026-11-20' } });
    const client = clientOf(transport);
    const controller = new AbortController();
    const a = client.catalogue({ signal: controller.signal });
    const b = client.catalogue();
    controller.abort();
    await expect(a).rejects.toMatchObject({ code: 'aborted' });
    expect(summary(await b)).toHaveLength(3);
    expect(paths).toHaveLength(4);
  });

  it('after a restart, reads the lists kept in a shared store and asks only /sources once it expired', async () => {
    const store = new MemoryCacheStore();
    let now = Date.parse('2026-11-25T08:00:00Z');
    const { transport, paths } = service({ updated: { WB: '2026-11-01', IMF: '2026-10-01', GSO: '2026-11-20' } });
    await clientOf(transport, { cache: store, clock: { now: () => now } }).catalogue();
    expect(paths).toHaveLength(4);
    paths.length = 0;
    now += 2 * 3_600_000; // /sources is older than the default hour; the lists are kept by version.
    const c = await clientOf(transport, { cache: store, clock: { now: () => now } }).catalogue();
    expect(paths).toEqual(['/sources']);
    expect(summary(c)).toEqual(['WB:ready:WB.A,WB.B', 'IMF:ready:IMF.A,IMF.B', 'GSO:ready:GSO.A,GSO.B']);
  });
});
