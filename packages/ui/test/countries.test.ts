/** filterCountries: countries by name, their aliases and other spellings, with or without accents. */
import type { CountryInfo } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { filterCountries } from '../src/index.ts';
import { COUNTRY_ALIASES } from '../src/pickers/countries.ts';

const c = (code: string, iso3: string, name: string, region: string | null): CountryInfo => ({ code, iso3, name, region, income_group: null });
// The service's spellings (countries.csv): "Vietnam", "UK", "US", "South Korea", "Türkiye", "Laos".
const list = [
  c('AD', 'AND', 'Andorra', 'Europe & Central Asia'), c('AE', 'ARE', 'United Arab Emirates', 'Middle East'),
  c('AF', 'AFG', 'Afghanistan', 'South Asia'), c('1A', 'ARB', 'Arab World', null), c('VN', 'VNM', 'Vietnam', 'East Asia & Pacific'),
  c('1W', 'WLD', 'World', null), c('TH', 'THA', 'Thailand', 'East Asia & Pacific'), c('AX', 'ALA', 'Åland Islands', null),
  c('GB', 'GBR', 'UK', 'Europe & Central Asia'), c('US', 'USA', 'US', 'North America'), c('KR', 'KOR', 'South Korea', 'East Asia & Pacific'),
  c('KP', 'PRK', 'North Korea', 'East Asia & Pacific'), c('RU', 'RUS', 'Russia', 'Europe & Central Asia'), c('TR', 'TUR', 'Türkiye', 'Europe & Central Asia'),
  c('LA', 'LAO', 'Laos', 'East Asia & Pacific'), c('AU', 'AUS', 'Australia', 'East Asia & Pacific'), c('AT', 'AUT', 'Austria', 'Europe & Central Asia'),
];
const codes = (found: CountryInfo[]): string[] => found.map((x) => x.code);

describe('filterCountries', () => {
  it('lists countries by name (accents sorted with their letter), then aggregates by name', () => {
    expect(codes(filterCountries(list, ''))).toEqual(['AF', 'AD', 'AU', 'AT', 'LA', 'KP', 'RU', 'KR', 'TH', 'TR', 'GB', 'AE', 'US', 'VN', 'AX', '1A', '1W']);
  });

  it('finds a country by every spelling the issue names, with or without accents', () => {
    const cases: Array<[string, string]> = [
      ['Viet Nam', 'VN'], ['Việt Nam', 'VN'], ['viet nam', 'VN'], ['VIETNAM', 'VN'], ['Vietnam', 'VN'], ['VNM', 'VN'], ['vn', 'VN'],
      ['Korea', 'KR'], ['South Korea', 'KR'], ['Korea, Rep.', 'KR'], ['Russian Federation', 'RU'], ['Russia', 'RU'],
      ['United Kingdom', 'GB'], ['UK', 'GB'], ['USA', 'US'], ['United States', 'US'], ['US', 'US'],
      ['Turkey', 'TR'], ['Türkiye', 'TR'], ['turkiye', 'TR'], ['Lao PDR', 'LA'], ['Laos', 'LA'], ['aland', 'AX'],
    ];
    for (const [text, code] of cases) expect(filterCountries(list, text)[0]?.code, text).toBe(code);
  });

  it('puts a code first, then whole names, names starting with the text, then any word starting with it', () => {
    expect(codes(filterCountries(list, 'au'))).toEqual(['AU', 'AT']); // "au" is not a code here, both names start with it
    expect(codes(filterCountries(list, 'kor'))).toEqual(['KR', 'KP']); // alias "Korea" starts with it; "North Korea" a word of it
    expect(codes(filterCountries(list, 'a')).slice(0, 4)).toEqual(['AF', 'AD', 'AU', 'AT']);
    expect(codes(filterCountries(list, '1w'))).toEqual(['1W']);
    expect(codes(filterCountries(list, 'arab'))).toEqual(['1A', 'AE']); // the aggregate's name starts with it
    expect(filterCountries(list, 'Narnia')).toEqual([]);
  });

  it('finds each alias of the list on the countries the list names', () => {
    const all = Object.keys(COUNTRY_ALIASES).map((code) => c(code, `${code}X`, code, 'Region'));
    for (const [code, aliases] of Object.entries(COUNTRY_ALIASES)) {
      for (const alias of aliases) expect(filterCountries(all, alias)[0]?.code, alias).toBe(code);
    }
  });
});
