/**
 * The query rules, written once: each check reads one parameter, records a problem when the value
 * is not accepted (naming the parameter and the accepted form) and returns the normalized value
 * (ISO codes upper-cased). `params.ts` throws the first problem before any request (for code);
 * `queryProblems` reports all of them by parameter (for forms). Same checks, so the two cannot drift.
 */
import type { GsoFrequency, StockIndex, TradeFlow } from '../query.ts';

/** Query parameters of one request, in the spec's names, ready for the URL. */
export type Params = Record<string, string | number>;

/** The years a query may ask for. */
const YEAR_RANGE = { min: 1800, max: 2200 } as const;
/** The frequencies GSO series come in (only GSO takes `frequency`). */
export const GSO_FREQUENCIES: readonly GsoFrequency[] = ['monthly', 'quarterly', 'annual'];
/** The trade flows of GET /trade/vietnam. */
export const TRADE_FLOWS: readonly TradeFlow[] = ['exports', 'imports', 'balance'];
/** The index codes GET /stocks/vietnam accepts for `index` (spec 4.6). */
export const STOCK_INDICES: readonly StockIndex[] = ['VNINDEX', 'HNX', 'UPCOM'];

/** One problem of a query. */
export interface QueryProblem {
  /** The spec's parameter name; a list item is `indicators[2]`, `countries[0]`. */
  parameter: string;
  /** What is accepted, as a phrase that reads after "expected" or "enter": `a whole year between 1800 and 2200 such as 2015`. */
  expected: string;
  /** The value given (undefined when it is missing). */
  value: unknown;
  /** The sentence a refused request carries (the InvalidParameterError's message). */
  message: string;
}

/** A received value as a refusal shows it: short, and never a long text in full. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}

/**
 * The one sentence of a refused value, for every asker: core's requests and forms, the add-in's
 * formula arguments, the desktop's IPC requests. `name` is what the asker calls the value
 * (`start_year`, a formula's `indicator`, `queries[0].country`).
 *
 * @example refusalSentence('country', 'an ISO 2-letter country code such as "VN"', 'VNM')
 * // 'Invalid country: expected an ISO 2-letter country code such as "VN", got "VNM". Correct it and try again.'
 */
export function refusalSentence(name: string, expected: string, value: unknown): string {
  return `Invalid ${name}: expected ${expected}, got ${show(value)}. Correct it and try again.`;
}

/**
 * A problem's sentence with the parameter named as the asker names it (`queries[1].country`, a
 * formula's `indicator`): the same words as the refusal core would throw. Every problem's message
 * starts "Invalid <parameter>:" or names the whole query ("Invalid trade query: ...").
 */
export function problemSentence(problem: QueryProblem, name: string = problem.parameter): string {
  const own = `Invalid ${problem.parameter}:`;
  return problem.message.startsWith(own) ? `Invalid ${name}:${problem.message.slice(own.length)}` : problem.message;
}

/** The problems found so far, in the order the parameters were checked. */
export class Problems {
  readonly list: QueryProblem[] = [];

  /** Records that `parameter` is not in its accepted form. Returns undefined, for `return p.refuse(...)`. */
  refuse(parameter: string, expected: string, value: unknown): undefined {
    this.list.push({ parameter, expected, value, message: refusalSentence(parameter, expected, value) });
    return undefined;
  }

  /** Records a problem whose sentence is not "expected X, got Y" (a rule between parameters). */
  add(problem: QueryProblem): undefined {
    this.list.push(problem);
    return undefined;
  }
}

const SOURCE_FORM = 'a source code such as "WB", "IMF" or "GSO"';
const INDICATOR_FORM = 'an indicator code such as "NY.GDP.MKTP.CD"';
const COUNTRY_FORM = 'an ISO 2-letter country code such as "VN"';

/** A source code such as WB, IMF or GSO (letters, digits, '_' or '-'), upper-cased. */
export function source(p: Problems, value: unknown, parameter = 'source'): string | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]{0,31}$/.test(value)) return p.refuse(parameter, SOURCE_FORM, value);
  return value.toUpperCase();
}

/**
 * An indicator code such as NY.GDP.MKTP.CD (letters, digits, '.', '_', '-'), kept as given. Up to 255
 * characters: GSO's table codes name a whole activity (about 150 characters), and the service lists them.
 */
export function indicator(p: Problems, value: unknown, parameter = 'indicator'): string | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/.test(value)) return p.refuse(parameter, INDICATOR_FORM, value);
  return value;
}

/**
 * An ISO 3166 alpha-2 country code, or one of the World Bank's two-character aggregate codes that
 * /countries lists beside them (1W World, XD High income, V1...): the service serves those too.
 * Lower case is accepted and upper-cased.
 */
function country(p: Problems, value: unknown, parameter = 'country', form = COUNTRY_FORM): string | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9]{2}$/.test(value) || /^\d{2}$/.test(value)) return p.refuse(parameter, form, value);
  return value.toUpperCase();
}

/** Whether a source, valid or not, is GSO: the one source whose queries need no country. */
export function isGso(value: unknown): boolean {
  return typeof value === 'string' && value.toUpperCase() === 'GSO';
}

/** A required country: absent is fine only for GSO (Vietnam). */
export function countryFor(p: Problems, value: unknown, src: unknown): string | undefined {
  if (value !== undefined) return country(p, value);
  if (!isGso(src)) p.refuse('country', `${COUNTRY_FORM} (required except for GSO)`, undefined);
  return undefined;
}

