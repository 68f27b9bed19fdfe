/**
 * A damaged quota usage file (real files in a temporary folder): the ledger recovers by itself,
 * conservatively. The damaged file is moved aside (kept for a person to look at), the request times
 * that can still be read from it are kept, the current minute counts as full, and the recovery is
 * reported as a typed `storage` error; the next minute works again. Store failures it cannot
 * recover from are `storage` errors naming the file and what to do.
 */
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { EconDataClient } from '../client/client.ts';
import { EconError } from '../errors/errors.ts';
import { FakeClock } from '../quota/fake-clock.ts';
import { QuotaLedger } from '../quota/ledger.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import { FileQuotaStore } from './quota-file-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'econdata-quota-damage-'));
});

/** Whether `promise` has settled, once every store change already asked for has run (no clock involved). */
async function settledSoon(promise: Promise<unknown>, ledger: QuotaLedger): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true), () => (done = true));
  await ledger.refresh();
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('a damaged quota usage file', () => {
  it.each([
    ['cut short', (log: string) => log.slice(0, log.length - 7)],
    ['not JSON at all', () => '\u0000\u0000garbage'],
    ['JSON of another shape', () => '{"sent":"yesterday"}'],
  ])('%s: moved aside, reported, the minute counted as full, then requests go again', async (_what, damage) => {
    const clock = new FakeClock();
    const store = new FileQuotaStore({ dir });
    const first = new QuotaLedger({ plan: 'free', store, keyId: 'k', clock });
    for (let i = 0; i < 3; i += 1) (await first.acquire({ priority: 'interactive' })).answered();
    await clock.flush();
    expect((await first.refresh()).day.used).toBe(3); // its reports are written
    const file = join(dir, 'quota-k.json');
    const original = await readFile(file, 'utf8');
    await writeFile(file, damage(original));

    const errors: Error[] = [];
    const ledger = new QuotaLedger({ plan: 'free', store: new FileQuotaStore({ dir }), keyId: 'k', clock });
    ledger.on('error', (e) => errors.push(e));
    const waiting = ledger.acquire({ priority: 'interactive' });
    expect(await settledSoon(waiting, ledger)).toBe(false); // the minute is full
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(EconError);
    const aside = (await readdir(dir)).find((f) => f.startsWith('quota-k.json.damaged-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside!), 'utf8')).toBe(damage(original));
    expect(errors[0]).toMatchObject({ code: 'storage', message: expect.stringContaining(`The quota usage file ${file} was damaged`) as string });
    expect(errors[0]!.message).toContain(`moved to ${join(dir, aside!)}`);

    await clock.advance(60_001);
    (await waiting).answered();
    await clock.flush();
    const status = await ledger.refresh();
    // What could be read of the damaged file still counts (never fewer than were readable).
    expect(status.day.used).toBeGreaterThanOrEqual(damage(original) === original.slice(0, original.length - 7) ? 3 : 1);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ v: 1 });
    expect(errors).toHaveLength(1);
  });

  it('a file written by a newer version is left alone: a storage error that says what to do', async () => {
    await writeFile(join(dir, 'quota-k.json'), '{"v":2,"windows":{}}');
    const e = await new FileQuotaStore({ dir }).update('k', () => 1).catch((error: unknown) => error);
    expect(e).toBeInstanceOf(EconError);
    expect(e).toMatchObject({ code: 'storage', message: expect.stringMatching(/quota-k\.json was written by a newer version of Econdata .*Update this program, or use another folder/) as string });
    expect(await readdir(dir)).toEqual(['quota-k.json']);
  });
});

describe('quota store failures are typed', () => {
  it('a folder that cannot be created: every call is a storage error naming it, and a job fails per query, not as a whole', async () => {
    const blocker = join(dir, 'not-a-folder');
    await writeFile(blocker, 'a file where the folder should be');
    const ledger = new QuotaLedger({ plan: 'free', store: new FileQuotaStore({ dir: join(blocker, 'quota') }), keyId: 'k', clock: new FakeClock() });
    ledger.on('error', () => undefined);
    await expect(ledger.acquire({ priority: 'interactive' })).rejects.toMatchObject({ code: 'storage', message: expect.stringContaining(join(blocker, 'quota')) as string });
    const client = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', gate: ledger, transport: new FakeTransport(json(200, envelope([]))) });
    const results = await client.fetchSeries([{ kind: 'stock', symbol: 'VNM' }, { kind: 'trade' }]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['storage', 'storage']);
  });

  it('a usage file that cannot be read (a folder in its place): a storage error naming it', async () => {
    await mkdir(join(dir, 'quota-k.json'));
    await expect(new FileQuotaStore({ dir }).update('k', () => 1)).rejects.toMatchObject({ code: 'storage', message: expect.stringContaining('quota-k.json') as string });
  });

  it('a lock kept by a live process: a storage error naming the lock file to delete', async () => {
    await writeFile(join(dir, 'quota-k.json.lock'), `${process.ppid} cafe`);
    await expect(new FileQuotaStore({ dir, timeoutMs: 50 }).update('k', () => 1)).rejects.toMatchObject({ code: 'storage', message: expect.stringMatching(/Could not lock .*quota-k\.json\.lock within 50 ms/) as string });
  });
});
