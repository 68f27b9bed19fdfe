/**
 * Pure: the arguments Excel passes to ECON.* formulas, turned into core SeriesQuery objects. A
 * problem with an argument is an ArgumentError naming it, so that cell alone shows #VALUE!.
 */
import { InvalidParameterError, type GsoFrequency, type SeriesQuery, type StockIndex, type TradeFlow } from '@econdata/core';

/** What Excel passes for a cell value: a number, text, a boolean, or null for an empty cell / omitted argument. */
export type CellValue = string | number | boolean | null | undefined;
/** A value or a range (Excel passes a single value as a 1x1 matrix to `any[][]` parameters). */
export type CellRange = CellValue[][] | CellValue;

/**
 * A bad formula argument; the message names it and says what to type instead. It is core's
 * invalid_parameter (`parameter` = the argument), so it reads like every other refusal.
 */
export class ArgumentError extends InvalidParameterError {
  constructor(readonly argument: string, message: string) {
    super(argument, message);
  }
}

/** Most series one formula may ask for: beyond it, a slip of the mouse (A:A) would spend the day's quota. */
export const MAX_SERIES_PER_CELL = 200;

/** The non-empty values of a range, in reading order, as trimmed text. */
export function cellTexts(range: CellRange): string[] {
  const cells = Array.isArray(range) ? range.flat() : [range];
  return cells.filter((v) => v !== null && v !== undefined && String(v).trim() !== '').map((v) => String(v).trim());
}

function optionalText(value: CellValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

function optionalYear(name: string, value: CellValue): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(n) || n < 1800 || n > 2200) throw new ArgumentError(name, `${name} must be a year such as 2015, got ${JSON.stringify(value)}.`);
  return n;
}

