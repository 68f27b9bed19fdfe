/**
 * The data folder loader: layout, optional breakdown columns, clear errors, the per-process cache.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataFolder } from '../src/data/load.ts';
import { buildSandboxApp } from '../src/index.ts';
import { get } from './helpers.ts';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-data-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const COUNTRIES = 'iso2,iso3,name,wb_region,wb_income_group\nVN,VNM,Vietnam,East Asia & Pacific,Lower middle income\nCN,CHN,China,East Asia & Pacific,Upper middle income\nNA,NAM,Namibia,Sub-Saharan Africa,Upper middle income\n';

describe('data folder loader', () => {
  it('serves partner and HS breakdowns when the customs file carries them', async () => {
    const dir = folder({
      'countries.csv': COUNTRIES,
      'hs_codes.csv': 'section,hscode,description,parent,level\nXVI,85,"Electrical machinery and equipment, parts",TOTAL,2\n',
      'vn_customs_trade_monthly.csv': [
        'period,flow,value_usd_bn,ytd_value_usd_bn,partner,hs_code',
        '2024-01,export,30,30,WLD,TOTAL',
        '2024-01,export,5.5,5.5,CN,TOTAL',
        '2024-01,export,2.25,2.25,CN,85',
        '2024-01,import,8,8,CN,',
        '2024-01,total_trade,60,60,,',
      ].join('\n'),
    });
    const app = await buildSandboxApp({ dataDir: dir });
    const totals = (await get(app, '/api/v1/trade/vietnam')).json().data;
    expect(totals).toEqual([expect.objectContaining({ flow: 'exports', partner: 'WLD', hs_code: 'TOTAL', value: 30 })]);
    const cn = (await get(app, '/api/v1/trade/vietnam?partner=CN')).json().data;
    expect(cn.map((r: { flow: string; value: number }) => [r.flow, r.value])).toEqual([['exports', 5.5], ['imports', 8]]);
    expect(cn[0]).toMatchObject({ partner_name: 'China', hs_code: 'TOTAL' });
    const hs = (await get(app, '/api/v1/trade/vietnam?partner=CN&hs_code=85')).json().data;
    expect(hs).toEqual([{
      period: '2024-01', flow: 'exports', partner: 'CN', partner_name: 'China', hs_code: '85',
      hs_description: 'Electrical machinery and equipment, parts', value: 2.25, ytd_value: 2.25, unit: 'USD billion',
    }]);
    const res = await get(app, '/api/v1/trade/vietnam?partner=US');
    expect(res.json().error.message).toBe('Data not found: no customs data for partner "US"; partners: CN, WLD');
    await app.close();
  });

  it('serves the parts a folder has and says what is missing for the rest', async () => {
    const dir = folder({
      'countries.csv': COUNTRIES,
      'wb_wdi_values.csv': 'indicator_id,country_code,year,value\nSP.POP.TOTL,NAM,2020,2489098\nSP.POP.TOTL,VNM,2020,96648685\n',
    });
    const app = await buildSandboxApp({ dataDir: dir });
    const na = (await get(app, '/api/v1/indicators?source=WB&indicator=SP.POP.TOTL&country=NA')).json().data;
    expect(na).toEqual([{ indicator_code: 'SP.POP.TOTL', indicator_name: 'SP.POP.TOTL', country_code: 'NA', country_name: 'Namibia', year: 2020, value: 2489098, unit: '' }]);
    expect((await get(app, '/api/v1/indicators?source=IMF&indicator=NGDPD&country=VN')).json().error.message)
      .toBe('Data not found: source "IMF" has no data in this sandbox\'s data folder; sources: WB');
    expect((await get(app, '/api/v1/trade/vietnam')).json().error.message)
      .toBe('Data not found: this sandbox\'s data folder has no customs trade data (vn_customs_trade_monthly.csv)');
    expect((await get(app, '/api/v1/stocks/vietnam?symbol=VNM')).json().error.message).toBe('Data not found: unknown symbol "VNM"; 0 symbols: none');
    await app.close();
  });

  it('warns about values whose country has no ISO 2-letter code', async () => {
    const dir = folder({ 'countries.csv': COUNTRIES, 'imf_weo_values.csv': 'indicator_id,country_code,year,value,is_projection\nNGDPD,VNM,2020,346,false\nNGDPD,G110,2020,1,\nNGDPD,G110,2021,1,\n' });
    const { warnings } = await loadDataFolder(dir);
    expect(warnings).toEqual([
      'imf_weo_values.csv: 2 rows for 1 codes without an ISO 2-letter code are not served (G110)',
      'imf_weo_indicators.csv: no name or unit for 1 indicator(s) found in the values (NGDPD)',
    ]);
  });

  it('names the file, row and problem of malformed data', async () => {
    await expect(loadDataFolder(folder({ 'wb_wdi_values.csv': 'indicator_id,country_code,year\nX,VNM,2020\n' })))
      .rejects.toThrow('wb_wdi_values.csv: missing column(s) value (it has indicator_id, country_code, year)');
    await expect(loadDataFolder(folder({ 'countries.csv': COUNTRIES, 'wb_wdi_values.csv': 'indicator_id,country_code,year,value\nX,VNM,2020,12a\n' })))
      .rejects.toThrow('wb_wdi_values.csv row 2: "12a" is not a number');
    await expect(loadDataFolder(folder({ 'gso_vn_cpi_monthly.csv': 'period,item_code,item_en,yoy_pct\n2024-13,CPI,CPI,1\n' })))
      .rejects.toThrow('gso_vn_cpi_monthly.csv row 2: "2024-13" is not a monthly period');
    await expect(loadDataFolder(folder({ 'vn_customs_trade_monthly.csv': 'period,flow,value_usd_bn\n2024-01,re-export,1\n' })))
      .rejects.toThrow('vn_customs_trade_monthly.csv row 2: unknown flow "re-export" (export, import, balance, total_trade)');
  });

  it('serves an empty value of the long-format files as null, and leaves an empty GSO measure out', async () => {
    const dir = folder({
      'countries.csv': COUNTRIES,
      'wb_wdi_values.csv': 'indicator_id,country_code,year,value\nX,VNM,2020,\nX,VNM,2021,1\n',
      'gso_vn_cpi_monthly.csv': 'period,item_code,item_en,yoy_pct,mom_pct\n2024-01,CPI,All items,3.4,\n2024-02,CPI,All items,4,1.2\n',
    });
    const app = await buildSandboxApp({ dataDir: dir });
    const wb = (await get(app, '/api/v1/indicators?source=WB&indicator=X&country=VN')).json().data;
    expect(wb.map((r: { year: number; value: number | null }) => [r.year, r.value])).toEqual([[2020, null], [2021, 1]]);
    const mom = (await get(app, '/api/v1/indicators?source=GSO&indicator=CPI.MOM')).json().data;
    expect(mom.map((r: { period: string; value: number }) => [r.period, r.value])).toEqual([['2024-02', 1.2]]);
    await app.close();
  });

  it('refuses duplicate rows, which would serve two records for one period', async () => {
    await expect(loadDataFolder(folder({ 'countries.csv': COUNTRIES, 'wb_wdi_values.csv': 'indicator_id,country_code,year,value\nX,VNM,2020,1\nX,NAM,2020,3\nX,VNM,2020,2\n' })))
      .rejects.toThrow('WB X for VN has two annual values for 2020: remove the duplicate row from the data folder');
    await expect(loadDataFolder(folder({ 'vn_customs_trade_monthly.csv': 'period,flow,value_usd_bn\n2024-01,export,1\n2024-02,export,1\n2024-01,export,2\n' })))
      .rejects.toThrow('vn_customs_trade_monthly.csv: two rows for 2024-01 exports (partner WLD, hs_code TOTAL): remove the duplicate row');
    await expect(loadDataFolder(folder({ 'vn_index_daily.csv': 'index_code,date,open,high,low,close,volume\nVNINDEX,2024-01-02,1,1,1,1,1\nvnindex,2024-01-02,1,1,1,1,1\n' })))
      .rejects.toThrow('vn_index_daily.csv: two rows for VNINDEX on 2024-01-02: remove the duplicate row');
  });

  it('refuses a folder that does not exist or holds no data files', async () => {
    await expect(loadDataFolder('/nonexistent/folder')).rejects.toThrow('data folder /nonexistent/folder does not exist');
    const file = join(folder({ 'countries.csv': COUNTRIES }), 'countries.csv');
    await expect(loadDataFolder(file)).rejects.toThrow(`${file} is a file, not a folder: give the folder that holds the CSV files, e.g. --data ../shared/data`);
    const empty = folder({ 'notes.txt': 'hello' });
    await expect(loadDataFolder(empty)).rejects.toThrow(`${empty} holds none of the data files (wb_wdi_values.csv,`);
  });

  it('loads a folder once per process', async () => {
    const dir = folder({ 'countries.csv': COUNTRIES, 'wb_wdi_values.csv': 'indicator_id,country_code,year,value\nX,VNM,2020,1\n' });
    const first = await loadDataFolder(dir);
    const second = await loadDataFolder(`${dir}/`);
    expect(second.dataset).toBe(first.dataset);
    expect(second.loadMs).toBe(0);
  });
});
