/** Every wire check refuses what its type does not allow, and the client turns that into an invalid_response. */
import { describe, expect, it } from 'vitest';
import { EconDataClient } from '../client/client.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import { checkBatchItems, checkCountryItem, checkIndicatorItem, checkIndicatorRecord, checkListItem, checkSourceItem, checkStockRecord, checkTradeRecord } from './check.ts';

const trade = { period: '2024-03', flow: 'exports', partner: 'WLD', partner_name: 'World', hs_code: 'TOTAL', hs_description: 'All goods', value: 35.2, ytd_value: 93.1, unit: 'USD billion' };
const stock = { symbol: 'VNM', date: '2024-03-01', open: 68.1, high: 69, low: 67.8, close: 68.5, volume: 1_234_500, unit: 'thousand VND' };
const indicator = { indicator_code: 'A', indicator_name: 'A name', country_code: 'VN', country_name: 'Vietnam', year: 2020, value: 1.5, unit: 'USD' };

describe('checkIndicatorRecord', () => {
  it('lets null country_code, country_name, unit and value through', () => {
    expect(checkIndicatorRecord({ ...indicator, country_code: null, country_name: null, unit: null, value: null })).toBeUndefined();
  });
  it.each([
    [{ indicator_name: 1 }, 'indicator_name is not a string'],
    [{ country_code: 5 }, 'country_code is not a string'],
    [{ country_name: false }, 'country_name is not a string'],
    [{ year: 2020.5 }, 'year is not an integer'],
    [{ value: '1' }, 'value is not a number or null'],
    [{ unit: 3 }, 'unit is not a string'],
    [{ period: 202403 }, 'period is not a string'],
    [{ is_projection: 'yes' }, 'is_projection is not a boolean or null'],
  ])('refuses %o', (change, problem) => {
    expect(checkIndicatorRecord({ ...indicator, ...change })).toBe(problem);
  });
});

describe('checkTradeRecord', () => {
  it('accepts a full record, and one without the optional text fields', () => {
    expect(checkTradeRecord(trade)).toBeUndefined();
    const { partner_name: _p, hs_description: _h, unit: _u, ytd_value: _y, ...bare } = trade;
    expect(checkTradeRecord(bare)).toBeUndefined();
    expect(checkTradeRecord({ ...trade, partner_name: null, hs_description: null, unit: null, value: null, ytd_value: null })).toBeUndefined();
    const { value: _v, ...noValue } = bare;
    const open: Record<string, unknown> = noValue;
    expect(checkTradeRecord(open)).toBeUndefined();
    expect(open['value']).toBeNull();
  });
  it.each([
    [{ period: undefined }, 'period is not a string'],
    [{ flow: 1 }, 'flow is not a string'],
    [{ flow: 'transit' }, 'flow is not exports, imports or balance'],
    [{ partner: undefined }, 'partner is not a string'],
    [{ partner: 84 }, 'partner is not a string'],
    [{ hs_code: undefined }, 'hs_code is not a string'],
    [{ hs_code: 27 }, 'hs_code is not a string'],
    [{ value: '35.2' }, 'value is not a number or null'],
    [{ value: Infinity }, 'value is Infinity, not a finite number'],
    [{ ytd_value: '93' }, 'ytd_value is not a number or null'],
    [{ partner_name: 1 }, 'partner_name is not a string or null'],
    [{ hs_description: {} }, 'hs_description is not a string or null'],
    [{ unit: 1 }, 'unit is not a string or null'],
  ])('refuses %o', (change, problem) => {
    expect(checkTradeRecord({ ...trade, ...change })).toBe(problem);
  });
});

describe('checkStockRecord', () => {
  it('accepts stock and index records, null prices and a missing unit', () => {
    expect(checkStockRecord(stock)).toBeUndefined();
    const { symbol: _s, unit: _u, ...bare } = stock;
    expect(checkStockRecord({ ...bare, index: 'VNINDEX', close: null })).toBeUndefined();
  });
  it('takes an absent price or volume as a missing value (null), not a refusal', () => {
    const closeOnly: Record<string, unknown> = { index: 'VNINDEX', date: '2024-03-01', close: 1258.2 };
    expect(checkStockRecord(closeOnly)).toBeUndefined();
    expect(closeOnly).toEqual({ index: 'VNINDEX', date: '2024-03-01', open: null, high: null, low: null, close: 1258.2, volume: null });
  });
  it.each([
    [{ date: 20240301 }, 'date is not a string'],
    [{ open: '68' }, 'open is not a number or null'],
    [{ low: {} }, 'low is not a number or null'],
    [{ close: '68.5' }, 'close is not a number or null'],
    [{ symbol: undefined }, 'neither symbol nor index is a string'],
    [{ symbol: 1 }, 'symbol is not a string'],
    [{ index: 2 }, 'index is not a string'],
    [{ unit: 5 }, 'unit is not a string or null'],
  ])('refuses %o', (change, problem) => {
    expect(checkStockRecord({ ...stock, ...change })).toBe(problem);
  });
});

describe('checkListItem', () => {
  it('accepts code and name with anything else', () => {
    expect(checkListItem({ code: 'WB', name: 'World Bank', indicator_count: 12 })).toBeUndefined();
  });
  it.each([
    [{ name: 'World Bank' }, 'code is not a string'],
    [{ code: 7, name: 'World Bank' }, 'code is not a string'],
    [{ code: 'WB' }, 'name is not a string'],
    [{ code: 'WB', name: null }, 'name is not a string'],
  ])('refuses %o', (item, problem) => {
    expect(checkListItem(item)).toBe(problem);
  });
});

