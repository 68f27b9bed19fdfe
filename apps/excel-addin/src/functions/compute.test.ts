/** The pure parts of the ECON.* functions, and the fallbacks that only a scripted service can show. */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, ConnectionError, InvalidParameterError, NotFoundError, PermissionDeniedError, QuotaExhaustedError, RateLimitedError, ServerError, type Series, type SeriesQuery } from '@econdata/core';
import { envelope, FakeTransport, json } from '@econdata/core/testing';
import { createAddinRuntime } from '../runtime/runtime.ts';
import { MemoryStorage } from '../runtime/storage.ts';
import { NotConnectedError } from '../runtime/types.ts';
import { ArgumentError, cellTexts, indicatorQueries, MAX_SERIES_PER_CELL, serialToIsoDate, stockQueries, tradeQuery } from './args.ts';
import { excelError } from './errors.ts';
import { gridValues, layoutSeries } from '@econdata/sheets';
import type { AddinRuntime } from '../runtime/types.ts';
import { indicatorFormula, spillOf, stockFormula, tradeFormula } from './compute.ts';

const fail = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
};

describe('arguments to queries', () => {
  it('one query per indicator x country of the ranges, empty cells skipped, codes upper-cased', () => {
    expect(indicatorQueries('wb', [['NY.GDP.MKTP.CD', 'SP.POP.TOTL']], [['vn'], [null], ['TH']], 2000, 2020, null)).toEqual([
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2020 },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2000, end_year: 2020 },
      { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN', start_year: 2000, end_year: 2020 },
      { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'TH', start_year: 2000, end_year: 2020 },
    ]);
    expect(indicatorQueries('GSO', [['CPI.TOTAL.YOY']], [['']], '2024', undefined, 'Monthly')).toEqual([{ kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.YOY', start_year: 2024, frequency: 'monthly' }]);
    expect(cellTexts([[' a ', 3, true, '', null]])).toEqual(['a', '3', 'true']);
  });

  it('refuses what cannot be right, naming the argument', () => {
    expect(fail(() => indicatorQueries('WB', [['X']], [['']]))).toEqual(new ArgumentError('country', 'Invalid country: expected at least one ISO 2-letter country code such as "VN", got an empty list. Correct it and try again.'));
    expect((fail(() => indicatorQueries('WB', [['X']], [['VN']], 2020, 2010)) as Error).message).toBe('Invalid start_year: 2020 is after end_year 2010; start_year must be <= end_year.');
    expect((fail(() => indicatorQueries('WB', [['X']], [['VN']], 2019.5)) as Error).message).toBe('Invalid start_year: expected a whole year between 1800 and 2200 such as 2015, got 2019.5. Correct it and try again.');
    expect((fail(() => indicatorQueries('IMF', [['X']], [['VN']], null, null, 'monthly')) as Error).message).toBe('Invalid frequency: it applies only to source GSO, not IMF. Remove it or use source "GSO".');
    expect((fail(() => indicatorQueries('GSO', [['X']], [['']], null, null, 'weekly')) as Error).message).toBe('Invalid frequency: expected one of monthly, quarterly, annual, got "weekly". Correct it and try again.');
    const many = Array.from({ length: MAX_SERIES_PER_CELL + 1 }, (_, i) => [`C${i}`]);
    expect((fail(() => indicatorQueries('WB', [['X']], many)) as Error).message).toBe(`This formula asks for ${MAX_SERIES_PER_CELL + 1} series; one cell may ask for at most ${MAX_SERIES_PER_CELL}. Split the ranges over several cells.`);
  });

  it('trade and stock arguments accept Excel dates (serial numbers) where a date or month is asked', () => {
    expect(serialToIsoDate(45352)).toBe('2024-03-01');
    expect(tradeQuery('Exports', 'wld', 85, 45352)).toEqual({ kind: 'trade', flow: 'exports', partner: 'WLD', hs_code: '85', period: '2024-03' });
    expect(tradeQuery(null, null, null, null)).toEqual({ kind: 'trade' });
    expect((fail(() => tradeQuery('exports', null, null, 'March')) as Error).message).toBe('Invalid period: expected a month YYYY-MM such as "2024-03", got "March". Correct it and try again.');
    // A range of months: one request for every month, trimmed by core.
    expect(tradeQuery('exports', null, null, '2024-01:2024-06')).toEqual({ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' });
    expect(tradeQuery('exports', null, null, ' 2024-10 : ')).toEqual({ kind: 'trade', flow: 'exports', start_period: '2024-10' });
    expect((fail(() => tradeQuery('exports', null, null, '2024-06:2024-01')) as Error).message).toBe('Invalid period: 2024-06 is after end_period 2024-01; start_period must be <= end_period.');
    expect(stockQueries([['vnm']], 45352, '2024-03-29', null)).toEqual({ queries: [{ kind: 'stock', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-29' }], fields: ['open', 'high', 'low', 'close', 'volume'] });
    expect(stockQueries([['VNM', 'vnindex']], null, null, null)).toEqual({ queries: [{ kind: 'stock', symbol: 'VNM' }, { kind: 'stock', index: 'VNINDEX' }], fields: ['close'] });
    expect((fail(() => stockQueries([['VNM']], null, null, 'price')) as Error).message).toBe('Invalid field: expected one of open, high, low, close, volume, got "price". Correct it and try again.');
  });
});

const series = (over: Partial<Series>): Series => ({
  id: 'indicator:WB:X:VN', kind: 'indicator', title: 'GDP (current US$): Vietnam', frequency: 'annual', dimensions: {},
  columns: [{ key: 'value', label: 'GDP (current US$)', unit: 'current US$' }], periods: ['2019', '2020'], values: [[1, null]],
  provenance: { source: 'WB', last_updated: null, retrieved_at: '2026-01-01T00:00:00Z', endpoint: '/indicators', query: { kind: 'indicator', source: 'WB', indicator: 'X', country: 'VN' } },
  ...over,
});

/** A runtime whose loads answer from a table of Series by indicator / symbol (anything else: not found). */
function fakeRuntime(byCode: Record<string, Series>): AddinRuntime {
  const load = async (q: SeriesQuery): Promise<Series> => {
    const code = q.kind === 'indicator' ? `${q.indicator}:${q.country ?? ''}` : q.kind === 'stock' ? (q.symbol ?? q.index ?? '') : 'trade';
    const found = byCode[code];
    if (!found) throw new NotFoundError('Data not found', { status: 404 });
    return found;
  };
  return { load, nameLanguage: async () => 'en' } as unknown as AddinRuntime;
}

describe('series to spills (sheets\' Grid, values only)', () => {
  it('the Grid\'s header and period cells (serial days), periods merged, missing values empty (never 0), a query without data an empty column in its place', async () => {
    const vn = series({});
    const th = series({ id: 'indicator:WB:X:TH', title: 'Population: Thailand', columns: [{ key: 'value', label: 'Population', unit: 'people' }], periods: ['2020', '2021'], values: [[5, 6]] });
    const rt = fakeRuntime({ 'X:VN': vn, 'X:TH': th });
    expect(await indicatorFormula(rt, ['WB', [['X']], [['VN', 'JP', 'TH']], null, null, null])).toEqual([
      ['Period', 'GDP (current US$): Vietnam', 'X: JP (no data)', 'Population: Thailand'],
      ['2019', 1, '', ''],
      ['2020', '', '', 5],
      ['2021', '', '', 6],
    ]);
    expect(spillOf([vn, th])).toEqual(gridValues(layoutSeries([vn, th], { provenance: false }), { periods: 'text' }));
  });

  it('monthly and daily periods are their text too; trade shows every column; stocks keep the chosen fields, headed as a block heads them', async () => {
    const trade = series({ frequency: 'monthly', title: 'Vietnam trade', periods: ['2024-02', '2024-10'], columns: [{ key: 'exports.value', label: 'Exports', unit: 'USD billion' }, { key: 'exports.ytd_value', label: 'Exports, year to date', unit: 'USD billion' }], values: [[1, 2], [3, 4]] });
    expect(await tradeFormula(fakeRuntime({ trade }), ['exports', null, null, null])).toEqual([['Period', 'Vietnam trade: Exports', 'Vietnam trade: Exports, year to date'], ['2024-02', 1, 3], ['2024-10', 2, 4]]);
    const stock = series({ frequency: 'daily', dimensions: { symbol: 'VNM' }, title: 'VNM daily prices', periods: ['2024-03-01'], columns: [{ key: 'close', label: 'Close', unit: 'thousand VND' }, { key: 'volume', label: 'Volume', unit: 'shares' }], values: [[70.1], [1000]] });
    const fpt = { ...stock, id: 'stock:FPT', dimensions: { symbol: 'FPT' }, title: 'FPT daily prices', values: [[99.5], [2000]] };
    expect(await stockFormula(fakeRuntime({ VNM: stock }), [[['VNM']], null, null, null])).toEqual([['Period', 'VNM: Close', 'VNM: Volume'], ['2024-03-01', 70.1, 1000]]);
    expect(await stockFormula(fakeRuntime({ VNM: stock, FPT: fpt }), [[['VNM', 'FPT', 'XYZ']], null, null, 'close'])).toEqual([['Period', 'VNM: Close', 'FPT: Close', 'XYZ (no data)'], ['2024-03-01', 70.1, 99.5, '']]);
  });
});

describe('failures to Excel errors', () => {
  const gdp = { kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.XX', country: 'VN' };
  it.each([
    [new ArgumentError('start_year', 'Invalid start_year: expected a year such as 2015, got "x". Correct it and try again.'), '#VALUE!', 'Invalid start_year: expected a year such as 2015, got "x". Correct it and try again.'],
    [new InvalidParameterError('country', 'Invalid country "V!": use an ISO 2-letter code such as "VN".'), '#VALUE!', 'Invalid country "V!": use an ISO 2-letter code such as "VN".'],
    // core names the unknown parameter and the value it sent; nothing reads the server's text for it.
    [new NotFoundError('x', { status: 404, parameter: 'indicator', value: 'NY.GDP.MKTP.XX', serverMessage: 'Data not found: unknown WB indicator "NY.GDP.MKTP.XX"; GET /api/v1/sources/WB/indicators lists its 34 indicators' }), '#N/A', 'Unknown WB indicator code NY.GDP.MKTP.XX (the taskpane\'s browser lists the codes). Check the codes, or widen the years or dates.'],
    [new NotFoundError('x', { status: 404, serverMessage: 'Data not found: no observation of NY.GDP.MKTP.CD for VN from 1950 to 1955' }), '#N/A', 'No data: no observation of NY.GDP.MKTP.CD for VN from 1950 to 1955. Check the codes, or widen the years or dates.'],
    [new AuthenticationError('x', { status: 401 }), '#N/A', 'The API key was refused: open the Econdata taskpane. Paste a new key in the connection settings and save it.'],
    [new PermissionDeniedError('x', { status: 403 }), '#N/A', 'Your plan does not include WB (the taskpane shows what it includes). Choose data your plan includes, or upgrade the plan.'],
    [new QuotaExhaustedError('x', { resetAt: new Date('2026-11-23T00:00:00Z'), scope: 'day' }), '#N/A', 'Daily limit reached, resets 00:00 UTC. Cached data stays available; a higher plan allows more.'],
    [new RateLimitedError('x', { status: 429, resetAt: new Date('2026-11-22T19:31:00Z'), scope: 'minute' }), '#N/A', 'Rate limit reached, resets 19:31 UTC. Wait for the limit to reset, then retry. Recalculate with Ctrl+Alt+F9.'],
    [new ConnectionError('x'), '#N/A', 'The data service cannot be reached and this formula has no saved value yet. Check the address and your network connection, then retry. Recalculate with Ctrl+Alt+F9.'],
    [new ServerError('x', { status: 503 }), '#N/A', 'The data service failed (503). The fault is on the service\'s side: retry in a few minutes. Recalculate with Ctrl+Alt+F9.'],
    [new NotConnectedError(), '#N/A', 'Not connected to the data service: open the Econdata taskpane and connect.'],
  ])('%s', (error, code, message) => {
    expect(excelError(error, gdp)).toEqual({ code, message });
  });
});

describe('last good value when rate limited', () => {
  it('a 429 with a long Retry-After shows the cached value, marked stale, instead of an error', async () => {
    const record = { indicator_code: 'NY.GDP.MKTP.CD', indicator_name: 'GDP (current US$)', country_code: 'VN', country_name: 'Vietnam', year: 2020, value: 3.46e11, unit: 'current US$' };
    const transport = new FakeTransport(
      json(200, envelope([])), // the connection test's /sources
      json(200, envelope([record])),
      json(429, { success: false, error: { status: 429, message: 'Rate limit exceeded (minute)' } }, { 'Retry-After': '3600' }),
    );
    const rt = createAddinRuntime({ storage: new MemoryStorage(), indexedDB: new IDBFactory(), transport, cacheTtlMs: 0, maxRetries: 0, probe: async () => false });
    expect(await rt.connect({ baseURL: 'https://api.example.com', plan: 'pro' }, 'k-123456')).toMatchObject({ ok: true, service: 'real' });
    const args: Parameters<typeof indicatorFormula>[1] = ['WB', [['NY.GDP.MKTP.CD']], [['VN']], 2020, 2020, null];
    const first = await indicatorFormula(rt, args, { address: 'Sheet1!A1' });
    const second = await indicatorFormula(rt, args, { address: 'Sheet1!A1' });
    expect(second).toEqual(first);
    expect(first).toEqual([['Period', 'GDP (current US$): Vietnam'], ['2020', 3.46e11]]);
    expect(rt.staleResults()).toMatchObject([{ address: 'Sheet1!A1', seriesId: 'indicator:WB:NY.GDP.MKTP.CD:VN:2020-2020' }]);
    expect(transport.requests.length).toBe(3);
  });
});
