import { describe, expect, it } from 'vitest';
import { InvalidParameterError, type Series } from '@econdata/core';
import { gdp, gsoQuarterly, inflation, stock, tradeBalance } from '../../test/fixtures.ts';
import { arrangeGrid, formatArrangement, readArrangement } from './arrange.ts';
import type { Arrangement } from './types.ts';
import { layoutSeries } from './layout.ts';
import { gridValues, type PlainValue } from './values.ts';

const pairs = (text: string): Array<{ name: string; value: string }> =>
  text.split(' ').filter(Boolean).map((t) => ({ name: t.split('=')[0]!, value: t.split('=')[1]! }));

describe('layout options (Dir, Sort, Header, Dates)', () => {
  it('reads its own names from the pairs in any case, leaves other names to their owners, writes canonical text', () => {
    expect(readArrangement(pairs('Units=pc1 dir=h SORT=d'))).toEqual({ dir: 'H', sort: 'D', header: true, dates: true });
    expect(readArrangement(pairs('Header=n Dates=N Per=A'))).toEqual({ dir: 'V', sort: 'A', header: false, dates: false });
    expect(readArrangement([])).toEqual({ dir: 'V', sort: 'A', header: true, dates: true });
    expect(formatArrangement({ dir: 'H', sort: 'D', header: false, dates: false })).toBe('Dir=H Sort=D Header=N Dates=N');
    expect(formatArrangement(readArrangement(pairs('Dir=V Sort=A Header=Y Dates=Y')))).toBe('');
  });

  it('refuses a bad value or a repeated name, naming the option and the accepted values', () => {
    const refusal = (text: string): unknown => {
      try {
        readArrangement(pairs(text));
      } catch (e) {
        return e instanceof InvalidParameterError ? [e.parameter, e.message] : e;
      }
      return 'accepted';
    };
    expect(refusal('Dir=X')).toEqual(['Dir', 'Invalid Dir "X": expected one of V, H.']);
    expect(refusal('Sort=up')).toEqual(['Sort', 'Invalid Sort "up": expected one of A, D.']);
    expect(refusal('Header=yes')).toEqual(['Header', 'Invalid Header "yes": expected one of Y, N.']);
    expect(refusal('Dates=N dates=Y')).toEqual(['Dates', 'Dates is given twice: give each option once.']);
  });
});

/** The default spill of each kind, written out: periods as their text. */
const DEFAULT: Array<[string, Series, PlainValue[][]]> = [
  ['annual', gdp, [['Period', 'GDP (current US$): Viet Nam'], ['2020', 346615750000.5], ['2021', 366474752771.4], ['2022', ''], ['2023', 429716969044.2]]],
  ['quarterly', gsoQuarterly, [['Period', 'Tăng trưởng GDP (so với cùng kỳ): Việt Nam'], ['2023-Q4', 6.72], ['2024-Q1', 5.87], ['2024-Q2', ''], ['2024-Q3', 7.4]]],
  ['monthly', { ...gdp, id: 'm', frequency: 'monthly', title: 'CPI', periods: ['2024-01', '2024-02', '2024-03'], values: [[1.1, null, 3.3]] }, [['Period', 'CPI'], ['2024-01', 1.1], ['2024-02', ''], ['2024-03', 3.3]]],
  ['trade', tradeBalance, [
    ['Period', 'Viet Nam trade balance: all partners, all goods: Value', 'Viet Nam trade balance: all partners, all goods: Year to date'],
    ['2024-01', 2.92, 2.92], ['2024-02', -0.26, 2.66], ['2024-03', 1.64, 4.3],
  ]],
  ['daily', stock, [
    ['Period', 'ACB: Open', 'ACB: High', 'ACB: Low', 'ACB: Close', 'ACB: Volume'],
    ['2024-01-02', 23.1, 23.5, 22.95, 23.4, 3421555], ['2024-01-03', 23.45, 23.9, 23.3, 23.85, ''], ['2024-12-31', 25, 25.35, 24.9, 25.2, 12000100],
  ]],
];

/** The reference: each option as the plain matrix operation it names, applied to the default spill. */
function reference(v: PlainValue[][], a: Arrangement): PlainValue[][] {
  let m = [v[0]!, ...(a.sort === 'D' ? v.slice(1).reverse() : v.slice(1))];
  if (!a.header) m = m.slice(1);
  if (!a.dates) m = m.map((row) => row.slice(1));
  if (a.dir === 'H') m = m[0]!.map((_, c) => m.map((row) => row[c]!));
  return m;
}

const ALL: Arrangement[] = (['V', 'H'] as const).flatMap((dir) => (['A', 'D'] as const).flatMap((sort) => [true, false].flatMap((header) => [true, false].map((dates) => ({ dir, sort, header, dates })))));

