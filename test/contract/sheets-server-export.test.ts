/**
 * The service's export files (/export/csv, /export/excel) read back into Series: the sandbox
 * serves them over real loopback HTTP from the real data, and the Series must hold exactly the
 * records the JSON endpoints give for the same query.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { readCsv, readXlsx, writeSeriesXlsx } from '@econdata/sheets/node';
import { realDataDir } from '../support/paths.ts';

const auth = { authorization: 'Bearer sandbox-enterprise' };

describe.skipIf(!realDataDir)('server export files into Series', () => {
  let sandbox: Sandbox;
  let dir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ dataDir: realDataDir ?? null });
    dir = await mkdtemp(join(tmpdir(), 'sheets-server-'));
  });
  afterAll(async () => {
    await sandbox.close();
  });

  async function download(route: string, query: string, name: string): Promise<string> {
    const res = await fetch(`${sandbox.url}/api/v1/export/${route}?${query}`, { headers: auth });
    expect(res.status).toBe(200);
    const file = join(dir, name);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    return file;
  }

  async function records(path: string, query: string): Promise<{ data: Array<Record<string, unknown>>; metadata: { source: string; last_updated: string } }> {
    const res = await fetch(`${sandbox.url}/api/v1${path}?${query}`, { headers: auth });
    expect(res.status).toBe(200);
    return (await res.json()) as { data: Array<Record<string, unknown>>; metadata: { source: string; last_updated: string } };
  }

  it('IMF indicator with projections, as CSV and as XLSX', async () => {
    const query = 'source=IMF&indicator=NGDP_RPCH&country=VN&start_year=2015';
    const json = await records('/indicators', query);
    const fromCsv = await readCsv(await download('csv', query, 'imf.csv'), { source: 'IMF' });
    const fromXlsx = await readXlsx(await download('excel', query, 'imf.xlsx'), { source: 'IMF' });
    for (const [series, endpoint] of [[fromCsv, '/export/csv'], [fromXlsx, '/export/excel']] as const) {
      expect(series).toHaveLength(1);
      const s = series[0];
      expect(s?.id).toBe('indicator:IMF:NGDP_RPCH:VN');
      expect(s?.frequency).toBe('annual');
      expect(s?.periods).toEqual(json.data.map((r) => String(r['year'])));
      expect(s?.values).toEqual([json.data.map((r) => r['value'])]);
      expect(s?.flags).toEqual({ is_projection: json.data.map((r) => r['is_projection']) });
      expect(s?.columns).toEqual([{ key: 'value', label: json.data[0]?.['indicator_name'], unit: 'Percent' }]);
      expect(s?.provenance.endpoint).toBe(endpoint);
    }
    // The XLSX export's About sheet names the source and its last update, and its query the source
    // code: without being told, the XLSX still gives the right ids and a query a re-run can use.
    expect([fromXlsx[0]?.provenance.source, fromXlsx[0]?.provenance.last_updated]).toEqual([json.metadata.source, json.metadata.last_updated]);
    const untold = await readXlsx(join(dir, 'imf.xlsx'));
    expect(untold.map((s) => [s.id, s.provenance.query])).toEqual([['indicator:IMF:NGDP_RPCH:VN', { kind: 'indicator', source: 'IMF', indicator: 'NGDP_RPCH', country: 'VN' }]]);
    expect(untold).toStrictEqual(fromXlsx);
  });

  it('stocks (OHLCV) and trade (three flows), as CSV and XLSX', async () => {
    const stockQuery = 'dataset=stocks&symbol=ACB&start_date=2024-01-01&end_date=2024-03-31';
    const stockJson = await records('/stocks/vietnam', 'symbol=ACB&start_date=2024-01-01&end_date=2024-03-31');
    for (const series of [await readCsv(await download('csv', stockQuery, 'acb.csv')), await readXlsx(await download('excel', stockQuery, 'acb.xlsx'))]) {
      expect(series.map((s) => [s.id, s.frequency, s.columns.map((c) => c.key)])).toEqual([['stock:ACB', 'daily', ['open', 'high', 'low', 'close', 'volume']]]);
      expect(series[0]?.periods).toEqual(stockJson.data.map((r) => r['date']));
      expect(series[0]?.values).toEqual(['open', 'high', 'low', 'close', 'volume'].map((k) => stockJson.data.map((r) => r[k])));
    }
    const tradeQuery = 'dataset=trade';
    const tradeJson = await records('/trade/vietnam', '');
    const trade = await readCsv(await download('csv', tradeQuery, 'trade.csv'));
    expect(trade.map((s) => s.id).sort()).toEqual(['trade:balance:WLD:TOTAL', 'trade:exports:WLD:TOTAL', 'trade:imports:WLD:TOTAL']);
    const exportsJson = tradeJson.data.filter((r) => r['flow'] === 'exports');
    const exportsSeries = trade.find((s) => s.id === 'trade:exports:WLD:TOTAL');
    expect(exportsSeries?.periods).toEqual(exportsJson.map((r) => r['period']));
    expect(exportsSeries?.values).toEqual([exportsJson.map((r) => r['value']), exportsJson.map((r) => r['ytd_value'])]);
    expect((await readXlsx(await download('excel', tradeQuery, 'trade.xlsx'))).map((s) => s.values)).toEqual(trade.map((s) => s.values));
  });

  it('a server export, written again by us, reads back identically', async () => {
    const query = 'source=IMF&indicator=NGDP_RPCH&country=VN&start_year=2015';
    const series: Series[] = await readXlsx(await download('excel', query, 'again.xlsx'), { source: 'IMF' });
    const ours = join(dir, 'ours.xlsx');
    await writeSeriesXlsx(ours, series);
    expect(await readXlsx(ours)).toStrictEqual(series);
  });
});

describe('server export text', () => {
  it('is read verbatim: the service does not escape formula-like text, so neither do we unescape it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-server-'));
    const file = join(dir, 'trade.csv');
    await writeFile(file, "period,flow,partner,partner_name,hs_code,hs_description,value,ytd_value,unit\r\n2024-01,exports,WLD,World,TOTAL,'=quoted,34.53,34.53,USD billion\r\n");
    const [s] = await readCsv(file);
    expect(s?.dimensions['hs_description']).toBe("'=quoted");
    expect(s?.values).toEqual([[34.53], [34.53]]);
  });
});
