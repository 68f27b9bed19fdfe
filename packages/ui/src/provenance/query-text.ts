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
