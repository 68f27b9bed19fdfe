/**
 * The figures packages/analysis/README.md reports for SA on the real data: each series' Tết
 * effects (SA=tet's defaults) and the standard deviation of the adjusted series' January and
 * February month-on-month changes with SA=stl and with SA=tet, computed through the sandbox and the
 * engine, as a user gets them. Prints a Markdown table.
 *
 *   pnpm exec tsx scripts/seasonal-figures.ts [data folder, default ../shared/data]
 */
import { resolve } from 'node:path';
import { applyTransform, widenQuery } from '@econdata/analysis';
import { EconDataClient, type SeriesQuery } from '@econdata/core';
import { startSandbox } from '@econdata/sandbox';

const dataDir = resolve(process.argv[2] ?? resolve(import.meta.dirname, '../../shared/data'));
const gso = (indicator: string, from: number): SeriesQuery => ({ kind: 'indicator', source: 'GSO', indicator, frequency: 'monthly', start_year: from, end_year: 2024 });

/** name, query, Level, the change to measure (pch; chg for the balance, which crosses zero). */
const SERIES: Array<[string, SeriesQuery, string, string]> = [
  ['Retail sales (`RETAIL.TOTAL.VALUE`)', gso('RETAIL.TOTAL.VALUE', 2015), '', 'pch'],
  ['Exports (`TRADE.EXPORT.TOTAL.VALUE`)', gso('TRADE.EXPORT.TOTAL.VALUE', 2015), '', 'pch'],
  ['Imports (`TRADE.IMPORT.TOTAL.VALUE`)', gso('TRADE.IMPORT.TOTAL.VALUE', 2015), '', 'pch'],
  ['Industrial production (`Level=pch` on `IIP.TOTAL.MOM`)', gso('IIP.TOTAL.MOM', 2018), 'Level=pch ', 'pch'],
  ['Consumer prices (`Level=pch` on `CPI.TOTAL.MOM`)', gso('CPI.TOTAL.MOM', 2015), 'Level=pch ', 'pch'],
  ['Customs trade balance (additive)', { kind: 'trade', flow: 'balance', start_period: '2022-01', end_period: '2024-12' }, '', 'chg'],
];

const sb = await startSandbox({ port: 0, dataDir, seed: 1 });
const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' });

/** Standard deviation (n − 1) of the values of one calendar month ('01', '02'). */
function sd(periods: string[], values: Array<number | null>, month: string): number {
  const xs = values.filter((v, i): v is number => v !== null && periods[i]!.endsWith(`-${month}`));
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
}

console.log('| series | span adjusted | Tết effect: 10 days before (t) | from Tết, 7 days (t) | SD of Jan. change, stl → tet | SD of Feb. change, stl → tet |');
console.log('|---|---|---|---|---|---|');
try {
  for (const [name, asked, level, change] of SERIES) {
    const row: string[] = [name];
    const out: Record<string, { periods: string[]; values: Array<number | null> }> = {};
    for (const sa of ['stl', 'tet']) {
      const t = `${level}SA=${sa} Units=${change}`;
      const [r] = await client.fetchSeries([widenQuery(asked, t)]);
      if (!r!.ok) throw r!.error;
      const s = applyTransform(r!.series, t, asked);
      out[sa] = { periods: s.periods, values: s.values[0]! };
      if (sa === 'tet') {
        const note = s.provenance.warnings!.find((w) => w.includes('seasonally adjusted with STL'))!; // the first column's
        row.push(/on (\S+ to \S+)\./.exec(note)![1]!);
        const m = /: before (.+?) \(t = (.+?)\), from Tết (.+?) \(t = (.+?)\)/.exec(note)!;
        row.push(`${m[1]} (${m[2]})`, `${m[3]} (${m[4]})`);
      }
    }
    for (const month of ['01', '02']) row.push(`${sd(out['stl']!.periods, out['stl']!.values, month).toFixed(2)} → ${sd(out['tet']!.periods, out['tet']!.values, month).toFixed(2)}`);
    console.log(`| ${row.join(' | ')} |`);
  }
} finally {
  await sb.close();
}
