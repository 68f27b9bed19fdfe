/**
 * Input validation before any request: a refused request costs no quota. Each check names the
 * parameter and the accepted form, and returns the normalized value (ISO codes upper-cased), so
 * the same query always maps to the same request and the same cache key.
 */
import { InvalidParameterError } from '../errors/errors.ts';
import type { BatchIndicatorQuery, IndicatorQuery, StockQuery, TradeQuery } from '../query.ts';

/** Query parameters of one request, in the spec's names, ready for the URL. */
export type Params = Record<string, string | number>;

const MIN_YEAR = 1800;
const MAX_YEAR = 2200;
const FREQUENCIES = ['monthly', 'quarterly', 'annual'] as const;
const FLOWS = ['exports', 'imports', 'balance'] as const;
const INDICES = ['VNINDEX', 'HNX', 'UPCOM'] as const;

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value) : String(value);
}

function refuse(parameter: string, form: string, value: unknown): never {
  throw new InvalidParameterError(parameter, `Invalid ${parameter}: expected ${form}, got ${show(value)}. Correct it and try again.`);
}

/** A source code such as WB, IMF or GSO (letters, digits, '_' or '-'), upper-cased. */
export function checkSource(value: unknown, parameter = 'source'): string {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]{0,31}$/.test(value)) refuse(parameter, 'a source code such as "WB", "IMF" or "GSO"', value);
  return value.toUpperCase();
}

/**
 * An indicator code such as NY.GDP.MKTP.CD (letters, digits, '.', '_', '-'), kept as given. Up to 255
 * characters: GSO's table codes name a whole activity (about 150 characters), and the service lists them.
 */
export function checkIndicator(value: unknown, parameter = 'indicator'): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/.test(value)) refuse(parameter, 'an indicator code such as "NY.GDP.MKTP.CD"', value);
  return value;
}

/** An ISO 3166 alpha-2 country code; lower case is accepted and upper-cased. */
export function checkCountry(value: unknown, parameter = 'country'): string {
  if (typeof value !== 'string' || !/^[A-Za-z]{2}$/.test(value)) refuse(parameter, 'an ISO 2-letter country code such as "VN"', value);
  return value.toUpperCase();
}

function checkYear(value: unknown, parameter: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_YEAR || value > MAX_YEAR) {
    refuse(parameter, `a whole year between ${MIN_YEAR} and ${MAX_YEAR} such as 2015`, value);
  }
  return value;
}

function checkEnum<T extends string>(value: unknown, parameter: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) refuse(parameter, `one of ${allowed.join(', ')}`, value);
  return value as T;
}

/** Adds start_year / end_year (both optional, start <= end) to params. */
function addYears(params: Params, start: unknown, end: unknown): void {
  if (start !== undefined) params['start_year'] = checkYear(start, 'start_year');
  if (end !== undefined) params['end_year'] = checkYear(end, 'end_year');
  if (start !== undefined && end !== undefined && (start as number) > (end as number)) {
    throw new InvalidParameterError('start_year', `Invalid start_year: ${String(start)} is after end_year ${String(end)}; start_year must be <= end_year.`);
  }
}

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A real calendar date YYYY-MM-DD (2024-02-30 is refused). */
export function checkDate(value: unknown, parameter: string): string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) refuse(parameter, 'a calendar date YYYY-MM-DD such as "2024-03-15"', value);
  return value as string;
}

/** A real month YYYY-MM (month 01..12). */
export function checkMonth(value: unknown, parameter: string): string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) refuse(parameter, 'a month YYYY-MM such as "2024-03"', value);
  return value as string;
}

/** A frequency (monthly, quarterly, annual), which only GSO series have: the same rule for single and batch requests. */
function checkFrequency(value: unknown, source: string): string {
  const frequency = checkEnum(value, 'frequency', FREQUENCIES);
  if (source !== 'GSO') throw new InvalidParameterError('frequency', `Invalid frequency: it applies only to source GSO, not ${source}. Remove it or use source "GSO".`);
  return frequency;
}

