import { describe, expect, it } from 'vitest';
import { foldText, withinOneEdit } from '../src/search/fold.ts';
import { searchIndicators, type SearchEntry } from '../src/search/search-indicators.ts';
import { queryTerms } from '../src/search/synonyms.ts';

const e = (source: string, code: string, name: string, more: Partial<SearchEntry> = {}): SearchEntry => ({ source, code, name, ...more });

const ENTRIES: SearchEntry[] = [
  e('WB', 'NY.GDP.MKTP.CD', 'GDP (current US$)', { unit: 'current US$', description: 'Gross domestic product at purchaser prices.' }),
  e('WB', 'NY.GDP.MKTP.KD.ZG', 'GDP growth (annual %)', { unit: 'annual %' }),
  e('WB', 'FP.CPI.TOTL.ZG', 'Inflation, consumer prices (annual %)', { unit: 'annual %' }),
  e('WB', 'SP.POP.TOTL', 'Population, total', { description: 'Counts all residents; growth is not adjusted for inflation.' }),
  e('IMF', 'PCPIPCH', 'All Items, Consumer price index (CPI), Period average, percent change', { unit: 'Percent' }),
  e('IMF', 'NGDP_RPCH', 'Gross domestic product (GDP), Constant prices, Percent change', { unit: 'Percent' }),
  e('GSO', 'CPI.TOTAL.YOY', 'Consumer prices: Consumer price index (all items), change vs same month of previous year', { name_vi: 'CHỈ SỐ GIÁ TIÊU DÙNG' }),
  e('GSO', 'TRADE.EXPORT.TOTAL.VALUE', 'Merchandise exports: TOTAL, value', { unit: 'million USD', name_vi: 'Xuất khẩu hàng hóa: TỔNG TRỊ GIÁ, trị giá' }),
  e('GSO', 'TRADE.IMPORT.TOTAL.VALUE', 'Merchandise imports: TOTAL, value', { unit: 'million USD', name_vi: 'Nhập khẩu hàng hóa: TỔNG TRỊ GIÁ, trị giá' }),
  e('WB', 'NE.EXP.GNFS.ZS', 'Exports of goods and services (% of GDP)', { unit: '% of GDP' }),
  e('X', 'DONG.RATE', 'Đồng exchange rate', { unit: 'VND per USD' }),
];
const codes = (text: string, options = {}): string[] => searchIndicators(ENTRIES, text, options).map((x) => x.code);

describe('foldText and withinOneEdit', () => {
  it('folds case, accents and the Vietnamese đ', () => {
    expect(foldText('Lạm phát')).toBe('lam phat');
    expect(foldText('ĐỒNG đô la Tiêu Dùng')).toBe('dong do la tieu dung');
    expect(foldText('Crédit Agricole')).toBe('credit agricole');
  });

  it('counts one insertion, deletion, replacement or swap of neighbours as one edit, and no more', () => {
    expect(withinOneEdit('inflaton', 'inflation')).toBe(true);
    expect(withinOneEdit('inflatiion', 'inflation')).toBe(true);
    expect(withinOneEdit('inflazion', 'inflation')).toBe(true);
    expect(withinOneEdit('inflaiton', 'inflation')).toBe(true);
    expect(withinOneEdit('inflatoin', 'inflation')).toBe(true);
    expect(withinOneEdit('infaltoin', 'inflation')).toBe(false);
    expect(withinOneEdit('inflat', 'inflation')).toBe(false);
    expect(withinOneEdit('exports', 'export')).toBe(true);
  });
});

describe('queryTerms: synonym phrases', () => {
  it('takes the longest synonym phrase as one term with its group, other words alone', () => {
    const terms = queryTerms(['consumer', 'price', 'index', 'vietnam']);
    expect(terms.map((t) => t.typed.join(' '))).toEqual(['consumer price index', 'vietnam']);
    expect(terms[0]?.alternatives.map((p) => p.join(' '))).toEqual(['consumer price index', 'inflation', 'cpi', 'consumer prices', 'lam phat', 'chi so gia tieu dung']);
    expect(terms[1]?.alternatives).toEqual([['vietnam']]);
  });

  it('a word one edit from a one-word synonym still brings its group; a short one does not', () => {
    expect(queryTerms(['inflaton'])[0]?.alternatives.map((p) => p.join(' '))).toContain('cpi');
    expect(queryTerms(['gpd'])[0]?.alternatives).toEqual([['gpd']]);
  });
});

