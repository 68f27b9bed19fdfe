/**
 * Input validation before any request: a refused request costs no quota. The checks live in
 * `rules.ts`; here they run per route. The `...Params` functions throw the first problem as an
 * InvalidParameterError (for code); `queryProblems` reports every problem by parameter (for forms).
 * Both run the same function, so a form and a request can never disagree about a query.
 */
import { InvalidParameterError } from '../errors/errors.ts';
import type { BatchIndicatorQuery, IndicatorQuery, SeriesQuery, StockQuery, TradeQuery } from '../query.ts';
import * as rule from './rules.ts';
import { Problems, type Params, type QueryProblem } from './rules.ts';

export type { Params, QueryProblem } from './rules.ts';

/** The JSON body of POST /indicators/batch, normalized. */
export interface BatchBody {
  source: string;
  indicators: string[];
  countries?: string[];
  start_year?: number;
  end_year?: number;
  frequency?: string;
}

function indicatorRules(p: Problems, q: IndicatorQuery): Params {
  const source = rule.source(p, q.source);
  const indicator = rule.indicator(p, q.indicator);
  const params: Params = {};
  if (source !== undefined) params['source'] = source;
  if (indicator !== undefined) params['indicator'] = indicator;
  const country = rule.countryFor(p, q.country, q.source);
  if (country !== undefined) params['country'] = country;
  rule.years(p, params, q.start_year, q.end_year);
  const frequency = q.frequency === undefined ? undefined : rule.frequency(p, q.frequency, source);
  if (frequency !== undefined) params['frequency'] = frequency;
  return params;
}

function batchRules(p: Problems, q: BatchIndicatorQuery): BatchBody {
  const source = rule.source(p, q.source);
  const indicators = rule.indicatorList(p, q.indicators);
  const body = { source, indicators } as BatchBody;
  if (q.countries !== undefined || !rule.isGso(q.source)) {
    const countries = rule.countryList(p, q.countries);
    if (countries !== undefined) body.countries = countries;
  }
  const years: Params = {};
  rule.years(p, years, q.start_year, q.end_year);
  Object.assign(body, years);
  const frequency = q.frequency === undefined ? undefined : rule.frequency(p, q.frequency, source);
  if (frequency !== undefined) body.frequency = frequency;
  return body;
}

function tradeRules(p: Problems, q: TradeQuery): Params {
  const params: Params = {};
  const put = (name: string, value: string | undefined): void => {
    if (value !== undefined) params[name] = value;
  };
  if (q.flow !== undefined) put('flow', rule.oneOf(p, q.flow, 'flow', rule.TRADE_FLOWS));
  if (q.partner !== undefined) put('partner', rule.partner(p, q.partner));
  if (q.hs_code !== undefined) put('hs_code', rule.hsCode(p, q.hs_code));
  if (q.period !== undefined) put('period', rule.month(p, q.period, 'period'));
  tradeMonthRules(p, q);
  return params;
}

/**
 * The month range of a trade query (`start_period`, `end_period`): real months, start <= end, and
 * not together with `period` (one month, or a range). It is no request parameter: the request asks
 * for every month and `tradeMonths` says what to keep.
 */
function tradeMonthRules(p: Problems, q: TradeQuery): { start_period?: string; end_period?: string } {
  const range: Params = {};
  rule.months(p, range, q.start_period, q.end_period);
  if (q.period !== undefined && (q.start_period !== undefined || q.end_period !== undefined)) {
    p.add({
      parameter: 'period', expected: 'one month, or a range of months (start_period, end_period), not both', value: q.period,
      message: `Invalid trade query: give period (one month) or start_period / end_period (a range of months), not both (got period=${JSON.stringify(q.period)}).`,
    });
  }
  return range as { start_period?: string; end_period?: string };
}

