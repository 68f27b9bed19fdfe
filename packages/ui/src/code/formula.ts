/**
 * The ECON.* custom-function call that stands for a query: the one writer of formula text, for the
 * add-in's "Insert as formula" and for "Copy as code" in both apps.
 * Signatures: ECON.INDICATOR(source, indicator, country, [start_year], [end_year], [frequency], [options]),
 * ECON.TRADE(flow, [partner], [hs_code], [period: a month or 2024-01:2024-06], [options]), ECON.STOCK(symbol_or_index, [start_date],
 * [end_date], [field], [options]), ECON.DERIVED(expression, operands, [start_year], [end_year], [options]);
 * `options` holds the transform in @econdata/analysis's canonical text ('Units=pc1'), and the layout options.
 *
 * The namespace is the caller's: the production add-in registers `ECON`, the dev add-in `ECONDEV`
 * (apps/excel-addin/src/functions/namespace.ts), so the add-in passes its build's and the explorer
 * the production one (PRODUCTION_NAMESPACE).
 */
import { formatDerived, type DerivedRequest } from '@econdata/analysis';
import type { SeriesQuery } from '@econdata/core';

/** The namespace the installed (production) add-in registers: what a formula copied from the explorer is written with. */
export const PRODUCTION_NAMESPACE = 'ECON';

type Arg = string | number | string[] | undefined;

function literal(a: Exclude<Arg, undefined>): string {
  if (typeof a === 'number') return String(a);
  // Several countries or indicators: an array constant, one column per series when it spills.
  if (Array.isArray(a)) return `{${a.map((s) => literal(s)).join(',')}}`;
  return `"${a.replace(/"/g, '""')}"`;
}

/** A function call with trailing omitted arguments dropped and inner ones left empty. */
function call(namespace: string, name: string, args: Arg[]): string {
  let last = args.length;
  while (last > 0 && args[last - 1] === undefined) last -= 1;
  return `=${namespace}.${name}(${args.slice(0, last).map((a) => (a === undefined ? '' : literal(a))).join(',')})`;
}

/** A trade query's range of months as ECON.TRADE's period argument (`2024-01:2024-06`); undefined without one. */
function monthRange(q: SeriesQuery & { kind: 'trade' }): string | undefined {
  if (q.start_period === undefined && q.end_period === undefined) return undefined;
  return `${q.start_period ?? ''}:${q.end_period ?? ''}`;
}

/** The formula text of one query, with its transform as the trailing argument ('' or none: left out). */
export function formulaFor(namespace: string, q: SeriesQuery, transform?: string): string {
  const t = transform || undefined;
  switch (q.kind) {
    case 'indicator':
      return call(namespace, 'INDICATOR', [q.source, q.indicator, q.country ?? '', q.start_year, q.end_year, q.frequency, t]);
    case 'trade':
      return call(namespace, 'TRADE', [q.flow ?? 'exports', q.partner, q.hs_code, q.period ?? monthRange(q), t]);
    case 'stock':
      return call(namespace, 'STOCK', [q.symbol ?? q.index ?? '', q.start_date, q.end_date, undefined, t]);
  }
}

/**
 * Formulas for a set of queries: indicator queries that differ only by indicator or country
 * become one call with array constants (it spills a column per series); the rest one call each.
 */
export function formulasFor(namespace: string, queries: readonly SeriesQuery[], transform?: string): string[] {
  const groups = new Map<string, { q: SeriesQuery & { kind: 'indicator' }; indicators: string[]; countries: string[] }>();
  const out: Array<string | { group: string }> = [];
  for (const q of queries) {
    if (q.kind !== 'indicator') {
      out.push(formulaFor(namespace, q, transform));
      continue;
    }
    const key = JSON.stringify([q.source, q.start_year, q.end_year, q.frequency]);
    const g = groups.get(key);
    if (!g) {
      groups.set(key, { q, indicators: [q.indicator], countries: [q.country ?? ''] });
      out.push({ group: key });
      continue;
    }
    if (!g.indicators.includes(q.indicator)) g.indicators.push(q.indicator);
    const country = q.country ?? '';
    if (!g.countries.includes(country)) g.countries.push(country);
  }
  return out.map((item) => {
    if (typeof item === 'string') return item;
    const g = groups.get(item.group);
    if (!g) return '';
    const one = (list: string[]): string | string[] => (list.length === 1 ? (list[0] ?? '') : list);
    return call(namespace, 'INDICATOR', [g.q.source, one(g.indicators), one(g.countries), g.q.start_year, g.q.end_year, g.q.frequency, transform || undefined]);
  });
}

/**
 * The =ECON.DERIVED call of a derived request: a preset by its id over one series, else the
 * expression and every operand in analysis's operand text form, operand a's years, the transform.
 */
export function derivedFormulaText(namespace: string, request: DerivedRequest): string {
  const t = formatDerived(request);
  const operands = t.operands.length === 1 ? t.operands[0]! : t.operands;
  return call(namespace, 'DERIVED', [t.expression, operands, t.years.start_year, t.years.end_year, t.transform || undefined]);
}
