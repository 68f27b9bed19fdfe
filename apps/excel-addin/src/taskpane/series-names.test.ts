/** The add-in's series names: fetched series named from the catalogue in the chosen language. */
import type { Catalogue, Series, SeriesQuery, SeriesResult } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { namedFetch } from './series-names.ts';

const query: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.MOM', country: 'VN' };
const series: Series = {
  id: 'indicator:GSO:CPI.TOTAL.MOM:VN', kind: 'indicator', title: 'Consumer prices: all items, change vs previous month: Vietnam', frequency: 'monthly',
  dimensions: { source: 'GSO', indicator: 'CPI.TOTAL.MOM', indicator_name: 'Consumer prices: all items, change vs previous month', country: 'VN', country_name: 'Vietnam' },
  columns: [{ key: 'value', label: 'Consumer prices: all items, change vs previous month', unit: 'percent' }], periods: ['2024-01'], values: [[0.3]],
  provenance: { source: 'GSO', last_updated: null, retrieved_at: '2026-11-25T00:00:00Z', endpoint: '/indicators', query },
};
const catalogue: Catalogue = { sources: [{ source: { code: 'GSO', name: 'GSO' }, status: 'ready', indicators: [{ code: 'CPI.TOTAL.MOM', name: 'Consumer prices: all items, change vs previous month', name_vi: 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với tháng trước' }] }] };

describe('namedFetch', () => {
  it('names indicator series in Vietnamese from the catalogue, and leaves English and failures alone', async () => {
    const failed: SeriesResult = { ok: false, error: new Error('x') as never };
    const fetch = async (): Promise<SeriesResult[]> => [{ ok: true, series }, failed];
    let asked = 0;
    const named = await namedFetch(fetch, async () => { asked++; return catalogue; }, 'vi')([query, query]);
    expect(named[0]?.ok && [named[0].series.title, named[0].series.columns[0]?.label]).toEqual([
      'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với tháng trước: Vietnam', 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với tháng trước',
    ]);
    expect(named[1]).toBe(failed);
    expect(asked).toBe(1);
    expect(namedFetch(fetch, async () => catalogue, 'en')).toBe(fetch);
    // Every query failed: nothing to name, and the catalogue is not asked.
    const none = await namedFetch(async () => [failed], async () => { asked++; return catalogue; }, 'vi')([query]);
    expect([none, asked]).toEqual([[failed], 1]);
  });
});