/** Excel's serial day number (1900 date system) as YYYY-MM-DD. */
export function serialToIsoDate(serial: number): string {
  // Serial 25569 is 1970-01-01; Excel's phantom 1900-02-29 lies before every date that matters here.
  return new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

/** A date argument: text YYYY-MM-DD, or a real Excel date (a serial number). */
function optionalDate(name: string, value: CellValue): string | undefined {
  if (typeof value === 'number') {
    if (!(value > 0 && value < 2_958_466)) throw new ArgumentError(name, `${name} must be a date such as 2024-03-01, got ${value}.`);
    return serialToIsoDate(value);
  }
  const text = optionalText(value);
  if (text !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new ArgumentError(name, `${name} must be a date written 2024-03-01 (or a date cell), got "${text}".`);
  return text;
}

/** A month argument: text YYYY-MM, or a date cell (Excel turns a typed 2024-03 into a date). */
function optionalMonth(name: string, value: CellValue): string | undefined {
  if (typeof value === 'number') return optionalDate(name, value)?.slice(0, 7);
  const text = optionalText(value);
  if (text !== undefined && !/^\d{4}-\d{2}$/.test(text)) throw new ArgumentError(name, `${name} must be a month written 2024-03, got "${text}".`);
  return text;
}

function oneOf<T extends string>(name: string, value: CellValue, allowed: readonly T[]): T | undefined {
  const text = optionalText(value)?.toLowerCase();
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) throw new ArgumentError(name, `${name} must be one of ${allowed.join(', ')}, got "${text}".`);
  return text as T;
}

function capped(queries: SeriesQuery[]): SeriesQuery[] {
  if (queries.length > MAX_SERIES_PER_CELL) {
    throw new ArgumentError('range', `This formula asks for ${queries.length} series; one cell may ask for at most ${MAX_SERIES_PER_CELL}. Split the ranges over several cells.`);
  }
  return queries;
}

/** =ECON.INDICATOR(source, indicator, country, [start_year], [end_year], [frequency]): one query per indicator x country. */
export function indicatorQueries(source: CellValue, indicator: CellRange, country: CellRange, startYear?: CellValue, endYear?: CellValue, frequency?: CellValue): SeriesQuery[] {
  const src = optionalText(source)?.toUpperCase();
  if (!src) throw new ArgumentError('source', 'source is required: WB, IMF or GSO (the taskpane lists every source).');
  const indicators = cellTexts(indicator);
  if (indicators.length === 0) throw new ArgumentError('indicator', 'indicator is required: an indicator code such as NY.GDP.MKTP.CD, or a range of codes (the taskpane\'s browser lists them).');
  const countries = cellTexts(country).map((c) => c.toUpperCase());
  if (countries.length === 0 && src !== 'GSO') throw new ArgumentError('country', 'country is required: an ISO 2-letter code such as VN, or a range of codes.');
  const start = optionalYear('start_year', startYear);
  const end = optionalYear('end_year', endYear);
  if (start !== undefined && end !== undefined && start > end) throw new ArgumentError('end_year', `end_year (${end}) is before start_year (${start}).`);
  const freq = oneOf<GsoFrequency>('frequency', frequency, ['monthly', 'quarterly', 'annual']);
  if (freq && src !== 'GSO') throw new ArgumentError('frequency', `frequency applies to GSO only; ${src} series are annual: leave it empty.`);
  const common = { kind: 'indicator' as const, source: src, ...(start === undefined ? {} : { start_year: start }), ...(end === undefined ? {} : { end_year: end }), ...(freq ? { frequency: freq } : {}) };
  const places: Array<string | undefined> = countries.length ? countries : [undefined];
  return capped(indicators.flatMap((code) => places.map((c) => ({ ...common, indicator: code, ...(c === undefined ? {} : { country: c }) }))));
}

/** =ECON.TRADE([flow], [partner], [hs_code], [period]): one query. */
export function tradeQuery(flow?: CellValue, partner?: CellValue, hsCode?: CellValue, period?: CellValue): SeriesQuery {
  const f = oneOf<TradeFlow>('flow', flow, ['exports', 'imports', 'balance']);
  const p = optionalText(partner)?.toUpperCase();
  const hs = optionalText(hsCode)?.toUpperCase();
  const month = optionalMonth('period', period);
  return { kind: 'trade', ...(f ? { flow: f } : {}), ...(p ? { partner: p } : {}), ...(hs ? { hs_code: hs } : {}), ...(month ? { period: month } : {}) };
}

/** The index codes the service accepts for `index` (spec 4.6). */
export const STOCK_INDICES: readonly string[] = ['VNINDEX', 'HNX', 'UPCOM'];
export const STOCK_FIELDS = ['open', 'high', 'low', 'close', 'volume'] as const;
export type StockField = (typeof STOCK_FIELDS)[number];

/** =ECON.STOCK(symbol_or_index, [start_date], [end_date], [field]): one query per symbol, and the fields to show. */
export function stockQueries(symbolOrIndex: CellRange, startDate?: CellValue, endDate?: CellValue, field?: CellValue): { queries: SeriesQuery[]; fields: StockField[] } {
  const codes = cellTexts(symbolOrIndex).map((c) => c.toUpperCase());
  if (codes.length === 0) throw new ArgumentError('symbol_or_index', 'symbol_or_index is required: a ticker such as VNM, or an index (VNINDEX, HNX, UPCOM).');
  const start = optionalDate('start_date', startDate);
  const end = optionalDate('end_date', endDate);
  if (start && end && start > end) throw new ArgumentError('end_date', `end_date (${end}) is before start_date (${start}).`);
  const chosen = oneOf<StockField>('field', field, STOCK_FIELDS);
  // Several tickers side by side: one column each, of one field (close unless told).
  const fields: StockField[] = chosen ? [chosen] : codes.length > 1 ? ['close'] : [...STOCK_FIELDS];
  const dates = { ...(start ? { start_date: start } : {}), ...(end ? { end_date: end } : {}) };
  const queries = codes.map((code): SeriesQuery => (STOCK_INDICES.includes(code)
    ? { kind: 'stock', index: code as StockIndex, ...dates }
    : { kind: 'stock', symbol: code, ...dates }));
  return { queries: capped(queries), fields };
}
