/**
 * Random damage to the files core keeps (real files in a temporary folder, fast-check): cache
 * entries and quota usage files cut at any byte or with any byte changed. Whatever the damage, a
 * call gives the service's own answer or a typed error, never an untyped throw and never data that
 * was not in the answer; the ledger never admits more requests in a minute than the plan allows.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EconDataClient } from '../client/client.ts';
import { EconError } from '../errors/errors.ts';
import { FakeClock } from '../quota/fake-clock.ts';
import { QuotaLedger } from '../quota/ledger.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import { FileCacheStore } from './file-cache.ts';
import { FileQuotaStore } from './quota-file-store.ts';

/** A cut at `at` (a fraction of the length), or `at`'s byte XOR `mask`. */
const damage = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), mask: fc.integer({ min: 1, max: 255 }) }),
);
type Damage = typeof damage extends fc.Arbitrary<infer T> ? T : never;

function apply(bytes: Buffer, d: Damage): Buffer {
  const i = Math.floor(d.at * bytes.length);
  if (d.kind === 'cut') return bytes.subarray(0, i);
  const copy = Buffer.from(bytes);
  copy[i] = copy[i]! ^ d.mask;
  return copy;
}

const RECORDS = [2019, 2020, 2021].map((year) => ({ indicator_code: 'GDP', indicator_name: 'GDP', country_code: 'VN', country_name: 'Viet Nam', year, value: year * 1.25, unit: 'USD' }));
const GDP = { source: 'WB', indicator: 'GDP', country: 'VN', start_year: 2019, end_year: 2021 } as const;

describe('damaged cache entries (fuzz)', () => {
  it('always the service\'s answer, at most one request more, and only typed reports', async () => {
    const root = await mkdtemp(join(tmpdir(), 'core-cache-fuzz-'));
    let run = 0;
    await fc.assert(fc.asyncProperty(damage, async (d) => {
      const dir = join(root, String((run += 1)));
      const reports: unknown[] = [];
      const transport = new FakeTransport(json(200, envelope(RECORDS)));
      const client = new EconDataClient({ baseURL: 'http://127.0.0.1:1', apiKey: 'test-key-0000', transport, cache: new FileCacheStore(dir), onCacheError: (e) => reports.push(e), maxRetries: 0 });
      await client.getIndicators(GDP);
      const [file] = await readdir(dir);
      await writeFile(join(dir, file!), apply(await readFile(join(dir, file!)), d));
      const again = await client.getIndicators(GDP);
      expect(again.data).toEqual(RECORDS);
      const series = await client.fetchSeries([{ kind: 'indicator', ...GDP }]);
      expect(series[0]).toMatchObject({ ok: true, series: { periods: ['2019', '2020', '2021'], values: [RECORDS.map((r) => r.value)] } });
      expect(transport.requests.length).toBeLessThanOrEqual(2);
      expect(reports.every((r) => r instanceof EconError)).toBe(true);
    }), { numRuns: 40 });
    await rm(root, { recursive: true, force: true });
  }, 120_000);
});

/**
 * What `p` gave once the store's file I/O had time to run, or 'waiting'. A slow machine can only
 * make a grant look like a wait (so the bound below is never failed by slowness, only weakened).
 */
async function settledWithin(p: Promise<unknown>): Promise<unknown> {
  let outcome: unknown = 'waiting';
  void p.then(() => (outcome = 'granted'), (e: unknown) => (outcome = e));
  for (let i = 0; i < 100 && outcome === 'waiting'; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  return outcome;
}

describe('damaged quota usage files (fuzz)', () => {
  it('never more requests in the minute than the plan allows; only typed errors', async () => {
    const root = await mkdtemp(join(tmpdir(), 'core-quota-fuzz-'));
    let run = 0;
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: 10 }), damage, async (used, d) => {
      const dir = join(root, String((run += 1)));
      const clock = new FakeClock();
      const first = new QuotaLedger({ plan: 'free', store: new FileQuotaStore({ dir }), keyId: 'k', clock });
      for (let i = 0; i < used; i += 1) (await first.acquire({ priority: 'interactive' })).answered();
      await first.refresh();
      const file = join(dir, 'quota-k.json');
      await writeFile(file, apply(await readFile(file), d));

      const errors: unknown[] = [];
      const ledger = new QuotaLedger({ plan: 'free', store: new FileQuotaStore({ dir }), keyId: 'k', clock });
      ledger.on('error', (e) => errors.push(e));
      const asks = Array.from({ length: 10 }, () => ledger.acquire({ priority: 'interactive' }));
      asks.forEach((p) => p.catch(() => undefined));
      const outcomes = await Promise.all(asks.map(settledWithin));
      const granted = outcomes.filter((o) => o === 'granted').length;
      // The minute of the damage: the free plan's 10, less what was already used, at most.
      expect(granted).toBeLessThanOrEqual(10 - used);
      for (const o of outcomes) if (o !== 'granted' && o !== 'waiting') expect(o).toBeInstanceOf(EconError);
      expect(errors.every((e) => e instanceof EconError)).toBe(true);
      // (That the next minute works again: quota-file-damage.test.ts.)
    }), { numRuns: 30 });
    await rm(root, { recursive: true, force: true });
  }, 120_000);
});