describe('arranged spills: every combination on every kind of series', () => {
  for (const [kind, series, expected] of DEFAULT) {
    it(`${kind}: the default is the layout's cells, and each of the 16 arrangements moves exactly them`, () => {
      expect(gridValues(layoutSeries([series], { provenance: false }), { periods: 'text' })).toEqual(expected);
      for (const a of ALL) {
        const got = gridValues(layoutSeries([series], { provenance: false, arrangement: a }), { periods: 'text' });
        expect([formatArrangement(a), got]).toEqual([formatArrangement(a), reference(expected, a)]);
      }
    });
  }

  it('writes Dir=H Sort=D out in full (quarterly): the periods row is the header, newest first', () => {
    expect(gridValues(layoutSeries([gsoQuarterly], { provenance: false, arrangement: { dir: 'H', sort: 'D', header: true, dates: true } }), { periods: 'text' })).toEqual([
      ['Period', '2024-Q3', '2024-Q2', '2024-Q1', '2023-Q4'],
      ['Tăng trưởng GDP (so với cùng kỳ): Việt Nam', 7.4, '', 5.87, 6.72],
    ]);
    // Values only: Header=N Dates=N across.
    expect(gridValues(layoutSeries([tradeBalance], { provenance: false, arrangement: { dir: 'H', sort: 'A', header: false, dates: false } }))).toEqual([
      [2.92, -0.26, 1.64],
      [2.92, 2.66, 4.3],
    ]);
  });

  it('keeps formats with their cells: newest first, quarter labels move with their dates', () => {
    const grid = layoutSeries([gsoQuarterly], { provenance: false, arrangement: { dir: 'V', sort: 'D', header: true, dates: true } });
    expect(grid.body.columns[0]?.formats).toEqual(['yyyy"-Q3"', 'yyyy"-Q2"', 'yyyy"-Q1"', 'yyyy"-Q4"']);
    expect(grid.body.columns[1]?.fmt).toBe('0.00"%"');
    expect(grid.regions).toEqual({ header: { top: 0, left: 0, bottom: 0, right: 1 }, data: { top: 1, left: 0, bottom: 4, right: 1 } });
  });

  it('a block (provenance on) across: each series is a row with its provenance on the left, the table to its right', () => {
    const grid = layoutSeries([gdp, inflation], { arrangement: { dir: 'H', sort: 'A', header: true, dates: true } });
    const headerTop = layoutSeries([gdp, inflation]).regions.header.top;
    expect(grid.rows).toHaveLength(1);
    expect(grid.rows[0]!.slice(0, 3).map((c) => c.v)).toEqual(['Series', 'Title', 'Kind']);
    expect(grid.rows[0]!.slice(headerTop - 1).map((c) => c.v)).toEqual([null, 'Period', '2020', '2021', '2022', '2023']);
    expect(grid.regions).toEqual({
      provenance: { top: 0, left: 0, bottom: 3, right: headerTop - 2 },
      header: { top: 0, left: headerTop, bottom: 0, right: headerTop + 4 },
      data: { top: 1, left: headerTop, bottom: 3, right: headerTop + 4 },
    });
    const row = (r: number): unknown[] => grid.body.columns.map((c) => c.values[r]);
    expect(row(0).slice(0, 1)).toEqual(['indicator:WB:NY.GDP.MKTP.CD:VN']);
    expect(row(0).slice(headerTop)).toEqual(['GDP (current US$): Viet Nam', 346615750000.5, 366474752771.4, null, 429716969044.2]);
    expect(row(2).slice(headerTop)).toEqual(['Inflation, average consumer prices: Viet Nam: is_projection', false, false, true, true]);
    // The inflation series' value and flag rows share its merged provenance cells.
    expect(grid.merges).toContainEqual({ top: 2, left: 0, bottom: 3, right: 0 });
    // Each row keeps its series' number format.
    expect(grid.body.columns[headerTop + 1]?.formats).toEqual(['#,##0', '0.00"%"', 'General']);
  });

  it('a block with Dates=N keeps the provenance labels over an empty column, so series keep their columns', () => {
    const plain = layoutSeries([gdp]);
    const grid = layoutSeries([gdp], { arrangement: { dir: 'V', sort: 'A', header: true, dates: false } });
    expect(grid.rows.map((r) => r[0]?.v ?? null)).toEqual([...plain.rows.slice(0, -1).map((r) => r[0]?.v ?? null), null]);
    expect(grid.regions.header).toEqual({ ...plain.regions.header, left: 1 });
    expect(grid.body.columns[0]?.values).toEqual([null, null, null, null]);
    expect(grid.body.columns[1]?.values).toEqual(gdp.values[0]);
  });

  it('refuses Dir=H and Dates=N when frequencies mix (no one period axis); Sort and Header still apply', () => {
    expect(() => layoutSeries([gdp, gsoQuarterly], { orientation: 'auto', arrangement: { dir: 'H', sort: 'A', header: true, dates: true } })).toThrow('Dir=H needs series of one frequency');
    const long = layoutSeries([gdp, gsoQuarterly], { orientation: 'auto', provenance: false, arrangement: { dir: 'V', sort: 'D', header: false, dates: true } });
    expect(gridValues(long)[0]![0]).toBe('indicator:GSO:GDP_YOY:VN');
    expect(arrangeGrid(long, { dir: 'V', sort: 'A', header: true, dates: true })).toBe(long);
  });
});
