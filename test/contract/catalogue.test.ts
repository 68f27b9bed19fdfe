/**
 * The catalogue against the sandbox over real HTTP: every source's list fetched once and then
 * served from the cache (requests counted by the sandbox's /_sandbox/stats), a restart asking only
 * /sources, one search finding CPI inflation in WB, IMF and GSO, and a key whose plan may not read
 * one source still searching the others.
 *
 * The sandbox opens the metadata lists to every plan, so "a plan that may not read GSO" is a small
 * stub in front of it: it answers GSO's list with the 403 the sandbox gives for GSO data to the
 * Free plan, and passes everything else through.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataClient } from '@econdata/core';
import { FileCacheStore } from '@econdata/core/node';
import { searchIndicators, type SearchEntry } from '@econdata/ui';
import { useSandboxes } from '../support/sandboxes.ts';
import { realDataDir } from '../support/paths.ts';

const sandbox = useSandboxes();
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const received = async (url: string): Promise<number> => ((await (await fetch(`${url}/_sandbox/stats`)).json()) as { received: number }).received;
const entriesOf = (c: Awaited<ReturnType<EconDataClient['catalogue']>>): SearchEntry[] =>
  c.sources.flatMap((s) => s.indicators.map((i) => ({ ...i, source: s.source.code })));

/** A stub service: 403 for GSO's indicator list, everything else passed to the sandbox. */
async function refusingGso(target: string): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/v1/sources/GSO/indicators')) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: { code: 'insufficient_permissions', message: 'Insufficient permissions: the Free plan includes WB and IMF indicator data; GSO data needs the Basic plan or higher' } }));
      return;
    }
    void fetch(`${target}${req.url ?? '/'}`, { headers: { authorization: req.headers.authorization ?? '' } }).then(async (answer) => {
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

describe.skipIf(!realDataDir)('the catalogue against the sandbox', () => {
  it('fetches /sources and the three lists once, then serves them from the cache; a restart asks /sources only', async () => {
    const sb = await sandbox();
    const dir = await mkdtemp(join(tmpdir(), 'econdata-catalogue-'));
    let now = Date.now();
    const clientAt = () => new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-free', cache: new FileCacheStore(dir), clock: { now: () => now } });

    const client = clientAt();
    const first = await client.catalogue();
    expect(first.sources.map((s) => [s.source.code, s.status, s.indicators.length])).toEqual([['WB', 'ready', 34], ['IMF', 'ready', 17], ['GSO', 'ready', 686]]);
    expect(await received(sb.url)).toBe(4);
    await Promise.all([client.catalogue(), client.catalogue()]);
    expect(await received(sb.url)).toBe(4);

    // The next day, in a new process: /sources is asked again; no list changed, so none is.
    now += 24 * 3_600_000;
    const restarted = await clientAt().catalogue();
    expect(await received(sb.url)).toBe(5);
    expect(entriesOf(restarted)).toHaveLength(737);
  });

  it('one search over the catalogue finds CPI inflation in WB, IMF and GSO', async () => {
    const sb = await sandbox();
    const entries = entriesOf(await new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-free' }).catalogue());
    const found = searchIndicators(entries, 'inflation', { limit: 12 }).map((e) => `${e.source}:${e.code}`);
    expect(found).toEqual(expect.arrayContaining(['WB:FP.CPI.TOTL.ZG', 'IMF:PCPIPCH', 'GSO:CPI.TOTAL.YOY']));
  });

  it('a key whose plan may not read GSO sees it "not in plan" and still searches WB and IMF', async () => {
    const sb = await sandbox();
    const client = new EconDataClient({ baseURL: await refusingGso(sb.url), apiKey: 'sandbox-free' });
    const catalogue = await client.catalogue();
    expect(catalogue.sources.map((s) => [s.source.code, s.status])).toEqual([['WB', 'ready'], ['IMF', 'ready'], ['GSO', 'not_in_plan']]);
    expect(catalogue.sources[2]?.error).toMatchObject({ code: 'permission_denied', status: 403 });
    const found = searchIndicators(entriesOf(catalogue), 'lạm phát', { limit: 12 }).map((e) => `${e.source}:${e.code}`);
    expect(found).toEqual(expect.arrayContaining(['WB:FP.CPI.TOTL.ZG', 'IMF:PCPIPCH']));
    expect(found.some((id) => id.startsWith('GSO:'))).toBe(false);
    // The refusal is not kept: each load asks GSO again (the plan may have changed), and only GSO.
    const before = await received(sb.url);
    await client.catalogue({ cache: 'no-store' });
    expect(await received(sb.url)).toBe(before + 1);
  });
});
