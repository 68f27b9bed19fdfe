/**
 * A key sent as ?api_key= never reaches a log line or a file the sandbox writes, however its
 * parameter name is spelled on the wire.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { urlWithoutKey } from '../src/http/auth.ts';
import { buildSandboxApp } from '../src/index.ts';

describe('urlWithoutKey', () => {
  it.each([
    ['/api/v1/sources?api_key=secret', '/api/v1/sources'],
    ['/api/v1/sources?api_key=secret&q=gdp', '/api/v1/sources?q=gdp'],
    ['/api/v1/sources?q=gdp&api_key=secret', '/api/v1/sources?q=gdp'],
    ['/api/v1/sources?api%5Fkey=secret&q=gdp', '/api/v1/sources?q=gdp'],
    ['/api/v1/sources?q=gdp&%61pi_key=secret&api%5fkey=other', '/api/v1/sources?q=gdp'],
    ['/api/v1/sources?api_key', '/api/v1/sources'],
    ['/api/v1/sources?api_keys=kept&x=%ZZ', '/api/v1/sources?api_keys=kept&x=%ZZ'],
    ['/api/v1/sources', '/api/v1/sources'],
  ])('drops the key from %s', (url, expected) => {
    expect(urlWithoutKey(url)).toBe(expected);
  });

  it('masks the value instead when asked (log lines keep the parameter, not the key)', () => {
    expect(urlWithoutKey('/api/v1/sources?q=1&api%5Fkey=secret', '[redacted]')).toBe('/api/v1/sources?q=1&api%5Fkey=[redacted]');
  });
});

describe('the XLSX About sheet', () => {
  it('holds the query without the key, even when the key parameter is percent-encoded', async () => {
    const app = await buildSandboxApp();
    try {
      const res = await app.inject({ url: '/api/v1/export/excel?api%5Fkey=sandbox-pro&dataset=stocks&index=VNINDEX&start_date=2024-12-30' });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.getWorksheet('About')!.getRow(4).values).toEqual([undefined, 'Query', '/api/v1/export/excel?dataset=stocks&index=VNINDEX&start_date=2024-12-30']);
    } finally {
      await app.close();
    }
  });
});
