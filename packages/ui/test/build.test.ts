import { describe, expect, it } from 'vitest';
import { buildIndicatorQueries, buildStockQuery, buildTradeQuery, emptyIndicatorForm, emptyStockForm, emptyTradeForm } from '../src/index.ts';

describe('buildIndicatorQueries', () => {
  it('emits one query per indicator x country, codes upper-cased, years as numbers', () => {
    const r = buildIndicatorQueries({ ...emptyIndicatorForm(), source: 'WB', indicators: ['NY.GDP.MKTP.CD', 'SP.POP.TOTL'], countries: ['VN', 'th'], startYear: '2010', endYear: ' 2023 ' });
    expect(r).toEqual({ ok: true, queries: [
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2010, end_year: 2023 },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2010, end_year: 2023 },
      { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN', start_year: 2010, end_year: 2023 },
      { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'TH', start_year: 2010, end_year: 2023 },
    ] });
  });
  it('GSO needs no country and carries the frequency', () => {
    expect(buildIndicatorQueries({ ...emptyIndicatorForm(), source: 'GSO', indicators: ['CPI.TOTAL.YOY'], frequency: 'quarterly' })).toEqual({ ok: true, queries: [{ kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.YOY', frequency: 'quarterly' }] });
  });
  it('refuses missing choices and bad years with messages naming the field and the form', () => {
    expect(buildIndicatorQueries(emptyIndicatorForm())).toEqual({ ok: false, errors: {
      source: 'Source: choose a source code such as "WB", "IMF" or "GSO".', indicators: 'Indicators: choose at least one indicator code such as "NY.GDP.MKTP.CD".', countries: 'Countries: choose at least one ISO 2-letter country code such as "VN".',
    } });
    expect(buildIndicatorQueries({ ...emptyIndicatorForm(), source: 'WB', indicators: ['X'], countries: ['VN'], startYear: '20100', endYear: '1799' })).toEqual({ ok: false, errors: {
      startYear: 'Start year: enter a whole year between 1800 and 2200 such as 2015, or leave it empty.', endYear: 'End year: enter a whole year between 1800 and 2200 such as 2015, or leave it empty.',
    } });
    expect(buildIndicatorQueries({ ...emptyIndicatorForm(), source: 'WB', indicators: ['X'], countries: ['VN'], startYear: '2020', endYear: '2010' })).toEqual({ ok: false, errors: { startYear: 'Start year: enter a year no later than the end (2010), or leave it empty.', endYear: 'End year: enter a year no earlier than the start (2020), or leave it empty.' } });
  });
  it("shows what core's rule refuses under its field, naming the value and the accepted form", () => {
    const r = buildIndicatorQueries({ ...emptyIndicatorForm(), source: 'WB', indicators: ['bad code!'], countries: ['VN'] });
    expect(r).toEqual({ ok: false, errors: { indicators: 'Indicators: "bad code!" is not an indicator code such as "NY.GDP.MKTP.CD".' } });
  });
});

describe('buildTradeQuery', () => {
  it('emits the flow and only the filled filters', () => {
    expect(buildTradeQuery({ flow: 'imports', partner: 'cn', hsCode: '85', startPeriod: '2024-03', endPeriod: '2024-03' })).toEqual({ ok: true, queries: [{ kind: 'trade', flow: 'imports', partner: 'CN', hs_code: '85', period: '2024-03' }] });
    expect(buildTradeQuery(emptyTradeForm())).toEqual({ ok: true, queries: [{ kind: 'trade', flow: 'exports' }] });
  });
  it('emits a range of months as core\'s start_period / end_period, either end open', () => {
    expect(buildTradeQuery({ ...emptyTradeForm(), startPeriod: '2024-01', endPeriod: ' 2024-06 ' })).toEqual({ ok: true, queries: [{ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' }] });
    expect(buildTradeQuery({ ...emptyTradeForm(), startPeriod: '2024-01' })).toEqual({ ok: true, queries: [{ kind: 'trade', flow: 'exports', start_period: '2024-01' }] });
    expect(buildTradeQuery({ ...emptyTradeForm(), endPeriod: '2013-12' })).toEqual({ ok: true, queries: [{ kind: 'trade', flow: 'exports', end_period: '2013-12' }] });
  });
  it('refuses a bad partner, HS code and month, and a range that runs backwards', () => {
    expect(buildTradeQuery({ flow: 'balance', partner: 'China', hsCode: '8', startPeriod: '2024-3', endPeriod: '2024-3' })).toEqual({ ok: false, errors: {
      partner: 'Partner: enter an ISO 2-letter country code, or "WLD" for all partners; leave it empty for all.',
      hsCode: 'HS code: enter an HS code of 2 to 10 digits, or "TOTAL" for all goods, or leave it empty.',
      startPeriod: 'From month: enter a month YYYY-MM such as "2024-03", or leave it empty for every month.',
    } });
    expect(buildTradeQuery({ ...emptyTradeForm(), startPeriod: '2024-06', endPeriod: '2024-01' })).toEqual({ ok: false, errors: {
      startPeriod: 'From month: enter a month no later than the end (2024-01), or leave it empty for the first month.',
      endPeriod: 'To month: enter a month no earlier than the start (2024-06), or leave it empty for the last month.',
    } });
  });
});

describe('buildStockQuery', () => {
  it('emits a symbol or an index, never both', () => {
    expect(buildStockQuery({ ...emptyStockForm(), symbol: 'vnm', index: 'HNX', startDate: '2024-01-02', endDate: '2024-06-28' })).toEqual({ ok: true, queries: [{ kind: 'stock', symbol: 'VNM', start_date: '2024-01-02', end_date: '2024-06-28' }] });
    expect(buildStockQuery({ ...emptyStockForm(), target: 'index', symbol: 'VNM', index: 'UPCOM' })).toEqual({ ok: true, queries: [{ kind: 'stock', index: 'UPCOM' }] });
  });
  it('refuses an empty symbol, unreal dates and a reversed range', () => {
    expect(buildStockQuery({ ...emptyStockForm(), startDate: '2024-02-30', endDate: '28/06/2024' })).toEqual({ ok: false, errors: {
      symbol: 'Symbol: enter a stock symbol of 1 to 10 letters or digits such as "VNM".',
      startDate: 'Start date: enter a calendar date YYYY-MM-DD such as "2024-03-15", or leave it empty.',
      endDate: 'End date: enter a calendar date YYYY-MM-DD such as "2024-03-15", or leave it empty.',
    } });
    expect(buildStockQuery({ ...emptyStockForm(), symbol: 'FPT', startDate: '2024-06-01', endDate: '2024-01-01' })).toEqual({ ok: false, errors: { startDate: 'Start date: enter a date no later than the end (2024-01-01), or leave it empty.', endDate: 'End date: enter a date no earlier than the start (2024-06-01), or leave it empty.' } });
  });
});
