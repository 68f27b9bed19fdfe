/**
 * The Grid carries each period's text ('2023', '2024-Q1', '2024-01', '2024-01-02') beside its
 * serial day, and every text sink shows that text: it never makes the round trip serial -> Date ->
 * text. The witness: with every period serial in the Grid overwritten, the text sinks still show
 * the Series' own periods (a sink that recomputed the text from the serial would show 1899-12-30).
 */
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { gdp, gsoQuarterly, stock, tradeBalance } from '../../test/fixtures.ts';
import { gridToCsv } from '../node/csv-write.ts';
import { readArrangement } from './arrange.ts';
import { bodyRow } from './cells.ts';
import { displayText } from './display.ts';
import { layoutSeries } from './layout.ts';
import type { Grid } from './types.ts';
import { gridValues } from './values.ts';

/** The Grid with every period column's serials replaced by 0 (the texts kept). */
function withoutSerials(grid: Grid): Grid {
  const columns = grid.body.columns.map((col) => (col.texts ? { ...col, values: col.values.map(() => 0) } : col));
  return { ...grid, body: { ...grid.body, columns } };
}

const CASES: Array<[string, Series]> = [['annual', gdp], ['quarterly', gsoQuarterly], ['monthly', tradeBalance], ['daily', stock]];

describe('the Grid carries period text', () => {
  for (const [frequency, series] of CASES) {
    it(`${frequency}: the period column holds the Series' own strings, and every text sink shows them`, () => {
      const grid = layoutSeries([series], { provenance: false });
      expect(grid.body.columns[0]?.texts).toEqual(series.periods);
      const blind = withoutSerials(grid);
      // A spilled formula (values only, periods as text), the desktop table, a CSV file.
      expect(gridValues(blind, { periods: 'text' }).slice(1).map((row) => row[0])).toEqual(series.periods);
      expect(series.periods.map((_, r) => displayText(bodyRow(blind, r)[0]!))).toEqual(series.periods);
      expect(gridToCsv(blind, { bom: false }).split('\r\n').slice(1, -1).map((line) => line.split(',')[0])).toEqual(series.periods);
      // A block keeps the serials (dates to Excel): values-only with serial periods are numbers.
      expect(gridValues(grid).slice(1).every((row) => typeof row[0] === 'number')).toBe(true);
    });
  }

  it('keeps the texts through the layout options: newest first, and periods across as a header row', () => {
    const grid = withoutSerials(layoutSeries([gsoQuarterly], { provenance: false }));
    const arrange = (options: string): Grid => layoutSeries([gsoQuarterly], { provenance: false, arrangement: readArrangement(options.split(' ').map((pair) => ({ name: pair.split('=')[0]!, value: pair.split('=')[1]! }))) });
    const newestFirst = withoutSerials(arrange('Sort=D'));
    expect(gridValues(newestFirst, { periods: 'text' }).slice(1).map((row) => row[0])).toEqual([...gsoQuarterly.periods].reverse());
    const across = arrange('Dir=H');
    expect(across.rows[0]?.slice(1).map((c) => c.v)).toEqual(gsoQuarterly.periods);
    expect(grid.body.columns[0]?.texts).toEqual(gsoQuarterly.periods);
  });

  it('long layouts carry one text per row, frequencies mixed', () => {
    const grid = withoutSerials(layoutSeries([gdp, gsoQuarterly], { orientation: 'long', provenance: false }));
    const period = grid.columns.findIndex((c) => c.role === 'period');
    expect(gridValues(grid, { periods: 'text' }).slice(1).map((row) => row[period])).toEqual([...gdp.periods, ...gsoQuarterly.periods]);
  });
});
