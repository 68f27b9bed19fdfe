/**
 * Exports for people who compute (issue 22 item 14): the data-only CSV reads with a plain CSV
 * reader whose first line is the header (what pandas.read_csv does by default), its provenance is in
 * the sidecar; an XLSX's data is an Excel table with columns as wide as their headers; the Metadata
 * sheet names the transform.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { gdp, gdpNamibia, gsoQuarterly, inflation, stock } from '../../test/fixtures.ts';
import { writeDataCsv } from './data-csv.ts';
import { writeSeriesXlsx } from './xlsx-write.ts';

const growth: Series = {
  ...gdp,
  id: `${gdp.id}~Units=pc1`,
  title: 'GDP (current US$): Viet Nam, % change from a year ago',
  columns: [{ key: 'value', label: 'GDP (current US$), % change from a year ago', unit: '%' }],
  values: [[null, 5.73, null, null]],
  provenance: { ...gdp.provenance, transform: 'Units=pc1', warnings: ['A first warning.'] },
};

const hasPython = existsSync('/usr/bin/python3');

/** What pandas.read_csv does by default, with Python's csv module: UTF-8 (no BOM handling), the first line is the header. */
const PANDAS_LIKE = `
import csv, json, sys
with open(sys.argv[1], encoding='utf-8', newline='') as f:
    rows = list(csv.reader(f))
header, body = rows[0], rows[1:]
def num(v):
    try: return float(v)
    except ValueError: return None if v == '' else v
print(json.dumps({'header': header, 'rows': [[num(v) for v in r] for r in body], 'widths': sorted({len(r) for r in rows})}))
`;

describe('writeDataCsv', () => {
  it('the first line is the header, then one line a period; no byte order mark; provenance in the sidecar', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-data-csv-'));
    const files = await writeDataCsv(join(dir, 'gdp.csv'), [growth, gdpNamibia], { createdAt: '2026-11-25T00:00:00.000Z', productVersion: '0.1.0' });
    expect(files).toEqual({ data: join(dir, 'gdp.csv'), provenance: join(dir, 'gdp.provenance.json') });
    expect((await readdir(dir)).sort()).toEqual(['gdp.csv', 'gdp.provenance.json']);
    const text = await readFile(files.data, 'utf8');
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(text).toBe(
      'Period,"GDP (current US$): Viet Nam, % change from a year ago",GDP (current US$): Namibia\r\n' +
      `2020,,${gdpNamibia.values[0]![0] ?? ''}\r\n2021,5.73,${gdpNamibia.values[0]![1] ?? ''}\r\n2022,,${gdpNamibia.values[0]![2] ?? ''}\r\n2023,,${gdpNamibia.values[0]![3] ?? ''}\r\n`,
    );
    const sidecar = JSON.parse(await readFile(files.provenance, 'utf8')) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      data_file: 'gdp.csv', created_at: '2026-11-25T00:00:00.000Z', product: 'Econdata 0.1.0', layout: 'wide',
      columns: [
        { name: 'Period', role: 'period' },
        { name: 'GDP (current US$): Viet Nam, % change from a year ago', role: 'value', series: growth.id, field: 'value', unit: '%' },
        { name: 'GDP (current US$): Namibia', role: 'value', series: gdpNamibia.id, field: 'value', unit: 'current US$' },
      ],
      series: [
        { id: growth.id, source: 'World Bank WDI', query: '/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2020&end_year=2023', transform: 'Units=pc1', warnings: ['A first warning.'] },
        { id: gdpNamibia.id, source: gdpNamibia.provenance.source },
      ],
    });
    expect((sidecar['series'] as Array<Record<string, unknown>>)[1]).not.toHaveProperty('transform');
  });

  it('series of several frequencies go long (one table), as the ordinary CSV does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-data-csv-'));
    await writeDataCsv(join(dir, 'mixed.csv'), [gdp, gsoQuarterly]);
    const [head] = (await readFile(join(dir, 'mixed.csv'), 'utf8')).split('\r\n');
    expect(head).toMatch(/^Series,/);
    expect(JSON.parse(await readFile(join(dir, 'mixed.provenance.json'), 'utf8'))).toMatchObject({ layout: 'long' });
  });

  it('a data file that cannot be written leaves no sidecar behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-data-csv-'));
    await writeFile(join(dir, 'gdp.csv'), 'x');
    // A folder where the data file goes: the sidecar is written, then the rename of the data fails.
    const target = join(dir, 'taken');
    await mkdir(target);
    await expect(writeDataCsv(target, [gdp])).rejects.toMatchObject({ name: 'SheetsError', code: 'write_failed' });
    expect((await readdir(dir)).sort()).toEqual(['gdp.csv', 'taken']);
  });

  it.skipIf(!hasPython)('a pandas-style reader (first line = header, UTF-8) gets the columns and numbers, Vietnamese intact', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-data-csv-'));
    const path = join(dir, 'acb.csv');
    const vn: Series = { ...stock, title: 'ACB: Ngân hàng TMCP Á Châu' };
    await writeDataCsv(path, [vn, { ...stock, id: 'stock:VCB', dimensions: { symbol: 'VCB' } }]);
    const script = join(dir, 'read.py');
    await writeFile(script, PANDAS_LIKE);
    const { stdout } = await promisify(execFile)('/usr/bin/python3', [script, path]);
    const read = JSON.parse(stdout) as { header: string[]; rows: unknown[][]; widths: number[] };
    expect(read.header).toEqual(['Period', 'ACB: Open', 'ACB: High', 'ACB: Low', 'ACB: Close', 'ACB: Volume', 'VCB: Open', 'VCB: High', 'VCB: Low', 'VCB: Close', 'VCB: Volume']);
    expect(read.widths).toEqual([11]);
    expect(read.rows[0]).toEqual(['2024-01-02', 23.1, 23.5, 22.95, 23.4, 3421555, 23.1, 23.5, 22.95, 23.4, 3421555]);
    expect(read.rows[1]![5]).toBeNull();
    expect(read.rows).toHaveLength(stock.periods.length);
  });
});

