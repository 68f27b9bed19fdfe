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

/** The years an indicator query asks, in words: "2010–2023", "from 2010", "to 2023", or '' for every year. */
function yearsWords(q: SeriesQuery): string {
  if (q.kind !== 'indicator') return '';
  const { start_year: from, end_year: to } = q;
  if (from !== undefined && to !== undefined) return from === to ? String(from) : `${from}–${to}`;
  if (from !== undefined) return `from ${from}`;
  return to !== undefined ? `to ${to}` : '';
}

/** Series names of one indicator joined: "GDP growth (annual %): Vietnam, Thailand"; several indicators apart, the first three. */
function namesWords(titles: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const title of titles) {
    const at = title.lastIndexOf(': ');
    const [head, tail] = at > 0 ? [title.slice(0, at), title.slice(at + 2)] : [title, ''];
    groups.set(head, [...(groups.get(head) ?? []), ...(tail ? [tail] : [])]);
  }
  const parts = [...groups].map(([head, tails]) => (tails.length > 0 ? `${head}: ${tails.join(', ')}` : head));
  return parts.length > 3 ? `${parts.slice(0, 3).join('; ')} and ${parts.length - 3} more` : parts.join('; ');
}

/**
 * What a set of queries asked, in words, for a list of saved exports: the series' names where they
 * are known, those of one indicator joined, else each query's words; then the years asked, when
 * every query asks the same ones.
 * @example queriesWords(queries, ['GDP growth (annual %): Vietnam', 'GDP growth (annual %): Thailand']) // "GDP growth (annual %): Vietnam, Thailand, 2010–2023"
 */
export function queriesWords(queries: readonly SeriesQuery[], titles: readonly string[] = []): string {
  const names = titles.length > 0 ? namesWords(titles) : queries.length > 3 ? `${queries.slice(0, 3).map(queryWords).join('; ')} and ${queries.length - 3} more` : queries.map(queryWords).join('; ');
  const years = new Set(queries.map(yearsWords));
  const [only] = years;
  return years.size === 1 && only ? `${names}, ${only}` : names;
}
