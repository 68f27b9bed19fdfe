/**
 * ECON.VALUE as Excel calls it (registered function, invocation object), against the sandbox over
 * real HTTP, requests counted by the sandbox itself; every value checked against the service's own
 * answer for that period, fetched separately.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataClient, planRequests, type SeriesQuery } from '@econdata/core';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { cell, connected, fiveHundredPairs } from '../../test/support/call-functions.ts';
import { setRuntime } from '../runtime/instance.ts';
import { createAddinRuntime } from '../runtime/runtime.ts';

const sandbox = useSandboxes({ seed: 5 });
afterEach(() => setRuntime(undefined));

/** The service's value for one year, asked for that year alone (the independent answer). */
async function serviceValue(direct: EconDataClient, q: { source: string; indicator: string; country: string }, year: number): Promise<number | null> {
  const answer = await direct.getIndicators({ ...q, start_year: year, end_year: year }).catch(() => ({ data: [] }));
  return answer.data[0]?.value ?? null;
}

describe('ECON.VALUE filled down', () => {
  it('500 cells of one recalculation (10 indicators x 50 countries, mixed years) cost the batch minimum, each cell its own value', async () => {
    const sb = await sandbox();
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' });
    const { indicators, countries } = await fiveHundredPairs(sb.url, 'sandbox-enterprise');
    await connected(sb.url, 'enterprise', 'sandbox-enterprise');
    sb.reset();

    const year = (j: number): number => 2000 + (j % 21);
    const results = await Promise.all(indicators.flatMap((code, i) => countries.map((cc, j) => cell('VALUE', `Sheet1!B${i * 50 + j + 2}`, 'WB', code, cc, year(j)))));

    // Every call asks for the whole history: one range, so the planner packs all 500 pairs.
    const queries: SeriesQuery[] = indicators.flatMap((indicator) => countries.map((country) => ({ kind: 'indicator' as const, source: 'WB', indicator, country })));
    const minimum = planRequests(queries).stats.minimumRequests;
    expect(minimum).toBe(5); // 500 pairs, 100 per batch
    expect(sb.stats().received).toBe(minimum);

    const numbers = results.filter((r) => typeof r === 'number');
    const errors = results.filter((r) => typeof r !== 'number') as Array<{ code: string; message: string }>;
    expect(numbers.length + errors.length).toBe(500);
    expect(numbers.length).toBeGreaterThan(300);
    for (const e of errors) expect(e).toMatchObject({ code: '#N/A', message: expect.stringMatching(/^No data: /) });
    // A sample of cells (every 25th) against the service's answer for that year alone.
    for (let k = 0; k < 500; k += 25) {
      const i = Math.floor(k / 50);
      const j = k % 50;
      const expected = await serviceValue(direct, { source: 'WB', indicator: indicators[i]!, country: countries[j]! }, year(j));
      expect([k, results[k]]).toEqual([k, expected ?? expect.objectContaining({ code: '#N/A' })]);
    }
  });

  it('one series at many periods is one query: a column of 40 years for VN costs one request', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'free', 'sandbox-free');
    sb.reset();
    const years = Array.from({ length: 40 }, (_, i) => 1984 + i);
    const results = await Promise.all(years.map((y, i) => cell('VALUE', `Sheet1!C${i + 1}`, 'WB', 'SP.POP.TOTL', 'VN', y)));
    expect(sb.stats().received).toBe(1);
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-free' });
    const all = await direct.getIndicators({ source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN', start_year: 1984, end_year: 2023 });
    expect(results).toEqual(years.map((y) => all.data.find((r) => r.year === y)?.value ?? expect.objectContaining({ code: '#N/A' })));
  });
});

