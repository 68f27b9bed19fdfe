/** Type tests: the public types say exactly what the run-time checks let through. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { EconDataClient } from './client/client.ts';
import type { CallOptions } from './client/options.ts';
import type { ExportOptions, ExportRequest } from './client/export.ts';
import type { FetchSeriesOptions } from './client/fetch-series.ts';
import type { BatchIndicatorQuery, EmptyQuery, SeriesQuery, SourceIndicatorsQuery, StockIndex, StockQuery } from './query.ts';
import type { IndicatorRecord, StockRecord, TradeRecord } from './wire/records.ts';

describe('query types', () => {
  it('StockQuery: exactly one of symbol or index', () => {
    expectTypeOf<{ symbol: 'VNM' }>().toExtend<StockQuery>();
    expectTypeOf<{ index: 'VNINDEX'; start_date: '2024-01-02' }>().toExtend<StockQuery>();
    expectTypeOf<{ symbol: 'VNM'; index: 'HNX' }>().not.toExtend<StockQuery>();
    expectTypeOf<{ start_date: '2024-01-02' }>().not.toExtend<StockQuery>();
    expectTypeOf<{ index: 'DOW' }>().not.toExtend<StockQuery>();
    expectTypeOf<{ kind: 'stock'; symbol: 'VNM'; index: 'HNX' }>().not.toExtend<SeriesQuery>();
    expectTypeOf<{ kind: 'stock'; index: StockIndex }>().toExtend<SeriesQuery>();
  });

  it('BatchIndicatorQuery: countries may be omitted (GSO; refused at run time for other sources)', () => {
    expectTypeOf<{ source: 'GSO'; indicators: string[] }>().toExtend<BatchIndicatorQuery>();
    expectTypeOf<BatchIndicatorQuery['countries']>().toEqualTypeOf<string[] | undefined>();
  });

  it('the list routes take an empty query, so options passed first do not compile', () => {
    const none: EmptyQuery = {};
    expect(none).toEqual({});
    expectTypeOf<{ cache: 'no-store' }>().not.toExtend<EmptyQuery>();
    expectTypeOf<{ source_code: 'IMF'; q: 'GDP' }>().toExtend<SourceIndicatorsQuery>();
    expectTypeOf<ExportRequest>().toExtend<{ format: 'csv' | 'excel' }>();
    expectTypeOf<ExportOptions>().toExtend<CallOptions>();
  });

  it('every method takes a query, then one options object', () => {
    type Second<F> = F extends (a: never, b: infer B, ...rest: never[]) => unknown ? B : never;
    expectTypeOf<Second<EconDataClient['getIndicators']>>().toEqualTypeOf<CallOptions | undefined>();
    expectTypeOf<Second<EconDataClient['listSources']>>().toEqualTypeOf<CallOptions | undefined>();
    expectTypeOf<Second<EconDataClient['listSourceIndicators']>>().toEqualTypeOf<CallOptions | undefined>();
    expectTypeOf<Second<EconDataClient['getStocks']>>().toEqualTypeOf<CallOptions | undefined>();
    expectTypeOf<Second<EconDataClient['openExport']>>().toEqualTypeOf<CallOptions | undefined>();
    expectTypeOf<Second<EconDataClient['exportCsv']>>().toEqualTypeOf<ExportOptions | undefined>();
    // fetchSeries' options are a call's options plus onProgress, as exports' are.
    expectTypeOf<Second<EconDataClient['fetchSeries']>>().toEqualTypeOf<FetchSeriesOptions | undefined>();
    expectTypeOf<FetchSeriesOptions>().toExtend<CallOptions>();
  });

  it('the client exposes no internals', () => {
    expectTypeOf<EconDataClient>().not.toHaveProperty('engine');
    expectTypeOf<EconDataClient>().not.toHaveProperty('cache');
    expectTypeOf<EconDataClient>().not.toHaveProperty('attemptOptions');
    expectTypeOf<EconDataClient>().not.toHaveProperty('batch');
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'key-abcdef-0001' });
    expect(Object.keys(c)).toEqual([]);
  });
});

describe('record types', () => {
  it('indicator records: country_code, country_name and unit may be null', () => {
    expectTypeOf<IndicatorRecord['country_code']>().toEqualTypeOf<string | null>();
    expectTypeOf<IndicatorRecord['country_name']>().toEqualTypeOf<string | null>();
    expectTypeOf<IndicatorRecord['unit']>().toEqualTypeOf<string | null>();
    expectTypeOf<IndicatorRecord['value']>().toEqualTypeOf<number | null>();
  });

  it('trade records: partner and hs_code are checked present; the descriptions may be absent or null', () => {
    expectTypeOf<TradeRecord['partner']>().toEqualTypeOf<string>();
    expectTypeOf<TradeRecord['hs_code']>().toEqualTypeOf<string>();
    expectTypeOf<TradeRecord['flow']>().toEqualTypeOf<'exports' | 'imports' | 'balance'>();
    expectTypeOf<TradeRecord['partner_name']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<TradeRecord['unit']>().toEqualTypeOf<string | null | undefined>();
  });

  it('stock records: prices are numbers or null', () => {
    expectTypeOf<StockRecord['close']>().toEqualTypeOf<number | null>();
    expectTypeOf<StockRecord['unit']>().toEqualTypeOf<string | null | undefined>();
  });
});
