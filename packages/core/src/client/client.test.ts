import { describe, expect, it } from 'vitest';
import { EconDataClient } from './client.ts';
import { MemoryCacheStore, type CacheStore } from '../cache/store.ts';
import { QuotaExhaustedError } from '../errors/errors.ts';
import { TransportFailure } from '../net/transport.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';

describe('construction', () => {
  it('refuses a non-loopback http base URL and accepts https and loopback', () => {
    expect(() => new EconDataClient({ baseURL: 'http://api.example.com' })).toThrow('Refused baseURL http://api.example.com: the service requires HTTPS (plain http is allowed only for loopback addresses such as http://127.0.0.1). Use https://.');
    expect(() => new EconDataClient({ baseURL: 'http://127.0.0.1.example.com' })).toThrow(/requires HTTPS/);
    for (const ok of ['https://api.example.com', 'http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787', 'https://api.example.com/api/v1/']) {
      expect(() => new EconDataClient({ baseURL: ok, apiKey: 'test-key-0000' })).not.toThrow();
    }
    expect(() => new EconDataClient({ baseURL: 'https://user:pw@api.example.com' })).toThrow(/credentials/);
    expect(() => new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', maxRetries: 1.5 })).toThrow('Invalid maxRetries: expected a number >= 0 (whole), got 1.5.');
    expect(() => new EconDataClient({ baseURL: 'ftp://files.example.com' })).toThrow(expect.objectContaining({ code: 'invalid_parameter', parameter: 'baseURL', message: 'Refused baseURL ftp://files.example.com: use https://.' }) as Error);
    expect(() => new EconDataClient({ baseURL: 'not a url' })).toThrow(expect.objectContaining({ code: 'invalid_parameter', parameter: 'baseURL' }) as Error);
    // A malformed address with credentials is never repeated whole: the password stays out of the error.
    for (const [text, shown] of [
      ['https://me:hunter2-Secret@[api.example.com', 'https://***@[api.example.com'],
      ['https://me:hunter2-Secret@api example.com', 'https://***@api example.com'],
      ['https://api.example.com:x/?api_key=hunter2-Secret', 'https://api.example.com:x/?api_key=***'],
    ]) {
      expect(() => new EconDataClient({ baseURL: text!, apiKey: 'test-key-0000' })).toThrow(`Invalid baseURL "${shown}": give a full address such as "https://api.example.com".`);
    }
  });

  it('refuses to be built without a key source, saying how to give one; nothing is sent', () => {
    const t = new FakeTransport(json(200, envelope([])));
    const message = "No API key: every route of the service needs one. Give getApiKey (a function asked on every request, e.g. reading the OS keychain) or apiKey (a fixed key from the provider's dashboard, Settings > API Keys).";
    expect(() => new EconDataClient({ baseURL: 'https://api.example.com', transport: t })).toThrow(expect.objectContaining({ name: 'InvalidParameterError', code: 'invalid_parameter', parameter: 'apiKey', message }) as Error);
    expect(() => new EconDataClient({ baseURL: 'https://api.example.com', apiKey: '' })).toThrow(expect.objectContaining({ parameter: 'apiKey' }) as Error);
    expect(() => new EconDataClient({ baseURL: 'https://api.example.com', getApiKey: 'k' as never })).toThrow(expect.objectContaining({ parameter: 'getApiKey' }) as Error);
    expect(t.requests).toHaveLength(0);
  });

  it('refuses unknown modes with the accepted values', () => {
    const base = { baseURL: 'https://api.example.com', apiKey: 'test-key-0000' };
    expect(() => new EconDataClient({ ...base, authMode: 'cookie' as never })).toThrow("Invalid authMode \"cookie\": use one of 'header', 'query'.");
    expect(() => new EconDataClient({ ...base, priority: 'urgent' as never })).toThrow(expect.objectContaining({ parameter: 'priority' }) as Error);
    expect(() => new EconDataClient({ ...base, cacheMode: 'always' as never })).toThrow(expect.objectContaining({ parameter: 'cacheMode' }) as Error);
  });

  it('a key provider giving an empty key is key_unavailable, with nothing sent', async () => {
    const t = new FakeTransport(json(200, envelope([])));
    const c = new EconDataClient({ baseURL: 'https://api.example.com', getApiKey: async () => '', transport: t });
    await expect(c.listSources()).rejects.toMatchObject({ code: 'key_unavailable', message: 'The key provider gave no API key for this profile. Save the key (Settings > API Keys), or set apiKey.' });
    expect(t.requests).toHaveLength(0);
  });

  it('builds URLs below /api/v1 with sorted, encoded parameters and an escaped path segment', async () => {
    const t = new FakeTransport(json(200, envelope([])));
    const c = new EconDataClient({ baseURL: 'https://api.example.com/api/v1/', apiKey: 'k-0000-1111', transport: t });
    await c.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'vn', end_year: 2020, start_year: 2010 });
    await c.listSourceIndicators({ source_code: 'imf', q: 'GDP & growth' });
    expect(t.requests.map((r) => r.url)).toEqual([
      'https://api.example.com/api/v1/indicators?country=VN&end_year=2020&indicator=NY.GDP.MKTP.CD&source=WB&start_year=2010',
      'https://api.example.com/api/v1/sources/IMF/indicators?q=GDP%20%26%20growth',
    ]);
  });

  it('refuses invalid input before any request', async () => {
    const t = new FakeTransport(json(200, envelope([])));
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: t });
    await expect(c.getStocks({ symbol: 'VNM', start_date: '2024-02-30' })).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'start_date' });
    await expect(c.batchIndicators({ source: 'WB', indicators: [], countries: ['VN'] })).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'indicators' });
    await expect(c.exportCsv({ dataset: 'trade', period: '2024-3' })).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'period' });
    await expect(c.listSourceIndicators({ source_code: '../x' })).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'source_code' });
    expect(t.requests).toHaveLength(0);
  });
});

