/**
 * /export/csv and /export/excel: file names, RFC 4180 CSV, XLSX with numbers as numbers.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../src/data/csv.ts';
import { buildSandboxApp } from '../src/index.ts';
import { errorOf, get } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandboxApp();
});
afterAll(() => app.close());

async function workbook(url: string) {
  const res = await get(app, url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { book, disposition: res.headers['content-disposition'] };
}

describe('CSV export', () => {
  it('writes the /indicators records as RFC 4180 CSV, quoting names with commas', async () => {
    const res = await get(app, '/api/v1/export/csv?source=IMF&indicator=NGDP_RPCH&country=VN&start_year=2024&end_year=2025');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="IMF_NGDP_RPCH_VN_2024-2025.csv"');
    const json = (await get(app, '/api/v1/indicators?source=IMF&indicator=NGDP_RPCH&country=VN&start_year=2024&end_year=2025')).json().data;
    expect(res.body).toContain('"Gross domestic product (GDP), Constant prices, Percent change"');
    expect(res.body.endsWith('\r\n')).toBe(true);
    const rows = parseCsvRows(res.body);
    expect(rows[0]).toEqual(['indicator_code', 'indicator_name', 'country_code', 'country_name', 'year', 'value', 'unit', 'is_projection']);
    expect(rows.slice(1)).toEqual(json.map((r: Record<string, unknown>) => rows[0]!.map((c) => String(r[c]))));
  });

  it('names GSO files with their frequency and keeps the period column', async () => {
    const res = await get(app, '/api/v1/export/csv?source=GSO&indicator=GDP.TOTAL.YOY&start_year=2023');
    expect(res.headers['content-disposition']).toBe('attachment; filename="GSO_GDP.TOTAL.YOY_VN_2023-2024_quarterly.csv"');
    expect(parseCsvRows(res.body)[1]!.slice(4, 6)).toEqual(['2023', '2023-Q1']);
  });

  it('exports trade and stocks with dataset=', async () => {
    const trade = await get(app, '/api/v1/export/csv?dataset=trade&flow=exports');
    expect(trade.headers['content-disposition']).toBe('attachment; filename="VN_customs_trade_exports_2023-01_2024-12.csv"');
    expect(parseCsvRows(trade.body)[0]).toEqual(['period', 'flow', 'partner', 'partner_name', 'hs_code', 'hs_description', 'value', 'ytd_value', 'unit']);
    expect(parseCsvRows(trade.body)).toHaveLength(25);
    const month = await get(app, '/api/v1/export/csv?dataset=trade&period=2024-05');
    expect(month.headers['content-disposition']).toBe('attachment; filename="VN_customs_trade_all_2024-05.csv"');
    const stock = await get(app, '/api/v1/export/csv?dataset=stocks&symbol=FPT&start_date=2024-03-01&end_date=2024-03-31');
    expect(stock.headers['content-disposition']).toBe('attachment; filename="VN_stock_FPT_2024-03-01_2024-03-29.csv"');
  });

  it('answers errors as JSON with the usual statuses', async () => {
    const res = await get(app, '/api/v1/export/csv?dataset=files');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(errorOf(res)).toEqual({ status: 400, code: 'invalid_parameters', parameter: 'dataset', message: 'Invalid parameters: dataset must be one of indicators, trade, stocks, got "files"' });
    expect(errorOf(await get(app, '/api/v1/export/csv?source=WB&indicator=NOPE&country=VN')).status).toBe(404);
    expect(errorOf(await get(app, '/api/v1/export/excel?dataset=stocks')).parameter).toBe('symbol');
  });
});

describe('Excel export', () => {
  it('writes a Data sheet with a header row and numbers as numbers, and an About sheet', async () => {
    const { book, disposition } = await workbook('/api/v1/export/excel?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2015&end_year=2020');
    expect(disposition).toBe('attachment; filename="WB_NY.GDP.MKTP.CD_VN_2015-2020.xlsx"');
    const data = book.getWorksheet('Data')!;
    expect(data.getRow(1).values).toEqual([undefined, 'indicator_code', 'indicator_name', 'country_code', 'country_name', 'year', 'value', 'unit']);
    expect(data.rowCount).toBe(7);
    const json = (await get(app, '/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2015&end_year=2020')).json().data;
    expect(data.getRow(2).getCell(5).value).toBe(2015);
    expect(data.getRow(2).getCell(6).value).toBe(json[0].value);
    const about = book.getWorksheet('About')!;
    expect(about.getRow(1).values).toEqual([undefined, 'Source', 'DEMO DATA (generated, not real): World Bank, World Development Indicators']);
    expect(String(about.getRow(4).getCell(2).value)).toBe('/api/v1/export/excel?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2015&end_year=2020');
  });

  it('keeps the key out of the workbook when it came as api_key', async () => {
    const res = await app.inject({ url: '/api/v1/export/excel?api_key=sandbox-pro&dataset=stocks&index=VNINDEX&start_date=2024-12-30' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(String(book.getWorksheet('About')!.getRow(4).getCell(2).value)).toBe('/api/v1/export/excel?dataset=stocks&index=VNINDEX&start_date=2024-12-30');
    expect(book.getWorksheet('Data')!.getRow(2).getCell(2).value).toBe('2024-12-30');
    expect(typeof book.getWorksheet('Data')!.getRow(2).getCell(6).value).toBe('number');
  });
});

describe('formula-like text', () => {
  // The decision (README, Exports): exports carry the data's text as it is, the CSV plain RFC 4180,
  // the XLSX as text cells that no spreadsheet evaluates.
  it('is exported verbatim: CSV unescaped, XLSX as text cells, not formulas', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-formula-'));
    writeFileSync(join(dir, 'countries.csv'), 'iso2,iso3,name\nVN,VNM,@Vietnam\n');
    writeFileSync(join(dir, 'wb_wdi_values.csv'), 'indicator_id,country_code,year,value\nX.Y,VNM,2020,-1.5\n');
    writeFileSync(join(dir, 'wb_wdi_indicators.csv'), 'indicator_id,name,unit\nX.Y,"=HYPERLINK(""http://x.example"",""-2"")",+percent\n');
    const real = await buildSandboxApp({ dataDir: dir });
    try {
      const query = 'source=WB&indicator=X.Y&country=VN';
      const csv = await get(real, `/api/v1/export/csv?${query}`);
      expect(csv.body).toBe('indicator_code,indicator_name,country_code,country_name,year,value,unit\r\n'
        + 'X.Y,"=HYPERLINK(""http://x.example"",""-2"")",VN,@Vietnam,2020,-1.5,+percent\r\n');
      const res = await get(real, `/api/v1/export/excel?${query}`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const row = book.getWorksheet('Data')!.getRow(2);
      expect(row.values).toEqual([undefined, 'X.Y', '=HYPERLINK("http://x.example","-2")', 'VN', '@Vietnam', 2020, -1.5, '+percent']);
      expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
    } finally {
      await real.close();
    }
  });
});
