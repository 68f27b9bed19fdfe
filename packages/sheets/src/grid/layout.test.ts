import { describe, expect, it } from 'vitest';
import { gdp, gdpNamibia, gsoQuarterly, inflation, stock, tradeBalance } from '../../test/fixtures.ts';
import { bodyRow, gridRows } from './cells.ts';
import { layoutSeries } from './layout.ts';
import { isPeriodFormat } from './periods.ts';
import { excelSerialToDate } from './excel-epoch.ts';

// Period cells hold Excel serial days: shown here as the ISO date they stand for.
const v = (cells: Array<{ v: unknown; fmt?: string }>): unknown[] =>
  cells.map((c) => (typeof c.v === 'number' && isPeriodFormat(c.fmt) ? excelSerialToDate(c.v).toISOString().slice(0, 10) : c.v));

describe('wide layout', () => {
  const grid = layoutSeries([gdp, gdpNamibia, inflation]);

  it('puts the provenance block above the data, one column group per series', () => {
    expect(grid.rows.map((r) => r[0]?.v ?? null)).toEqual([
      'Series', 'Title', 'Kind', 'Source code', 'Indicator code', 'Indicator name', 'Country code', 'Country',
      'Frequency', 'Source', 'Last updated', 'Retrieved at', 'Query', 'Stale', 'Forecasts', 'Column', 'Unit', 'Field', null, 'Period',
    ]);
    const row = (label: string): unknown[] => v(grid.rows.find((r) => r[0]?.v === label) ?? []);
    expect(row('Query')).toEqual([
      'Query',
      '/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2020&end_year=2023',
      '/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=NA&start_year=2020&end_year=2023',
      '/indicators?source=IMF&indicator=PCPIPCH&country=VN',
      null,
    ]);
    expect(row('Stale')).toEqual(['Stale', null, null, 'yes: served from an expired cache while the service was unreachable', null]);
    expect(row('Country')).toEqual(['Country', 'Việt Nam', 'Namibia', 'Việt Nam', null]);
    // The legend of IMF projections (the series' is_projection flags), under the series that has them.
    expect(row('Forecasts')).toEqual(['Forecasts', null, null, '2022 to 2023 are projections (shaded)', null]);
    expect(row('Field')).toEqual(['Field', 'value', 'value', 'value', 'flag:is_projection']);
    // The inflation series spans its value and its flag column.
    expect(grid.merges).toContainEqual({ top: 0, left: 3, bottom: 0, right: 4 });
    expect(grid.regions).toEqual({
      provenance: { top: 0, left: 0, bottom: 17, right: 4 },
      header: { top: 19, left: 0, bottom: 19, right: 4 },
      data: { top: 20, left: 0, bottom: 23, right: 4 },
    });
    expect([grid.frozenRows, grid.frozenColumns]).toEqual([20, 1]);
    // Headers name the series; the Column row keeps the column's own label.
    expect(v(grid.rows[19] ?? [])).toEqual(['Period', 'GDP (current US$): Viet Nam', 'GDP (current US$): Namibia', 'Inflation, average consumer prices: Viet Nam', 'Inflation, average consumer prices: Viet Nam: is_projection']);
    expect(row('Column')).toEqual(['Column', 'GDP (current US$)', 'GDP (current US$)', 'Inflation (annual %)', 'is_projection']);
    // Alone, a series' flag needs no owner in its header.
    const alone = layoutSeries([inflation], { provenance: false });
    expect(v(alone.rows[0] ?? [])).toEqual(['Period', 'Inflation, average consumer prices: Viet Nam', 'is_projection']);
  });

  it('writes periods as UTC dates with their format, values as numbers, missing as empty', () => {
    expect(grid.body.rowCount).toBe(4);
    expect(v(bodyRow(grid, 2))).toEqual(['2022-01-01', null, 12.6e9, 3.156, true]);
    expect(bodyRow(grid, 2).map((c) => c.fmt)).toEqual(['yyyy', '#,##0', '#,##0', '0.00"%"', undefined]);
    // Series that cover the axis share their arrays with the Series (no copy for big data).
    expect(grid.body.columns[1]?.values).toBe(gdp.values[0]);
  });

  it('labels quarters per cell and spreads series over a shared axis', () => {
    const shifted = { ...gsoQuarterly, id: 'x', periods: ['2024-Q1', '2024-Q3'], values: [[1, 3]] };
    const q = layoutSeries([gsoQuarterly, shifted], { provenance: false });
    expect(q.rows).toHaveLength(1);
    expect([...gridRows(q)].slice(1).map((r) => [r[0]?.fmt, ...v(r).slice(1)])).toEqual([
      ['yyyy"-Q4"', 6.72, null],
      ['yyyy"-Q1"', 5.87, 1],
      ['yyyy"-Q2"', null, null],
      ['yyyy"-Q3"', 7.4, 3],
    ]);
  });

  it('lays out OHLCV with one merged provenance group and per-column units', () => {
    const s = layoutSeries([stock]);
    expect(v(s.rows.find((r) => r[0]?.v === 'Unit') ?? [])).toEqual(['Unit', 'thousand VND', 'thousand VND', 'thousand VND', 'thousand VND', 'shares']);
    expect(v(s.rows.find((r) => r[0]?.v === 'Period') ?? [])).toEqual(['Period', 'ACB: Open', 'ACB: High', 'ACB: Low', 'ACB: Close', 'ACB: Volume']);
    expect(s.merges).toContainEqual({ top: 0, left: 1, bottom: 0, right: 5 });
    expect(bodyRow(s, 1).map((c) => c.fmt)).toEqual(['yyyy-mm-dd', '#,##0.00', '#,##0.00', '#,##0.00', '#,##0.00', '#,##0']);
    expect(v(bodyRow(s, 1))).toEqual(['2024-01-03', 23.45, 23.9, 23.3, 23.85, null]);
    expect(s.name).toBe('ACB');
  });

  it('refuses mixed frequencies with an error that says what to do', () => {
    expect(() => layoutSeries([gdp, tradeBalance])).toThrow(/different frequencies .*annual: indicator:WB:NY.GDP.MKTP.CD:VN; monthly: trade:balance:WLD:TOTAL.*orientation "long"/);
  });
});

