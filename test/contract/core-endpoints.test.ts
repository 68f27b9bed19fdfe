/**
 * @econdata/core against the sandbox over real loopback HTTP: every endpoint method, both auth
 * modes, exports to bytes and to a file, and fetchSeries end to end.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EconDataClient, axiosTransport, type SeriesQuery, type Transport, type TransportRequest } from '@econdata/core';
import { isTempFile, saveExport } from '@econdata/core/node';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';

/** The real transport, recording every URL and header set it sends. */
function recording(): Transport & { sent: TransportRequest[] } {
  const real = axiosTransport();
  const sent: TransportRequest[] = [];
  return { sent, send: (req) => { sent.push(req); return real.send(req); } };
}

describe.skipIf(!realDataDir)('core <-> sandbox: endpoints', () => {
  let sb: Sandbox;
  let client: EconDataClient;
  let transport: ReturnType<typeof recording>;
  let dir: string;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dataDir: realDataDir!, seed: 1 });
    dir = await mkdtemp(join(tmpdir(), 'core-contract-'));
  });
  afterAll(async () => {
    await sb.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    transport = recording();
    client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro', transport });
  });

  it('getIndicators returns checked spec 2.3 records and metadata', async () => {
    const r = await client.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'vn', start_year: 2018, end_year: 2020 });
    expect(r.data.map((d) => [d.year, d.country_code, d.indicator_code, d.unit])).toEqual([
      [2018, 'VN', 'NY.GDP.MKTP.CD', 'current US$'], [2019, 'VN', 'NY.GDP.MKTP.CD', 'current US$'], [2020, 'VN', 'NY.GDP.MKTP.CD', 'current US$']]);
    expect(r.data[0]!.value).toBe(310106478394.659);
    expect(r.metadata).toMatchObject({ source: 'World Bank, World Development Indicators', total_records: 3 });
  });

  it('batchIndicators returns the records and one item per combination', async () => {
    const r = await client.batchIndicators({ source: 'IMF', indicators: ['NGDPD', 'NOPE'], countries: ['VN', 'TH'], start_year: 2020, end_year: 2021 });
    expect(r.data).toHaveLength(4);
    expect(r.data.every((d) => typeof d.is_projection === 'boolean')).toBe(true);
    expect(r.items.map((i) => `${i.indicator}/${i.country}:${i.status}`).sort()).toEqual(['NGDPD/TH:200', 'NGDPD/VN:200', 'NOPE/TH:404', 'NOPE/VN:404']);
  });

  it('listSources, listSourceIndicators, listCountries', async () => {
    expect((await client.listSources()).data.map((s) => s.code)).toEqual(['WB', 'IMF', 'GSO']);
    const imf = await client.listSourceIndicators({ source_code: 'IMF', q: 'NGDPD' });
    expect(imf.data.map((i) => i.code)).toContain('NGDPD');
    const countries = await client.listCountries();
    expect(countries.data.find((c) => c.code === 'VN')).toMatchObject({ iso3: 'VNM', name: 'Vietnam' });
  });

  it('getTrade and getStocks', async () => {
    const trade = await client.getTrade({ flow: 'exports', period: '2024-03' });
    expect(trade.data).toEqual([expect.objectContaining({ period: '2024-03', flow: 'exports', partner: 'WLD', value: 33.66, ytd_value: 92.88, unit: 'USD billion' })]);
    const stocks = await client.getStocks({ symbol: 'vnm', start_date: '2024-03-01', end_date: '2024-03-05' });
    expect(stocks.data.map((d) => [d.date, d.close])).toEqual([['2024-03-01', 62.44], ['2024-03-04', 62.87], ['2024-03-05', 63.75]]);
    const index = await client.getStocks({ index: 'VNINDEX', start_date: '2024-03-01', end_date: '2024-03-01' });
    expect(index.data).toHaveLength(1);
    expect(index.data[0]!.unit).toBe('points');
  });

  it('exports CSV and Excel to bytes with progress, and to a file atomically', async () => {
    const progress: number[] = [];
    const csv = await client.exportCsv({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018, end_year: 2020 }, { onProgress: (n) => progress.push(n) });
    const text = new TextDecoder().decode(csv.data);
    expect(text.split(/\r?\n/)).toEqual([
      'indicator_code,indicator_name,country_code,country_name,year,value,unit',
      'NY.GDP.MKTP.CD,GDP (current US$),VN,Vietnam,2018,310106478394.659,current US$',
      'NY.GDP.MKTP.CD,GDP (current US$),VN,Vietnam,2019,334365270496.667,current US$',
      'NY.GDP.MKTP.CD,GDP (current US$),VN,Vietnam,2020,346615738537.796,current US$',
      '',
    ]);
    expect(csv.metadata).toEqual({ filename: 'WB_NY.GDP.MKTP.CD_VN_2018-2020.csv', content_type: 'text/csv; charset=utf-8; header=present', bytes: text.length });
    expect(progress.at(-1)).toBe(csv.data.byteLength);

    const xlsxProgress: Array<[number, number | undefined]> = [];
    const xlsx = await client.exportExcel({ dataset: 'stocks', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-05' }, { onProgress: (n, total) => xlsxProgress.push([n, total]) });
    expect(String.fromCharCode(xlsx.data[0]!, xlsx.data[1]!)).toBe('PK');
    expect(xlsx.metadata).toEqual({ filename: 'VN_stock_VNM_2024-03-01_2024-03-05.xlsx', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: xlsx.data.byteLength });
    expect(xlsxProgress.at(-1)).toEqual([xlsx.data.byteLength, xlsx.data.byteLength]);
    const path = join(dir, 'vnm.xlsx');
    const streamed: number[] = [];
    const saved = await saveExport(client, { format: 'excel', dataset: 'stocks', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-05' }, { path, onProgress: (n) => streamed.push(n) });
    const file = await readFile(path);
    expect(file.byteLength).toBe(saved.bytes);
    expect(streamed.at(-1)).toBe(saved.bytes);
    expect(saved.filename).toBe('VN_stock_VNM_2024-03-01_2024-03-05.xlsx');
    // A whole ZIP archive: local file header first, end-of-central-directory record (no comment) last.
    expect(file.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(file.subarray(file.byteLength - 22, file.byteLength - 18)).toEqual(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect((await readdir(dir)).filter(isTempFile)).toEqual([]);
    const tradeCsv = await saveExport(client, { format: 'csv', dataset: 'trade', flow: 'imports', period: '2024-03' }, { path: join(dir, 'trade.csv') });
    expect(await readFile(tradeCsv.path, 'utf8')).toBe('period,flow,partner,partner_name,hs_code,hs_description,value,ytd_value,unit\r\n2024-03,imports,WLD,World,TOTAL,All goods,30.88,85.08,USD billion\r\n');
  });

  it('fetchSeries maps indicator (annual, monthly GSO), trade and stock data to Series', async () => {
    const gso = (await client.listSourceIndicators({ source_code: 'GSO' })).data.find((i) => i.frequencies?.includes('monthly'))!;
    const results = await client.fetchSeries([
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018, end_year: 2020 },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2018, end_year: 2020 },
      { kind: 'indicator', source: 'GSO', indicator: gso.code, frequency: 'monthly', start_year: 2024, end_year: 2024 },
      { kind: 'trade', period: '2024-03' },
      { kind: 'stock', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-05' },
    ]);
    const [vn, th, g, trade, stock] = results.map((r) => (r.ok ? r.series : (() => { throw r.error; })()));
    expect(vn!.periods).toEqual(['2018', '2019', '2020']);
    expect(th!.dimensions['country_name']).toBe('Thailand');
    expect(g!.frequency).toBe('monthly');
    expect(g!.periods[0]).toMatch(/^2024-\d{2}$/);
    expect(trade!.columns.map((c) => c.key)).toEqual(['exports.value', 'exports.ytd_value', 'imports.value', 'imports.ytd_value', 'balance.value', 'balance.ytd_value']);
    expect(trade!.values[0]).toEqual([33.66]);
    expect(stock!.values[3]).toEqual([62.44, 62.87, 63.75]);
    expect(stock!.provenance.source).toMatch(/stock/i);
    // The two WB queries went as one batch.
    expect(transport.sent.filter((r) => r.url.includes('/indicators/batch'))).toHaveLength(2 - 1);
  });

  it('IMF is_projection: true/false where the IMF dates its last actual, null kept (and no flag) where it does not', async () => {
    const ppp = await client.getIndicators({ source: 'IMF', indicator: 'PPPGDP', country: 'VN', start_year: 2029, end_year: 2030 });
    expect(ppp.data.map((d) => [d.year, d.is_projection])).toEqual([[2029, null], [2030, null]]);
    const results = await client.fetchSeries([
      { kind: 'indicator', source: 'IMF', indicator: 'PPPGDP', country: 'VN', start_year: 2023, end_year: 2026 },
      { kind: 'indicator', source: 'IMF', indicator: 'NGDPD', country: 'VN', start_year: 2023, end_year: 2026 },
    ]);
    const [pppSeries, gdp] = results.map((r) => (r.ok ? r.series : (() => { throw r.error; })()));
    expect(pppSeries!.periods).toEqual(['2023', '2024', '2025', '2026']);
    expect(pppSeries!.flags).toBeUndefined();
    expect(gdp!.flags).toEqual({ is_projection: [false, false, true, true] });
  });

  it('fetchSeries: a mix of indicator, trade and stock queries, one of each failing, the others answered', async () => {
    const results = await client.fetchSeries([
      { kind: 'stock', symbol: 'NOPE1', start_date: '2024-03-01' },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2019, end_year: 2020 },
      { kind: 'trade', flow: 'exports', partner: 'US' },
      { kind: 'indicator', source: 'WB', indicator: 'NO.SUCH.CODE', country: 'VN', start_year: 2019, end_year: 2020 },
      { kind: 'trade', flow: 'imports', period: '2024-03' },
      { kind: 'stock', index: 'VNINDEX', start_date: '2024-03-01', end_date: '2024-03-01' },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VNM' },
    ]);
    expect(results.map((r) => (r.ok ? `${r.series.kind}:${r.series.periods.join(',')}` : `${r.error.code}:${r.error.status ?? '-'}`))).toEqual([
      'not_found:404', 'indicator:2019,2020', 'not_found:404', 'not_found:404', 'trade:2024-03', 'stock:2024-03-01', 'invalid_parameter:-',
    ]);
    // The invalid query cost nothing; the two WB queries went as one batch: 5 requests for 6 valid queries.
    expect(transport.sent).toHaveLength(5);
  });

  it('fetchSeries: GSO queries without a country go as one batch without countries, a missing one as its own not_found', async () => {
    const codes = (await client.listSourceIndicators({ source_code: 'GSO' })).data.filter((i) => i.frequencies?.includes('monthly')).slice(0, 3).map((i) => i.code);
    transport.sent.length = 0;
    const gso = (indicator: string): SeriesQuery => ({ kind: 'indicator', source: 'GSO', indicator, frequency: 'monthly', start_year: 2024, end_year: 2024 });
    const results = await client.fetchSeries([...codes.map(gso), gso('NO.SUCH.CODE')]);
    expect(results.map((r) => (r.ok ? `${r.series.dimensions['indicator']}:${r.series.periods.length}:${r.series.periods[0]}` : r.error.code))).toEqual([
      ...codes.map((c) => `${c}:12:2024-01`), 'not_found',
    ]);
    expect(transport.sent.map((r) => `${r.method} ${new URL(r.url).pathname} ${r.body ?? ''}`)).toEqual([
      `POST /api/v1/indicators/batch ${JSON.stringify({ source: 'GSO', indicators: [...codes, 'NO.SUCH.CODE'], start_year: 2024, end_year: 2024, frequency: 'monthly' })}`,
    ]);
  });

  it('header mode: the key is in the Authorization header and never in a URL', async () => {
    await client.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2020 });
    await client.exportCsv({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2020 });
    expect(transport.sent.length).toBe(2);
    for (const r of transport.sent) {
      expect(r.url).not.toContain('sandbox-pro');
      expect(r.headers['authorization']).toBe('Bearer sandbox-pro');
    }
  });

  it('query mode: the key travels as api_key and never reaches an error', async () => {
    const q = client.withOptions({ authMode: 'query', apiKey: 'sandbox-basic' });
    const r = await q.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2020 });
    expect(r.data).toHaveLength(1);
    expect(transport.sent[0]!.url).toContain('api_key=sandbox-basic');
    expect(transport.sent[0]!.headers['authorization']).toBeUndefined();
    const e = await q.getTrade({ period: '2024-03' }).catch((x: unknown) => x as Error);
    expect(e).toMatchObject({ code: 'permission_denied', status: 403 });
    expect(JSON.stringify(e) + (e as Error).message + String((e as Error).stack)).not.toContain('sandbox-basic');
  });
});
