/**
 * "Copy as code" runs: the curl and Python snippets of a shown series, run against the sandbox
 * (Debian's /usr/bin/python3 with pandas and requests; /usr/bin/curl), give the values the app
 * shows, transformed where a transform is shown (through analysis's one path, fetchShown, as both
 * apps do), seasonally adjusted with statsmodels' STL where SA is shown (the snippet needs
 * statsmodels then). The key travels in ECONDATA_API_KEY only.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchShown, fromClient } from '@econdata/analysis';
import { EconDataClient, type Series, type SeriesQuery } from '@econdata/core';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { codeSnippets } from '@econdata/ui';
import { realDataDir } from '../support/paths.ts';

const PYTHON = '/usr/bin/python3';
// Asynchronous: the sandbox answering the snippet runs in this process.
const run = promisify(execFile);
const KEY = 'sandbox-enterprise';
const hasPandas = existsSync(PYTHON) && (() => {
  try {
    execFileSync(PYTHON, ['-c', 'import pandas, requests, statsmodels'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasPandas)('copy as code against the sandbox', () => {
  let sb: Sandbox;
  let client: EconDataClient;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, ...(realDataDir ? { dataDir: realDataDir } : {}), watch: false });
    client = new EconDataClient({ baseURL: sb.url, apiKey: KEY });
  });
  afterAll(async () => {
    await sb.close();
  });

  /** What the app shows: the one path (widened, fetched, transformed to the asked range). */
  async function shown(asked: SeriesQuery, transform = ''): Promise<Series> {
    const [r] = await fetchShown(fromClient(client).fetch, [asked], transform);
    if (!r!.ok) throw r!.error;
    return r!.series;
  }

  /** Period -> value of every column (header -> map), nulls left out. */
  function appValues(s: Series, headers: string[]): Record<string, Record<string, number>> {
    return Object.fromEntries(s.columns.map((_, c) => [headers[c]!, Object.fromEntries(
      s.periods.flatMap((p, i) => (s.values[c]![i] === null || s.values[c]![i] === undefined ? [] : [[p, s.values[c]![i]!]])))]));
  }

  async function runPython(code: string): Promise<{ columns: string[]; values: Record<string, Record<string, number>> }> {
    // The snippet prints the frame; the test reads it as JSON instead (the same frame).
    const program = `${code.replace(/\nprint\(frame\)$/, '')}\nimport json\nprint(json.dumps({"columns": list(frame.columns), "values": {c: {p: v for p, v in frame[c].dropna().items()} for c in frame}}))\n`;
    const { stdout: out } = await run(PYTHON, ['-c', program], { env: { ...process.env, ECONDATA_API_KEY: KEY }, encoding: 'utf8' });
    return JSON.parse(out.trim().split('\n').pop()!);
  }

  function expectSame(python: Record<string, Record<string, number>>, app: Record<string, Record<string, number>>): void {
    expect(Object.keys(python)).toEqual(Object.keys(app));
    for (const [column, values] of Object.entries(app)) {
      expect(Object.keys(python[column]!)).toEqual(Object.keys(values));
      for (const [period, v] of Object.entries(values)) {
        const got = python[column]![period]!;
        expect(Math.abs(got - v), `${column} ${period}: python ${got}, app ${v}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(v)));
      }
    }
  }

  const headersOf = (code: string): string[] => JSON.parse(`[${/frame = pd\.DataFrame\(\{\n([\s\S]*?)\n\}\)/.exec(code)![1]!.split('\n').map((l) => l.trim().replace(/: column\(.*$/, '')).join(',')}]`);

  const gso = (indicator: string, frequency: 'monthly' | 'quarterly', from: number, to: number): SeriesQuery =>
    ({ kind: 'indicator', source: 'GSO', indicator, country: 'VN', frequency, start_year: from, end_year: to });
  const cases: Array<{ name: string; query: SeriesQuery; transform?: string }> = [
    { name: 'WB GDP, no transform', query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2010, end_year: 2020 } },
    { name: 'WB GDP, % change from a year ago', query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2010, end_year: 2020 }, transform: 'Units=pc1' },
    { name: 'WB GDP, 3-year moving average rebased', query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2005, end_year: 2020 }, transform: 'MA=3 Rebase=2010' },
    { name: 'VNINDEX monthly close, FRED partial-period rule', query: { kind: 'stock', index: 'VNINDEX', start_date: '2023-01-15', end_date: '2023-12-31' }, transform: 'Per=M Units=pch' },
    { name: 'GSO CPI from monthly rates: level, quarterly average, % change from a year ago', query: { kind: 'indicator', source: 'GSO', indicator: 'CPI.TOTAL.MOM', country: 'VN', start_year: 2021, end_year: 2023 }, transform: 'Level=pch Per=Q Units=pc1' },
    { name: 'Vietnam exports quarterly sum (complete quarters only)', query: { kind: 'trade', flow: 'exports', start_period: '2023-02', end_period: '2024-06' }, transform: 'Per=Q' },
    // SA (issue 33): statsmodels' STL with the engine's settings, the Tết regressors from analysis's calendar.
    { name: 'GSO retail sales, Tết removed, month-on-month', query: gso('RETAIL.TOTAL.VALUE', 'monthly', 2018, 2024), transform: 'SA=tet Units=pch' },
    { name: 'GSO consumer prices from monthly rates, Tết removed (7,7), robust, seasonal 13', query: gso('CPI.TOTAL.MOM', 'monthly', 2016, 2024), transform: 'Level=pch SA=tet Seasonal=13 Robust=Y Tet=7,7' },
    { name: 'GSO quarterly GDP, STL, % change from a year ago', query: gso('GDP.TOTAL.VALUE', 'quarterly', 2015, 2024), transform: 'SA=stl Units=pc1' },
    { name: 'customs trade balance, STL additive', query: { kind: 'trade', flow: 'balance', start_period: '2022-01', end_period: '2024-12' }, transform: 'SA=stl' },
    { name: 'GSO exports, quarterly sums then SA=tet (STL alone on quarters)', query: gso('TRADE.EXPORT.TOTAL.VALUE', 'monthly', 2016, 2024), transform: 'Per=Q SA=tet' },
  ];

  for (const c of cases) {
    it(`${c.name}: the Python snippet gives the values the app shows`, async () => {
      const s = await shown(c.query, c.transform);
      const snippets = codeSnippets(s, sb.url);
      expect(snippets.python).not.toContain(KEY);
      const headers = headersOf(snippets.python);
      if (c.transform?.includes('SA=')) expect(snippets.python).not.toContain('Not reproduced');
      const python = await runPython(snippets.python);
      expect(python.columns).toEqual(headers);
      expectSame(python.values, appValues(s, headers));
    });
  }

  it('the curl snippet answers the records the app fetched, with the key from the environment only', async () => {
    const s = await shown({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2015, end_year: 2020 });
    const { curl, address } = codeSnippets(s, sb.url);
    expect(curl).toBe(`curl -H "Authorization: Bearer $ECONDATA_API_KEY" "${sb.url}/api/v1/indicators?country=VN&end_year=2020&indicator=NY.GDP.MKTP.CD&source=WB&start_year=2015"`);
    expect(address).not.toContain('api_key');
    const { stdout: out } = await run('/bin/sh', ['-c', curl], { env: { ...process.env, ECONDATA_API_KEY: KEY }, encoding: 'utf8' });
    const body = JSON.parse(out) as { data: Array<{ year: number; value: number }> };
    expect(body.data.map((r) => [String(r.year), r.value])).toEqual(s.periods.map((p, i) => [p, s.values[0]![i]]));
  });
});