describe('long layout', () => {
  const grid = layoutSeries([gdp, gsoQuarterly, tradeBalance], { orientation: 'long' });

  it('has a provenance table and tidy rows, one per series, period and column', () => {
    expect(v(grid.rows[0] ?? []).slice(0, 8)).toEqual(['Series', 'Title', 'Kind', 'Frequency', 'Source', 'Last updated', 'Retrieved at', 'Query']);
    expect(v(grid.rows[4] ?? [])).toEqual([]);
    expect(v(grid.rows[5] ?? [])).toEqual([
      'Series', 'Source code', 'Indicator code', 'Indicator name', 'Country code', 'Country',
      'Flow', 'Partner code', 'Partner', 'HS code', 'HS description', 'Period', 'Field', 'Column', 'Value', 'Unit',
    ]);
    expect(grid.body.rowCount).toBe(4 + 4 + 6);
    const row = bodyRow(grid, 5);
    expect(v(row)).toEqual(['indicator:GSO:GDP_YOY:VN', 'GSO', 'GDP_YOY', 'Tổng sản phẩm trong nước: tăng trưởng', 'VN', 'Việt Nam', null, null, null, null, null, '2024-01-01', 'value', 'GDP growth (% yoy)', 5.87, '%']);
    expect([row[11]?.fmt, row[14]?.fmt]).toEqual(['yyyy"-Q1"', '0.00"%"']);
    expect(v(bodyRow(grid, 2))[14]).toBeNull();
    expect(v(bodyRow(grid, 12)).slice(11, 16)).toEqual(['2024-02-01', 'ytd_value', 'Year to date', 2.66, 'USD billion']);
  });
});
