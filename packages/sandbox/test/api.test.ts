/**
 * Indicators, batch, authentication, metadata lists and routes outside the service: every status and
 * message, over app.inject with the demo pack (trade and stocks: vietnam.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandboxApp } from '../src/index.ts';
import { errorOf, get, KEYS, post, sharedNames } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandboxApp({ seed: 1 });
});
afterAll(() => app.close());
// The Free key's 10 requests a minute would not last the file: start every test with fresh windows.
beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/_sandbox/reset' });
});

const WB_GDP = '/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN';

describe('GET /indicators', () => {
  it('answers the envelope with spec 2.3 records, sorted, in the year range', async () => {
    const res = await get(app, `${WB_GDP}&start_year=2015&end_year=2020`, KEYS.free);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.metadata).toEqual({ source: 'DEMO DATA (generated, not real): World Bank, World Development Indicators', last_updated: '2025-01-31', total_records: 6 });
    expect(body.data.map((r: { year: number }) => r.year)).toEqual([2015, 2016, 2017, 2018, 2019, 2020]);
    const record = body.data[0];
    expect(Object.keys(record).sort()).toEqual(['country_code', 'country_name', 'indicator_code', 'indicator_name', 'unit', 'value', 'year']);
    expect(record).toMatchObject({ indicator_code: 'NY.GDP.MKTP.CD', indicator_name: 'GDP (current US$)', country_code: 'VN', country_name: 'Vietnam', unit: 'current US$' });
    expect(typeof record.value).toBe('number');
  });

  it('serves the whole series without a year range, and one side of a range', async () => {
    expect((await get(app, WB_GDP)).json().data).toHaveLength(45);
    expect((await get(app, `${WB_GDP}&start_year=2020`)).json().data).toHaveLength(5);
    expect((await get(app, `${WB_GDP}&end_year=1981`)).json().data).toHaveLength(2);
  });

  it('accepts lower-case source, indicator and country, and the api_key query parameter', async () => {
    const res = await app.inject({ url: '/api/v1/indicators?source=wb&indicator=ny.gdp.mktp.cd&country=vn&start_year=2020&end_year=2020&api_key=sandbox-free' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ indicator_code: 'NY.GDP.MKTP.CD', country_code: 'VN', year: 2020 });
  });

  it('flags IMF projections, with null where the IMF gives no last-actual year', async () => {
    const vn = (await get(app, '/api/v1/indicators?source=IMF&indicator=NGDPD&country=VN&start_year=2024&end_year=2025')).json().data;
    expect(vn.map((r: { is_projection: boolean }) => r.is_projection)).toEqual([false, true]);
    const na = (await get(app, '/api/v1/indicators?source=IMF&indicator=NGDPD&country=NA&start_year=2024&end_year=2024')).json().data;
    expect(na[0]).toMatchObject({ country_code: 'NA', country_name: 'Namibia', is_projection: null });
  });

  it('serves GSO monthly records with a period, country defaulting to VN, and the short TOTAL code', async () => {
    const res = await get(app, '/api/v1/indicators?source=GSO&indicator=CPI.YOY&start_year=2024', KEYS.basic);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(12);
    expect(data[0]).toMatchObject({ indicator_code: 'CPI.YOY', country_code: 'VN', year: 2024, period: '2024-01', unit: 'percent, change vs same month of previous year' });
    const full = (await get(app, '/api/v1/indicators?source=GSO&indicator=CPI.TOTAL.YOY&country=VN&start_year=2024')).json().data;
    expect(full.map((r: { value: number }) => r.value)).toEqual(data.map((r: { value: number }) => r.value));
  });

  it('serves GSO quarterly records and the annual figure of year-to-date measures', async () => {
    const q = (await get(app, '/api/v1/indicators?source=GSO&indicator=GDP.TOTAL.YOY&start_year=2024')).json().data;
    expect(q.map((r: { period: string }) => r.period)).toEqual(['2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4']);
    const monthly = (await get(app, '/api/v1/indicators?source=GSO&indicator=CPI.TOTAL.YTD_AVG_YOY&start_year=2023&end_year=2023')).json().data;
    const annual = (await get(app, '/api/v1/indicators?source=GSO&indicator=CPI.TOTAL.YTD_AVG_YOY&frequency=annual')).json().data;
    expect(annual.map((r: { year: number }) => r.year)).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(annual[3]).not.toHaveProperty('period');
    expect(annual[3].value).toBe(monthly[11].value);
    expect(annual[3].unit).toBe('percent, annual average vs previous year');
  });

  it.each([
    ['', 'source', 'Invalid parameters: source is required (one of WB, IMF, GSO)'],
    ['source=WB&country=VN', 'indicator', 'Invalid parameters: indicator is required (an indicator code such as NY.GDP.MKTP.CD)'],
    ['source=WB&indicator=NY.GDP.MKTP.CD', 'country', 'Invalid parameters: country is required (an ISO 2-letter country code such as VN; only GSO queries may omit it)'],
    ['source=WB&indicator=NY.GDP.MKTP.CD&country=VNM', 'country', 'Invalid parameters: country must be an ISO 2-letter country code such as VN, got "VNM"'],
    ['source=WB&indicator=NY GDP&country=VN', 'indicator', 'Invalid parameters: indicator must be a code such as NY.GDP.MKTP.CD, got "NY GDP"'],
    ['source=WB&indicator=X&country=VN&start_year=20x5', 'start_year', 'Invalid parameters: start_year must be a whole year such as 2015, got "20x5"'],
    ['source=WB&indicator=X&country=VN&end_year=2015.5', 'end_year', 'Invalid parameters: end_year must be a whole year such as 2015, got "2015.5"'],
    ['source=WB&indicator=X&country=VN&start_year=1800', 'start_year', 'Invalid parameters: start_year must be between 1900 and 2100, got 1800'],
    ['source=WB&indicator=X&country=VN&start_year=2021&end_year=2020', 'start_year', 'Invalid parameters: start_year must not be after end_year (got start_year=2021, end_year=2020)'],
    ['source=GSO&indicator=CPI.YOY&frequency=weekly', 'frequency', 'Invalid parameters: frequency must be one of monthly, quarterly, annual, got "weekly"'],
    ['source=WB&indicator=X&country=VN&country=US', 'country', 'Invalid parameters: country must be an ISO 2-letter country code such as VN, got "[\\"VN\\",\\"US\\"]"'],
    ['source=WB&source=IMF&indicator=X&country=VN', 'source', 'Invalid parameters: source must be given once, as text (got "[\\"WB\\",\\"IMF\\"]")'],
  ])('400 for %s', async (query, parameter, message) => {
    const res = await get(app, `/api/v1/indicators?${query}`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({ status: 400, code: 'invalid_parameters', message, parameter });
  });

  it.each([
    ['source=XX&indicator=A&country=VN', 'Data not found: unknown source "XX"; sources: WB, IMF, GSO', 'source'],
    ['source=WB&indicator=NOPE&country=VN', 'Data not found: unknown WB indicator "NOPE"; GET /api/v1/sources/WB/indicators lists its 3 indicators', 'indicator'],
    ['source=WB&indicator=NY.GDP.MKTP.CD&country=ZZ', 'Data not found: unknown country "ZZ"; GET /api/v1/countries lists the codes', 'country'],
    ['source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=1950&end_year=1960', 'Data not found: WB NY.GDP.MKTP.CD for VN has no annual data from 1950 to 1960; it runs 1980 to 2024'],
    ['source=GSO&indicator=CPI.TOTAL.YOY&frequency=annual', 'Data not found: GSO CPI.TOTAL.YOY for VN has no annual data; its frequencies: monthly'],
    ['source=WB&indicator=NY.GDP.MKTP.CD&country=VN&frequency=monthly', 'Data not found: WB NY.GDP.MKTP.CD for VN has no monthly data; its frequencies: annual'],
    ['source=GSO&indicator=CPI.YOY&country=US', 'Data not found: GSO data covers VN (Viet Nam) only, not "US"', 'country'],
    ['source=IMF&indicator=NGDPD&country=1W', 'Data not found: no IMF data for NGDPD in 1W (World); the indicator has data for 5 other countries and aggregates'],
  ])('404 for %s', async (query, message, parameter?: string) => {
    const res = await get(app, `/api/v1/indicators?${query}`);
    expect(res.statusCode).toBe(404);
    // An unknown source, indicator or country is named (`parameter`); missing data is not a parameter's fault.
    expect(errorOf(res)).toEqual({ status: 404, code: 'data_not_found', message, ...(parameter ? { parameter } : {}) });
  });
});

describe('authentication and entitlements', () => {
  it('401 Authentication required without a key, and for a header that is not Bearer', async () => {
    const none = await get(app, `${WB_GDP}`, null);
    expect(none.statusCode).toBe(401);
    expect(errorOf(none)).toEqual({ status: 401, code: 'authentication_required', message: 'Authentication required: send "Authorization: Bearer <key>" or ?api_key=<key>' });
    const basic = await app.inject({ url: WB_GDP, headers: { authorization: 'Basic abc' } });
    expect(errorOf(basic).message).toBe('Authentication required: send the key as "Authorization: Bearer <key>"');
  });

  it('401 Invalid API key for an unknown key, by header or query', async () => {
    expect(errorOf(await get(app, WB_GDP, 'nope'))).toEqual({ status: 401, code: 'invalid_api_key', message: 'Invalid API key: the key is not known to this service; use a key the sandbox printed when it started (without --keys: sandbox-free, sandbox-basic, sandbox-pro or sandbox-enterprise)' });
    expect(errorOf(await app.inject({ url: `${WB_GDP}&api_key=nope` })).code).toBe('invalid_api_key');
  });

  it('Free reads WB and IMF and the metadata lists, not GSO, trade or stocks', async () => {
    for (const url of [WB_GDP, '/api/v1/indicators?source=IMF&indicator=NGDPD&country=VN', '/api/v1/sources', '/api/v1/sources/GSO/indicators', '/api/v1/countries']) {
      expect((await get(app, url, KEYS.free)).statusCode).toBe(200);
    }
    const gso = await get(app, '/api/v1/indicators?source=GSO&indicator=CPI.YOY', KEYS.free);
    expect(gso.statusCode).toBe(403);
    expect(errorOf(gso)).toEqual({
      status: 403, code: 'insufficient_permissions',
      message: 'Insufficient permissions: the Free plan includes WB and IMF indicator data and the metadata lists; GSO data needs the Basic plan or higher',
    });
  });

  it('Basic adds GSO; trade and stocks need Pro or Enterprise', async () => {
    expect((await get(app, '/api/v1/indicators?source=GSO&indicator=CPI.YOY', KEYS.basic)).statusCode).toBe(200);
    const trade = await get(app, '/api/v1/trade/vietnam', KEYS.basic);
    expect(errorOf(trade).message).toBe('Insufficient permissions: the Basic plan includes WB, IMF and GSO indicator data and the metadata lists; customs trade data needs the Pro plan or higher');
    expect(errorOf(await get(app, '/api/v1/stocks/vietnam?symbol=VNM', KEYS.free)).message).toMatch(/stock market data needs the Pro plan or higher$/);
    for (const key of [KEYS.pro, KEYS.enterprise]) {
      expect((await get(app, '/api/v1/trade/vietnam', key)).statusCode).toBe(200);
      expect((await get(app, '/api/v1/stocks/vietnam?symbol=VNM', key)).statusCode).toBe(200);
    }
  });

  it('exports follow the same entitlements', async () => {
    expect((await get(app, '/api/v1/export/csv?source=GSO&indicator=CPI.YOY', KEYS.free)).statusCode).toBe(403);
    expect((await get(app, '/api/v1/export/excel?dataset=stocks&index=VNINDEX', KEYS.basic)).statusCode).toBe(403);
  });
});

describe('POST /indicators/batch', () => {
  it('answers every record and one item per combination; a missing combination does not fail the rest', async () => {
    const res = await post(app, '/api/v1/indicators/batch', { source: 'WB', indicators: ['NY.GDP.MKTP.CD', 'NOPE'], countries: ['VN', 'US'], start_year: 2020, end_year: 2021 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.metadata.total_records).toBe(4);
    expect(body.data.map((r: { country_code: string; year: number }) => `${r.country_code}${r.year}`)).toEqual(['VN2020', 'VN2021', 'US2020', 'US2021']);
    expect(body.items).toEqual([
      { indicator: 'NY.GDP.MKTP.CD', country: 'VN', status: 200, total_records: 2 },
      { indicator: 'NY.GDP.MKTP.CD', country: 'US', status: 200, total_records: 2 },
      { indicator: 'NOPE', country: 'VN', status: 404, total_records: 0, message: 'Data not found: unknown WB indicator "NOPE"; GET /api/v1/sources/WB/indicators lists its 3 indicators', parameter: 'indicator' },
      { indicator: 'NOPE', country: 'US', status: 404, total_records: 0, message: 'Data not found: unknown WB indicator "NOPE"; GET /api/v1/sources/WB/indicators lists its 3 indicators', parameter: 'indicator' },
    ]);
  });

  it('lets GSO omit countries, and takes a frequency', async () => {
    const body = (await post(app, '/api/v1/indicators/batch', { source: 'GSO', indicators: ['CPI.TOTAL.YTD_AVG_YOY'], frequency: 'annual' })).json();
    expect(body.items).toEqual([{ indicator: 'CPI.TOTAL.YTD_AVG_YOY', country: 'VN', status: 200, total_records: 5 }]);
  });

  it.each([
    [{ indicators: ['A'], countries: ['VN'] }, 'source', 'Invalid parameters: source is required (one of WB, IMF, GSO)'],
    [{ source: 'WB', countries: ['VN'] }, 'indicators', 'Invalid parameters: indicators is required (a non-empty array of indicator codes such as ["NY.GDP.MKTP.CD"])'],
    [{ source: 'WB', indicators: [], countries: ['VN'] }, 'indicators', 'Invalid parameters: indicators must be a non-empty array of indicator codes such as ["NY.GDP.MKTP.CD"], got "[]"'],
    [{ source: 'WB', indicators: 'NY.GDP.MKTP.CD', countries: ['VN'] }, 'indicators', 'Invalid parameters: indicators must be a non-empty array of indicator codes such as ["NY.GDP.MKTP.CD"], got "NY.GDP.MKTP.CD"'],
    [{ source: 'WB', indicators: [42], countries: ['VN'] }, 'indicators[0]', 'Invalid parameters: indicators[0] must be a code such as NY.GDP.MKTP.CD, got "42"'],
    [{ source: 'WB', indicators: ['A'] }, 'countries', 'Invalid parameters: countries is required (a non-empty array of ISO 2-letter country codes such as ["VN"])'],
    [{ source: 'WB', indicators: ['A'], countries: ['VN', 'USA'] }, 'countries[1]', 'Invalid parameters: countries[1] must be an ISO 2-letter country code such as VN, got "USA"'],
    [{ source: 'WB', indicators: ['A'], countries: ['VN'], start_year: '20x5' }, 'start_year', 'Invalid parameters: start_year must be a whole year such as 2015, got "20x5"'],
    [{ source: 'WB', indicators: ['A'], countries: ['VN'], start_year: 2021, end_year: 2020 }, 'start_year', 'Invalid parameters: start_year must not be after end_year (got start_year=2021, end_year=2020)'],
    [{ source: 'WB', indicators: ['A'], countries: ['VN'], frequency: 7 }, 'frequency', 'Invalid parameters: frequency must be one of monthly, quarterly, annual, got "7"'],
    [{ source: 'WB', indicators: Array.from({ length: 11 }, (_, i) => `I${i}`), countries: Array.from({ length: 10 }, (_, i) => `C${i}`) }, 'indicators',
      'Invalid parameters: indicators x countries is 11 x 10 = 110 combinations; the batch limit is 100'],
  ])('400 for %j', async (body, parameter, message) => {
    const res = await post(app, '/api/v1/indicators/batch', body);
    expect(errorOf(res)).toEqual({ status: 400, code: 'invalid_parameters', message, parameter });
  });

  it('admits exactly 100 combinations', async () => {
    const res = await post(app, '/api/v1/indicators/batch', { source: 'WB', indicators: Array.from({ length: 10 }, () => 'SP.POP.TOTL'), countries: Array.from({ length: 10 }, () => 'VN'), start_year: 2024 });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(100);
  });

  it('400 Bad request for a body that is not a JSON object', async () => {
    expect(errorOf(await post(app, '/api/v1/indicators/batch', '{"source":'))).toEqual({ status: 400, code: 'bad_request', message: 'Bad request: the body is not valid JSON' });
    expect(errorOf(await post(app, '/api/v1/indicators/batch', '[1,2]')).code).toBe('bad_request');
    expect(errorOf(await post(app, '/api/v1/indicators/batch', '')).message).toBe('Bad request: the body must be a JSON object { source, indicators, countries, start_year?, end_year?, frequency? }');
    const text = await app.inject({ method: 'POST', url: '/api/v1/indicators/batch', payload: 'source=WB', headers: { 'content-type': 'text/plain', authorization: `Bearer ${KEYS.pro}` } });
    expect(errorOf(text)).toEqual({ status: 400, code: 'bad_request', message: 'Bad request: send the body as application/json' });
  });

  it('404 for an unknown source and 403 outside the plan', async () => {
    expect(errorOf(await post(app, '/api/v1/indicators/batch', { source: 'ZZ', indicators: ['A'], countries: ['VN'] })).message).toBe('Data not found: unknown source "ZZ"; sources: WB, IMF, GSO');
    expect((await post(app, '/api/v1/indicators/batch', { source: 'GSO', indicators: ['CPI.YOY'] }, KEYS.free)).statusCode).toBe(403);
  });
});

describe('metadata lists', () => {
  it('GET /sources lists the sources with their frequencies', async () => {
    const body = (await get(app, '/api/v1/sources', KEYS.free)).json();
    expect(body.data.map((s: { code: string; frequencies: string[]; indicator_count: number }) => [s.code, s.frequencies.join('+'), s.indicator_count]))
      .toEqual([['WB', 'annual', 3], ['IMF', 'annual', 2], ['GSO', 'monthly+quarterly+annual', 8]]);
    expect(body.data[0]).toEqual({
      code: 'WB', name: 'DEMO DATA (generated, not real): World Bank, World Development Indicators',
      description: 'World Development Indicators: annual series for economies and aggregates', frequencies: ['annual'], last_updated: '2025-01-31', indicator_count: 3,
    });
    expect(body.metadata.source).toBe('DEMO DATA (generated, not real): data sources');
    // The GSO description names the tables the data has: the demo pack has CPI and GDP only.
    expect(body.data[2].description).toBe('GSO tables for Viet Nam, monthly unless noted: consumer prices, GDP (quarterly)');
  });

  it('GET /sources/{code}/indicators lists codes, units, frequencies and period ranges, filtered by q', async () => {
    const body = (await get(app, '/api/v1/sources/gso/indicators?q=ytd', KEYS.free)).json();
    expect(body.data).toEqual([
      {
        code: 'CPI.FOOD_CATERING.YTD_AVG_YOY', name: 'Consumer prices: Food and catering services, average of the year so far vs same period of previous year',
        name_vi: 'Chỉ số giá tiêu dùng: Hàng ăn và dịch vụ ăn uống, bình quân từ đầu năm so với cùng kỳ năm trước', unit: 'percent, average of the year so far vs same period of previous year',
        frequencies: ['monthly', 'annual'], first_period: '2020-01', last_period: '2024-12',
        description: 'CPI table (gso_vn_cpi_monthly.csv), column ytd_avg_yoy_pct: Food and catering services, average of the year so far vs same period of previous year',
      },
      expect.objectContaining({ code: 'CPI.TOTAL.YTD_AVG_YOY', frequencies: ['monthly', 'annual'] }),
    ]);
    const wb = (await get(app, '/api/v1/sources/WB/indicators', KEYS.free)).json().data;
    expect(wb.find((i: { code: string }) => i.code === 'NY.GDP.MKTP.CD')).toMatchObject({ unit: 'current US$', frequencies: ['annual'], first_period: '1980', last_period: '2024' });
    expect(errorOf(await get(app, '/api/v1/sources/NOPE/indicators')).message).toBe('Data not found: unknown source "NOPE"; sources: WB, IMF, GSO');
  });

  it('no two listed indicators of a source share a name (a list, a legend, a header tells them apart)', async () => {
    for (const source of ['WB', 'IMF', 'GSO']) {
      const list = (await get(app, `/api/v1/sources/${source}/indicators`)).json().data;
      expect(list.length, source).toBeGreaterThan(0);
      expect(sharedNames(list), source).toEqual([]);
    }
  });

  it('GET /countries lists ISO2, ISO3, name, region, income group, with NA as Namibia', async () => {
    const body = (await get(app, '/api/v1/countries', KEYS.free)).json();
    expect(body.data.map((c: { code: string }) => c.code)).toEqual(['1W', 'CN', 'JP', 'NA', 'US', 'VN']);
    expect(body.data[3]).toEqual({ code: 'NA', iso3: 'NAM', name: 'Namibia', region: 'Sub-Saharan Africa', income_group: 'Upper middle income', is_aggregate: false });
    expect(body.data[0]).toEqual({ code: '1W', iso3: 'WLD', name: 'World', region: null, income_group: null, is_aggregate: true });
    expect(body.metadata.total_records).toBe(6);
  });
});

describe('routes outside the service', () => {
  it('404 Not found for unknown routes, with the error body', async () => {
    const res = await get(app, '/api/v1/nothing?x=1');
    expect(errorOf(res)).toEqual({ status: 404, code: 'not_found', message: 'Not found: GET /api/v1/nothing is not a route of this service; the routes are listed at /api/docs' });
    expect(errorOf(await app.inject({ method: 'DELETE', url: '/api/v1/sources', headers: { authorization: `Bearer ${KEYS.pro}` } })).code).toBe('not_found');
    expect(errorOf(await get(app, '/api/v1/sources/?q=gdp')).message).toBe('Not found: GET /api/v1/sources/ is not a route of this service; did you mean GET /api/v1/sources?');
    expect(errorOf(await get(app, '/api/v1/Countries')).message).toBe('Not found: GET /api/v1/Countries is not a route of this service; did you mean GET /api/v1/countries?');
    expect(errorOf(await get(app, '/api/v1/')).message).toBe('Not found: GET /api/v1/ is not a route of this service; the routes are listed at /api/docs');
    // Without a key the service says so first, as it does for every /api/v1 path.
    expect(errorOf(await get(app, '/api/v1/nothing', null)).code).toBe('authentication_required');
  });

  it('serves the OpenAPI document and Swagger UI without a key', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.description).toContain('Demo keys: `sandbox-free` (WB, IMF), `sandbox-basic` (+ GSO), `sandbox-pro` and `sandbox-enterprise` (everything, trade and stocks too).');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/_sandbox/reload', '/_sandbox/reset', '/_sandbox/stats', '/api/v1/countries', '/api/v1/export/csv', '/api/v1/export/excel', '/api/v1/indicators',
      '/api/v1/indicators/batch', '/api/v1/sources', '/api/v1/sources/{source_code}/indicators', '/api/v1/stocks/vietnam', '/api/v1/trade/vietnam',
    ]);
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['BatchItem', 'Country', 'ErrorResponse', 'Indicator', 'IndicatorRecord', 'Metadata', 'SandboxStats', 'Source', 'StockRecord', 'TradeRecord']);
    expect(doc.paths['/api/v1/indicators'].get.responses['429'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorResponse');
    const ui = await app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