describe('ECON.VALUE periods and options', () => {
  it('latest, a year as text, quarters, months and date cells, each the service\'s value for that period', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'pro', 'sandbox-pro');
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' });
    const gdp = (await direct.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' })).data;
    const lastGdp = [...gdp].reverse().find((r) => r.value !== null)!;
    const quarterly = (await direct.getIndicators({ source: 'GSO', indicator: 'GDP.TOTAL.VALUE', frequency: 'quarterly', start_year: 2024, end_year: 2024 })).data;
    const monthly = (await direct.getIndicators({ source: 'GSO', indicator: 'CPI.TOTAL.YOY', frequency: 'monthly', start_year: 2024, end_year: 2024 })).data;
    const at = (rows: typeof quarterly, period: string): unknown => rows.find((r) => r.period === period)?.value;

    expect(await cell('VALUE', 'Sheet1!A1', 'WB', 'NY.GDP.MKTP.CD', 'VN', null)).toBe(lastGdp.value);
    expect(await cell('VALUE', 'Sheet1!A2', 'wb', 'ny.gdp.mktp.cd', 'vn', 'Latest')).toBe(lastGdp.value);
    expect(await cell('VALUE', 'Sheet1!A3', 'WB', 'NY.GDP.MKTP.CD', 'VN', '2015')).toBe(gdp.find((r) => r.year === 2015)!.value);
    expect(await cell('VALUE', 'Sheet1!A4', 'GSO', 'GDP.TOTAL.VALUE', null, '2024-q1')).toBe(at(quarterly, '2024-Q1'));
    expect(await cell('VALUE', 'Sheet1!A5', 'GSO', 'CPI.TOTAL.YOY', null, '2024-03')).toBe(at(monthly, '2024-03'));
    // A date cell: Excel passes 2024-03-15 as serial 45366; the series' finest frequency (monthly) holds it in 2024-03.
    expect(await cell('VALUE', 'Sheet1!A6', 'GSO', 'CPI.TOTAL.YOY', null, 45366)).toBe(at(monthly, '2024-03'));
    // The same date for an annual series: the year holding it.
    expect(await cell('VALUE', 'Sheet1!A7', 'WB', 'NY.GDP.MKTP.CD', 'VN', 45366)).toBe(gdp.find((r) => r.year === 2024)?.value ?? expect.objectContaining({ code: '#N/A' }));
  });

  it('Units=pc1 is the % change from a year ago, computed independently from the levels', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'free', 'sandbox-free');
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-free' });
    const levels = (await direct.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2019, end_year: 2020 })).data;
    const [y2019, y2020] = [levels.find((r) => r.year === 2019)!.value!, levels.find((r) => r.year === 2020)!.value!];
    const growth = await cell('VALUE', 'Sheet1!A1', 'WB', 'NY.GDP.MKTP.CD', 'VN', 2020, 'Units=pc1');
    expect(growth).toBeCloseTo((y2020 / y2019 - 1) * 100, 10);
  });

  it('refusals name what to write instead (#VALUE!); a period without data says the latest (#N/A)', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'free', 'sandbox-free');
    sb.reset();
    expect(await cell('VALUE', 'Sheet1!A1', 'WB', 'NY.GDP.MKTP.CD', 'VN', 'last year')).toEqual({ code: '#VALUE!', message: 'Invalid period: expected a year such as 2023, a quarter such as 2024-Q1, a month such as 2024-03, a date, or "latest", got "last year". Correct it and try again.' });
    expect(await cell('VALUE', 'Sheet1!A3', 'WB', 'NY.GDP.MKTP.CD', 'VN', 2020, 'Dir=H')).toEqual({ code: '#VALUE!', message: 'Dir=H arranges a spill; ECON.VALUE returns one cell. Keep only transform options such as Units=pc1.' });
    expect(await cell('VALUE', 'Sheet1!A4', 'WB', 'NY.GDP.MKTP.CD', 'VN', 2020, 'Units=pcx')).toEqual({ code: '#VALUE!', message: 'Invalid Units "pcx": expected one of lin, chg, ch1, pch, pc1, pca, cch, cca, log.' });
    expect(await cell('VALUE', 'Sheet1!A5', 'WB', [['NY.GDP.MKTP.CD', 'SP.POP.TOTL']], 'VN', 2020)).toMatchObject({ code: '#VALUE!', message: expect.stringContaining('indicator must be one code') });
    expect(sb.stats().received).toBe(0); // refused before any request
    // The series' own frequency decides whether a quarter can be read from it: known once it is loaded.
    expect(await cell('VALUE', 'Sheet1!A2', 'WB', 'NY.GDP.MKTP.CD', 'VN', '2020-Q1')).toEqual({ code: '#VALUE!', message: 'period 2020-Q1 is quarterly, but NY.GDP.MKTP.CD: VN is annual: write a period such as 2023, or convert with the option Per=Q.' });
    const none = await cell('VALUE', 'Sheet1!A6', 'WB', 'NY.GDP.MKTP.CD', 'VN', 1901);
    expect(none).toMatchObject({ code: '#N/A', message: expect.stringMatching(/^No data: NY\.GDP\.MKTP\.CD: VN has no value for 1901 \(its latest is \d{4}; leave period empty for the latest\)\. Check the codes, or widen the years or dates\.$/) });
  });

  it('with the sandbox stopped, cells keep their last good values (reported stale), also after Excel reopens', async () => {
    const sb = await sandbox();
    const { rt, options } = await connected(sb.url, 'free', 'sandbox-free', { cacheTtlMs: 0 });
    const before = await Promise.all(['VN', 'TH'].map((cc, i) => cell('VALUE', `Sheet1!B${i + 1}`, 'WB', 'NY.GDP.MKTP.CD', cc, 2020)));
    expect(before.every((v) => typeof v === 'number')).toBe(true);
    await sb.close();
    const after = await Promise.all(['VN', 'TH'].map((cc, i) => cell('VALUE', `Sheet1!B${i + 1}`, 'WB', 'NY.GDP.MKTP.CD', cc, 2020)));
    expect(after).toEqual(before);
    expect(rt.staleResults().map((s) => s.address).sort()).toEqual(['Sheet1!B1', 'Sheet1!B2']);
    setRuntime(createAddinRuntime({ ...options, cacheTtlMs: 3_600_000 }));
    expect(await cell('VALUE', 'Sheet1!B1', 'WB', 'NY.GDP.MKTP.CD', 'VN', 2020)).toEqual(before[0]);
  });
});
