import { describe, expect, it } from 'vitest';
import { indicatorFixture } from '@econdata/core/testing';
import { gdp, gso, stock } from '../../../test/support/series.ts';
import { chartData, frequenciesOf, ohlcData, shorten } from './chart-data.ts';

const s = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('chartData', () => {
  it('aligns countries on the union of their periods, null where a country has no value', () => {
    const vn = gdp('VN', 'Viet Nam', ['2019', '2020', '2021'], [331, 346, null]);
    const th = gdp('TH', 'Thailand', ['2018', '2020', '2022'], [506, 500, 495]);
    const chart = chartData([vn, th]);
    expect(chart.frequency).toBe('annual');
    expect(chart.periods).toEqual(['2018', '2019', '2020', '2021', '2022']);
    expect(chart.data).toEqual([
      Float64Array.of(s('2018-01-01'), s('2019-01-01'), s('2020-01-01'), s('2021-01-01'), s('2022-01-01')),
      [null, 331, 346, null, null],
      [506, null, 500, null, 495],
    ]);
    expect(chart.lines.map((l) => l.label)).toEqual(['Viet Nam', 'Thailand']);
    expect(chart.lines[0]).toEqual({ seriesId: 'indicator:WB:NY.GDP.MKTP.CD:VN', column: 'value', label: 'Viet Nam', full: 'Viet Nam', unit: 'current US$' });
  });

  it('puts months no series has on the axis as gaps, so a line breaks there instead of running across (issue 22, item 9)', () => {
    // Vietnam's customs totals have no January 2014 and no March 2014.
    const trade = gso('monthly', ['2013-12', '2014-02', '2014-04'], [12.1, 10.4, 11.9]);
    const chart = chartData([trade]);
    expect(chart.periods).toEqual(['2013-12', '2014-01', '2014-02', '2014-03', '2014-04']);
    expect(chart.missing).toEqual(['2014-01', '2014-03']);
    expect(chart.data).toEqual([Float64Array.of(s('2013-12-01'), s('2014-01-01'), s('2014-02-01'), s('2014-03-01'), s('2014-04-01')), [12.1, null, 10.4, null, 11.9]]);
    // Quarters and years the same way; trading days are not filled (weekends are no gap).
    expect(chartData([gso('quarterly', ['2023-Q4', '2024-Q2'], [1, 2])]).data[1]).toEqual([1, null, 2]);
    expect(chartData([gdp('VN', 'Viet Nam', ['2019', '2021'], [1, 2])]).missing).toEqual(['2020']);
    expect(chartData([stock('VNM', ['2024-03-01', '2024-03-04'], [[1, 1, 1, 1, 1], [2, 2, 2, 2, 2]])]).missing).toEqual([]);
  });

  it('labels a single series by its title and draws only the chosen frequency', () => {
    const monthly = gso('monthly', ['2024-01', '2024-02'], [3.4, 3.9]);
    const quarterly = gso('quarterly', ['2024-Q1', '2024-Q2'], [3.6, 4.1]);
    expect(frequenciesOf([monthly, quarterly, gso('monthly', ['2024-03'], [1])])).toEqual(['monthly', 'quarterly']);
    const chart = chartData([monthly, quarterly], 'quarterly');
    expect(chart.data).toEqual([Float64Array.of(s('2024-01-01'), s('2024-04-01')), [3.6, 4.1]]);
    expect(chart.lines.map((l) => l.label)).toEqual(['Consumer price index']);
  });

  it('draws a stock by its close in line mode and gives OHLC arrays for candlesticks', () => {
    const vnm = stock('VNM', ['2024-03-01', '2024-03-04'], [[70, 72, 69, 71, 1000], [71, 71.5, 68, 68.5, 2000]]);
    expect(chartData([vnm]).data).toEqual([Float64Array.of(s('2024-03-01'), s('2024-03-04')), [71, 68.5]]);
    const ohlc = ohlcData(vnm);
    expect(ohlc?.data).toEqual([Float64Array.of(s('2024-03-01'), s('2024-03-04')), [70, 71], [72, 71.5], [69, 68], [71, 68.5]]);
    expect(ohlc?.volume).toEqual([1000, 2000]);
    expect(ohlc?.label).toBe('VNM');
    expect(ohlcData(gdp('VN', 'Viet Nam', ['2020'], [1]))).toBeNull();
  });

  it('keeps long GSO names apart in the legend: the shared words shortened, the differing kept, the full text kept (issue 22, item 5)', () => {
    const name = (what: string) => indicatorFixture({ query: { kind: 'indicator', source: 'GSO', indicator: `CPI.TOTAL.${what}` }, name: `Consumer prices: Consumer price index (all items), ${what === 'MOM' ? 'change vs previous month' : 'change vs same month of previous year'}`, countryName: 'Vietnam', unit: 'percent', periods: ['2024-01'], values: [1] });
    const lines = chartData([name('YOY'), name('MOM')]).lines;
    expect(lines.map((l) => l.label)).toEqual(['Consumer prices… same month of previous year: Vietnam', 'Consumer prices… previous month: Vietnam']);
    expect(lines.map((l) => l.full)).toEqual(['Consumer prices: Consumer price index (all items), change vs same month of previous year: Vietnam', 'Consumer prices: Consumer price index (all items), change vs previous month: Vietnam']);
  });

  it('tells the seasonally adjusted series from the original by its title, not its country', () => {
    const retail = (transform?: string) => {
      const f = indicatorFixture({ query: { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE' }, name: 'Retail sales', countryName: 'Vietnam', unit: 'billion VND', periods: ['2024-01'], values: [1] });
      return transform ? { ...f, title: `${f.title}, seasonally adjusted`, provenance: { ...f.provenance, transform } } : f;
    };
    expect(chartData([retail('SA=stl'), retail()]).lines.map((l) => l.full)).toEqual(['Retail sales: Vietnam, seasonally adjusted', 'Retail sales: Vietnam']);
  });

  it('cuts long legend text with an ellipsis', () => {
    expect(shorten('Consumer prices: Core inflation, average of the year so far', 20)).toBe('Consumer prices: Co…');
    expect(shorten('GDP', 20)).toBe('GDP');
  });

  it('aligns 100,000 daily points without losing one', () => {
    const periods = Array.from({ length: 100_000 }, (_, i) => new Date(Date.UTC(1800, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    const big = stock('BIG', periods, periods.map((_, i) => [i, i + 2, i - 1, i + 1, 10]));
    const chart = chartData([big]);
    expect(chart.data[0].length).toBe(100_000);
    expect(chart.data[1]?.[99_999]).toBe(100_000);
    // The axis, read a month at a time, is every day where Date.UTC has it; a bad period is refused.
    const wrong = chart.data[0].findIndex((x, i) => x !== Date.parse(`${periods[i]}T00:00:00Z`) / 1000);
    expect(wrong).toBe(-1);
    const weekdays = periods.filter((_, i) => i % 7 < 5);
    expect(chartData([stock('WD', weekdays, weekdays.map((_, i) => [i, i, i, i, 1]))]).data[0].every((x, i) => x === Date.parse(`${weekdays[i]}T00:00:00Z`) / 1000)).toBe(true);
    const valid = stock('BAD', ['2024-01-31', '2024-02-01'], [[1, 1, 1, 1, 1], [1, 1, 1, 1, 1]]);
    expect(() => chartData([{ ...valid, periods: ['2024-01-31', '2024-02-30x'] }])).toThrow('Period "2024-02-30x" is not a daily period.');
  });

  it('marks each alignment for an observer but keeps one mark on the timeline, however many alignments a session makes', () => {
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'mark' });
    const vn = gdp('VN', 'Viet Nam', ['2019', '2020'], [1, 2]);
    try {
      for (let i = 0; i < 50; i += 1) chartData([vn]);
      expect(observer.takeRecords().filter((e) => e.name === 'econdata:chart-aligned')).toHaveLength(50);
      expect(performance.getEntriesByName('econdata:chart-aligned')).toHaveLength(1);
    } finally {
      observer.disconnect();
    }
  });
});
