import { execFileSync } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Series, SeriesQuery } from '@econdata/core';
import { gdp, gsoQuarterly, inflation, stock, tradeBalance } from '../../../test/fixtures.ts';
import { ExportLibrary } from './library.ts';

function clock(...isoTimes: string[]): () => Date {
  let i = 0;
  return () => new Date(isoTimes[Math.min(i++, isoTimes.length - 1)] ?? 0);
}

async function library(...times: string[]): Promise<ExportLibrary> {
  return new ExportLibrary({ folder: join(await mkdtemp(join(tmpdir(), 'sheets-lib-')), 'exports'), now: clock(...times), productVersion: '1.2.3' });
}

describe('saved exports', () => {
  it('saves a data file plus a manifest with queries, provenance, version and checksum', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z');
    const m = await lib.save([gdp, inflation, stock], { name: 'Việt Nam GDP & prices' });
    expect(m).toMatchObject({
      format_version: 1,
      id: 'viet-nam-gdp-prices-20261101T090000Z',
      name: 'Việt Nam GDP & prices',
      created_at: '2026-11-01T09:00:00.000Z',
      product_version: '1.2.3',
      format: 'xlsx',
      orientation: 'wide',
      data_file: 'viet-nam-gdp-prices-20261101T090000Z.xlsx',
      queries: [gdp.provenance.query, inflation.provenance.query, stock.provenance.query],
      series: [gdp, inflation, stock].map((s) => ({ id: s.id, title: s.title, provenance: s.provenance })),
    });
    expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(await readFile(join(lib.folder, `${m.id}.json`), 'utf8'))).toStrictEqual(m);
    expect((await readdir(lib.folder)).sort()).toEqual(['.gitattributes', `${m.id}.json`, `${m.id}.xlsx`]);
    expect(await readFile(join(lib.folder, '.gitattributes'), 'utf8')).toBe("# Written by Econdata: manifests hold each data file's SHA-256, so git must not change their bytes.\n*.csv -text\n*.xlsx binary\n");
    expect(await lib.open(m.id)).toStrictEqual({ manifest: m, series: [gdp, inflation, stock] });
  });

  it('saves CSV too (mixed frequencies go long) and opens it back exactly', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z');
    const m = await lib.save([gdp, gsoQuarterly, tradeBalance], { name: 'mixed', format: 'csv' });
    expect([m.data_file, m.orientation]).toEqual(['mixed-20261101T090000Z.csv', 'long']);
    expect((await lib.open(m.id)).series).toStrictEqual([gdp, gsoQuarterly, tradeBalance]);
  });

  it('lists newest first and reports corrupt manifests instead of hiding them', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z', '2026-11-03T09:00:00.000Z', '2026-11-02T09:00:00.000Z');
    const a = await lib.save([gdp], { name: 'a' });
    const b = await lib.save([gdp], { name: 'b' });
    const c = await lib.save([gdp], { name: 'c', format: 'csv' });
    await writeFile(join(lib.folder, 'broken.json'), '{"format_version": 1, "id": ');
    await writeFile(join(lib.folder, 'wrong.json'), JSON.stringify({ ...a, id: 'wrong', sha256: 'abc' }));
    const { exports, problems } = await lib.list();
    expect(exports.map((e) => e.id)).toEqual([b.id, c.id, a.id]);
    expect(problems.map((p) => [p.file, p.error.code, p.error.message])).toEqual([
      ['broken.json', 'corrupt_manifest', expect.stringMatching(/^broken\.json: not valid JSON .*Restore the manifest from a copy, or delete it/)],
      ['wrong.json', 'corrupt_manifest', 'wrong.json: "sha256" is not a SHA-256 hex digest. This saved export cannot be opened: restore the manifest from a copy, or delete it and its data file.'],
    ]);
  });

  it('refuses to open a data file changed after it was saved, and says what to do', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z');
    const m = await lib.save([gdp], { name: 'gdp', format: 'csv' });
    await appendFile(join(lib.folder, m.data_file), '2024,1,\r\n');
    await expect(lib.open(m.id)).rejects.toMatchObject({
      code: 'checksum_mismatch',
      message: expect.stringMatching(/^gdp-20261101T090000Z\.csv was changed after it was saved \(SHA-256 [0-9a-f]{12}…, expected [0-9a-f]{12}…\).*Restore the original file, or re-run the export/),
    });
    await expect(lib.open('nothing')).rejects.toMatchObject({ code: 'export_not_found', message: `No saved export "nothing" in ${lib.folder}. List the library to see what exists.` });
    for (const outside of ['../gdp-20261101T090000Z', `../${lib.folder.split('/').pop() ?? ''}/${m.id}`, '.hidden']) {
      await expect(lib.open(outside)).rejects.toMatchObject({ code: 'export_not_found', message: `"${outside}" is not a saved export id: ids are file names in ${lib.folder}. List the library to see what exists.` });
    }
  });

  it('re-runs through the injected fetch into a new export, and diffs the two exactly', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z', '2026-11-20T09:00:00.000Z');
    const old = await lib.save([gdp, inflation, stock], { name: 'watch' });
    const revisedGdp: Series = { ...gdp, periods: [...gdp.periods, '2024'], values: [[346615750000.5, 367e9, 408e9, null, 476e9]] };
    const revisedStock: Series = { ...stock, values: stock.values.map((col, c) => (c === 4 ? [3421555, 2000000, 12000100] : col)) };
    const asked: SeriesQuery[][] = [];
    const fresh = await lib.rerun(old.id, (queries) => {
      asked.push(queries);
      return Promise.resolve([revisedGdp, revisedStock]);
    });
    expect(asked).toEqual([[gdp.provenance.query, inflation.provenance.query, stock.provenance.query]]);
    expect(fresh).toMatchObject({ id: 'watch-20261120T090000Z', rerun_of: old.id });
    expect((await lib.list()).exports.map((e) => e.id)).toEqual([fresh.id, old.id]);

    const diff = await lib.compare(old.id, fresh.id);
    expect({ ...diff, older: diff.older.id, newer: diff.newer.id }).toStrictEqual({
      older: old.id,
      newer: fresh.id,
      seriesAdded: [],
      seriesRemoved: [{ id: inflation.id, title: inflation.title }],
      changed: [
        {
          id: gdp.id,
          title: gdp.title,
          added: [{ period: '2022', column: 'value', value: 408e9 }, { period: '2024', column: 'value', value: 476e9 }],
          removed: [{ period: '2023', column: 'value', value: 429716969044.2 }],
          revised: [{ period: '2021', column: 'value', old: 366474752771.4, new: 367e9, change: 367e9 - 366474752771.4 }],
        },
        { id: stock.id, title: stock.title, added: [{ period: '2024-01-03', column: 'volume', value: 2000000 }], removed: [], revised: [] },
      ],
      unchanged: [],
    });
  });

  it('keeps the transform in the manifest, hands it to a re-run, and refuses to diff different transforms', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z', '2026-11-02T09:00:00.000Z', '2026-11-03T09:00:00.000Z');
    const old = await lib.save([gdp], { name: 'growth', transform: 'Units=pc1' });
    expect(old.transform).toBe('Units=pc1');
    const told: Array<string | undefined> = [];
    const fresh = await lib.rerun(old.id, (_queries, transform) => {
      told.push(transform);
      return Promise.resolve([gdp]);
    });
    expect(told).toEqual(['Units=pc1']);
    expect(fresh).toMatchObject({ rerun_of: old.id, transform: 'Units=pc1' });
    expect((await lib.compare(old.id, fresh.id)).changed).toEqual([]);
    const level = await lib.save([gdp], { name: 'growth' });
    expect(level.transform).toBeUndefined();
    await expect(lib.compare(old.id, level.id)).rejects.toMatchObject({
      code: 'different_queries',
      message: `Exports "${old.id}" and "${level.id}" show the same queries under different transforms ("Units=pc1" and "none"), so their differences are not revisions. Compare an export with a re-run of it.`,
    });
  });

  it('keeps the chart\'s right axis and shading, hands them to a re-run, and refuses a damaged one naming it', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z', '2026-11-02T09:00:00.000Z');
    const chart = { right_axis: [`${gdp.id}|value`], marks: [{ kind: 'range' as const, from: '2020-01', to: '2020-12', label: 'COVID-19' }, { kind: 'line' as const, at: '2007-01-11', label: 'WTO' }] };
    const old = await lib.save([gdp], { name: 'two axes', chart });
    expect(old.chart).toEqual(chart);
    expect((await lib.open(old.id)).manifest.chart).toEqual(chart);
    expect((await lib.rerun(old.id, () => Promise.resolve([gdp]))).chart).toEqual(chart);
    expect((await lib.save([gdp], { name: 'plain', chart: {} })).chart).toBeUndefined();
    const file = join(lib.folder, `${old.id}.json`);
    await writeFile(file, JSON.stringify({ ...old, chart: { marks: [{ kind: 'range', from: '2020', label: 'no end' }] } }));
    await expect(lib.open(old.id)).rejects.toMatchObject({
      code: 'corrupt_manifest',
      message: `${old.id}.json: chart.marks[0] is neither a shaded period (from, to, label) nor an event line (at, label). This saved export cannot be opened: restore the manifest from a copy, or delete it and its data file.`,
    });
  });

  it('keeps its CSV files byte for byte through git with line-ending conversion on, so they still open', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z');
    const m = await lib.save([gdp, inflation], { name: 'in git', format: 'csv' });
    const git = (...args: string[]): string => execFileSync('git', ['-c', 'core.autocrlf=input', '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: lib.folder, encoding: 'utf8' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'exports');
    await rm(join(lib.folder, m.data_file));
    git('checkout', '--', m.data_file);
    expect((await lib.open(m.id)).series).toStrictEqual([gdp, inflation]);
  });

  it('leaves a .gitattributes a person wrote alone', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z');
    await mkdir(lib.folder, { recursive: true });
    await writeFile(join(lib.folder, '.gitattributes'), '* -text\n');
    await lib.save([gdp], { name: 'mine' });
    expect(await readFile(join(lib.folder, '.gitattributes'), 'utf8')).toBe('* -text\n');
  });

  it('never overwrites an export made in the same second, and refuses to diff different queries', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z');
    const a = await lib.save([gdp], { name: 'same' });
    const b = await lib.save([stock], { name: 'same' });
    expect([a.id, b.id]).toEqual(['same-20261101T090000Z', 'same-20261101T090000Z-2']);
    await expect(lib.compare(a.id, b.id)).rejects.toMatchObject({ code: 'different_queries' });
  });

  it('gives saves running at the same time their own ids and files', async () => {
    const lib = await library('2026-11-01T09:00:00.000Z');
    const saved = await Promise.all([lib.save([gdp], { name: 'same' }), lib.save([stock], { name: 'same' }), lib.save([inflation], { name: 'same', format: 'csv' })]);
    expect(saved.map((m) => m.id).sort()).toEqual(['same-20261101T090000Z', 'same-20261101T090000Z-2', 'same-20261101T090000Z-3']);
    expect(await Promise.all(saved.map(async (m) => (await lib.open(m.id)).series))).toStrictEqual([[gdp], [stock], [inflation]]);
  });
});