describe('query auth mode', () => {
  it('puts the key in api_key and keeps it out of every error', async () => {
    const key = 'sk-live-VERYSECRET-42';
    const t = new FakeTransport(json(404, { error: `Not found: /api/v1/indicators?api_key=${key}` }), new TransportFailure('connection', `connect ECONNREFUSED ?api_key=${key}`, 'ECONNREFUSED'));
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: key, authMode: 'query', transport: t, maxRetries: 0 });
    const q = { source: 'WB', indicator: 'A', country: 'VN' };
    const errors = [await c.getIndicators(q).catch((x: unknown) => x), await c.getIndicators(q).catch((x: unknown) => x)] as Error[];
    expect(t.requests[0]!.url).toBe(`https://api.example.com/api/v1/indicators?api_key=${key}&country=VN&indicator=A&source=WB`);
    expect(t.requests[0]!.headers['authorization']).toBeUndefined();
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['not_found', 'connection']);
    for (const e of errors) expect(JSON.stringify(e) + e.message + String(e.stack) + String((e as { cause?: unknown }).cause)).not.toContain(key);
  });
});

describe('priority header (a team gateway)', () => {
  it('marks background requests X-Econdata-Priority: bulk only when sendPriority is set', async () => {
    const answers = () => Array.from({ length: 3 }, () => json(200, envelope([])));
    const q = { source: 'WB', indicator: 'A', country: 'VN' };
    const t = new FakeTransport(...answers());
    const gateway = new EconDataClient({ baseURL: 'https://gw.example.org', apiKey: 'token-0000', transport: t, sendPriority: true });
    await gateway.getIndicators(q, { priority: 'background', cache: 'no-store' });
    await gateway.getIndicators(q, { cache: 'no-store' });
    await gateway.withOptions({ priority: 'background' }).getIndicators(q, { cache: 'no-store' });
    expect(t.requests.map((r) => r.headers['x-econdata-priority'])).toEqual(['bulk', undefined, 'bulk']);
    // The service itself never sees it (a browser would need the service's CORS to allow the header).
    const s = new FakeTransport(...answers());
    await new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'key-0000', transport: s }).getIndicators(q, { priority: 'background', cache: 'no-store' });
    expect(s.requests[0]!.headers['x-econdata-priority']).toBeUndefined();
  });
});

