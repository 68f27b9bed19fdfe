import { describe, expect, it } from 'vitest';
import { gdp, gdpNamibia, gsoQuarterly, inflation } from '../../test/fixtures.ts';
import { bodyRow } from './cells.ts';
import { layoutSeries } from './layout.ts';
import { gridValues, plainValue } from './values.ts';

describe('gridValues (the values-only rendering)', () => {
  it('is the header row and the data rows of the Grid, periods as serial days, missing as empty, no formats', () => {
    const grid = layoutSeries([gdp, gdpNamibia, inflation], { provenance: false });
    expect(gridValues(grid)).toEqual([
      ['Period', 'GDP (current US$): Viet Nam', 'GDP (current US$): Namibia', 'Inflation, average consumer prices: Viet Nam', 'Inflation, average consumer prices: Viet Nam: is_projection'],
      [43831, 346615750000.5, 10.1e9, 3.221, false],
      [44197, 366474752771.4, 12.3e9, -0.125, false],
      [44562, '', 12.6e9, 3.156, true],
      [44927, 429716969044.2, '', 3.52, true],
    ]);
  });

  it('holds the same header and data cells as the Grid with its provenance block', () => {
    const full = layoutSeries([gsoQuarterly]);
    const values = gridValues(full);
    expect(values[0]).toEqual(full.rows[full.regions.header.top]!.map((c) => c.v));
    expect(values.slice(1)).toEqual(Array.from({ length: full.body.rowCount }, (_, r) => bodyRow(full, r).map((c) => plainValue(c.v))));
  });

  it("'auto' is wide for one frequency and long when frequencies mix", () => {
    expect(layoutSeries([gdp, inflation], { orientation: 'auto' }).orientation).toBe('wide');
    expect(layoutSeries([gdp, gsoQuarterly], { orientation: 'auto' }).orientation).toBe('long');
  });

  it('plainValue: Dates as serial days, null and non-finite numbers as empty', () => {
    expect([plainValue(new Date(Date.UTC(2024, 2, 1))), plainValue(null), plainValue(undefined), plainValue(Number.NaN), plainValue('x'), plainValue(true)]).toEqual([45352, '', '', '', 'x', true]);
  });
});
