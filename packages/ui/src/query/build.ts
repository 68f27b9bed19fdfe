/**
 * The QueryBuilder's forms turned into core's SeriesQuery[], or into messages per field that name
 * the field and the accepted form. Pure, so every message is unit-tested. A final pass through
 * core's own planner validation means nothing core would refuse gets through either.
 */
import { planRequests, type GsoFrequency, type SeriesQuery, type StockIndex, type TradeFlow } from '@econdata/core';

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
  period: string;
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
export const emptyTradeForm = (): TradeForm => ({ flow: 'exports', partner: '', hsCode: '', period: '' });
export const emptyStockForm = (): StockForm => ({ target: 'symbol', symbol: '', index: 'VNINDEX', startDate: '', endDate: '' });

const YEAR = /^\d{4}$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function year(text: string, field: string, name: string, errors: FieldErrors): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const n = Number(t);
  if (!YEAR.test(t) || n < 1800 || n > 2200) {
    errors[field] = `${name}: enter a year between 1800 and 2200 such as 2010, or leave it empty.`;
    return undefined;
  }
  return n;
}

/** Core's planner is the last word: any query it would refuse becomes a field error. */
function coreCheck(queries: SeriesQuery[], fieldOf: (parameter: string) => string): BuildResult {
  const errors: FieldErrors = {};
  for (const error of planRequests(queries).invalid.values()) errors[fieldOf(error.parameter ?? '')] ??= error.message;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, queries };
}

/** One indicator query per indicator x country (GSO: per indicator, Vietnam implied). */
export function buildIndicatorQueries(form: IndicatorForm): BuildResult {
  const errors: FieldErrors = {};
  const source = form.source.trim().toUpperCase();
  const gso = source === 'GSO';
  if (!source) errors['source'] = 'Source: choose a source.';
  if (form.indicators.length === 0) errors['indicators'] = 'Indicators: choose at least one indicator.';
  if (!gso && form.countries.length === 0) errors['countries'] = 'Countries: choose at least one country.';
  const start = year(form.startYear, 'startYear', 'Start year', errors);
  const end = year(form.endYear, 'endYear', 'End year', errors);
  if (start !== undefined && end !== undefined && end < start) errors['endYear'] = `End year: must be ${start} or later (the start year).`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const years = { ...(start !== undefined ? { start_year: start } : {}), ...(end !== undefined ? { end_year: end } : {}) };
  const frequency = gso && form.frequency ? { frequency: form.frequency } : {};
  const queries: SeriesQuery[] = [];
  for (const indicator of form.indicators) {
    if (gso) queries.push({ kind: 'indicator', source, indicator, ...years, ...frequency });
    else for (const country of form.countries) queries.push({ kind: 'indicator', source, indicator, country: country.toUpperCase(), ...years });
  }
  const fields: Record<string, string> = { source: 'source', indicator: 'indicators', country: 'countries', start_year: 'startYear', end_year: 'endYear', frequency: 'frequency' };
  return coreCheck(queries, (p) => fields[p] ?? 'form');
}

/** One trade query; empty fields mean "all". */
export function buildTradeQuery(form: TradeForm): BuildResult {
  const errors: FieldErrors = {};
  const partner = form.partner.trim().toUpperCase();
  const hs = form.hsCode.trim().toUpperCase();
  const period = form.period.trim();
  if (partner && !/^([A-Z]{2}|WLD)$/.test(partner)) errors['partner'] = 'Partner: enter an ISO 2-letter country code such as CN, or WLD for all partners; leave it empty for all.';
  if (hs && !/^(\d{2,10}|TOTAL)$/.test(hs)) errors['hsCode'] = 'HS code: enter 2 to 10 digits such as 85, or TOTAL; leave it empty for all goods.';
  if (period && !MONTH.test(period)) errors['period'] = 'Period: enter a month as YYYY-MM such as 2024-03, or leave it empty for every month.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const query: SeriesQuery = { kind: 'trade', flow: form.flow, ...(partner ? { partner } : {}), ...(hs ? { hs_code: hs } : {}), ...(period ? { period } : {}) };
  const fields: Record<string, string> = { flow: 'flow', partner: 'partner', hs_code: 'hsCode', period: 'period' };
  return coreCheck([query], (p) => fields[p] ?? 'form');
}

/** One stock query: a symbol or an index, never both. */
export function buildStockQuery(form: StockForm): BuildResult {
  const errors: FieldErrors = {};
  const symbol = form.symbol.trim().toUpperCase();
  const startDate = form.startDate.trim();
  const endDate = form.endDate.trim();
  if (form.target === 'symbol' && !/^[A-Z0-9]{1,10}$/.test(symbol)) errors['symbol'] = 'Symbol: enter a stock symbol of 1 to 10 letters or digits such as VNM.';
  if (startDate && !isRealDate(startDate)) errors['startDate'] = 'Start date: enter a real date as YYYY-MM-DD such as 2024-01-31, or leave it empty.';
  if (endDate && !isRealDate(endDate)) errors['endDate'] = 'End date: enter a real date as YYYY-MM-DD such as 2024-06-30, or leave it empty.';
  if (!errors['startDate'] && !errors['endDate'] && startDate && endDate && endDate < startDate) errors['endDate'] = `End date: must be ${startDate} or later (the start date).`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const target = form.target === 'symbol' ? { symbol } : { index: form.index };
  const query: SeriesQuery = { kind: 'stock', ...target, ...(startDate ? { start_date: startDate } : {}), ...(endDate ? { end_date: endDate } : {}) };
  const fields: Record<string, string> = { symbol: 'symbol', index: 'index', start_date: 'startDate', end_date: 'endDate' };
  return coreCheck([query], (p) => fields[p] ?? 'form');
}
