/** A query written out: by the spec's parameter names (citable), or in a person's words (to say which one failed). */
import type { SeriesQuery } from '@econdata/core';
import { monthsRange, queryLine } from '@econdata/sheets';

/**
 * A query as the request it is sent as, then the months kept of a trade range: sheets' one line
 * (the operand lines of exported provenance read the same).
 * @example queryText({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000 }) // "/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2000"
 */
export function queryText(query: SeriesQuery): string {
  return queryLine(query);
}

/** A trade query's months: one month, or the range the client trims to, worded as exports word it (sheets' monthsRange). */
function tradeMonths(q: Extract<SeriesQuery, { kind: 'trade' }>): string {
  return q.period ?? monthsRange(q) ?? '';
}

/**
 * A query in a person's words, to say which of a job's queries failed. Two trade queries of one job
 * differ by their months as often as by their flow, so the months are named.
 * @example queryWords({ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' }) // "Vietnam exports 2024-01 to 2024-06"
 */
export function queryWords(q: SeriesQuery): string {
  if (q.kind === 'indicator') return `${q.source} ${q.indicator}${q.country ? ` for ${q.country}` : ''}`;
  if (q.kind === 'trade') {
    const partner = q.partner ? ` ${q.flow === 'imports' ? 'from' : q.flow === 'exports' ? 'to' : 'with'} ${q.partner}` : '';
    const months = tradeMonths(q);
    const flow = q.flow === 'balance' ? 'trade balance' : q.flow ?? 'trade';
    return `Vietnam ${flow}${partner}${q.hs_code ? `, HS ${q.hs_code}` : ''}${months ? `${partner || q.hs_code ? ',' : ''} ${months}` : ''}`;
  }
  return `stock ${q.symbol ?? q.index ?? ''}`;
}

/** A span in words: "2010–2023" (dates as months are: "2025-06-02 to 2025-08-29"), "from 2010", "up to 2023", or '' for neither end. */
function span(from: string | number | undefined, to: string | number | undefined, between = '–'): string {
  if (from !== undefined && to !== undefined) return String(from) === String(to) ? String(from) : `${from}${between}${to}`;
  if (from !== undefined) return `from ${from}`;
  return to !== undefined ? `up to ${to}` : '';
}

/** The periods one query asks, in words: an indicator's years, a trade query's months (as queryWords says them), a stock's dates. */
function queryPeriods(q: SeriesQuery): string {
  if (q.kind === 'indicator') return span(q.start_year, q.end_year);
  if (q.kind === 'trade') return tradeMonths(q);
  return span(q.start_date, q.end_date, ' to ');
}

/**
 * The periods a set of queries asks, in words, said once: "2010–2023", "from 2000" ('' when they
 * differ or ask every period). A saved export's Query column says it after its series' names.
 * @example periodsAsked([gdpVN, gdpTH]) // "2010–2023"
 */
export function periodsAsked(queries: readonly SeriesQuery[]): string {
  const spans = new Set(queries.map(queryPeriods));
  const [only] = spans;
  return spans.size === 1 ? only ?? '' : '';
}
