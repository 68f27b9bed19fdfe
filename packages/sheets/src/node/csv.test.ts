import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { gdp, gdpNamibia, gsoQuarterly, inflation, stock, tradeBalance } from '../../test/fixtures.ts';
import { layoutSeries } from '../grid/layout.ts';
import type { Grid } from '../grid/types.ts';
import { csvRows, parseCsv } from '../read/csv-parse.ts';
import { readCsv } from './csv-read.ts';
import { readXlsx } from './xlsx-read.ts';
import { writeXlsx } from './xlsx-write.ts';
import { csvField, escapeCsvText, gridToCsv, unescapeCsvText, writeCsv } from './csv-write.ts';

function tinyGrid(cells: Array<string | number | null>): Grid {
  return {
    name: 't', orientation: 'long', rows: [cells.map((v) => ({ v }))], body: { rowCount: 0, columns: [] },
    columns: [], merges: [], notes: [], rowHeights: {}, frozenRows: 0, frozenColumns: 0,
    regions: { header: { top: 0, left: 0, bottom: 0, right: 0 }, data: { top: 1, left: 0, bottom: 0, right: 0 } },
  };
}

describe('CSV writer', () => {
  it('follows RFC 4180: CRLF, quotes doubled, fields with comma, quote or newline quoted', () => {
    expect(gridToCsv(tinyGrid(['a,b', 'say "hi"', 'two\nlines', 'plain', null, 1.5]), { bom: false })).toBe('"a,b","say ""hi""","two\nlines",plain,,1.5\r\n');
  });

  it('quotes a field holding ";", which Excel in a ";"-separated locale would split into a formula cell', () => {
    expect(gridToCsv(tinyGrid(['x;=1+1;', 'a;b', '=x;y']), { bom: false })).toBe(`"x;=1+1;","a;b","'=x;y"\r\n`);
    expect(parseCsv('"x;=1+1;","a;b"\r\n')).toEqual([['x;=1+1;', 'a;b']]);
  });

  it('starts with a byte order mark unless told not to', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-csv-'));
    await writeCsv(join(dir, 'a.csv'), tinyGrid(['Việt Nam']));
    await writeCsv(join(dir, 'b.csv'), tinyGrid(['Việt Nam']), { bom: false });
    expect([...(await readFile(join(dir, 'a.csv'))).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await readFile(join(dir, 'a.csv'), 'utf8')).toBe('\uFEFFViệt Nam\r\n');
    expect(await readFile(join(dir, 'b.csv'), 'utf8')).toBe('Việt Nam\r\n');
  });

  it.each([
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', '"\'\rcmd"'],
    ["'=already quoted", "''=already quoted"],
    ["it's fine", "it's fine"],
    ['Thế giới', 'Thế giới'],
  ])('escapes formula-like text %j', (text, field) => {
    expect(csvField({ v: text })).toBe(field);
  });

  it('writes real negative numbers as numbers', () => {
    expect(csvField({ v: -0.26 })).toBe('-0.26');
    expect(csvField({ v: -1e-7 })).toBe('-1e-7');
    expect(gridToCsv(layoutSeries([tradeBalance], { provenance: false }), { bom: false })).toBe(
      'Period,"Viet Nam trade balance: all partners, all goods: Value","Viet Nam trade balance: all partners, all goods: Year to date"\r\n' +
        '2024-01,2.92,2.92\r\n2024-02,-0.26,2.66\r\n2024-03,1.64,4.3\r\n',
    );
  });

  it('escape and unescape are inverse for any text', () => {
    fc.assert(fc.property(fc.string(), (s) => unescapeCsvText(escapeCsvText(s)) === s));
    fc.assert(fc.property(fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'"), fc.string(), (a, b) => unescapeCsvText(escapeCsvText(a + b)) === a + b));
  });
});

describe('CSV parser', () => {
  it('reads quoted fields, doubled quotes, newlines inside quotes, LF or CRLF, and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b,c","d ""e"""\r\n"x\ny",,z\nlast')).toEqual([['a', 'b,c', 'd "e"'], ['x\ny', '', 'z'], ['last']]);
  });
  it('refuses a file that ends inside quotes, naming it', async () => {
    expect(() => parseCsv('a,"b\r\n')).toThrow('The CSV ends inside a quoted field: the file is truncated or not CSV.');
    const dir = await mkdtemp(join(tmpdir(), 'sheets-csv-'));
    await writeFile(join(dir, 'cut.csv'), 'Period,x\r\n2024,"1');
    await expect(readCsv(join(dir, 'cut.csv'))).rejects.toMatchObject({ code: 'unreadable_file', message: 'cut.csv ends inside a quoted field: the file is truncated or not CSV.' });
  });

  it('gives the same rows whatever the chunks the text arrives in', () => {
    const chars = fc.constantFrom('"', ',', '\r', '\n', 'a', 'ệ', '\uFEFF', ' ');
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (text, size) => {
        const outcome = (rows: () => string[][]): unknown => {
          try {
            return rows();
          } catch (error) {
            return (error as Error).message; // an unterminated quote fails the same way
          }
        };
        expect(outcome(() => [...csvRows(text, size)])).toEqual(outcome(() => parseCsv(text)));
      }),
    );
    expect([...csvRows('\uFEFFa,"b""c"\r\n"x\r\ny",z\r\n', 1)]).toEqual([['a', 'b"c'], ['x\r\ny', 'z']]);
  });
});

