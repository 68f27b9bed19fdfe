import { describe, expect, it } from 'vitest';
import { indicatorSeries, stockSeries, tradeSeries, type MapContext } from './map.ts';
import type { GsoFrequency as Frequency, SeriesQuery } from '../query.ts';
import type { IndicatorRecord, StockRecord, TradeRecord } from '../wire/records.ts';

const ctx: MapContext = { metadata: { source: 'General Statistics Office', last_updated: '2026-01-01', total_records: 0 }, retrievedAt: '2026-11-22T08:00:00.000Z', endpoint: '/indicators' };
const gso = (period: string | undefined, value: number | null = 1, extra: Partial<IndicatorRecord> = {}): IndicatorRecord => ({
  indicator_code: 'CPI', indicator_name: 'Consumer prices', country_code: 'VN', country_name: 'Viet Nam', year: Number((period ?? '2024').match(/\d{4}/)![0]), value, unit: '%',
  ...(period === undefined ? {} : { period }), ...extra,
});
const query = (frequency?: Frequency) => ({ kind: 'indicator' as const, source: 'GSO', indicator: 'CPI', ...(frequency ? { frequency } : {}) });
const map = (records: IndicatorRecord[], frequency?: Frequency) => indicatorSeries(records, query(frequency), ctx);
/** The error a mapping throws (the test fails if it throws none). */
function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a refusal, got a Series');
}

describe('indicator records: every listed spelling becomes the canonical period', () => {
  it.each([
    ['2024M03', 'monthly', '2024-03'], ['2024-03-01', 'monthly', '2024-03'], ['202403', 'monthly', '2024-03'],
    ['2024Q1', 'quarterly', '2024-Q1'], ['2024-Q1', 'quarterly', '2024-Q1'], ['Q1 2024', 'quarterly', '2024-Q1'], ['2024-01-01', 'quarterly', '2024-Q1'],
    ['2024-01-01', 'annual', '2024'],
  ] as const)('%s asked %s is %s', (raw, frequency, period) => {
    expect(map([gso(raw)], frequency)).toMatchObject({ frequency, periods: [period], values: [[1]] });
  });

  it('unambiguous spellings need no asked frequency', () => {
    expect(map([gso('2024M03')])).toMatchObject({ frequency: 'monthly', periods: ['2024-03'] });
    expect(map([gso('202403')])).toMatchObject({ frequency: 'monthly', periods: ['2024-03'] });
    expect(map([gso('2024Q1')])).toMatchObject({ frequency: 'quarterly', periods: ['2024-Q1'] });
    expect(map([gso('Q3 2024')])).toMatchObject({ frequency: 'quarterly', periods: ['2024-Q3'] });
    expect(map([gso(undefined)])).toMatchObject({ frequency: 'annual', periods: ['2024'] });
  });

  it('a date takes the frequency the other records imply; spellings mix within one answer', () => {
    expect(map([gso('2024-Q1', 1), gso('2024-04-01', 2)])).toMatchObject({ frequency: 'quarterly', periods: ['2024-Q1', '2024-Q2'], values: [[1, 2]] });
    const s = map([gso('2024-04-01', 4), gso('2024M01', 1), gso('202403', 3), gso('2024-02', 2)]);
    expect(s).toMatchObject({ frequency: 'monthly', periods: ['2024-01', '2024-02', '2024-03', '2024-04'], values: [[1, 2, 3, 4]] });
  });

  it('the daily form is taken as given for stocks', () => {
    const r = (date: string): StockRecord => ({ date, open: 1, high: 1, low: 1, close: 1, volume: 1, unit: 'VND', symbol: 'VNM' });
    expect(stockSeries([r('2024-02-29')], { kind: 'stock', symbol: 'VNM' }, ctx).periods).toEqual(['2024-02-29']);
  });
});

