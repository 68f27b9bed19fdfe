/**
 * widenQuery: the query to fetch so that the first asked period of a transformed series is defined
 * (its lags, its moving-average window, its Rebase period and whole periods for Per are inside the
 * data). Widening depends only on the query's own range and the transform, so queries that the
 * planner would batch together still share one year range after widening and still batch.
 */
import { frequencyOfPeriod, type Frequency, type SeriesQuery } from '@econdata/core';
import { coarsenPeriod, dayRange, periodAt, periodPosition, PERIODS_PER_YEAR } from '../calendar/calendar.ts';
import { checkConversion } from '../frequency/aggregate.ts';
import { checkSeasonalFrequency } from '../seasonal/adjust.ts';
import { PER_FREQUENCY, readTransform } from './apply.ts';
import type { Transform } from './spec.ts';

/** Trading days lost to the longest market holiday (Tết: 8-11 calendar days): the margin a daily lag needs. */
const HOLIDAY_MARGIN_DAYS = 14;

/** The frequency a query's data comes in; null when the query does not say (a GSO query without frequency). */
export function queryFrequency(q: SeriesQuery): Frequency | null {
  if (q.kind === 'trade') return 'monthly';
  if (q.kind === 'stock') return 'daily';
  if (q.frequency) return q.frequency;
  return q.source.toUpperCase() === 'GSO' ? null : 'annual';
}

/** Periods before the first asked one that Units and MA read, at the working frequency. */
function stepsBack(t: Transform, frequency: Frequency): number {
  let steps = 0;
  if (t.units === 'ch1' || t.units === 'pc1') steps = PERIODS_PER_YEAR[frequency];
  else if (t.units && t.units !== 'lin' && t.units !== 'log') steps = 1;
  if (t.ma !== undefined) steps += t.ma - 1;
  return steps;
}

/** Whether a transform reads anything outside the asked range. */
const readsOutside = (t: Transform): boolean => t.per !== undefined || t.rebase !== undefined || stepsBack(t, 'annual') > 0;

/**
 * The query to fetch for `asked` under a transform: earlier (and for Rebase, possibly later)
 * periods added; refuses, before any request, a Per above the query's frequency.
 * @example widenQuery({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2023 }, 'Units=pc1') // start_year 1999
 */
export function widenQuery(asked: SeriesQuery, transform: Transform | string): SeriesQuery {
  const t = readTransform(transform);
  const native = queryFrequency(asked);
  const working = t.per ? PER_FREQUENCY[t.per] : native;
  if (t.per && native) checkConversion(native, working!);
  if (t.sa) {
    // SA is refused on annual and daily data before any request; it reads the series' whole history.
    if (working) checkSeasonalFrequency(working);
    return fullHistory(asked);
  }
  if (!readsOutside(t)) return { ...asked };
  if (asked.kind === 'trade') {
    // The route takes one month or all of them: a lag needs the months before, so fetch all (one
    // request either way, and the same one a range of months is fetched with); the result is trimmed back.
    const { period: _one, start_period: _from, end_period: _to, ...all } = asked;
    return all;
  }
  if (asked.kind === 'indicator') return widenYears(asked, t, working ?? 'annual');
  return widenDates(asked, t, working ?? 'daily');
}

/** The query without its range: seasonal adjustment runs on the full history and the asked range is applied after. */
function fullHistory(asked: SeriesQuery): SeriesQuery {
  if (asked.kind === 'trade') {
    const { period: _one, start_period: _from, end_period: _to, ...all } = asked;
    return all;
  }
  if (asked.kind === 'indicator') {
    const { start_year: _from, end_year: _to, ...all } = asked;
    return all;
  }
  const { start_date: _from, end_date: _to, ...all } = asked;
  return all as SeriesQuery;
}

function widenYears(asked: Extract<SeriesQuery, { kind: 'indicator' }>, t: Transform, working: Frequency): SeriesQuery {
  const out = { ...asked };
  const rebaseYear = t.rebase ? Number(t.rebase.slice(0, 4)) : undefined;
  let first = asked.start_year;
  if (first !== undefined && rebaseYear !== undefined) first = Math.min(first, rebaseYear);
  if (first !== undefined) out.start_year = first - Math.ceil(stepsBack(t, working) / PERIODS_PER_YEAR[working]);
  if (asked.end_year !== undefined && rebaseYear !== undefined && rebaseYear > asked.end_year) out.end_year = rebaseYear;
  return out;
}

const isoDay = (day: number): string => periodAt(day, 'daily');

function widenDates(asked: Extract<SeriesQuery, { kind: 'stock' }>, t: Transform, working: Frequency): SeriesQuery {
  const out = { ...asked };
  // The Rebase period, as a range of days, joins the asked range.
  let base: { first: number; last: number } | undefined;
  if (t.rebase) {
    const f = frequencyOfPeriod(t.rebase)!;
    base = dayRange(periodPosition(t.rebase, f), f);
  }
  if (asked.start_date !== undefined) {
    let start = periodPosition(asked.start_date, 'daily');
    if (base) start = Math.min(start, base.first);
    const steps = stepsBack(t, working);
    if (working === 'daily') {
      // Lags count observations (and a year back is a calendar year): pad for weekends and holidays.
      const yearBack = t.units === 'ch1' || t.units === 'pc1';
      const observationsBack = steps - (yearBack ? PERIODS_PER_YEAR.daily : 0);
      if (steps > 0) start -= (yearBack ? 366 : 0) + Math.ceil((observationsBack * 7) / 5) + HOLIDAY_MARGIN_DAYS;
    } else {
      // Whole periods at the working frequency, `steps` of them before the one holding the start.
      start = dayRange(coarsenPeriod(isoDay(start), 'daily', working) - steps, working).first;
    }
    out.start_date = isoDay(start);
  }
  if (asked.end_date !== undefined) {
    let end = periodPosition(asked.end_date, 'daily');
    if (base) end = Math.max(end, base.last);
    // The last asked period whole at the working frequency, so its count can meet the minimum.
    if (working !== 'daily') end = dayRange(coarsenPeriod(isoDay(end), 'daily', working), working).last;
    out.end_date = isoDay(end);
  }
  return out;
}
