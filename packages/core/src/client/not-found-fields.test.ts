/**
 * A 404 that names the parameter matching nothing gets that parameter and the value core sent for
 * it (`parameter`, `value`), from core's own request: sentences name the unknown code without
 * reading the server's text. Single requests, batch items, the cache and the JSON form keep them.
 */
import { describe, expect, it } from 'vitest';
import { MemoryCacheStore } from '../cache/store.ts';
import { errorFromJSON, NotFoundError } from '../errors/errors.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import { EconDataClient } from './client.ts';

const unknownIndicator = { success: false, error: { status: 404, code: 'data_not_found', message: 'Data not found: unknown WB indicator "NY.GDP.XX"', parameter: 'indicator' } };

describe('not_found names the parameter and the value core sent', () => {
  it('a single request: from the body\'s parameter and the request\'s own value; kept by the cache', async () => {
    const t = new FakeTransport(json(404, unknownIndicator));
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: t, maxRetries: 0, cache: new MemoryCacheStore() });
    const [first] = await c.fetchSeries([{ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.XX', country: 'VN' }]);
    expect(first).toMatchObject({ ok: false, error: { code: 'not_found', parameter: 'indicator', value: 'NY.GDP.XX' } });
    // The remembered "no data" answers the same query again with the same fields, and no request.
    const [again] = await c.fetchSeries([{ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.XX', country: 'VN' }]);
    expect(again).toMatchObject({ ok: false, error: { code: 'not_found', parameter: 'indicator', value: 'NY.GDP.XX' } });
    expect(t.requests).toHaveLength(1);
  });

  it('a batch item naming its parameter gives that member the value of its own query', async () => {
    const items = [
      { indicator: 'NY.GDP.MKTP.CD', country: 'VN', status: 200, total_records: 1 },
      { indicator: 'NY.GDP.MKTP.CD', country: 'XK', status: 404, total_records: 0, message: 'Data not found: unknown country "XK"', parameter: 'country' },
      { indicator: 'NY.GDP.XX', country: 'VN', status: 404, total_records: 0, message: 'Data not found: unknown WB indicator "NY.GDP.XX"', parameter: 'indicator' },
      { indicator: 'NY.GDP.XX', country: 'XK', status: 404, total_records: 0, message: 'Data not found: no data' },
    ];
    const record = { indicator_code: 'NY.GDP.MKTP.CD', indicator_name: 'GDP', country_code: 'VN', country_name: 'Viet Nam', year: 2020, value: 1, unit: 'US$' };
    const t = new FakeTransport(json(200, { ...(envelope([record]) as object), items }));
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: t, maxRetries: 0 });
    const q = (indicator: string, country: string) => ({ kind: 'indicator' as const, source: 'WB', indicator, country, start_year: 2020, end_year: 2020 });
    const results = await c.fetchSeries([q('NY.GDP.MKTP.CD', 'VN'), q('NY.GDP.MKTP.CD', 'XK'), q('NY.GDP.XX', 'VN'), q('NY.GDP.XX', 'XK')]);
    expect(t.requests).toHaveLength(1);
    expect(results.map((r) => (r.ok ? 'ok' : [r.error.parameter, r.error.value]))).toEqual(['ok', ['country', 'XK'], ['indicator', 'NY.GDP.XX'], [undefined, undefined]]);
  });

  it('the JSON form carries value across IPC', () => {
    const e = new NotFoundError('x', { status: 404, parameter: 'symbol', value: 'ZZZ' });
    expect(e.toJSON()).toMatchObject({ parameter: 'symbol', value: 'ZZZ' });
    expect(errorFromJSON(JSON.parse(JSON.stringify(e)))).toMatchObject({ code: 'not_found', parameter: 'symbol', value: 'ZZZ' });
  });
});