describe('indicator records: refusals name the record and the period', () => {
  it.each(['2024-13', 'March 2024', '2024M3', '2024 Q1'])('an unreadable period %s', (raw) => {
    const e = refusal(() => map([gso('2024-01'), gso(raw)]));
    expect(e.code).toBe('invalid_response');
    expect(e.message).toContain(`period "${raw}"`);
    expect(e.message).toContain('record {indicator_code: "CPI", country_code: "VN"');
  });

  it('a period of another frequency than the one asked', () => {
    const e = refusal(() => map([gso('2024-03'), gso('2024-Q2')], 'monthly'));
    expect(e).toMatchObject({ code: 'invalid_response' });
    expect(e.message).toContain('period "2024-Q2", which cannot be read as a monthly period (a monthly period is written 2024-03, 2024M03, 202403, 2024-03-01)');
  });

  it('a date that is not the first day of a quarter, asked quarterly', () => {
    const e = refusal(() => map([gso('2024-02-01')], 'quarterly'));
    expect(e.message).toContain('period "2024-02-01", which cannot be read as a quarterly period');
  });

  it('a GSO answer mixing months and quarters is refused, not split', () => {
    const e = refusal(() => map([gso('2024-01'), gso('2024-02'), gso('2024-Q1')]));
    expect(e.code).toBe('invalid_response');
    expect(e.message).toContain('series "indicator:GSO:CPI:" mixes frequencies');
    expect(e.message).toContain('period: "2024-01"} is monthly');
    expect(e.message).toContain('period: "2024-Q1"} is quarterly');
    expect(e.message).toContain("Ask with frequency ('monthly' or 'quarterly')");
  });

  it('dates that fit several frequencies, with nothing to say which', () => {
    const e = refusal(() => map([gso('2024-01-01'), gso('2025-01-01')]));
    expect(e.message).toContain('"2024-01-01" that can be read as annual, quarterly, monthly, daily periods');
    expect(e.message).toContain("Ask with frequency ('annual', 'quarterly', 'monthly')");
    expect(map([gso('2024-01-01'), gso('2025-01-01')], 'annual').periods).toEqual(['2024', '2025']);
  });

  it('records of another country, indicator or unit in one series', () => {
    expect(refusal(() => map([gso('2024-01'), gso('2024-02', 1, { country_code: 'TH' })])).message).toContain('holds records of different series');
    expect(refusal(() => map([gso('2024-01'), gso('2024-02', 1, { indicator_code: 'IIP' })])).message).toContain('holds records of different series');
    expect(refusal(() => map([gso('2024-01'), gso('2024-02', 1, { unit: 'index' })])).message).toContain('mixes units: record {indicator_code: "CPI", country_code: "VN", year: 2024, period: "2024-01"} is in "%" and');
    const e = refusal(() => indicatorSeries([gso(undefined, 1, { country_code: 'TH' })], { kind: 'indicator', source: 'WB', indicator: 'CPI', country: 'vn' }, ctx));
    expect(e.message).toContain('asked for country VN, but record {indicator_code: "CPI", country_code: "TH", year: 2024} is for TH');
  });
});

describe('indicator records: repeated periods', () => {
  const wb = (year: number, value: number | null, is_projection?: boolean | null): IndicatorRecord =>
    ({ indicator_code: 'NGDPD', indicator_name: 'GDP', country_code: 'VN', country_name: 'Viet Nam', year, value, unit: 'USD bn', ...(is_projection === undefined ? {} : { is_projection }) });
  const wbq = { kind: 'indicator' as const, source: 'IMF', indicator: 'NGDPD', country: 'VN' };

  it('the same value twice is one observation', () => {
    const s = indicatorSeries([wb(2021, 3), wb(2020, 1), wb(2020, 1), wb(2021, 3), wb(2019, null), wb(2019, null)], wbq, ctx);
    expect(s).toMatchObject({ periods: ['2019', '2020', '2021'], values: [[null, 1, 3]] });
    expect(map([gso('2024M03', 5), gso('2024-03', 5)])).toMatchObject({ periods: ['2024-03'], values: [[5]] });
  });

  it('different values for one period are refused, naming the series and the period', () => {
    const e = refusal(() => indicatorSeries([wb(2020, 1), wb(2020, 2), wb(2021, 3)], wbq, ctx));
    expect(e.code).toBe('invalid_response');
    expect(e.message).toContain('series "indicator:IMF:NGDPD:VN" has two different values for period "2020": 1 in record {indicator_code: "NGDPD", country_code: "VN", year: 2020} and 2 in record');
    expect(e.message).toContain('The client does not pick one');
    // Two spellings of one month with different values: the same conflict.
    expect(refusal(() => map([gso('2024M03', 5), gso('2024-03', 6)])).message).toContain('two different values for period "2024-03"');
    // The same value but a different projection flag is not the same observation either.
    expect(refusal(() => indicatorSeries([wb(2020, 1, true), wb(2020, 1, false)], wbq, ctx)).message).toContain('1 (flag true)');
  });
});

