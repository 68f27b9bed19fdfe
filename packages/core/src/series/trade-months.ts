/**
 * A range of months of customs trade. The service takes one month (`period`) or every month, not a
 * range (spec 4.5), so core asks for every month in one request, keeps that whole answer in its
 * cache, and trims it here to the months asked for: the one place a range is applied, for
 * `getTrade` and `fetchSeries` alike (apps never trim).
 */
import { NotFoundError } from '../errors/errors.ts';
import type { SeriesQuery, TradeQuery } from '../query.ts';
import type { ApiResult, TradeRecord } from '../wire/records.ts';
import { normalizePeriod } from './periods.ts';

/** The months a trade query keeps; either end may be open. */
type TradeMonths = Pick<TradeQuery, 'start_period' | 'end_period'>;

function hasTradeMonths(range: TradeMonths): boolean {
  return range.start_period !== undefined || range.end_period !== undefined;
}

/**
 * What of a query is sent to the service: the query without the months core keeps on the client
 * (a trade range is no request parameter). Provenance cites this as the request; `keptMonths` says
 * what was trimmed from its answer.
 * @example sentQuery({ kind: 'trade', flow: 'exports', start_period: '2024-01' }) // { kind: 'trade', flow: 'exports' }
 */
export function sentQuery(query: SeriesQuery): SeriesQuery {
  if (query.kind !== 'trade' || !hasTradeMonths(query)) return query;
  const { start_period: _start, end_period: _end, ...sent } = query;
  return sent;
}

/** The months core keeps of a trade query's answer (either end may be open); null when it keeps the whole answer. */
export function keptMonths(query: SeriesQuery): TradeMonths | null {
  if (query.kind !== 'trade' || !hasTradeMonths(query)) return null;
  return { ...(query.start_period !== undefined ? { start_period: query.start_period } : {}), ...(query.end_period !== undefined ? { end_period: query.end_period } : {}) };
}

/**
 * The answer with only the records of the months in `range` (both ends included; `total_records`
 * counts what is kept). A range that keeps nothing is a `not_found` naming the months the answer
 * has, as the service says for a month it has no data for. A record whose period cannot be read is
 * kept, so the Series mapping refuses it with its own message.
 *
 * @example keepTradeMonths(answer, { start_period: '2024-01', end_period: '2024-06' }) // six months of each flow
 */
export function keepTradeMonths(answer: ApiResult<TradeRecord>, range: TradeMonths): ApiResult<TradeRecord> {
  if (!hasTradeMonths(range)) return answer;
  const from = range.start_period ?? '0000-01';
  const to = range.end_period ?? '9999-12';
  const months: string[] = [];
  const data = answer.data.filter((r) => {
    const month = typeof r.period === 'string' ? normalizePeriod(r.period, 'monthly') : null;
    if (month === null) return true;
    months.push(month);
    return month >= from && month <= to;
  });
  if (data.length === 0) {
    months.sort();
    const asked = `from ${range.start_period ?? 'the first month'} to ${range.end_period ?? 'the last month'}`;
    const has = months.length > 0 ? `its months run ${months[0]} to ${months[months.length - 1]}` : 'it has no month at all for this flow, partner and HS code';
    throw new NotFoundError(`No customs trade data ${asked}: ${has}. Choose months inside that span.`, { parameter: range.start_period !== undefined ? 'start_period' : 'end_period' });
  }
  return { ...answer, data, metadata: { ...answer.metadata, total_records: data.length } };
}
