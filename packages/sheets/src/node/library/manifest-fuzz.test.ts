/**
 * Random damage to a saved export's manifest (real files, fast-check): cut at any byte or with any
 * byte changed. Listing never throws; every entry it cannot vouch for is a SheetsError problem; an
 * entry it lists opens to exactly the saved Series or refuses with a SheetsError, never other data.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SheetsError } from '../../errors.ts';
import { gdp, inflation } from '../../../test/fixtures.ts';
import { ExportLibrary } from './library.ts';

describe('damaged manifests (fuzz)', () => {
  it('typed problems or the saved data, nothing else', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sheets-manifest-fuzz-'));
    const lib = new ExportLibrary({ folder: join(root, 'exports'), now: () => new Date('2026-11-01T09:00:00Z'), productVersion: '1.2.3' });
    const saved = await lib.save([gdp, inflation], { name: 'gdp', format: 'csv' });
    const path = join(lib.folder, `${saved.id}.json`);
    const original = await readFile(path);
    await fc.assert(fc.asyncProperty(fc.boolean(), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), fc.integer({ min: 1, max: 255 }), async (cut, at, mask) => {
      const i = Math.floor(at * original.length);
      const bytes = cut ? original.subarray(0, i) : Buffer.from(original);
      if (!cut) bytes[i] = bytes[i]! ^ mask;
      await writeFile(path, bytes);
      const { exports, problems } = await lib.list();
      for (const p of problems) expect(p.error).toBeInstanceOf(SheetsError);
      expect(exports.length + problems.length).toBe(1);
      for (const m of exports) {
        const opened = await lib.open(m.id).then((o) => o.series, (e: unknown) => e);
        if (Array.isArray(opened)) expect(opened).toStrictEqual([gdp, inflation]);
        else expect(opened).toBeInstanceOf(SheetsError);
      }
    }), { numRuns: 60 });
    await rm(root, { recursive: true, force: true });
  }, 120_000);
});