interface TableModel { ref?: string; name?: string; columns: Array<{ name: string }> }

/** The tables exceljs finds on each sheet when it reads the file back. */
async function tablesOf(path: string): Promise<Map<string, { tables: Array<{ name: string; columns: string[] }>; widths: number[] }>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const out = new Map<string, { tables: Array<{ name: string; columns: string[] }>; widths: number[] }>();
  for (const ws of wb.worksheets) {
    const tables = Object.entries((ws as unknown as { tables?: Record<string, { table?: TableModel }> }).tables ?? {})
      .map(([name, t]) => ({ name, columns: (t.table?.columns ?? []).map((c) => c.name) }));
    out.set(ws.name, { tables, widths: (ws.columns ?? []).map((c) => c.width ?? 0) });
  }
  return out;
}

describe('XLSX for people who compute', () => {
  it('each data sheet is an Excel table whose columns are the headers, each column as wide as its header', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-table-'));
    const path = join(dir, 'data.xlsx');
    await writeSeriesXlsx(path, [growth, inflation, stock], { createdAt: '2026-11-25T00:00:00.000Z', productVersion: '0.1.0' });
    const book = await tablesOf(path);
    const indicators = book.get('Indicators')!;
    const headers = ['Period', 'GDP (current US$): Viet Nam, % change from a year ago', 'Inflation, average consumer prices: Viet Nam', 'Inflation, average consumer prices: Viet Nam: is_projection'];
    expect(indicators.tables).toEqual([{ name: 'Data_1', columns: headers }]);
    // Headers are no longer cut at 20 characters: every column is at least as wide as its header.
    headers.forEach((h, i) => expect(indicators.widths[i]).toBeGreaterThanOrEqual(h.length));
    expect(book.get('Stocks')!.tables).toEqual([{ name: 'Data_2', columns: ['Period', 'ACB: Open', 'ACB: High', 'ACB: Low', 'ACB: Close', 'ACB: Volume'] }]);
  });

  it('two columns with one header (no valid table column names) get no table, and the file still reads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-table-'));
    const path = join(dir, 'twins.xlsx');
    await writeSeriesXlsx(path, [gdp, { ...gdp, id: 'indicator:IMF:X:VN' }]);
    expect((await tablesOf(path)).get('Indicators')!.tables).toEqual([]);
  });

  it('the Metadata sheet names the transform of a transformed series, and nothing for the others', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-table-'));
    const path = join(dir, 'meta.xlsx');
    await writeSeriesXlsx(path, [growth, gdpNamibia], { createdAt: '2026-11-25T00:00:00.000Z', productVersion: '0.1.0' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const rows = (wb.getWorksheet('Metadata')!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const header = rows.find((r) => r[0] === 'Sheet')!;
    const at = header.indexOf('Transform');
    expect(header.slice(header.indexOf('Query'), at + 1)).toEqual(['Query', 'Months', 'Transform']);
    expect(rows.filter((r) => r[1] === growth.id || r[1] === gdpNamibia.id).map((r) => r[at] ?? null)).toEqual(['Units=pc1', null]);
  });
});
