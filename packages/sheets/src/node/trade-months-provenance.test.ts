/**
 * A range of trade months in provenance: the service takes one month or every month, so core sends
 * every month and trims on the client. The Query line is the request that was sent; the months kept
 * are a Months line of their own (wide row, long column, Metadata column, the data CSV's sidecar,
 * a derived series' operand line), and a file read back gives the query that was asked.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Series } from '@econdata/core';
import { tradeFixture } from '@econdata/core/testing';
import { layoutSeries } from '../grid/layout.ts';
import { derivationText, monthsText, parseMonthsText } from '../grid/provenance.ts';
import { readCsv } from './csv-read.ts';
import { writeCsv } from './csv-write.ts';
import { writeDataCsv } from './data-csv.ts';
import { readXlsx } from './xlsx-read.ts';
import { writeSeriesXlsx, writeXlsx } from './xlsx-write.ts';

const TRIMMED = "(trimmed on the client from the service's answer)";

// Customs exports, USD billion, as vn_customs_trade_monthly.csv has them (2019-02 is missing there).
const half = tradeFixture({ query: { kind: 'trade', flow: 'exports', start_period: '2019-01', end_period: '2019-04' }, unit: 'USD billion', periods: ['2019-01', '2019-03', '2019-04'], values: [22.08, 22.78, 20.44] });
const tail = tradeFixture({ query: { kind: 'trade', flow: 'imports', start_period: '2025-10' }, unit: 'USD billion', periods: ['2025-10', '2025-11'], values: [40.23, 39.52] });
const whole = tradeFixture({ query: { kind: 'trade', flow: 'exports', period: '2025-11' }, unit: 'USD billion', periods: ['2025-11'], values: [39.11] });

const row = (series: Series[], label: string): unknown[] | undefined =>
  layoutSeries(series).rows.find((r) => r[0]?.v === label)?.map((c) => c?.v ?? null);

describe('the months of a trade range in provenance', () => {
  it('monthsText says the kept months and where they were kept, open ends included, and reads back', () => {
    expect(monthsText(half.provenance.query)).toBe(`2019-01 to 2019-04 ${TRIMMED}`);
    expect(monthsText(tail.provenance.query)).toBe(`from 2025-10 ${TRIMMED}`);
    expect(monthsText({ kind: 'trade', flow: 'exports', end_period: '2013-12' })).toBe(`up to 2013-12 ${TRIMMED}`);
    expect(monthsText(whole.provenance.query)).toBeNull();
    expect(monthsText({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' })).toBeNull();
    expect(parseMonthsText(`2019-01 to 2019-04 ${TRIMMED}`)).toEqual({ start_period: '2019-01', end_period: '2019-04' });
    expect(parseMonthsText(`from 2025-10 ${TRIMMED}`)).toEqual({ start_period: '2025-10' });
    expect(parseMonthsText(`up to 2013-12 ${TRIMMED}`)).toEqual({ end_period: '2013-12' });
    expect(parseMonthsText(null)).toEqual({});
  });

  it('wide: the Query row is the request sent, the Months row follows it (empty for a series without a range)', () => {
    // Each trade series spans two columns (value, year to date): its cell is the first of them.
    expect(row([half, tail, whole], 'Query')).toEqual(['Query', '/trade/vietnam?flow=exports', null, '/trade/vietnam?flow=imports', null, '/trade/vietnam?flow=exports&period=2025-11', null]);
    expect(row([half, tail, whole], 'Months')).toEqual(['Months', `2019-01 to 2019-04 ${TRIMMED}`, null, `from 2025-10 ${TRIMMED}`, null, null, null]);
    const labels = layoutSeries([half]).rows.map((r) => r[0]?.v);
    expect(labels.indexOf('Months')).toBe(labels.indexOf('Query') + 1);
    // No range, no Months row.
    expect(row([whole], 'Months')).toBeUndefined();
  });

  it('long: a Months column after Query', () => {
    const grid = layoutSeries([half, whole], { orientation: 'long' });
    const head = grid.rows[0]!.map((c) => c.v);
    const at = head.indexOf('Months');
    expect(at).toBe(head.indexOf('Query') + 1);
    expect(grid.rows.slice(1, 3).map((r) => [r[at - 1]?.v, r[at]?.v])).toEqual([
      ['/trade/vietnam?flow=exports', `2019-01 to 2019-04 ${TRIMMED}`],
      ['/trade/vietnam?flow=exports&period=2025-11', null],
    ]);
  });

  it('a derived series names each operand by the request sent and the months kept', () => {
    const text = derivationText({
      expression: 'a-b',
      operands: [
        { name: 'a', query: half.provenance.query, source: 'Vietnam Customs', last_updated: null },
        { name: 'b', query: { kind: 'trade', flow: 'imports', start_period: '2019-01', end_period: '2019-04' }, source: 'Vietnam Customs', last_updated: null, transform: 'Units=pc1' },
      ],
    });
    expect(text).toBe('a-b\na = /trade/vietnam?flow=exports (Months: 2019-01 to 2019-04)\nb = /trade/vietnam?flow=imports (Months: 2019-01 to 2019-04) (Transform: Units=pc1)');
  });

  it('XLSX and CSV: written with the request and the months apart, read back as the query asked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-trade-months-'));
    await writeSeriesXlsx(join(dir, 't.xlsx'), [half, tail], { createdAt: '2026-11-25T00:00:00.000Z', productVersion: '0.1.0' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 't.xlsx'));
    const meta = (wb.getWorksheet('Metadata')!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const header = meta.find((r) => r[0] === 'Sheet')!;
    expect(meta.filter((r) => r[1] === half.id || r[1] === tail.id).map((r) => [r[header.indexOf('Query')], r[header.indexOf('Months')]])).toEqual([
      ['/trade/vietnam?flow=exports', `2019-01 to 2019-04 ${TRIMMED}`],
      ['/trade/vietnam?flow=imports', `from 2025-10 ${TRIMMED}`],
    ]);
    const fromXlsx = await readXlsx(join(dir, 't.xlsx'));
    expect(fromXlsx.map((s) => s.provenance.query)).toEqual([half.provenance.query, tail.provenance.query]);
    for (const orientation of ['wide', 'long'] as const) {
      const grid = layoutSeries([half, whole], { orientation });
      await writeCsv(join(dir, `${orientation}.csv`), grid);
      await writeXlsx(join(dir, `${orientation}.xlsx`), [grid]);
      for (const read of [await readCsv(join(dir, `${orientation}.csv`)), await readXlsx(join(dir, `${orientation}.xlsx`))]) {
        expect(read.map((s) => s.provenance), orientation).toEqual([half.provenance, whole.provenance]);
        expect(read[0]!.values[0]!.filter((v) => v !== null), orientation).toEqual([22.08, 22.78, 20.44]);
      }
    }
  });

  it('the data CSV\'s sidecar has the request as query and the months beside it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sheets-trade-months-'));
    const files = await writeDataCsv(join(dir, 'trade.csv'), [half, whole]);
    const sidecar = JSON.parse(await readFile(files.provenance, 'utf8')) as { series: Array<Record<string, unknown>> };
    expect(sidecar.series.map((s) => [s['query'], s['months']])).toEqual([
      ['/trade/vietnam?flow=exports', `2019-01 to 2019-04 ${TRIMMED}`],
      ['/trade/vietnam?flow=exports&period=2025-11', undefined],
    ]);
  });
});