/** Validates GET /indicators parameters; country is required except for GSO (Vietnam). */
export function indicatorParams(q: IndicatorQuery): Params {
  const source = checkSource(q.source);
  const params: Params = { source, indicator: checkIndicator(q.indicator) };
  if (q.country !== undefined) params['country'] = checkCountry(q.country);
  else if (source !== 'GSO') refuse('country', 'an ISO 2-letter country code such as "VN" (required except for GSO)', undefined);
  addYears(params, q.start_year, q.end_year);
  if (q.frequency !== undefined) params['frequency'] = checkFrequency(q.frequency, source);
  return params;
}

/** The JSON body of POST /indicators/batch, normalized. */
export interface BatchBody {
  source: string;
  indicators: string[];
  countries?: string[];
  start_year?: number;
  end_year?: number;
  frequency?: string;
}

/** Validates a POST /indicators/batch body: non-empty arrays, each code checked, duplicates removed. */
export function batchBody(q: BatchIndicatorQuery): BatchBody {
  const source = checkSource(q.source);
  if (!Array.isArray(q.indicators) || q.indicators.length === 0) refuse('indicators', 'a non-empty array of indicator codes', q.indicators);
  const indicators = [...new Set(q.indicators.map((v, i) => checkIndicator(v, `indicators[${i}]`)))];
  const body: BatchBody = { source, indicators };
  if (q.countries !== undefined || source !== 'GSO') {
    if (!Array.isArray(q.countries) || q.countries.length === 0) refuse('countries', 'a non-empty array of ISO 2-letter country codes', q.countries);
    body.countries = [...new Set(q.countries.map((v, i) => checkCountry(v, `countries[${i}]`)))];
  }
  const years: Params = {};
  addYears(years, q.start_year, q.end_year);
  Object.assign(body, years);
  if (q.frequency !== undefined) body.frequency = checkFrequency(q.frequency, source);
  return body;
}

/** Validates GET /trade/vietnam parameters (all optional). */
export function tradeParams(q: TradeQuery): Params {
  const params: Params = {};
  if (q.flow !== undefined) params['flow'] = checkEnum(q.flow, 'flow', FLOWS);
  if (q.partner !== undefined) {
    if (typeof q.partner !== 'string' || !/^([A-Za-z]{2}|WLD)$/i.test(q.partner)) refuse('partner', 'an ISO 2-letter country code, or "WLD" for all partners', q.partner);
    params['partner'] = q.partner.toUpperCase();
  }
  if (q.hs_code !== undefined) {
    if (typeof q.hs_code !== 'string' || !/^(\d{2,10}|TOTAL)$/i.test(q.hs_code)) refuse('hs_code', 'an HS code of 2 to 10 digits, or "TOTAL" for all goods', q.hs_code);
    params['hs_code'] = q.hs_code.toUpperCase();
  }
  if (q.period !== undefined) params['period'] = checkMonth(q.period, 'period');
  return params;
}

/** Validates GET /stocks/vietnam parameters: exactly one of symbol or index, real dates, start <= end. */
export function stockParams(q: StockQuery): Params {
  const params: Params = {};
  if ((q.symbol === undefined) === (q.index === undefined)) {
    throw new InvalidParameterError('symbol', 'Invalid stock query: give exactly one of symbol (e.g. "VNM") or index (VNINDEX, HNX or UPCOM).');
  }
  if (q.symbol !== undefined) {
    if (typeof q.symbol !== 'string' || !/^[A-Za-z0-9]{1,10}$/.test(q.symbol)) refuse('symbol', 'a stock symbol of 1 to 10 letters or digits such as "VNM"', q.symbol);
    params['symbol'] = q.symbol.toUpperCase();
  }
  // Upper-cased like symbols and country codes: 'vnindex' is the same index.
  const index: unknown = q.index;
  if (index !== undefined) params['index'] = checkEnum(typeof index === 'string' ? index.toUpperCase() : index, 'index', INDICES);
  if (q.start_date !== undefined) params['start_date'] = checkDate(q.start_date, 'start_date');
  if (q.end_date !== undefined) params['end_date'] = checkDate(q.end_date, 'end_date');
  if (q.start_date !== undefined && q.end_date !== undefined && q.start_date > q.end_date) {
    throw new InvalidParameterError('start_date', `Invalid start_date: ${q.start_date} is after end_date ${q.end_date}; start_date must be <= end_date.`);
  }
  return params;
}

/** Validates a source code used as a path segment (GET /sources/{source_code}/indicators). */
export function sourceCodeSegment(value: unknown): string {
  return checkSource(value, 'source_code');
}