function stockRules(p: Problems, q: StockQuery): Params {
  const params: Params = {};
  if ((q.symbol === undefined) === (q.index === undefined)) {
    p.add({
      parameter: 'symbol', expected: 'exactly one of a stock symbol such as "VNM" or an index (VNINDEX, HNX or UPCOM)', value: q.symbol,
      message: 'Invalid stock query: give exactly one of symbol (e.g. "VNM") or index (VNINDEX, HNX or UPCOM).',
    });
  }
  const symbol = q.symbol === undefined ? undefined : rule.symbol(p, q.symbol);
  if (symbol !== undefined) params['symbol'] = symbol;
  const index = q.index === undefined ? undefined : rule.stockIndex(p, q.index);
  if (index !== undefined) params['index'] = index;
  rule.dates(p, params, q.start_date, q.end_date);
  return params;
}

/** Runs `rules` and throws its first problem; the normalized parameters otherwise. */
function refuseFirst<Q, R>(rules: (p: Problems, q: Q) => R, q: Q): R {
  const p = new Problems();
  const out = rules(p, q);
  const first = p.list[0];
  if (first !== undefined) throw new InvalidParameterError(first.parameter, first.message);
  return out;
}

/** Validates GET /indicators parameters; country is required except for GSO (Vietnam). */
export const indicatorParams = (q: IndicatorQuery): Params => refuseFirst(indicatorRules, q);
/** Validates a POST /indicators/batch body: non-empty arrays, each code checked, duplicates removed. */
export const batchBody = (q: BatchIndicatorQuery): BatchBody => refuseFirst(batchRules, q);
/** Validates GET /trade/vietnam parameters (all optional). */
export const tradeParams = (q: TradeQuery): Params => refuseFirst(tradeRules, q);
/** The month range a trade query keeps (validated; `{}` for none): what core trims every month's answer to. */
export const tradeMonths = (q: TradeQuery): { start_period?: string; end_period?: string } => refuseFirst(tradeMonthRules, q);
/** Validates GET /stocks/vietnam parameters: exactly one of symbol or index, real dates, start <= end. */
export const stockParams = (q: StockQuery): Params => refuseFirst(stockRules, q);

/** The problem of a source code (core's rule: `W.B` or 64 characters are refused), undefined when it is valid: for askers that report it under their own name. */
export function sourceCodeProblem(value: unknown): QueryProblem | undefined {
  const p = new Problems();
  rule.source(p, value);
  return p.list[0];
}

/** Validates a source code used as a path segment (GET /sources/{source_code}/indicators). */
export function sourceCodeSegment(value: unknown): string {
  return refuseFirst((p, v: unknown) => rule.source(p, v, 'source_code'), value) as string;
}

/** What `queryProblems` checks: one query of each kind, or the indicators x countries of a batch (`kind: 'batch'`), as a form holds them. */
export type CheckedQuery = SeriesQuery | ({ kind: 'batch' } & BatchIndicatorQuery);

/** A query's problems by parameter (`start_year`, `countries[1]`...), the first problem of each; empty when the query would be sent. */
export type QueryReport = Record<string, QueryProblem>;

/**
 * Every problem of a query at once, by parameter: the checks that refuse a request (the same
 * functions), collected instead of thrown. A form shows each under its field; code that wants the
 * refusal calls the client, which throws the first.
 *
 * @example queryProblems({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', start_year: 20100 })
 * // { country: { parameter: 'country', expected: 'an ISO 2-letter ... (required except for GSO)', ... },
 * //   start_year: { parameter: 'start_year', expected: 'a whole year between 1800 and 2200 such as 2015', ... } }
 */
export function queryProblems(query: CheckedQuery): QueryReport {
  const p = new Problems();
  const { kind, ...q } = query;
  if (kind === 'indicator') indicatorRules(p, q as IndicatorQuery);
  else if (kind === 'batch') batchRules(p, q as BatchIndicatorQuery);
  else if (kind === 'trade') tradeRules(p, q as TradeQuery);
  else if (kind === 'stock') stockRules(p, q as StockQuery);
  else p.refuse('kind', 'one of indicator, batch, trade, stock', kind);
  const report: QueryReport = {};
  for (const problem of p.list) report[problem.parameter] ??= problem;
  return report;
}
