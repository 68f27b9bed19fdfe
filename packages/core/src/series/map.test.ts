import { describe, expect, it } from 'vitest';
import { indicatorSeries, stockSeries, tradeSeries, type MapContext } from './map.ts';
import type { IndicatorRecord, StockRecord, TradeRecord } from '../wire/records.ts';

const ctx: MapContext = { metadata: { source: 'Source', last_updated: '2026-01-01', total_records: 0 }, retrievedAt: '2026-11-22T08:00:00.000Z', endpoint: '/x' };
const trade = (flow: TradeRecord['flow'], period: string, value: number, partner = 'WLD', hs_code = 'TOTAL'): TradeRecord =>
  ({ period, flow, partner, partner_name: partner, hs_code, hs_description: hs_code, value, ytd_value: value * 2, unit: 'USD billion' });

describe('Series mapping', () => {
  it('indicator records: periods sorted, nulls kept, IMF projections flagged (a lone null as false)', () => {
    const rec = (year: number, value: number | null, is_projection: boolean | null): IndicatorRecord =>
      ({ indicator_code: 'NGDPD', indicator_name: 'GDP', country_code: 'VN', country_name: 'Vietnam', year, value, unit: 'USD bn', is_projection });
    const s = indicatorSeries([rec(2025, 3, true), rec(2023, 1, false), rec(2024, null, null)], { kind: 'indicator', source: 'IMF', indicator: 'NGDPD', country: 'VN' }, ctx);
    expect(s).toMatchObject({ id: 'indicator:IMF:NGDPD:VN', periods: ['2023', '2024', '2025'], values: [[1, null, 3]], flags: { is_projection: [false, false, true] }, frequency: 'annual', title: 'GDP: Vietnam' });
  });

  it('an IMF series whose status is unknown (all null) gets no projection flag, not "actual" everywhere', () => {
    const rec = (year: number): IndicatorRecord =>
      ({ indicator_code: 'PPPGDP', indicator_name: 'GDP, PPP', country_code: 'VN', country_name: 'Vietnam', year, value: year, unit: 'Intl $ bn', is_projection: null });
    const s = indicatorSeries([rec(2029), rec(2030)], { kind: 'indicator', source: 'IMF', indicator: 'PPPGDP', country: 'VN' }, ctx);
    expect(s.values).toEqual([[2029, 2030]]);
    expect(s.flags).toBeUndefined();
  });

  it('GSO records use their period and its frequency', () => {
    const s = indicatorSeries([{ indicator_code: 'X', indicator_name: 'CPI', country_code: 'VN', country_name: 'Vietnam', year: 2024, period: '2024-Q1', value: 1, unit: '%' }], { kind: 'indicator', source: 'GSO', indicator: 'X' }, ctx);
    expect(s).toMatchObject({ periods: ['2024-Q1'], frequency: 'quarterly' });
  });

  it('trade: one pair of columns per flow; per partner and HS code when they vary', () => {
    const one = tradeSeries([trade('exports', '2024-02', 2), trade('imports', '2024-01', 3), trade('exports', '2024-01', 1)], { kind: 'trade' }, ctx);
    expect(one.periods).toEqual(['2024-01', '2024-02']);
    expect(one.columns.map((c) => c.key)).toEqual(['exports.value', 'exports.ytd_value', 'imports.value', 'imports.ytd_value']);
    expect(one.values).toEqual([[1, 2], [2, 4], [3, null], [6, null]]);
    const many = tradeSeries([trade('exports', '2024-01', 1, 'US', '85'), trade('exports', '2024-01', 5, 'CN', '85')], { kind: 'trade', flow: 'exports' }, ctx);
    expect(many.columns.map((c) => c.key)).toEqual(['exports.US.85.value', 'exports.US.85.ytd_value', 'exports.CN.85.value', 'exports.CN.85.ytd_value']);
    expect(many.values).toEqual([[1], [2], [5], [10]]);
    expect(many.dimensions).toEqual({ flow: 'exports', partner: 'US,CN', hs_code: '85' });
  });

  it('stocks: OHLCV columns, volume in shares', () => {
    const r = (date: string, close: number): StockRecord => ({ date, open: close, high: close, low: close, close, volume: 10, unit: 'thousand VND', symbol: 'VNM' });
    const s = stockSeries([r('2024-03-02', 2), r('2024-03-01', 1)], { kind: 'stock', symbol: 'vnm' }, ctx);
    expect(s).toMatchObject({ id: 'stock:VNM', frequency: 'daily', periods: ['2024-03-01', '2024-03-02'], dimensions: { symbol: 'VNM' } });
    expect(s.columns.map((c) => `${c.key}:${c.unit}`)).toEqual(['open:thousand VND', 'high:thousand VND', 'low:thousand VND', 'close:thousand VND', 'volume:shares']);
    expect(s.values[3]).toEqual([1, 2]);
  });
});