describe('CSV round trip', () => {
  const cases: Array<[string, Series[], 'wide' | 'long']> = [
    ['annual indicators, with flags, stale and a gap', [gdp, gdpNamibia, inflation], 'wide'],
    ['quarterly', [gsoQuarterly], 'wide'],
    ['trade, formula-like text', [tradeBalance], 'wide'],
    ['stock OHLCV', [stock], 'wide'],
    ['every kind and frequency, long', [gdp, gdpNamibia, inflation, gsoQuarterly, tradeBalance, stock], 'long'],
  ];
  it.each(cases)('%s', async (_, series, orientation) => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-csv-'));
    const file = join(dir, 'x.csv');
    await writeCsv(file, layoutSeries(series, { orientation }));
    expect(await readCsv(file)).toStrictEqual(series);
  });

  it('gives back any text exactly: the formula escape is undone, quotes, line breaks and control characters kept', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-csv-'));
    const chars = fc.constantFrom('=', '+', '-', '@', "'", '\t', '\r', '\n', '"', ',', ' ', 'a', '1', '\uFEFF', 'ệ');
    const text = fc.oneof(fc.string({ minLength: 1, unit: chars }), fc.string({ minLength: 1, unit: 'binary' }));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(text, text, text, text, fc.constantFrom('wide' as const, 'long' as const), async (title, description, label, unit, orientation) => {
        const s: Series = {
          ...tradeBalance,
          title,
          dimensions: { ...tradeBalance.dimensions, hs_description: description, partner_name: label },
          columns: [{ key: 'value', label, unit }, { key: 'ytd_value', label: unit, unit: label }],
        };
        n += 1;
        const file = join(dir, `${n}.csv`);
        await writeCsv(file, layoutSeries([s], { orientation }));
        expect(await readCsv(file)).toStrictEqual([s]);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a file of many chunks back exactly (Vietnamese text in every row)', async () => {
    const days = 25_000;
    const periods = Array.from({ length: days }, (_, i) => new Date(Date.UTC(1950, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    // Daily values under a query that names no frequency (a quarterly query would make the Series invalid).
    const query = { kind: 'indicator' as const, source: 'GSO', indicator: 'GDP_YOY', start_year: 1950 };
    const s: Series = { ...gsoQuarterly, frequency: 'daily', periods, values: [periods.map((_, i) => (i % 7 === 3 ? null : i / 8))], provenance: { ...gsoQuarterly.provenance, query } };
    const dir = await mkdtemp(join(tmpdir(), 'sheets-csv-'));
    const file = join(dir, 'many.csv');
    await writeCsv(file, layoutSeries([s], { orientation: 'long' }));
    expect((await readFile(file)).length).toBeGreaterThan(3 << 20); // several 1 MB read chunks
    expect(await readCsv(file)).toStrictEqual([s]);
  });

  it('without the provenance block, still reads the values back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-csv-'));
    const file = join(dir, 'x.csv');
    await writeCsv(file, layoutSeries([stock], { provenance: false }));
    const [s, ...rest] = await readCsv(file);
    expect(rest).toHaveLength(4);
    expect([s?.periods, s?.values, s?.frequency]).toEqual([stock.periods, [stock.values[0]], 'daily']);
    // The sheet's one period column is one axis, shared by every series read from it (not copied per series).
    expect(rest.map((r) => r.periods === s?.periods)).toEqual([true, true, true, true]);
  });

  it('without the provenance block, reads flag columns (TRUE/FALSE) as the flags of the series before them, CSV and XLSX', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-csv-'));
    // A series starting later leaves its first flag cells empty: the column is told by its first value.
    const late: Series = { ...inflation, id: 'late', periods: ['2022', '2023'], values: [[3.156, 3.52]], flags: { is_projection: [false, true] } };
    const lateOnAxis = [gdp.periods, [[null, null, 3.156, 3.52]], { is_projection: [false, false, false, true] }];
    const expected = (s: Series): unknown[] => (s === late ? lateOnAxis : [s.periods, s.values, s.flags]);
    for (const series of [[inflation], [gdp, inflation, late]]) {
      const grid = layoutSeries(series, { provenance: false });
      await writeCsv(join(dir, 'f.csv'), grid);
      await writeXlsx(join(dir, 'f.xlsx'), [grid]);
      for (const read of [await readCsv(join(dir, 'f.csv')), await readXlsx(join(dir, 'f.xlsx'))]) {
        expect(read.map((s) => [s.periods, s.values, s.flags])).toEqual(series.map(expected));
      }
    }
  });
});

describe('reading a service export keeps none of its text', () => {
  it('holds no chunk of the file once read: names kept from each series are copies, not slices of the text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-retained-'));
    const file = join(dir, 'export.csv');
    // 2,000 series x 40 years, names long enough (13+ characters) that V8 would keep them as slices.
    let text = 'indicator_code,indicator_name,country_code,country_name,year,value,unit\r\n';
    for (let s = 0; s < 2_000; s += 1) {
      for (let y = 0; y < 40; y += 1) text += `SERIES.CODE.${String(s).padStart(5, '0')},"Indicator number ${s}, current US$",C${s % 40},Country number ${s % 40},${1980 + y},${(s * 40 + y) / 7},current US$\r\n`;
    }
    await writeFile(file, text);
    const child = fileURLToPath(new URL('../../test/retained-child.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', child, file], { maxBuffer: 1 << 20 });
    // The file is 8 chunks of 1 MiB; before, every one stayed alive with the Series (the whole file).
    expect(text.length).toBeGreaterThan(7 * 2 ** 20);
    expect(JSON.parse(stdout)).toEqual({ series: 2_000, bigStrings: 0, bigStringBytes: 0 });
  });
});
