/**
 * A derived Series (an @econdata/analysis expression over operand series) names its recipe in the
 * Grid's provenance block (a Formula row: the expression, then each operand's query), reads back
 * from CSV and XLSX without taking that row for a dimension, and a saved export keeps the recipe as
 * data: opened with it, handed to a re-run, and compared only with an export of the same recipe.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Series, SeriesQuery } from '@econdata/core';
import { gdp } from '../../test/fixtures.ts';
import { layoutSeries } from '../grid/layout.ts';
import { readCsv } from './csv-read.ts';
import { writeCsv } from './csv-write.ts';
import { ExportLibrary } from './library/library.ts';
import type { SavedDerivation } from './library/manifest.ts';
import { readXlsx } from './xlsx-read.ts';
import { writeXlsx } from './xlsx-write.ts';

const gdpQuery: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2023 };
const popQuery: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN', start_year: 2020, end_year: 2023 };

const perCapita: Series = {
  ...gdp,
  id: 'derived:a/b:a=indicator:WB:NY.GDP.MKTP.CD:VN,b=indicator:WB:SP.POP.TOTL:VN',
  title: 'GDP (current US$): Viet Nam, per capita',
  dimensions: { country: 'VN', expression: 'a/b' },
  columns: [{ key: 'value', label: 'GDP (current US$): Viet Nam, per capita', unit: 'current US$ per person' }],
  values: [[3552.9, 3700.4, null, 4346.8]],
  provenance: {
    ...gdp.provenance,
    derivation: {
      expression: 'a/b',
      operands: [
        { name: 'a', query: gdpQuery, source: 'World Bank WDI', last_updated: '2026-07-01' },
        { name: 'b', query: popQuery, transform: 'MA=2', source: 'World Bank WDI', last_updated: '2026-07-01' },
      ],
    },
  },
};

const FORMULA = [
  'a/b',
  'a = /indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2020&end_year=2023',
  'b = /indicators?source=WB&indicator=SP.POP.TOTL&country=VN&start_year=2020&end_year=2023 (Transform: MA=2)',
].join('\n');

const recipe: SavedDerivation = { expression: 'a/b', operands: [{ name: 'a', query: gdpQuery }, { name: 'b', query: popQuery, transform: 'MA=2' }], words: 'per capita', preset: 'per_capita' };

const withoutDerivation = (s: Series): Series['provenance'] => {
  const { derivation: _d, ...rest } = s.provenance;
  return rest;
};

describe('a derived series in the provenance block', () => {
  it('wide: a Formula row naming the expression and every operand, empty for a plain series', () => {
    const grid = layoutSeries([perCapita, gdp]);
    const row = grid.rows.find((r) => r[0]?.v === 'Formula')?.map((c) => c?.v ?? null);
    expect(row).toEqual(['Formula', FORMULA, null]);
    expect(layoutSeries([gdp]).rows.some((r) => r[0]?.v === 'Formula')).toBe(false);
  });

  it('long: a Formula column of the provenance table', () => {
    const grid = layoutSeries([perCapita, gdp], { orientation: 'long' });
    const at = grid.rows[0]!.map((c) => c.v).indexOf('Formula');
    expect(at).toBeGreaterThan(0);
    expect(grid.rows.slice(1, 3).map((r) => r[at]?.v ?? null)).toEqual([FORMULA, null]);
  });

  it.each(['wide', 'long'] as const)('reads back from CSV and XLSX, the Formula row not taken for a dimension (%s)', async (orientation) => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-derived-'));
    const grid = layoutSeries([perCapita, gdp], { orientation });
    await writeCsv(join(dir, 'a.csv'), grid);
    await writeXlsx(join(dir, 'a.xlsx'), [grid]);
    for (const read of [await readCsv(join(dir, 'a.csv')), await readXlsx(join(dir, 'a.xlsx'))]) {
      expect(read[0]!.dimensions).toEqual(perCapita.dimensions);
      expect(read[0]!.values).toEqual(perCapita.values);
      expect(read[0]!.provenance).toEqual(withoutDerivation(perCapita));
      expect(read[1]!.provenance).toEqual(gdp.provenance);
    }
  });
});

describe('a derived series in the saved-exports library', () => {
  const times = ['2026-11-01T09:00:00.000Z', '2026-11-02T09:00:00.000Z', '2026-11-03T09:00:00.000Z'];
  let i = 0;
  const library = async (): Promise<ExportLibrary> => {
    i = 0;
    return new ExportLibrary({ folder: join(await mkdtemp(join(tmpdir(), 'sheets-lib-derived-')), 'exports'), now: () => new Date(times[Math.min(i++, 2)]!), productVersion: '1.2.3' });
  };

  it('keeps the recipe, opens the series with its derivation, hands the recipe to a re-run and compares the two', async () => {
    const lib = await library();
    const old = await lib.save([perCapita], { name: 'GDP per capita', queries: [gdpQuery, popQuery], derived: [recipe] });
    expect(old.derived).toEqual([recipe]);
    expect(old.queries).toEqual([gdpQuery, popQuery]);
    expect((await lib.open(old.id)).series[0]!.provenance).toEqual(perCapita.provenance);
    const told: unknown[] = [];
    const fresh = await lib.rerun(old.id, (queries, transform, derived) => {
      told.push({ queries, transform, derived });
      return Promise.resolve([perCapita]);
    });
    expect(told).toEqual([{ queries: [gdpQuery, popQuery], transform: undefined, derived: [recipe] }]);
    expect(fresh).toMatchObject({ rerun_of: old.id, derived: [recipe] });
    expect((await lib.compare(old.id, fresh.id)).changed).toEqual([]);
  });

  it('refuses to compare two exports of the same operands derived by different formulas', async () => {
    const lib = await library();
    const ratio = await lib.save([perCapita], { name: 'x', queries: [gdpQuery, popQuery], derived: [recipe] });
    const share = await lib.save([perCapita], { name: 'x', queries: [gdpQuery, popQuery], derived: [{ ...recipe, expression: 'a/b*100' }] });
    await expect(lib.compare(ratio.id, share.id)).rejects.toMatchObject({
      code: 'different_queries',
      message: `Exports "${ratio.id}" and "${share.id}" derive their series by different formulas, so their differences are not revisions. Compare an export with a re-run of it.`,
    });
  });
});
