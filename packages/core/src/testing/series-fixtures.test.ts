import { describe, expect, it } from 'vitest';
import { assertSeries } from '../series/assert.ts';
import { indicatorFixture, stockFixture, tradeFixture } from './series-fixtures.ts';

describe('the Series fixture builder', () => {
  it('builds an indicator through the mapping: id from the query, canonical periods, title and label from the names', () => {
    const s = indicatorFixture({ query: { kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.YOY', frequency: 'quarterly' }, name: 'CPI', unit: 'percent', periods: ['2024Q2', '2024-Q1'], values: [3.1, 3.4] });
    expect(s).toEqual({
      id: 'indicator:GSO:CPI.TOTAL.YOY::quarterly', kind: 'indicator', title: 'CPI', frequency: 'quarterly',
      dimensions: { source: 'GSO', indicator: 'CPI.TOTAL.YOY', indicator_name: 'CPI' },
      columns: [{ key: 'value', label: 'CPI', unit: 'percent' }], periods: ['2024-Q1', '2024-Q2'], values: [[3.4, 3.1]],
      provenance: { source: 'GSO', last_updated: null, retrieved_at: '2026-11-22T10:00:00.000Z', endpoint: '/indicators', query: { kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.YOY', frequency: 'quarterly' } },
    });
    expect(assertSeries(s)).toBe(s);
  });
  it('builds trade and stock Series the way the client maps their records', () => {
    const t = tradeFixture({ query: { kind: 'trade', flow: 'imports' }, partnerName: 'World', hsDescription: 'All products', unit: 'USD million', periods: ['2024-02', '2024-01'], values: [2, 1], ytd: [3, 1], stale: true });
    expect([t.id, t.title, t.columns.map((c) => c.key), t.periods, t.values, t.provenance.stale]).toEqual(['trade:imports:WLD:TOTAL', 'Vietnam trade: imports (World, All products)', ['imports.value', 'imports.ytd_value'], ['2024-01', '2024-02'], [[1, 2], [1, 3]], true]);
    const s = stockFixture({ query: { kind: 'stock', symbol: 'vnm' }, periods: ['2024-03-01'], days: [[70, 72, 69, 71, 1000]] });
    expect([s.id, s.title, s.columns.map((c) => `${c.key} ${c.unit}`), s.values]).toEqual(['stock:VNM', 'VNM daily prices', ['open thousand VND', 'high thousand VND', 'low thousand VND', 'close thousand VND', 'volume shares'], [[70], [72], [69], [71], [1000]]]);
  });
  it('refuses what the mapping refuses: a fixture can only be a valid Series', () => {
    expect(() => indicatorFixture({ query: { kind: 'indicator', source: 'WB', indicator: 'X', country: 'VN' }, periods: ['2020', '2020'], values: [1, 2] })).toThrow(/2020/);
    expect(() => stockFixture({ query: { kind: 'stock', symbol: 'VNM' }, periods: ['2024-02-30'], days: [[1, 1, 1, 1, 1]] })).toThrow(/2024-02-30/);
  });
});
