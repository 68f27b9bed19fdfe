/**
 * SA=stl and SA=tet on the real data, fetched from the sandbox over HTTP and adjusted by the
 * engine (widenQuery, then applyTransform with the asked query), against an independent reference:
 * seasonal-reference.py reads the same CSV files with pandas and adjusts them with statsmodels'
 * STL and OLS (Debian's python3-statsmodels, installed by scripts/test.sh). Values must agree
 * within 1e-8 relative, for the defaults, Seasonal=13, Robust=Y and Tet=7,7, and the Tết effects
 * the provenance states must be statsmodels' estimates and t-statistics, rounded.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTransform, widenQuery } from '@econdata/analysis';
import { EconDataClient, type Series, type SeriesQuery } from '@econdata/core';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { realDataDir, repoRoot } from '../support/paths.ts';

const PYTHON = '/usr/bin/python3';
const hasStatsmodels = existsSync(PYTHON) && (() => {
  try {
    execFileSync(PYTHON, ['-c', 'import statsmodels, pandas']);
    return true;
  } catch {
    return false;
  }
})();

/** One series: the query as asked, the Level it needs, and where the reference reads it. */
interface Case {
  name: string;
  asked: SeriesQuery;
  level?: boolean;
  file: string;
  filter: Record<string, string>;
  column: string;
  frequency: 'monthly' | 'quarterly';
  lo: string;
  hi: string;
}

const gso = (indicator: string, frequency: 'monthly' | 'quarterly', from: number, to: number): SeriesQuery =>
  ({ kind: 'indicator', source: 'GSO', indicator, frequency, start_year: from, end_year: to });

const CASES: Case[] = [
  { name: 'retail sales', asked: gso('RETAIL.TOTAL.VALUE', 'monthly', 2015, 2024), file: 'gso_vn_retail_sales_monthly.csv', filter: { category_code: 'total' }, column: 'value_bn_vnd', frequency: 'monthly', lo: '2015-01', hi: '2024-12' },
  { name: 'exports', asked: gso('TRADE.EXPORT.TOTAL.VALUE', 'monthly', 2015, 2024), file: 'gso_vn_trade_monthly.csv', filter: { flow: 'export', item_code: 'total' }, column: 'value_usd_mn', frequency: 'monthly', lo: '2015-01', hi: '2024-12' },
  { name: 'imports', asked: gso('TRADE.IMPORT.TOTAL.VALUE', 'monthly', 2015, 2024), file: 'gso_vn_trade_monthly.csv', filter: { flow: 'import', item_code: 'total' }, column: 'value_usd_mn', frequency: 'monthly', lo: '2015-01', hi: '2024-12' },
  // GSO's table lacks 2017-05: asked from 2018, the stretch starts at 2017-06 and Level chains from there.
  { name: 'industrial production (Level=pch)', asked: gso('IIP.TOTAL.MOM', 'monthly', 2018, 2024), level: true, file: 'gso_vn_iip_monthly.csv', filter: { industry_code: 'whole_industry' }, column: 'mom_pct', frequency: 'monthly', lo: '2018-01', hi: '2024-12' },
  { name: 'consumer prices (Level=pch)', asked: gso('CPI.TOTAL.MOM', 'monthly', 2015, 2024), level: true, file: 'gso_vn_cpi_monthly.csv', filter: { item_code: 'CPI' }, column: 'mom_pct', frequency: 'monthly', lo: '2015-01', hi: '2024-12' },
  // Negative months: additive. Customs skips months; 2022-2024 lies in the stretch 2021-06 to 2025-03.
  { name: 'customs trade balance', asked: { kind: 'trade', flow: 'balance', start_period: '2022-01', end_period: '2024-12' }, file: 'vn_customs_trade_monthly.csv', filter: { flow: 'balance' }, column: 'value_usd_bn', frequency: 'monthly', lo: '2022-01', hi: '2024-12' },
  { name: 'quarterly GDP', asked: gso('GDP.TOTAL.VALUE', 'quarterly', 2015, 2024), file: 'gso_vn_gdp_quarterly.csv', filter: { sector_code: 'total_gdp' }, column: 'value_bn_vnd_2010_prices', frequency: 'quarterly', lo: '2015-Q1', hi: '2024-Q4' },
];

