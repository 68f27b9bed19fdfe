/**
 * =ECON.DERIVED called as Excel calls it (the registered function with an invocation object), in
 * one shared runtime, against the sandbox's real data over HTTP: values checked against the
 * operands fetched directly and divided here; requests counted by the sandbox (/_sandbox/stats).
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataClient, type SeriesQuery } from '@econdata/core';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { createAddinRuntime } from '../runtime/runtime.ts';
import { setRuntime } from '../runtime/instance.ts';
import { MemoryStorage } from '../runtime/storage.ts';
import { evaluateEconFormula } from '../../dev/standin/evaluate.ts';
import { associateFunctions } from './functions.ts';

const sandbox = useSandboxes({ seed: 11 });
type Fn = (...args: unknown[]) => unknown;
const registered = new Map<string, Fn>();
associateFunctions((id, fn) => registered.set(id, fn as Fn));

afterEach(() => setRuntime(undefined));

async function cell(address: string, ...args: unknown[]): Promise<unknown[][] | { code: string; message: string }> {
  try {
    return (await registered.get('DERIVED')!(...args, { address, functionName: 'ECON.DERIVED' })) as unknown[][];
  } catch (e) {
    const { code, message } = e as { code: string; message: string };
    return { code, message };
  }
}

async function connect(url: string): Promise<void> {
  const rt = createAddinRuntime({ storage: new MemoryStorage(), indexedDB: new IDBFactory(), probe: async () => false, maxRetries: 0 });
  const outcome = await rt.connect({ baseURL: url, plan: 'enterprise' }, 'sandbox-enterprise');
  if (!outcome.ok) throw new Error(outcome.message);
  setRuntime(rt);
}

/** period -> value of one query, fetched directly. */
async function values(direct: EconDataClient, q: SeriesQuery): Promise<Map<string, number>> {
  const [r] = await direct.fetchSeries([q]);
  if (!r!.ok) throw r!.error;
  return new Map(r!.series.periods.flatMap((p, i) => (r!.series.values[0]![i] === null ? [] : [[p, r!.series.values[0]![i]!] as const])));
}

describe('=ECON.DERIVED', () => {
  it('filled down over ten countries: GDP per capita in each cell, all operands in ONE batch request', async () => {
    const sb = await sandbox();
    await connect(sb.url);
    sb.reset();
    const countries = ['VN', 'TH', 'ID', 'MY', 'PH', 'SG', 'CN', 'IN', 'KR', 'JP'];
    // Row i: =ECON.DERIVED("a/b", B{i}:C{i}, 2000, 2023) with B = "WB/NY.GDP.MKTP.CD/<country>", C = "WB/SP.POP.TOTL/<country>".
    const spills = await Promise.all(countries.map((c, i) => cell(`Sheet1!D${i + 2}`, 'a/b', [[`WB/NY.GDP.MKTP.CD/${c}`, `WB/SP.POP.TOTL/${c}`]], 2000, 2023, null)));
    expect(sb.stats().received).toBe(1);

    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' });
    for (const [i, c] of countries.entries()) {
      const spill = spills[i] as unknown[][];
      const gdp = await values(direct, { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: c, start_year: 2000, end_year: 2023 });
      const pop = await values(direct, { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: c, start_year: 2000, end_year: 2023 });
      expect(spill.length).toBe(25);
      expect(spill[0]![0]).toBe('Period');
      expect(spill[0]![1]).toMatch(/^\[GDP \(current US\$\): .+\] ÷ \[Population, total: .+\]$/);
      for (const row of spill.slice(1)) {
        const year = String(2000 + spill.indexOf(row) - 1);
        expect(row[0]).toBe(year);
        expect(row[1]).toBeCloseTo(gdp.get(year)! / pop.get(year)!, 6);
      }
    }
  });

  it('a preset over one series: Vietnam\'s monthly retail sales in US dollars, each month at its year\'s rate', async () => {
    const sb = await sandbox();
    await connect(sb.url);
    const spill = await cell('Sheet1!A1', 'usd', [['GSO/RETAIL.VALUE/monthly']], 2023, 2024, null) as unknown[][];
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' });
    const vnd = await values(direct, { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.VALUE', frequency: 'monthly', start_year: 2023, end_year: 2024 });
    const rate = await values(direct, { kind: 'indicator', source: 'WB', indicator: 'PA.NUS.FCRF', country: 'VN', start_year: 2023, end_year: 2024 });
    expect(spill[0]).toEqual(['Period', 'Retail sales of goods and consumer services: TOTAL (retail sales of goods and consumer services), value (revised where GSO re-published it): Vietnam, in US dollars']);
    expect(spill).toHaveLength(25);
    const months = [...vnd.keys()];
    spill.slice(1).forEach((row, i) => expect(row[1]).toBeCloseTo(vnd.get(months[i]!)! / rate.get(months[i]!.slice(0, 4))!, 9));
  });

  it('the GSO price index from its monthly rates, and its growth as the result\'s transform, from the formula\'s text', async () => {
    const sb = await sandbox();
    await connect(sb.url);
    const level = await evaluateEconFormula('=ECON.DERIVED("a", "GSO/CPI.MOM/monthly Level=pch")', 'Sheet1!A1');
    expect(level[0]).toEqual(['Period', 'Consumer prices: Consumer price index (all items), change vs previous month: Vietnam, index from % changes, first period = 100']);
    expect(level[1]![1]).toBe(100);
    const growth = await evaluateEconFormula('=ECON.DERIVED("a", {"GSO/CPI.MOM/monthly Level=pch"}, , , "Units=pc1")', 'Sheet1!C1');
    expect(growth[13]![1]).toBeCloseTo(((level[13]![1] as number) / (level[1]![1] as number) - 1) * 100, 10);
  });

  it('refusals fail their own cell with a sentence: a bad expression, a missing operand, a conversion that makes no sense', async () => {
    const sb = await sandbox();
    await connect(sb.url);
    expect(await cell('Sheet1!A1', 'a/*b', [['WB/NY.GDP.MKTP.CD/VN', 'WB/SP.POP.TOTL/VN']], 2020, 2023, null)).toEqual({
      code: '#VALUE!', message: expect.stringContaining('Invalid expression "a/*b" at position 3: expected an operand (a, b, c ...), a number or "(", found "*".') as string,
    });
    expect(await cell('Sheet1!A2', 'a/b', [['WB/NY.GDP.MKTP.CD/VN']], 2020, 2023, null)).toMatchObject({ code: '#VALUE!', message: expect.stringContaining('uses b, but no series is given for b') as string });
    expect(await cell('Sheet1!A3', 'a', [['WB/NY.GDP.MKTP.CD/V!']], 2020, 2023, null)).toMatchObject({ code: '#VALUE!', message: expect.stringContaining("Invalid operand a's country: expected") as string });
    expect(await cell('Sheet1!A4', 'usd', [['GSO/CPI.YOY/monthly']], 2020, 2023, null)).toMatchObject({ code: '#VALUE!', message: expect.stringContaining('a percentage: it has no currency') as string });
    expect(await cell('Sheet1!A5', 'a', [['WB/NY.GDP.MKTP.CD/VN']], 'soon', 2023, null)).toEqual({ code: '#VALUE!', message: 'Invalid start_year: expected a year such as 2015, got "soon". Correct it and try again.' });
  });
});