describe('exports over a fake transport', () => {
  it('returns bytes, the filename and progress; a JSON error with a 2xx status is an error', async () => {
    const csv = new TextEncoder().encode('indicator_code,year,value\r\nA,2020,1\r\n');
    const t = new FakeTransport((req) => {
      req.onDownloadProgress?.(csv.byteLength, csv.byteLength);
      return { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="wb_A_VN.csv"' }, body: csv };
    }, json(200, { success: false, error: 'Server error' }));
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: t });
    const seen: number[] = [];
    const file = await c.exportCsv({ source: 'WB', indicator: 'A', country: 'VN' }, { onProgress: (n) => seen.push(n) });
    expect(file.metadata).toEqual({ filename: 'wb_A_VN.csv', content_type: 'text/csv', bytes: csv.byteLength });
    expect(seen).toEqual([csv.byteLength]);
    expect(t.requests[0]!.headers['accept']).toBe('text/csv');
    await expect(c.exportExcel({ dataset: 'stocks', index: 'HNX' })).rejects.toMatchObject({ code: 'invalid_response', status: 200 });
    expect(t.requests[1]!.url).toBe('https://api.example.com/api/v1/export/excel?dataset=stocks&index=HNX');
  });
});

describe('cache', () => {
  const q = { source: 'WB', indicator: 'A', country: 'VN' };
  it('serves a stale entry when the quota is exhausted and the caller allows it', async () => {
    let now = 1_000_000;
    const cache = new MemoryCacheStore();
    const gateOpen = { acquire: async () => ({ answered() {}, refused() {}, failed() {}, unused() {} }) };
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: new FakeTransport(json(200, envelope([]))), cache, cacheTtlMs: 10, clock: { now: () => now }, gate: gateOpen });
    await c.getIndicators(q);
    now += 100;
    const spent = c.withOptions({ gate: { acquire: async () => { throw new QuotaExhaustedError('spent', { resetAt: new Date(now + 5000) }); } } });
    await expect(spent.getIndicators(q)).rejects.toMatchObject({ code: 'quota_exhausted' });
    expect(await spent.getIndicators(q, { cache: 'allow-stale' })).toMatchObject({ data: [], stale: true });
  });

  it('a failing store is reported and the answer still returned', async () => {
    const broken: CacheStore = { get: async () => { throw new Error('disk gone'); }, set: async () => { throw new Error('disk full'); }, delete: async () => undefined };
    const reported: string[] = [];
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: new FakeTransport(json(200, envelope([]))), cache: broken, onCacheError: (e) => reported.push((e as Error).message) });
    expect((await c.getIndicators(q)).data).toEqual([]);
    expect(reported).toEqual(['disk gone', 'disk full']);
  });

  it('the cache key never holds the API key', async () => {
    const cache = new MemoryCacheStore();
    const keys: string[] = [];
    const spy: CacheStore = { get: (k) => cache.get(k), set: (k, e) => { keys.push(k); return cache.set(k, e); }, delete: (k) => cache.delete(k) };
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'secret-key-777', authMode: 'query', transport: new FakeTransport(json(200, envelope([]))), cache: spy });
    await c.getIndicators(q);
    expect(keys).toEqual(['https://api.example.com GET /indicators?country=VN&indicator=A&source=WB']);
  });
});

describe('one call shape', () => {
  it('refuses options passed where the query goes, and a non-object query', async () => {
    const t = new FakeTransport(json(200, envelope([])));
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: t });
    await expect(c.listSources({ cache: 'no-store' } as never)).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'cache', message: "listSources takes no query parameters (got cache): call listSources({}, options), with options such as { cache: 'no-store' } second." });
    await expect(c.listCountries('VN' as never)).rejects.toMatchObject({ code: 'invalid_parameter' });
    await expect(c.listSourceIndicators('IMF' as never)).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'source_code' });
    await expect(c.listSourceIndicators({ source_code: 'IMF', q: 5 as never })).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'q' });
    await expect(c.openExport({ format: 'pdf' } as never)).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'format' });
    expect(t.requests).toHaveLength(0);
  });

  it('openExport takes the format inside the query', async () => {
    const t = new FakeTransport({ status: 200, headers: { 'content-type': 'text/csv' }, body: 'a,b\r\n1,2\r\n' });
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: t });
    const stream = await c.openExport({ format: 'csv', dataset: 'stocks', index: 'HNX' }, { timeoutMs: 5000 });
    let text = '';
    for await (const chunk of stream.chunks) text += new TextDecoder().decode(chunk);
    expect(text).toBe('a,b\r\n1,2\r\n');
    expect(t.requests.map((r) => r.url)).toEqual(['https://api.example.com/api/v1/export/csv?dataset=stocks&index=HNX']);
  });
});
