/** Which name a series shows: Vietnamese where the service gives one, English otherwise, in one place. */
import { describe, expect, it } from 'vitest';
import type { Series } from '../series.ts';
import type { Catalogue } from './catalogue.ts';
import { indicatorName, nameSeries, readNameLanguage, seriesNamer } from './names.ts';

const CPI = { code: 'CPI.TOTAL.YOY', name: 'Consumer prices: Consumer price index (all items), change vs same month of previous year', name_vi: 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với cùng tháng năm trước' };
const GDP = { code: 'NY.GDP.MKTP.CD', name: 'GDP (current US$)' };

function series(source: string, info: { code: string; name: string }, kind: Series['kind'] = 'indicator'): Series {
  return {
    id: `indicator:${source}:${info.code}:VN`, kind, title: `${info.name}: Vietnam`, frequency: 'monthly',
    dimensions: { source, indicator: info.code, indicator_name: info.name, country: 'VN', country_name: 'Vietnam' },
    columns: [{ key: 'value', label: info.name, unit: 'percent' }], periods: ['2024-01'], values: [[3.4]],
    provenance: { source: 'GSO', last_updated: null, retrieved_at: '2026-11-25T00:00:00Z', endpoint: '/indicators', query: { kind: 'indicator', source, indicator: info.code, country: 'VN' } },
  };
}

const catalogue: Catalogue = {
  sources: [
    { source: { code: 'WB', name: 'World Bank' }, status: 'ready', indicators: [GDP] },
    { source: { code: 'GSO', name: 'GSO' }, status: 'ready', indicators: [CPI] },
  ],
};

describe('series names by language', () => {
  it('picks name_vi for Vietnamese where there is one, the English name otherwise', () => {
    expect(indicatorName(CPI, 'vi')).toBe(CPI.name_vi);
    expect(indicatorName(CPI, 'en')).toBe(CPI.name);
    expect(indicatorName(GDP, 'vi')).toBe('GDP (current US$)');
    expect(indicatorName({ name: 'x', name_vi: '  ' }, 'vi')).toBe('x');
  });

  it('reads a stored language: vi in any case, English for anything else', () => {
    expect([readNameLanguage('vi'), readNameLanguage(' VI '), readNameLanguage('fr'), readNameLanguage(undefined), readNameLanguage(3)]).toEqual(['vi', 'vi', 'en', 'en', 'en']);
  });

  it('renames title, value column and indicator_name of an indicator series, nothing else', () => {
    const named = nameSeries(series('GSO', CPI), CPI, 'vi');
    expect(named.title).toBe(`${CPI.name_vi}: Vietnam`);
    expect(named.columns).toEqual([{ key: 'value', label: CPI.name_vi, unit: 'percent' }]);
    expect(named.dimensions).toEqual({ source: 'GSO', indicator: 'CPI.TOTAL.YOY', indicator_name: CPI.name_vi, country: 'VN', country_name: 'Vietnam' });
    expect({ ...named, title: '', columns: [], dimensions: {} }).toEqual({ ...series('GSO', CPI), title: '', columns: [], dimensions: {} });
    const english = series('GSO', CPI);
    expect(nameSeries(english, CPI, 'en')).toBe(english);
    expect(nameSeries(english, undefined, 'vi')).toBe(english);
    const trade = series('GSO', CPI, 'trade');
    expect(nameSeries(trade, CPI, 'vi')).toBe(trade);
  });

  it('looks each series up in the catalogue by source and code', () => {
    const name = seriesNamer(catalogue, 'vi');
    expect(name(series('GSO', CPI)).title).toBe(`${CPI.name_vi}: Vietnam`);
    expect(name(series('WB', GDP)).title).toBe('GDP (current US$): Vietnam');
    expect(name(series('GSO', { code: 'CPI.YOY', name: 'alias' })).title).toBe('alias: Vietnam');
    const english = series('GSO', CPI);
    expect(seriesNamer(catalogue, 'en')(english)).toBe(english);
  });

  it('finds a code asked in a shorter spelling by its English name, unless two entries of the source share that name', () => {
    // The service answers GSO's short CPI.YOY (for the listed CPI.TOTAL.YOY) under the code asked, with the listed name.
    expect(seriesNamer(catalogue, 'vi')(series('GSO', { code: 'CPI.YOY', name: CPI.name })).title).toBe(`${CPI.name_vi}: Vietnam`);
    const twice: Catalogue = { sources: [{ source: { code: 'GSO', name: 'GSO' }, status: 'ready', indicators: [CPI, { ...CPI, code: 'CPI.OTHER', name_vi: 'khác' }] }] };
    expect(seriesNamer(twice, 'vi')(series('GSO', { code: 'CPI.YOY', name: CPI.name })).title).toBe(`${CPI.name}: Vietnam`);
    // Another source's entry of that name is no match.
    expect(seriesNamer(catalogue, 'vi')(series('IMF', { code: 'CPI.YOY', name: CPI.name })).title).toBe(`${CPI.name}: Vietnam`);
  });
});
