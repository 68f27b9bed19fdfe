/**
 * Spot checks of served values against the real CSV files in ../shared/data, over loopback HTTP.
 * Each expected value is read from the file here with a plain line search, not through the loader.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDataDir } from '../../../test/support/paths.ts';
import { startSandbox, type Sandbox } from '../src/index.ts';
import { KEYS, sharedNames } from './helpers.ts';

/** The fields of the first line of a data file that starts with `prefix`. */
function line(file: string, prefix: string): string[] {
  const found = readFileSync(join(realDataDir!, file), 'utf8').split('\n').find((l) => l.startsWith(prefix));
  if (!found) throw new Error(`${file} has no line starting ${prefix}`);
  return found.split(',');
}

describe.skipIf(!realDataDir)('real data (../shared/data)', () => {
  let s: Sandbox;
  beforeAll(async () => {
    s = await startSandbox({ dataDir: realDataDir, port: 0 }); // string | undefined is accepted as it is
  });
  afterAll(() => s.close());
  const get = async (path: string, key: string = KEYS.enterprise) => {
    const res = await fetch(s.url + path, { headers: { authorization: `Bearer ${key}` } });
    return { status: res.status, body: await res.json() };
  };

  it('serves the folder, labelled as real data', async () => {
    expect(s.info).toMatchObject({ demo: false, data: realDataDir });
    const { body } = await get('/api/v1/sources');
    expect(body.data.map((x: { code: string; indicator_count: number }) => `${x.code}:${x.indicator_count}`)).toEqual(['WB:34', 'IMF:17', 'GSO:686']);
    expect(JSON.stringify(body)).not.toContain('DEMO');
    expect(body.data[2].description).toBe('GSO tables for Viet Nam, monthly unless noted: consumer prices, industrial production, retail sales, merchandise trade by commodity group, GDP (quarterly)');
  });

  it('World Bank GDP (NY.GDP.MKTP.CD) of VN, 2015-2020: 6 records, 2020 as in wb_wdi_values.csv', async () => {
    const { status, body } = await get('/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2015&end_year=2020', KEYS.free);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(6);
    expect(body.metadata).toMatchObject({ source: 'World Bank, World Development Indicators', total_records: 6 });
    const expected = Number(line('wb_wdi_values.csv', 'NY.GDP.MKTP.CD,VNM,2020,')[3]);
    expect(expected).toBe(346615738537.796);
    expect(body.data[5]).toEqual({
      indicator_code: 'NY.GDP.MKTP.CD', indicator_name: 'GDP (current US$)', country_code: 'VN', country_name: 'Vietnam', year: 2020, value: expected, unit: 'current US$',
    });
  });

  it('a 45-year WB series, a series that starts later, and Namibia under NA', async () => {
    expect((await get('/api/v1/indicators?source=WB&indicator=SP.POP.TOTL&country=VN&start_year=1980&end_year=2024')).body.data).toHaveLength(45);
    // Viet Nam's GDP in current US$ starts in 1985 in WDI.
    const gdp = (await get('/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=1980&end_year=2024')).body.data;
    expect([gdp.length, gdp[0].year]).toEqual([40, 1985]);
    const na = (await get('/api/v1/indicators?source=WB&indicator=SP.POP.TOTL&country=NA&start_year=2020&end_year=2020')).body.data[0];
    expect(na).toMatchObject({ country_code: 'NA', country_name: 'Namibia', value: Number(line('wb_wdi_values.csv', 'SP.POP.TOTL,NAM,2020,')[3]) });
  });

  it('WB aggregates and IMF groups by their 2-character codes (1W = World)', async () => {
    const wb = (await get('/api/v1/indicators?source=WB&indicator=SP.POP.TOTL&country=1W&start_year=2020&end_year=2020')).body.data[0];
    expect(wb.value).toBe(Number(line('wb_wdi_values.csv', 'SP.POP.TOTL,WLD,2020,')[3]));
    const imf = (await get('/api/v1/indicators?source=IMF&indicator=NGDP_RPCH&country=1W&start_year=2020&end_year=2020')).body.data[0];
    expect(imf.value).toBe(Number(line('imf_weo_values.csv', 'NGDP_RPCH,G001,2020,')[3]));
    expect(imf.is_projection).toBeNull();
  });

  it('IMF NGDPD of VN with the projection flag as in imf_weo_values.csv', async () => {
    const { body } = await get('/api/v1/indicators?source=IMF&indicator=NGDPD&country=VN&start_year=2024&end_year=2025', KEYS.free);
    const [, , , v2024, p2024] = line('imf_weo_values.csv', 'NGDPD,VNM,2024,');
    const [, , , v2025, p2025] = line('imf_weo_values.csv', 'NGDPD,VNM,2025,');
    expect(body.data.map((r: { year: number; value: number; is_projection: boolean; unit: string }) => [r.year, r.value, r.is_projection, r.unit])).toEqual([
      [2024, Number(v2024), p2024 === 'true', 'US dollar, billions'],
      [2025, Number(v2025), p2025 === 'true', 'US dollar, billions'],
    ]);
    expect(body.data[0].is_projection).toBe(false);
    expect(body.data[1].is_projection).toBe(true);
  });

  it('GSO headline CPI for 2024-12 (yoy and year average) and GDP 2024-Q4 as published', async () => {
    const { body } = await get('/api/v1/indicators?source=GSO&indicator=CPI.TOTAL.YOY&start_year=2024&end_year=2024', KEYS.basic);
    const cpi = line('gso_vn_cpi_monthly.csv', '2024-12,CPI,');
    expect(body.data[11]).toMatchObject({ period: '2024-12', year: 2024, value: Number(cpi[4]), unit: 'percent, change vs same month of previous year' });
    expect(body.data[11].value).toBeCloseTo(2.94, 2);
    const annual = (await get('/api/v1/indicators?source=GSO&indicator=CPI.YTD_AVG_YOY&frequency=annual&start_year=2024', KEYS.basic)).body.data;
    expect(annual).toEqual([expect.objectContaining({ year: 2024, value: Number(cpi[6]), unit: 'percent, annual average vs previous year' })]);
    const gdp = (await get('/api/v1/indicators?source=GSO&indicator=GDP.TOTAL.YOY&start_year=2024')).body.data;
    expect(gdp.at(-1)).toMatchObject({ period: '2024-Q4', value: Number(line('gso_vn_gdp_quarterly.csv', '2024-Q4,total_gdp,')[5]) });
    expect(gdp.at(-1).value).toBeCloseTo(7.55, 2);
  });

  it('GSO trade, IIP and retail codes, and the missing IIP month 2017-05', async () => {
    const exp = (await get('/api/v1/indicators?source=GSO&indicator=TRADE.EXPORT.TOTAL.VALUE&start_year=2024&end_year=2024')).body.data;
    expect(exp[0]).toMatchObject({ period: '2024-01', unit: 'million USD', value: Number(line('gso_vn_trade_monthly.csv', '2024-01,export,total,')[5]) });
    const iip = (await get('/api/v1/indicators?source=GSO&indicator=IIP.TOTAL.YOY&start_year=2017&end_year=2017')).body.data;
    expect(iip.map((r: { period: string }) => r.period)).not.toContain('2017-05');
    expect(iip).toHaveLength(11);
    const retail = (await get('/api/v1/indicators?source=GSO&indicator=RETAIL.TOTAL.VALUE&start_year=2024&end_year=2024')).body.data;
    expect(retail[11]).toMatchObject({ period: '2024-12', unit: 'billion VND', value: Number(line('gso_vn_retail_sales_monthly.csv', '2024-12,total,')[4]) });
  });

  it('no two listed indicators of a source share a name: GSO trade says exports or imports', async () => {
    for (const source of ['WB', 'IMF', 'GSO']) expect(sharedNames((await get(`/api/v1/sources/${source}/indicators`)).body.data), source).toEqual([]);
    const list = (await get('/api/v1/sources/GSO/indicators')).body.data as Array<{ code: string; name: string; name_vi: string }>;
    const name = (code: string) => list.find((i) => i.code === code)?.name;
    expect([name('TRADE.EXPORT.TOTAL.VALUE'), name('TRADE.IMPORT.TOTAL.VALUE')]).toEqual(['Merchandise exports: TOTAL, value', 'Merchandise imports: TOTAL, value']);
    expect(list.find((i) => i.code === 'TRADE.IMPORT.WHEAT.VALUE')?.name_vi).toBe('Nhập khẩu hàng hóa: Lúa mỳ, trị giá');
  });

  it('every listed GSO indicator answers at each of its frequencies (the longest code too)', async () => {
    const list = (await get('/api/v1/sources/GSO/indicators')).body.data as Array<{ code: string; frequencies: string[]; first_period: string }>;
    expect(list).toHaveLength(686);
    const longest = list.reduce((a, b) => (b.code.length > a.code.length ? b : a));
    expect(longest.code.length).toBeGreaterThan(120);
    const statuses = new Map<number, number>();
    for (const info of list) {
      for (const frequency of info.frequencies) {
        const res = await fetch(`${s.url}/api/v1/indicators?source=GSO&indicator=${info.code}&frequency=${frequency}`, { headers: { authorization: `Bearer ${KEYS.enterprise}` } });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        await res.arrayBuffer();
      }
    }
    expect([...statuses.keys()]).toEqual([200]);
  });

  it('VNINDEX (and HNX as HNXINDEX) closes as in vn_index_daily.csv', async () => {
    const vn = (await get('/api/v1/stocks/vietnam?index=VNINDEX&start_date=2024-12-31&end_date=2024-12-31')).body.data;
    const row = line('vn_index_daily.csv', 'VNINDEX,2024-12-31,');
    expect(vn).toEqual([{ index: 'VNINDEX', date: '2024-12-31', open: Number(row[2]), high: Number(row[3]), low: Number(row[4]), close: Number(row[5]), volume: Number(row[6]), unit: 'points' }]);
    expect(vn[0].close).toBe(1266.78);
    const hnx = (await get('/api/v1/stocks/vietnam?index=HNX&start_date=2024-12-31&end_date=2024-12-31')).body.data[0];
    expect(hnx).toMatchObject({ index: 'HNX', close: Number(line('vn_index_daily.csv', 'HNXINDEX,2024-12-31,')[5]) });
  });

  it('stock prices of VNM in thousand VND (adjusted), from the first day in the file', async () => {
    const { body } = await get('/api/v1/stocks/vietnam?symbol=VNM&end_date=2019-09-26');
    expect(body.data[0]).toMatchObject({ symbol: 'VNM', date: '2019-09-26', close: 78.67, unit: 'thousand VND' });
  });

  it('customs trade for 2024-12 as in vn_customs_trade_monthly.csv, without total_trade', async () => {
    const { body } = await get('/api/v1/trade/vietnam?period=2024-12', KEYS.pro);
    const exp = line('vn_customs_trade_monthly.csv', '2024-12,export,');
    expect(body.data.map((r: { flow: string }) => r.flow)).toEqual(['exports', 'imports', 'balance']);
    expect(body.data[0]).toMatchObject({ value: Number(exp[2]), ytd_value: Number(exp[3]), unit: 'USD billion', partner: 'WLD', hs_code: 'TOTAL' });
    expect(body.data[0].value).toBe(35.53);
  });

  it('countries: ISO codes, Kosovo and the WB aggregates, Namibia as NA', async () => {
    const { body } = await get('/api/v1/countries', KEYS.free);
    const byCode = new Map(body.data.map((c: { code: string }) => [c.code, c]));
    expect(byCode.get('NA')).toEqual({ code: 'NA', iso3: 'NAM', name: 'Namibia', region: 'Sub-Saharan Africa', income_group: expect.any(String), is_aggregate: false });
    expect(byCode.get('XK')).toMatchObject({ iso3: 'XKX', name: 'Kosovo', is_aggregate: false });
    expect(byCode.get('1W')).toMatchObject({ iso3: 'WLD', is_aggregate: true });
    expect(body.metadata.total_records).toBe(249 + 2 + 79);
  });

  it('exports the 2015-2020 series as CSV and XLSX named WB_NY.GDP.MKTP.CD_VN_2015-2020', async () => {
    const q = 'source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2015&end_year=2020';
    const csv = await fetch(`${s.url}/api/v1/export/csv?${q}`, { headers: { authorization: `Bearer ${KEYS.free}` } });
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="WB_NY.GDP.MKTP.CD_VN_2015-2020.csv"');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('indicator_code,indicator_name,country_code,country_name,year,value,unit');
    expect(lines[6]).toBe('NY.GDP.MKTP.CD,GDP (current US$),VN,Vietnam,2020,346615738537.796,current US$');
    const xlsx = await fetch(`${s.url}/api/v1/export/excel?${q}`, { headers: { authorization: `Bearer ${KEYS.free}` } });
    expect(xlsx.headers.get('content-disposition')).toBe('attachment; filename="WB_NY.GDP.MKTP.CD_VN_2015-2020.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    expect(book.getWorksheet('Data')!.getRow(7).getCell(6).value).toBe(346615738537.796);
  });
});