describe('annual records without period (the service\'s common answer, read in one pass)', () => {
  const wb = (year: number, value: number | null = 1, extra: Partial<IndicatorRecord> = {}): IndicatorRecord =>
    ({ indicator_code: 'NY.GDP.MKTP.CD', indicator_name: 'GDP', country_code: 'VN', country_name: 'Viet Nam', year, value, unit: 'current US$', ...extra });
  const q = (extra: Partial<Extract<SeriesQuery, { kind: 'indicator' }>> = {}) => ({ kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', ...extra });

  it('builds the same Series whatever the order, the first unit given, the asked country in any case', () => {
    const s = indicatorSeries([wb(2001, 2, { unit: null }), wb(2000, null), wb(2002, 3)], q(), ctx);
    expect(s).toMatchObject({ id: 'indicator:WB:NY.GDP.MKTP.CD:VN', frequency: 'annual', periods: ['2000', '2001', '2002'], values: [[null, 2, 3]], title: 'GDP: Viet Nam' });
    expect(s.columns).toEqual([{ key: 'value', label: 'GDP', unit: 'current US$' }]);
    expect(s.dimensions).toEqual({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', indicator_name: 'GDP', country: 'VN', country_name: 'Viet Nam' });
    expect(s.flags).toBeUndefined();
    expect(indicatorSeries([wb(2000), wb(2001)], q({ country: 'vn', source: 'wb', frequency: 'annual' }), ctx)).toMatchObject({ id: 'indicator:WB:NY.GDP.MKTP.CD:VN:annual', periods: ['2000', '2001'], dimensions: { source: 'WB', country: 'VN' } });
    expect(indicatorSeries([wb(2000, 1, { country_code: null, country_name: null })], q(), ctx)).toMatchObject({ periods: ['2000'], title: 'GDP', dimensions: { country: 'VN' } });
    expect(indicatorSeries([wb(2000, 5), wb(2000, 5)], q(), ctx)).toMatchObject({ periods: ['2000'], values: [[5]] });
    expect(indicatorSeries([wb(2000, 1, { is_projection: false }), wb(2001, 2, { is_projection: true })], q(), ctx).flags).toEqual({ is_projection: [false, true] });
  });

  it('refuses with the same messages as any other answer', () => {
    expect(refusal(() => indicatorSeries([wb(2000), wb(2001, 1, { unit: 'index' })], q(), ctx)).message)
      .toContain('series "indicator:WB:NY.GDP.MKTP.CD:VN" mixes units: record {indicator_code: "NY.GDP.MKTP.CD", country_code: "VN", year: 2000} is in "current US$" and record {indicator_code: "NY.GDP.MKTP.CD", country_code: "VN", year: 2001} in "index"');
    expect(refusal(() => indicatorSeries([wb(2000), wb(2001, 1, { country_code: 'TH' })], { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD' }, ctx)).message)
      .toContain('holds records of different series: record {indicator_code: "NY.GDP.MKTP.CD", country_code: "VN", year: 2000} and record {indicator_code: "NY.GDP.MKTP.CD", country_code: "TH", year: 2001}');
    expect(refusal(() => indicatorSeries([wb(2000), wb(2001, 1, { indicator_code: 'SP.POP.TOTL' })], q(), ctx)).message).toContain('holds records of different series');
    expect(refusal(() => indicatorSeries([wb(2000, 1, { country_code: 'TH' })], q(), ctx)).message).toContain('asked for country VN, but record {indicator_code: "NY.GDP.MKTP.CD", country_code: "TH", year: 2000} is for TH');
    expect(refusal(() => indicatorSeries([wb(2000, 1), wb(2000, 2)], q(), ctx)).message).toContain('has two different values for period "2000": 1 in record {indicator_code: "NY.GDP.MKTP.CD", country_code: "VN", year: 2000} and 2 in record');
    expect(refusal(() => indicatorSeries([wb(2000), wb(999)], q(), ctx)).message).toContain('record {indicator_code: "NY.GDP.MKTP.CD", country_code: "VN", year: 999} has period "999", which cannot be read as an annual period');
    expect(refusal(() => indicatorSeries([wb(2000)], q({ frequency: 'quarterly' }), ctx)).message).toContain('has period "2000", which cannot be read as a quarterly period');
  });
});

describe('trade and stock records', () => {
  const trade = (period: string, value: number | null, extra: Partial<TradeRecord> = {}): TradeRecord =>
    ({ period, flow: 'exports', partner: 'WLD', partner_name: 'World', hs_code: 'TOTAL', hs_description: 'All', value, ytd_value: value, unit: 'USD million', ...extra });
  const stock = (date: string, close: number, extra: Partial<StockRecord> = {}): StockRecord =>
    ({ date, open: close, high: close, low: close, close, volume: 10, unit: 'thousand VND', symbol: 'VNM', ...extra });

  it('trade periods in monthly spellings; the same month twice merged, different refused', () => {
    expect(tradeSeries([trade('2024M02', 2), trade('202401', 1), trade('2024-01', 1)], { kind: 'trade' }, ctx)).toMatchObject({ periods: ['2024-01', '2024-02'], values: [[1, 2], [1, 2]] });
    const e = refusal(() => tradeSeries([trade('2024-01', 1), trade('2024M01', 9)], { kind: 'trade' }, ctx));
    expect(e.message).toContain('series "trade:*:WLD:TOTAL" has two different values for period "2024-01": 1/1 in record {flow: "exports", partner: "WLD", hs_code: "TOTAL", period: "2024-01"} and 9/9');
    expect(refusal(() => tradeSeries([trade('2024-Q1', 1)], { kind: 'trade' }, ctx)).message).toContain('period "2024-Q1", which cannot be read as a monthly period');
  });

  it('trade columns carry their own unit; one column in two units is refused', () => {
    const s = tradeSeries([trade('2024-01', 1), trade('2024-01', 2, { flow: 'imports', unit: 'USD billion' })], { kind: 'trade' }, ctx);
    expect(s.columns.map((c) => `${c.key}:${c.unit}`)).toEqual(['exports.value:USD million', 'exports.ytd_value:USD million', 'imports.value:USD billion', 'imports.ytd_value:USD billion']);
    expect(refusal(() => tradeSeries([trade('2024-01', 1), trade('2024-02', 2, { unit: 'USD billion' })], { kind: 'trade' }, ctx)).message).toContain('mixes units');
  });

  it('stock dates: sorted, the same day twice merged, different refused; no other spelling', () => {
    const q = { kind: 'stock' as const, symbol: 'VNM' };
    expect(stockSeries([stock('2024-03-04', 2), stock('2024-03-01', 1), stock('2024-03-04', 2)], q, ctx)).toMatchObject({ periods: ['2024-03-01', '2024-03-04'], values: [[1, 2], [1, 2], [1, 2], [1, 2], [10, 10]] });
    expect(refusal(() => stockSeries([stock('2024-03-01', 1), stock('2024-03-01', 2)], q, ctx)).message).toContain('two different values for period "2024-03-01"');
    expect(refusal(() => stockSeries([stock('2024-02-30', 1)], q, ctx)).message).toContain('date: "2024-02-30"} has period "2024-02-30", which cannot be read as a daily period');
    expect(refusal(() => stockSeries([stock('2024-03-01', 1), stock('2024-03-04', 1, { symbol: 'FPT' })], q, ctx)).message).toContain('holds records of different symbols');
    expect(refusal(() => stockSeries([stock('2024-03-01', 1, { symbol: 'FPT' })], q, ctx)).message).toContain('series "stock:VNM" asked for VNM, but record {symbol: "FPT", date: "2024-03-01"} is for FPT');
    expect(stockSeries([stock('2024-03-01', 1, { symbol: 'vnm' })], q, ctx).periods).toEqual(['2024-03-01']);
  });

  it('an empty answer is a valid empty Series', () => {
    expect(map([], 'monthly')).toMatchObject({ frequency: 'monthly', periods: [], values: [[]] });
    expect(tradeSeries([], { kind: 'trade' }, ctx)).toMatchObject({ periods: [], columns: [], values: [] });
  });
});
