/**
 * The layout options (`Dir`, `Sort`, `Header`, `Dates`) of the spilling functions, against the
 * sandbox over real HTTP: the expected cells are built from the service's own answer, and each
 * option is the plain matrix operation it names (reverse the rows, drop the header row or the
 * period column, transpose).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataClient } from '@econdata/core';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { cell, connected } from '../../test/support/call-functions.ts';
import { setRuntime } from '../runtime/instance.ts';

const sandbox = useSandboxes({ seed: 8 });
afterEach(() => setRuntime(undefined));

type M = unknown[][];
function reference(v: M, o: { dir: string; sort: string; header: boolean; dates: boolean }): M {
  let m = [v[0]!, ...(o.sort === 'D' ? v.slice(1).reverse() : v.slice(1))];
  if (!o.header) m = m.slice(1);
  if (!o.dates) m = m.map((row) => row.slice(1));
  if (o.dir === 'H') m = m[0]!.map((_, c) => m.map((row) => row[c]));
  return m;
}

describe('layout options in the options argument', () => {
  it('ECON.INDICATOR: all 16 combinations of Dir, Sort, Header and Dates, cells exact, with a transform in the same text', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'free', 'sandbox-free');
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-free' });
    const answer = await direct.getIndicators({ source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN', start_year: 2018, end_year: 2021 });
    const expected: M = [['Period', `${answer.data[0]!.indicator_name}: ${answer.data[0]!.country_name}`], ...answer.data.map((r) => [String(r.year), r.value ?? ''])];
    expect(await cell('INDICATOR', 'Sheet1!A1', 'WB', [['SP.POP.TOTL']], [['VN']], 2018, 2021, null, null)).toEqual(expected);
    for (const dir of ['V', 'H']) for (const sort of ['A', 'D']) for (const header of [true, false]) for (const dates of [true, false]) {
      const text = `Dir=${dir} Sort=${sort} Header=${header ? 'Y' : 'N'} Dates=${dates ? 'Y' : 'N'}`;
      const got = await cell('INDICATOR', 'Sheet1!A1', 'WB', [['SP.POP.TOTL']], [['VN']], 2018, 2021, null, text);
      expect([text, got]).toEqual([text, reference(expected, { dir, sort, header, dates })]);
    }
    // Spelled out once: across, newest first, a transform in the same text.
    const growth = await cell('INDICATOR', 'Sheet1!A1', 'WB', [['SP.POP.TOTL']], [['VN']], 2019, 2021, null, 'Units=pch; dir=h, sort=d') as M;
    const v = (y: number): number => answer.data.find((r) => r.year === y)!.value!;
    expect(growth.map((r) => r.length)).toEqual([4, 4]);
    expect(growth[0]).toEqual(['Period', '2021', '2020', '2019']);
    expect(growth[1]![0]).toBe(`${answer.data[0]!.indicator_name}: ${answer.data[0]!.country_name}, % change`);
    [2021, 2020, 2019].forEach((y, i) => expect(growth[1]![i + 1]).toBeCloseTo((v(y) / v(y - 1) - 1) * 100, 10));
  });

  it('ECON.TRADE across and ECON.STOCK newest first without dates; a bad layout value fails only its cell', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'pro', 'sandbox-pro');
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' });
    const trade = await cell('TRADE', 'Sheet1!A1', 'exports', null, null, '2024-03', 'Dir=H') as M;
    const plain = await cell('TRADE', 'Sheet1!A1', 'exports', null, null, '2024-03', null) as M;
    expect(trade).toEqual(reference(plain, { dir: 'H', sort: 'A', header: true, dates: true }));
    expect(trade[0]).toEqual(['Period', '2024-03']);
    const prices = (await direct.getStocks({ symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-08' })).data;
    const stock = await cell('STOCK', 'Sheet1!A1', [['VNM']], '2024-03-01', '2024-03-08', 'close', 'Sort=D Dates=N');
    expect(stock).toEqual([['VNM: Close'], ...[...prices].reverse().map((r) => [r.close])]);
    expect(await cell('STOCK', 'Sheet1!A1', [['VNM']], '2024-03-01', '2024-03-08', 'close', 'Sort=newest')).toEqual({ code: '#VALUE!', message: 'Invalid Sort "newest": expected one of A, D.' });
  });
});