/** A non-empty list, each item checked (`indicators[i]`), duplicates removed. */
function list(p: Problems, value: unknown, parameter: string, emptyForm: string, item: (p: Problems, v: unknown, parameter: string) => string | undefined): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return p.refuse(parameter, emptyForm, value);
  const before = p.list.length;
  const items = value.map((v: unknown, i) => item(p, v, `${parameter}[${i}]`));
  return p.list.length === before ? [...new Set(items as string[])] : undefined;
}

/** The indicator codes of a batch. */
export const indicatorList = (p: Problems, value: unknown): string[] | undefined => list(p, value, 'indicators', 'at least one indicator code such as "NY.GDP.MKTP.CD"', indicator);
/** The countries of a batch. */
export const countryList = (p: Problems, value: unknown): string[] | undefined => list(p, value, 'countries', 'at least one ISO 2-letter country code such as "VN"', country);

function year(p: Problems, value: unknown, parameter: string): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < YEAR_RANGE.min || value > YEAR_RANGE.max) {
    return p.refuse(parameter, `a whole year between ${YEAR_RANGE.min} and ${YEAR_RANGE.max} such as 2015`, value);
  }
  return value;
}

/**
 * `start` <= `end`, reported on both (a form marks both boxes); the start comes first, so a refused
 * request names it.
 */
function ordered<T extends string | number>(p: Problems, start: T, end: T, names: [string, string], what: string): void {
  if (start <= end) return;
  const [s, e] = names;
  p.add({ parameter: s, expected: `${what} no later than the end (${end})`, value: start, message: `Invalid ${s}: ${start} is after ${e} ${end}; ${s} must be <= ${e}.` });
  p.add({ parameter: e, expected: `${what} no earlier than the start (${start})`, value: end, message: `Invalid ${e}: ${end} is before ${s} ${start}; ${e} must be >= ${s}.` });
}

/** Adds start_year / end_year (both optional, start <= end) to params. */
export function years(p: Problems, params: Params, start: unknown, end: unknown): void {
  const s = start === undefined ? undefined : year(p, start, 'start_year');
  const e = end === undefined ? undefined : year(p, end, 'end_year');
  if (s !== undefined) params['start_year'] = s;
  if (e !== undefined) params['end_year'] = e;
  if (s !== undefined && e !== undefined) ordered(p, s, e, ['start_year', 'end_year'], 'a year');
}

export function oneOf<T extends string>(p: Problems, value: unknown, parameter: string, allowed: readonly T[]): T | undefined {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) return p.refuse(parameter, `one of ${allowed.join(', ')}`, value);
  return value as T;
}

/** A frequency (monthly, quarterly, annual), which only GSO series have: the same rule for single and batch requests. */
export function frequency(p: Problems, value: unknown, src: string | undefined): string | undefined {
  const f = oneOf(p, value, 'frequency', GSO_FREQUENCIES);
  if (f === undefined || src === undefined) return undefined;
  if (src !== 'GSO') {
    return p.add({ parameter: 'frequency', expected: 'empty: only GSO series have a frequency', value, message: `Invalid frequency: it applies only to source GSO, not ${src}. Remove it or use source "GSO".` });
  }
  return f;
}

function isRealDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A real calendar date YYYY-MM-DD (2024-02-30 is refused). */
function date(p: Problems, value: unknown, parameter: string): string | undefined {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return p.refuse(parameter, 'a calendar date YYYY-MM-DD such as "2024-03-15"', value);
  return value as string;
}

/** Adds start_date / end_date (both optional, start <= end) to params. */
export function dates(p: Problems, params: Params, start: unknown, end: unknown): void {
  const s = start === undefined ? undefined : date(p, start, 'start_date');
  const e = end === undefined ? undefined : date(p, end, 'end_date');
  if (s !== undefined) params['start_date'] = s;
  if (e !== undefined) params['end_date'] = e;
  if (s !== undefined && e !== undefined) ordered(p, s, e, ['start_date', 'end_date'], 'a date');
}

/** A real month YYYY-MM (month 01..12). */
export function month(p: Problems, value: unknown, parameter: string): string | undefined {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return p.refuse(parameter, 'a month YYYY-MM such as "2024-03"', value);
  return value as string;
}

/** Adds start_period / end_period (months YYYY-MM, both optional, start <= end) to `range`. */
export function months(p: Problems, range: Params, start: unknown, end: unknown): void {
  const s = start === undefined ? undefined : month(p, start, 'start_period');
  const e = end === undefined ? undefined : month(p, end, 'end_period');
  if (s !== undefined) range['start_period'] = s;
  if (e !== undefined) range['end_period'] = e;
  if (s !== undefined && e !== undefined) ordered(p, s, e, ['start_period', 'end_period'], 'a month');
}

/** A trade partner: an ISO 2-letter code, or WLD for the world. */
export function partner(p: Problems, value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^([A-Za-z]{2}|WLD)$/i.test(value)) return p.refuse('partner', 'an ISO 2-letter country code, or "WLD" for all partners', value);
  return value.toUpperCase();
}

/** An HS code of 2 to 10 digits, or TOTAL. */
export function hsCode(p: Problems, value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^(\d{2,10}|TOTAL)$/i.test(value)) return p.refuse('hs_code', 'an HS code of 2 to 10 digits, or "TOTAL" for all goods', value);
  return value.toUpperCase();
}

/** A stock symbol such as VNM, upper-cased. */
export function symbol(p: Problems, value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9]{1,10}$/.test(value)) return p.refuse('symbol', 'a stock symbol of 1 to 10 letters or digits such as "VNM"', value);
  return value.toUpperCase();
}

/** A stock index, upper-cased first like symbols and country codes: 'vnindex' is the same index. */
export function stockIndex(p: Problems, value: unknown): string | undefined {
  return oneOf(p, typeof value === 'string' ? value.toUpperCase() : value, 'index', STOCK_INDICES);
}