describe('searchIndicators', () => {
  it('ranks the exact code first, then code prefixes, then all words in the name, then elsewhere', () => {
    expect(codes('NY.GDP.MKTP.CD')[0]).toBe('NY.GDP.MKTP.CD');
    expect(codes('ny.gdp.mktp.cd')[0]).toBe('NY.GDP.MKTP.CD');
    expect(codes('NY.GDP').slice(0, 2)).toEqual(['NY.GDP.MKTP.CD', 'NY.GDP.MKTP.KD.ZG']);
    // "inflation" in the name (WB) before a synonym in the name (IMF, GSO) before a description (population).
    const inflation = codes('inflation');
    expect(inflation[0]).toBe('FP.CPI.TOTL.ZG');
    expect(inflation.slice(1, 3).sort()).toEqual(['CPI.TOTAL.YOY', 'PCPIPCH']);
    expect(inflation.at(-1)).toBe('SP.POP.TOTL');
  });

  it('needs every word of the query somewhere', () => {
    expect(codes('gdp current')).toEqual(['NY.GDP.MKTP.CD']);
    expect(codes('gdp nowhere')).toEqual([]);
    expect(codes('')).toEqual([]);
    expect(codes('  ,. ')).toEqual([]);
  });

  it('ignores case and accents, and reads Vietnamese names typed without them', () => {
    expect(codes('chi so gia tieu dung')).toContain('CPI.TOTAL.YOY');
    expect(codes('CHỈ SỐ GIÁ')).toEqual(['CPI.TOTAL.YOY']);
    expect(codes('dong exchange')).toEqual(['DONG.RATE']);
    expect(codes('Đồng')).toEqual(['DONG.RATE']);
    expect(codes('xuat khau')).toEqual(['TRADE.EXPORT.TOTAL.VALUE', 'NE.EXP.GNFS.ZS']);
  });

  it('forgives one edit in words of five letters or more, ranking the exact word first', () => {
    expect(codes('inflaton')).toContain('FP.CPI.TOTL.ZG');
    expect(codes('populaton')).toEqual(['SP.POP.TOTL']);
    expect(codes('gpd')).toEqual([]);
    expect(codes('consumr prices')).toContain('CPI.TOTAL.YOY');
  });

  it('matches the start of a word as it is typed', () => {
    expect(codes('infl')).toContain('FP.CPI.TOTL.ZG');
    expect(codes('popul')).toEqual(['SP.POP.TOTL']);
  });

  it('finds synonyms: lạm phát and CPI are inflation, output is GDP, exports are exports of goods', () => {
    // The three consumer price series in their names; population only mentions inflation in its description.
    expect(codes('lạm phát').slice(0, 3).sort()).toEqual(['CPI.TOTAL.YOY', 'FP.CPI.TOTL.ZG', 'PCPIPCH']);
    expect(codes('lạm phát').slice(3)).toEqual(['SP.POP.TOTL']);
    expect(codes('cpi')).toContain('FP.CPI.TOTL.ZG');
    expect(codes('output')).toEqual(expect.arrayContaining(['NY.GDP.MKTP.CD', 'NGDP_RPCH']));
    expect(codes('gdp growth').slice(0, 2)).toEqual(['NY.GDP.MKTP.KD.ZG', 'NGDP_RPCH']);
    // GSO's trade names say exports (issue 28): the shorter name, mostly "exports", first.
    expect(codes('exports')).toEqual(['TRADE.EXPORT.TOTAL.VALUE', 'NE.EXP.GNFS.ZS']);
  });

  it('carries Vietnamese economic terms as it carries English ones, typed with or without accents', () => {
    const list = [
      e('WB', 'NE.RSB.GNFS.CD', 'External balance on goods and services (current US$)'),
      e('WB', 'PA.NUS.FCRF', 'Official exchange rate (LCU per US$, period average)'),
      e('WB', 'FR.INR.LEND', 'Lending interest rate (%)'),
      e('GSO', 'IIP.TOTAL.YOY', 'Industrial production index: Whole industry, change vs same month of previous year'),
      e('GSO', 'RETAIL.TOTAL.VALUE', 'Retail sales of goods and consumer services: TOTAL, value'),
      e('WB', 'NY.GDP.MKTP.KD.ZG', 'GDP growth (annual %)'),
      e('WB', 'BN.CAB.XOKA.CD', 'Current account balance (BoP, current US$)'),
    ];
    const first = (text: string): string | undefined => searchIndicators(list, text)[0]?.code;
    for (const [vi, code] of [
      ['cán cân thương mại', 'NE.RSB.GNFS.CD'], ['tỷ giá', 'PA.NUS.FCRF'], ['lãi suất', 'FR.INR.LEND'], ['sản xuất công nghiệp', 'IIP.TOTAL.YOY'],
      ['bán lẻ', 'RETAIL.TOTAL.VALUE'], ['tăng trưởng GDP', 'NY.GDP.MKTP.KD.ZG'], ['tổng sản phẩm quốc nội', 'NY.GDP.MKTP.KD.ZG'], ['cán cân vãng lai', 'BN.CAB.XOKA.CD'],
    ] as const) {
      expect(first(vi), vi).toBe(code);
      expect(first(foldText(vi)), foldText(vi)).toBe(code);
    }
  });

  it('within a rank, puts the name the query accounts for most of first (the headline above a component)', () => {
    const list = [
      e('GSO', 'CPI.CORE_INFLATION.MOM', 'Consumer prices: Core inflation, change vs previous month', { name_vi: 'LẠM PHÁT CƠ BẢN' }),
      e('GSO', 'CPI.TOTAL.MOM', 'Consumer prices: Consumer price index (all items), change vs previous month', { name_vi: 'CHỈ SỐ GIÁ TIÊU DÙNG' }),
      e('WB', 'NY.GDP.DEFL.KD.ZG', 'Inflation, GDP deflator (annual %)'),
      e('WB', 'FP.CPI.TOTL.ZG', 'Inflation, consumer prices (annual %)'),
    ];
    const order = (text: string): string[] => searchIndicators(list, text).map((x) => x.code);
    // Three of the World Bank name's four words are inflation; GSO's core inflation, a component of a
    // table whose total matches too, comes after the rest (issue 28).
    expect(order('inflation')).toEqual(['FP.CPI.TOTL.ZG', 'NY.GDP.DEFL.KD.ZG', 'CPI.TOTAL.MOM', 'CPI.CORE_INFLATION.MOM']);
    // A Vietnamese name counts for what was typed in it, not for its synonyms.
    expect(order('consumer prices')[0]).toBe('FP.CPI.TOTL.ZG');
  });

  it('ranks a table\'s total above its components (core, a sector, a commodity) unless the query names the component', () => {
    const list = [
      e('GSO', 'CPI.CORE_INFLATION.YOY', 'Consumer prices: Core inflation, change vs same month of previous year', { name_vi: 'Chỉ số giá tiêu dùng: LẠM PHÁT CƠ BẢN, thay đổi so với cùng tháng năm trước' }),
      e('GSO', 'CPI.TOTAL.YOY', 'Consumer prices: Consumer price index (all items), change vs same month of previous year', { name_vi: 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với cùng tháng năm trước' }),
      e('WB', 'FP.CPI.TOTL.ZG', 'Inflation, consumer prices (annual %)'),
      e('GSO', 'TRADE.EXPORT.RICE.VALUE', 'Merchandise exports: Rice, value', { name_vi: 'Xuất khẩu hàng hóa: Gạo, trị giá' }),
      e('GSO', 'TRADE.EXPORT.TOTAL.VALUE', 'Merchandise exports: TOTAL, value', { name_vi: 'Xuất khẩu hàng hóa: TỔNG TRỊ GIÁ, trị giá' }),
      e('GSO', 'GDP.INDUSTRY.YOY', 'Gross domestic product at constant 2010 prices: Industry, change vs same quarter of previous year'),
      e('GSO', 'GDP.TOTAL.YOY', 'Gross domestic product at constant 2010 prices: TOTAL GDP, change vs same quarter of previous year'),
    ];
    const order = (text: string): string[] => searchIndicators(list, text).map((x) => x.code);
    // "lạm phát" is typed in core inflation's Vietnamese name, yet the headline CPI comes first.
    expect(order('lạm phát')).toEqual(['FP.CPI.TOTL.ZG', 'CPI.TOTAL.YOY', 'CPI.CORE_INFLATION.YOY']);
    expect(order('lam phat')).toEqual(['FP.CPI.TOTL.ZG', 'CPI.TOTAL.YOY', 'CPI.CORE_INFLATION.YOY']);
    expect(order('xuất khẩu')).toEqual(['TRADE.EXPORT.TOTAL.VALUE', 'TRADE.EXPORT.RICE.VALUE']);
    expect(order('gdp growth')).toEqual(['GDP.TOTAL.YOY', 'GDP.INDUSTRY.YOY']);
    // Named, the component is what was asked for: the total does not match "core" or "gạo".
    expect(order('core inflation')).toEqual(['CPI.CORE_INFLATION.YOY']);
    expect(order('lạm phát cơ bản')).toEqual(['CPI.CORE_INFLATION.YOY']);
    expect(order('xuất khẩu gạo')).toEqual(['TRADE.EXPORT.RICE.VALUE']);
  });

  it('keeps to the limit and to a chosen source', () => {
    expect(codes('gdp', { limit: 2 })).toHaveLength(2);
    expect(codes('inflation', { source: 'IMF' })).toEqual(['PCPIPCH']);
    expect(codes('gdp', { limit: 0 })).toEqual([]);
  });

  it('returns the entries themselves, source included, and is the same for the same array', () => {
    const first = searchIndicators(ENTRIES, 'population');
    expect(first[0]).toBe(ENTRIES[3]);
    expect(searchIndicators(ENTRIES, 'population')).toEqual(first);
  });
});
