/**
 * A transformed Series (an @econdata/analysis transform in provenance) says so in the Grid's
 * provenance block, wide and long, and reads back with its transform and warnings from CSV and XLSX.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { gdp, gdpNamibia } from '../../test/fixtures.ts';
import { layoutSeries } from '../grid/layout.ts';
import { readCsv } from './csv-read.ts';
import { writeCsv } from './csv-write.ts';
import { readXlsx } from './xlsx-read.ts';
import { writeXlsx } from './xlsx-write.ts';

const growth: Series = {
  ...gdp,
  id: `${gdp.id}~Units=pc1`,
  title: 'GDP (current US$): Viet Nam, % change from a year ago',
  columns: [{ key: 'value', label: 'GDP (current US$), % change from a year ago', unit: '%' }],
  values: [[null, 5.73, null, null]],
  provenance: { ...gdp.provenance, transform: 'Units=pc1', warnings: ['A first warning.', 'A second one.'] },
};

describe('the transform in the provenance block', () => {
  it('wide: a Transform row and a Warnings row (one line per warning), empty for an untransformed series', () => {
    const grid = layoutSeries([growth, gdpNamibia]);
    const row = (label: string): unknown[] | undefined => grid.rows.find((r) => r[0]?.v === label)?.map((c) => c?.v ?? null);
    expect(row('Transform')).toEqual(['Transform', 'Units=pc1', null]);
    expect(row('Warnings')).toEqual(['Warnings', 'A first warning.\nA second one.', null]);
    expect(grid.rows.find((r) => r[0]?.v === 'Warnings')?.[1]?.style).toBe('warning');
    // Rows come right after the query; a grid of untransformed series has neither.
    expect(grid.rows.map((r) => r[0]?.v).indexOf('Transform')).toBe(grid.rows.map((r) => r[0]?.v).indexOf('Query') + 1);
    expect(layoutSeries([gdp]).rows.some((r) => r[0]?.v === 'Transform' || r[0]?.v === 'Warnings')).toBe(false);
  });

  it('long: Transform and Warnings columns of the provenance table', () => {
    const grid = layoutSeries([growth, gdpNamibia], { orientation: 'long' });
    const head = grid.rows[0]!.map((c) => c.v);
    const at = head.indexOf('Transform');
    expect(head[at + 1]).toBe('Warnings');
    expect(grid.rows.slice(1, 3).map((r) => [r[at]?.v ?? null, r[at + 1]?.v ?? null])).toEqual([['Units=pc1', 'A first warning.\nA second one.'], [null, null]]);
  });

  it.each(['wide', 'long'] as const)('reads back from CSV and XLSX with its transform and warnings (%s)', async (orientation) => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-transform-'));
    const grid = layoutSeries([growth, gdpNamibia], { orientation });
    await writeCsv(join(dir, 'a.csv'), grid);
    await writeXlsx(join(dir, 'a.xlsx'), [grid]);
    for (const read of [await readCsv(join(dir, 'a.csv')), await readXlsx(join(dir, 'a.xlsx'))]) {
      expect(read[0]!.provenance).toEqual(growth.provenance);
      expect(read[1]!.provenance).toEqual(gdpNamibia.provenance);
    }
  });
});