/** The options compared, with what the reference needs to know of each. */
const VARIANTS = [
  { text: 'SA=stl', seasonal: 7, robust: false, tet: null },
  { text: 'SA=stl Seasonal=13', seasonal: 13, robust: false, tet: null },
  { text: 'SA=stl Robust=Y', seasonal: 7, robust: true, tet: null },
  { text: 'SA=tet', seasonal: 7, robust: false, tet: [10, 7] },
  { text: 'SA=tet Seasonal=13 Robust=Y', seasonal: 13, robust: true, tet: [10, 7] },
  { text: 'SA=tet Tet=7,7', seasonal: 7, robust: false, tet: [7, 7] },
] as const;

interface Reference {
  periods: string[];
  values: number[];
  multiplicative: boolean;
  beta?: [number, number];
  t?: [number, number];
}

const title = 'SA=stl and SA=tet on the real data, against statsmodels';
const missing = [!realDataDir && 'the real data folder (../shared/data)', !hasStatsmodels && '/usr/bin/python3 with pandas and statsmodels (scripts/test.sh installs them)'].filter(Boolean);
describe.skipIf(missing.length > 0)(missing.length > 0 ? `${title} (skipped: needs ${missing.join(' and ')})` : title, () => {
  let sb: Sandbox;
  let client: EconDataClient;
  let reference: Reference[];
  const runs = CASES.flatMap((c) => VARIANTS.map((v) => ({ c, v })));

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dataDir: realDataDir!, seed: 1 });
    client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' });
    const cases = runs.map(({ c, v }) => ({ file: c.file, filter: c.filter, column: c.column, frequency: c.frequency, lo: c.lo, hi: c.hi, level: c.level ?? false, seasonal: v.seasonal, robust: v.robust, tet: v.tet }));
    const out = execFileSync(PYTHON, [join(repoRoot, 'test/contract/seasonal-reference.py')], { input: JSON.stringify({ data: realDataDir, cases }), maxBuffer: 1 << 26 });
    reference = JSON.parse(out.toString()) as Reference[];
  }, 120_000);
  afterAll(async () => {
    await sb.close();
  });

  async function adjusted(c: Case, text: string): Promise<Series> {
    const t = `${c.level ? 'Level=pch ' : ''}${text}`;
    const [r] = await client.fetchSeries([widenQuery(c.asked, t)]);
    if (!r!.ok) throw r!.error;
    return applyTransform(r!.series, t, c.asked);
  }

  const signed = (x: number, digits: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
  const pct = (beta: number): string => `${signed(100 * Math.expm1(beta), 2)} %`;
  const raw = (beta: number): string => `${signed(beta, 4)} USD billion`; // the one additive series: customs' balance

  it.each(runs.map((run, i) => [run.c.name, run.v.text, i] as const))('%s, %s: equal to statsmodels within 1e-8', async (_name, _text, i) => {
    const { c, v } = runs[i]!;
    const ref = reference[i]!;
    const out = await adjusted(c, v.text);
    const byPeriod = new Map(ref.periods.map((p, k) => [p, ref.values[k]!]));
    const asked = ref.periods.filter((p) => p >= c.lo && p <= c.hi);
    expect(out.periods).toEqual(asked);
    out.periods.forEach((p, k) => {
      const ours = out.values[0]![k]!;
      const theirs = byPeriod.get(p)!;
      expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(1e-8 * Math.abs(theirs));
    });
    const note = out.provenance.warnings!.find((w) => w.includes('seasonally adjusted with STL'))!;
    expect(note).toContain(ref.multiplicative ? 'multiplicative' : 'additive');
    expect(note).toContain(`on ${ref.periods[0]!} to ${ref.periods.at(-1)!}`);
    if (ref.beta) {
      const effect = ref.multiplicative ? pct : raw;
      expect(note).toContain(`before ${effect(ref.beta[0])}`);
      expect(note).toContain(`(t = ${signed(ref.t![0], 2)}), from Tết ${effect(ref.beta[1])} (t = ${signed(ref.t![1], 2)})`);
    } else if (v.tet) {
      expect(note).toContain('Tết always falls in the first quarter');
    }
  });

  it('the customs trade balance is additive, the others multiplicative', () => {
    expect(runs.filter((_, i) => !reference[i]!.multiplicative).map((r) => r.c.name)).toEqual(Array(VARIANTS.length).fill('customs trade balance'));
  });
});
