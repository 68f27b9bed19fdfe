import { describe, expect, it } from 'vitest';
import { indicatorFixture } from '@econdata/core/testing';
import { gdp, stock } from '../../../test/support/series.ts';
import { tableHeaders, tableModel } from './table-model.ts';

describe('tableModel', () => {
  it('lays countries out wide on one period axis, with the spreadsheet formatting', () => {
    const t = tableModel([gdp('VN', 'Viet Nam', ['2019', '2020'], [331_000_000_000.4, 346_615_000_000]), gdp('TH', 'Thailand', ['2020', '2021'], [500_000_000_000, null])]);
    expect(t.columns.map((c) => c.header)).toEqual(['Period', 'GDP (current US$): Viet Nam', 'GDP (current US$): Thailand']);
    expect(t.columns.map((c) => [c.role, c.numeric, c.seriesId ?? null, c.key ?? null])).toEqual([
      ['period', false, null, null],
      ['value', true, 'indicator:WB:NY.GDP.MKTP.CD:VN', 'value'],
      ['value', true, 'indicator:WB:NY.GDP.MKTP.CD:TH', 'value'],
    ]);
    expect(t.rowCount).toBe(3);
    const rows = Array.from({ length: 3 }, (_, r) => t.columns.map((_, c) => t.text(r, c)));
    expect(rows).toEqual([
      ['2019', '331,000,000,000', ''],
      ['2020', '346,615,000,000', '500,000,000,000'],
      ['2021', '', ''],
    ]);
    expect(t.period(2)).toBe('2021');
  });

  it('keeps long GSO headers apart: shared words shortened, the whole header kept (issue 22, item 5)', () => {
    const cpi = (what: string, code: string) => indicatorFixture({ query: { kind: 'indicator', source: 'GSO', indicator: `CPI.TOTAL.${code}` }, name: `Consumer prices: Consumer price index (all items), ${what}`, countryName: 'Vietnam', unit: 'percent', periods: ['2024-01'], values: [1] });
    const t = tableModel([cpi('change vs same month of previous year', 'YOY'), cpi('change vs previous month', 'MOM'), cpi('average of the year so far vs same period of previous year', 'YTD_AVG_YOY')]);
    // The shared phrases said once above the table; each header keeps what differs.
    expect(tableHeaders(t.columns, 64)).toEqual({
      shared: 'Consumer prices: Consumer price index (all items) · Vietnam',
      labels: ['Period', 'change vs same month of previous year', 'change vs previous month', 'average of the year so far vs same period of previous year'],
    });
    // Narrower columns: what is left still differs.
    expect(tableHeaders(t.columns, 30).labels).toEqual(['Period', 'change vs same month of…', 'change vs previous month', 'average of the year so far…']);
    expect(t.columns[3]?.header).toBe('Consumer prices: Consumer price index (all items), average of the year so far vs same period of previous year: Vietnam');
  });

  it('gives a stock its five columns, the symbol said once', () => {
    const t = tableModel([stock('VNM', ['2024-03-01'], [[70, 72.5, 69, 71.25, 1_234_567]])]);
    expect(t.columns.map((c) => c.key ?? c.role)).toEqual(['period', 'open', 'high', 'low', 'close', 'volume']);
    expect(t.columns.map((_, c) => t.text(0, c))).toEqual(['2024-03-01', '70.00', '72.50', '69.00', '71.25', '1,234,567']);
    expect(tableHeaders(t.columns, 40)).toEqual({ shared: 'VNM', labels: ['Period', 'Open', 'High', 'Low', 'Close', 'Volume'] });
  });

  it('shows the unit\'s precision, more decimals when asked, the period untouched', () => {
    const growth = (code: string, name: string, v: number) => indicatorFixture({ query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.KD.ZG', country: code }, name: 'GDP growth (annual %)', countryName: name, unit: 'annual %', periods: ['2023'], values: [v] });
    const t = tableModel([growth('VN', 'Vietnam', 5.05066221523), growth('TH', 'Thailand', 1.9)]);
    expect(t.columns.map((_, c) => t.text(0, c))).toEqual(['2023', '5.05%', '1.90%']);
    expect(t.columns.map((_, c) => t.text(0, c, 3))).toEqual(['2023', '5.05066%', '1.90000%']);
    expect(tableHeaders(t.columns, 40)).toEqual({ shared: 'GDP growth (annual %)', labels: ['Period', 'Vietnam', 'Thailand'] });
    const dollars = tableModel([gdp('VN', 'Viet Nam', ['2019'], [331_000_000_000.4])]);
    expect([dollars.text(0, 1), dollars.text(0, 1, 1)]).toEqual(['331,000,000,000', '331,000,000,000.4']);
  });

  it('serves 100,000 rows without building them', () => {
    const periods = Array.from({ length: 100_000 }, (_, i) => new Date(Date.UTC(1800, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    const t = tableModel([stock('BIG', periods, periods.map((_, i) => [i, i, i, i, i]))]);
    expect(t.rowCount).toBe(100_000);
    expect(t.period(99_999)).toBe(periods[99_999]);
    expect(t.text(99_999, 5)).toBe('99,999');
  });
});