describe('the list routes\' own fields', () => {
  it('accept what the types allow, with and without the optional fields', () => {
    expect(checkSourceItem({ code: 'WB', name: 'World Bank', description: 'WDI', frequencies: ['annual'], last_updated: null, indicator_count: 12 })).toBeUndefined();
    expect(checkIndicatorItem({ code: 'NGDPD', name: 'GDP', unit: null, frequencies: ['annual'], first_period: '1980', last_period: null, description: null })).toBeUndefined();
    expect(checkCountryItem({ code: 'VN', name: 'Viet Nam', iso3: 'VNM', region: null, income_group: 'Lower middle income' })).toBeUndefined();
    expect([checkSourceItem, checkIndicatorItem, checkCountryItem].map((check) => check({ code: 'X', name: 'X' }))).toEqual([undefined, undefined, undefined]);
  });
  it.each([
    ['sources', checkSourceItem, { code: 7 }, 'code is not a string'],
    ['sources', checkSourceItem, { description: null }, 'description is not a string'],
    ['sources', checkSourceItem, { frequencies: 'annual' }, 'frequencies is not a list of strings'],
    ['sources', checkSourceItem, { frequencies: ['annual', 1] }, 'frequencies is not a list of strings'],
    ['sources', checkSourceItem, { last_updated: 20240101 }, 'last_updated is not a string or null'],
    ['sources', checkSourceItem, { indicator_count: '12' }, 'indicator_count is not a number'],
    ['indicators', checkIndicatorItem, { unit: 1 }, 'unit is not a string or null'],
    ['indicators', checkIndicatorItem, { first_period: 1980 }, 'first_period is not a string or null'],
    ['indicators', checkIndicatorItem, { last_period: false }, 'last_period is not a string or null'],
    ['indicators', checkIndicatorItem, { description: [] }, 'description is not a string or null'],
    ['countries', checkCountryItem, { iso3: null }, 'iso3 is not a string'],
    ['countries', checkCountryItem, { region: 3 }, 'region is not a string or null'],
    ['countries', checkCountryItem, { income_group: {} }, 'income_group is not a string or null'],
  ] as const)('%s: refuses %o', (_route, check, change, problem) => {
    expect(check({ code: 'X', name: 'X', ...change })).toBe(problem);
  });
});

describe('checkBatchItems', () => {
  const ctx = { status: 200, text: '{}', key: undefined };
  it('accepts no items, and items with an indicator and a status', () => {
    expect(checkBatchItems({}, ctx)).toEqual([]);
    const items = [{ indicator: 'A', country: 'VN', status: 200, total_records: 1 }, { indicator: 'B', country: null, status: 404, total_records: 0, message: 'Data not found' }];
    expect(checkBatchItems({ items }, ctx)).toEqual(items);
  });
  it.each([
    [{ items: {} }, '"items" is not an array'],
    [{ items: [null] }, 'items[0] lacks indicator or status'],
    [{ items: [{ indicator: 'A', status: 200 }, { status: 404 }] }, 'items[1] lacks indicator or status'],
    [{ items: [{ indicator: 'A', status: '200' }] }, 'items[0] lacks indicator or status'],
  ])('refuses %o', (json, problem) => {
    expect(() => checkBatchItems(json, ctx)).toThrow(expect.objectContaining({ code: 'invalid_response', status: 200, message: `The service's answer (status 200) is not what the interface promises: ${problem}. Try again later; if it persists, report it to the provider.` }) as Error);
  });
});

describe('through the client, a failing check is an invalid_response naming the record', () => {
  const client = (body: unknown) => new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'key-abcdef-0001', maxRetries: 0, transport: new FakeTransport(json(200, body)) });
  const reason = (what: string) => `The service's answer (status 200) is not what the interface promises: ${what}. Try again later; if it persists, report it to the provider.`;

  it('trade', async () => {
    await expect(client(envelope([trade, { ...trade, partner: undefined }])).getTrade({ flow: 'exports' })).rejects.toMatchObject({ code: 'invalid_response', message: reason('data[1]: partner is not a string') });
  });
  it('stocks', async () => {
    await expect(client(envelope([{ ...stock, close: 'n/a' }])).getStocks({ symbol: 'VNM' })).rejects.toMatchObject({ code: 'invalid_response', message: reason('data[0]: close is not a number or null') });
  });
  it('list items', async () => {
    await expect(client(envelope([{ code: 'VN' }])).listCountries()).rejects.toMatchObject({ code: 'invalid_response', message: reason('data[0]: name is not a string') });
    await expect(client(envelope([{ name: 'GDP' }])).listSourceIndicators({ source_code: 'IMF' })).rejects.toMatchObject({ code: 'invalid_response', message: reason('data[0]: code is not a string') });
    await expect(client(envelope([{ code: 'WB', name: 'World Bank', indicator_count: 'many' }])).listSources()).rejects.toMatchObject({ code: 'invalid_response', message: reason('data[0]: indicator_count is not a number') });
  });
  it('batch items', async () => {
    const body = { ...(envelope([indicator]) as object), items: [{ indicator: 'A', country: 'VN' }] };
    await expect(client(body).batchIndicators({ source: 'WB', indicators: ['A'], countries: ['VN'] })).rejects.toMatchObject({ code: 'invalid_response', message: reason('items[0] lacks indicator or status') });
  });
});
