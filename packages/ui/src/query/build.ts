/**
 * The QueryBuilder's forms turned into core's SeriesQuery[], or into messages per field. This file
 * parses the form's own syntax (text boxes, pickers, "empty means all") and asks core's
 * `queryProblems` for the rule: what a valid code, year, date or index is, and which values go
 * together, is core's alone, so the form accepts exactly what a request would. Pure, so every
 * message is unit-tested.
 */
import { queryProblems, type CheckedQuery, type GsoFrequency, type QueryProblem, type SeriesQuery, type StockIndex, type TradeFlow } from '@econdata/core';

export interface IndicatorForm {
  source: string;
  indicators: string[];
  countries: string[];
  /** Text as typed; empty means "from the first year". */
  startYear: string;
  endYear: string;
  /** GSO only; empty means the service's default. */
  frequency: '' | GsoFrequency;
}

export interface TradeForm {
  flow: TradeFlow;
  partner: string;
  hsCode: string;
  /** The first month, YYYY-MM as typed; empty means "from the first month". */
  startPeriod: string;
  /** The last month; empty means "to the last month". The same month twice is that one month. */
  endPeriod: string;
}

export interface StockForm {
  target: 'symbol' | 'index';
  symbol: string;
  index: StockIndex;
  startDate: string;
  endDate: string;
}

/** Field name -> message. Field names are the form's keys. */
export type FieldErrors = Record<string, string>;
export type BuildResult = { ok: true; queries: SeriesQuery[] } | { ok: false; errors: FieldErrors };

export const emptyIndicatorForm = (): IndicatorForm => ({ source: '', indicators: [], countries: [], startYear: '', endYear: '', frequency: '' });
export const emptyTradeForm = (): TradeForm => ({ flow: 'exports', partner: '', hsCode: '', startPeriod: '', endPeriod: '' });
export const emptyStockForm = (): StockForm => ({ target: 'symbol', symbol: '', index: 'VNINDEX', startDate: '', endDate: '' });

/** How the form shows one of core's parameters: its field, its label, picked or typed, and what leaving it empty means. */
interface FieldWords {
  field: string;
  label: string;
  verb: 'choose' | 'enter';
  /** Said after the accepted form when the field may stay empty. */
  empty?: string;
}

const INDICATOR_FIELDS: Record<string, FieldWords> = {
  source: { field: 'source', label: 'Source', verb: 'choose' },
  indicators: { field: 'indicators', label: 'Indicators', verb: 'choose' },
  countries: { field: 'countries', label: 'Countries', verb: 'choose' },
  start_year: { field: 'startYear', label: 'Start year', verb: 'enter', empty: ', or leave it empty' },
  end_year: { field: 'endYear', label: 'End year', verb: 'enter', empty: ', or leave it empty' },
  frequency: { field: 'frequency', label: 'Frequency', verb: 'choose' },
};
const TRADE_FIELDS: Record<string, FieldWords> = {
  flow: { field: 'flow', label: 'Flow', verb: 'choose' },
  partner: { field: 'partner', label: 'Partner', verb: 'enter', empty: '; leave it empty for all' },
  hs_code: { field: 'hsCode', label: 'HS code', verb: 'enter', empty: ', or leave it empty' },
  // One month is the service's own `period`; a range is core's start_period / end_period.
  period: { field: 'startPeriod', label: 'From month', verb: 'enter', empty: ', or leave it empty for every month' },
  start_period: { field: 'startPeriod', label: 'From month', verb: 'enter', empty: ', or leave it empty for the first month' },
  end_period: { field: 'endPeriod', label: 'To month', verb: 'enter', empty: ', or leave it empty for the last month' },
};
const STOCK_FIELDS: Record<string, FieldWords> = {
  symbol: { field: 'symbol', label: 'Symbol', verb: 'enter' },
  index: { field: 'index', label: 'Index', verb: 'choose' },
  start_date: { field: 'startDate', label: 'Start date', verb: 'enter', empty: ', or leave it empty' },
  end_date: { field: 'endDate', label: 'End date', verb: 'enter', empty: ', or leave it empty' },
};

/** A problem as the form says it: the label, then core's accepted form (an item of a list names the value that is not). */
function sentence(words: FieldWords, problem: QueryProblem, item: boolean): string {
  if (item) return `${words.label}: ${JSON.stringify(problem.value)} is not ${problem.expected}.`;
  return `${words.label}: ${words.verb} ${problem.expected}${words.empty ?? ''}.`;
}

/** Core's report on `query`, as messages under the form's fields; the queries when there is none. */
function ask(query: CheckedQuery, fields: Record<string, FieldWords>, queries: () => SeriesQuery[]): BuildResult {
  const errors: FieldErrors = {};
  for (const problem of Object.values(queryProblems(query))) {
    const name = problem.parameter.replace(/\[\d+\]$/, '');
    const words = fields[name];
    if (words === undefined) errors['form'] ??= problem.message;
    else errors[words.field] ??= sentence(words, problem, name !== problem.parameter);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, queries: queries() };
}

/** A text box's year: empty is no year; anything else goes to core as the number it reads as (or as the text, which core then refuses). */
function yearOf(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return Number.isFinite(Number(t)) ? Number(t) : t;
}

/** Only the fields that have a value: an empty box means "not given". */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

/** One indicator query per indicator x country (GSO: per indicator, Vietnam implied). */
export function buildIndicatorQueries(form: IndicatorForm): BuildResult {
  const source = form.source.trim().toUpperCase();
  const gso = source === 'GSO';
  const countries = form.countries.map((c) => c.toUpperCase());
  const years = given({ start_year: yearOf(form.startYear), end_year: yearOf(form.endYear) }) as { start_year?: number; end_year?: number };
  const frequency = gso && form.frequency ? { frequency: form.frequency } : {};
  const batch = { kind: 'batch' as const, source, indicators: form.indicators, ...(gso && countries.length === 0 ? {} : { countries }), ...years, ...frequency };
  return ask(batch, INDICATOR_FIELDS, () => form.indicators.flatMap((indicator): SeriesQuery[] => (gso
    ? [{ kind: 'indicator', source, indicator, ...years, ...frequency }]
    : countries.map((country) => ({ kind: 'indicator', source, indicator, country, ...years })))));
}

/**
 * One trade query; empty fields mean "all". The months: both empty, every month; the same month
 * twice, that month (the service's `period`); otherwise a range (core asks for every month in one
 * request and keeps the range).
 */
export function buildTradeQuery(form: TradeForm): BuildResult {
  const from = form.startPeriod.trim();
  const to = form.endPeriod.trim();
  const months = from !== '' && from === to ? { period: from } : given({ start_period: from, end_period: to });
  const query: SeriesQuery = { kind: 'trade', flow: form.flow, ...given({ partner: form.partner.trim().toUpperCase(), hs_code: form.hsCode.trim().toUpperCase() }), ...months };
  return ask(query, TRADE_FIELDS, () => [query]);
}

/** One stock query: a symbol or an index, never both. */
export function buildStockQuery(form: StockForm): BuildResult {
  const target = form.target === 'symbol' ? { symbol: form.symbol.trim().toUpperCase() } : { index: form.index };
  const query = { kind: 'stock', ...target, ...given({ start_date: form.startDate.trim(), end_date: form.endDate.trim() }) } as SeriesQuery;
  return ask(query, STOCK_FIELDS, () => [query]);
}
