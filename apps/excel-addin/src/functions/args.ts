/**
 * Pure: the arguments Excel passes to ECON.* formulas, turned into core SeriesQuery objects. This
 * file reads the cells' own syntax (ranges, empty cells, Excel date serials, any letter case) and
 * then asks core's `queryProblems` whether the query is valid: codes, years, dates and which values
 * go together are core's rule, so a formula accepts exactly what a request would. A problem is an
 * ArgumentError naming the argument, so that cell alone shows #VALUE!.
 */
import { optionPairs, parseTransform, type Transform } from '@econdata/analysis';
import { excelSerialToDate, formatArrangement, LAYOUT_OPTION_NAMES, readArrangement, type Arrangement } from '@econdata/sheets';
import { InvalidParameterError, problemSentence, queryProblems, refusalSentence, STOCK_INDICES, type CheckedQuery, type SeriesQuery, type StockIndex } from '@econdata/core';

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

/** A year argument: a number, or text that reads as one (core judges the year); empty is none. */
function optionalYear(value: CellValue): number | string | undefined {
  const text = optionalText(value);
  if (typeof value === 'number' || text === undefined) return typeof value === 'number' ? value : undefined;
  return Number.isFinite(Number(text)) ? Number(text) : text;
}

/** Excel's serial day number as YYYY-MM-DD (the epoch is sheets' excel-epoch module's). */
export function serialToIsoDate(serial: number): string {
  return excelSerialToDate(serial).toISOString().slice(0, 10);
}

/** A date argument: text (core judges it), or a real Excel date (a serial number). */
function optionalDate(name: string, value: CellValue): string | undefined {
  if (typeof value === 'number') {
    if (!(value > 0 && value < 2_958_466)) throw new ArgumentError(name, refusalSentence(name, 'a date such as 2024-03-01', value));
    return serialToIsoDate(value);
  }
  return optionalText(value);
}

/** A month argument: text YYYY-MM (core judges it), or a date cell (Excel turns a typed 2024-03 into a date). */
function optionalMonth(name: string, value: CellValue): string | undefined {
  if (typeof value === 'number') return optionalDate(name, value)?.slice(0, 7);
  return optionalText(value);
}

/** A word argument in any letter case: lower-cased for the checks that follow. */
function lowerText(value: CellValue): string | undefined {
  return optionalText(value)?.toLowerCase();
}

/** The formula's argument for one of core's parameters. */
const ARGUMENT: Record<string, string> = { indicators: 'indicator', countries: 'country', symbol: 'symbol_or_index', index: 'symbol_or_index', start_period: 'period', end_period: 'period' };

/** Throws core's first problem with `query` as an ArgumentError naming the formula's argument (nothing when core accepts it). */
function throwCoreProblem(query: CheckedQuery): void {
  const problem = Object.values(queryProblems(query))[0];
  if (problem === undefined) return;
  const parameter = problem.parameter.replace(/\[\d+\]$/, '');
  const argument = ARGUMENT[parameter] ?? parameter;
  throw new ArgumentError(argument, problemSentence(problem, argument));
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
  const start = optionalYear(startYear);
  const end = optionalYear(endYear);
  const freq = lowerText(frequency);
  const common = { source: src, ...(start === undefined ? {} : { start_year: start }), ...(end === undefined ? {} : { end_year: end }), ...(freq ? { frequency: freq } : {}) } as const;
  const places: Array<string | undefined> = countries.length ? countries : [undefined];
  const queries = capped(indicators.flatMap((code) => places.map((c): SeriesQuery => ({ kind: 'indicator', ...common, indicator: code, ...(c === undefined ? {} : { country: c }) }) as SeriesQuery)));
  throwCoreProblem({ kind: 'batch', ...common, indicators, ...(countries.length || src !== 'GSO' ? { countries } : {}) } as CheckedQuery);
  return queries;
}

/**
 * The period argument of ECON.TRADE: one month (`2024-03`, or a date cell), or a range of months
 * written `2024-01:2024-06` (either end may be left out: `2024-01:` runs to the last month), which
 * core fetches as every month in one request and trims.
 */
function tradeMonths(period: CellValue): { period?: string; start_period?: string; end_period?: string } {
  const text = typeof period === 'string' ? period.trim() : '';
  const range = /^([^:]*):([^:]*)$/.exec(text);
  if (!range) {
    const month = optionalMonth('period', period);
    return month ? { period: month } : {};
  }
  const from = range[1]!.trim();
  const to = range[2]!.trim();
  if (from === '' && to === '') throw new ArgumentError('period', refusalSentence('period', 'one month such as 2024-03, or a range of months such as 2024-01:2024-06', ':'));
  return { ...(from ? { start_period: from } : {}), ...(to ? { end_period: to } : {}) };
}

/** =ECON.TRADE([flow], [partner], [hs_code], [period]): one query; `period` is one month or a range (`2024-01:2024-06`). */
export function tradeQuery(flow?: CellValue, partner?: CellValue, hsCode?: CellValue, period?: CellValue): SeriesQuery {
  const f = lowerText(flow);
  const p = optionalText(partner)?.toUpperCase();
  const hs = optionalText(hsCode)?.toUpperCase();
  const query = { kind: 'trade', ...(f ? { flow: f } : {}), ...(p ? { partner: p } : {}), ...(hs ? { hs_code: hs } : {}), ...tradeMonths(period) } as SeriesQuery;
  throwCoreProblem(query);
  return query;
}

const STOCK_FIELDS = ['open', 'high', 'low', 'close', 'volume'] as const;
export type StockField = (typeof STOCK_FIELDS)[number];

/** =ECON.STOCK(symbol_or_index, [start_date], [end_date], [field]): one query per symbol, and the fields to show. */
export function stockQueries(symbolOrIndex: CellRange, startDate?: CellValue, endDate?: CellValue, field?: CellValue): { queries: SeriesQuery[]; fields: StockField[] } {
  const codes = cellTexts(symbolOrIndex).map((c) => c.toUpperCase());
  if (codes.length === 0) throw new ArgumentError('symbol_or_index', 'symbol_or_index is required: a ticker such as VNM, or an index (VNINDEX, HNX, UPCOM).');
  const start = optionalDate('start_date', startDate);
  const end = optionalDate('end_date', endDate);
  // `field` is the formula's own argument (which columns to spill), not a query parameter.
  const chosen = lowerText(field);
  if (chosen !== undefined && !(STOCK_FIELDS as readonly string[]).includes(chosen)) throw new ArgumentError('field', refusalSentence('field', `one of ${STOCK_FIELDS.join(', ')}`, chosen));
  // Several tickers side by side: one column each, of one field (close unless told).
  const fields: StockField[] = chosen ? [chosen as StockField] : codes.length > 1 ? ['close'] : [...STOCK_FIELDS];
  const dates = { ...(start ? { start_date: start } : {}), ...(end ? { end_date: end } : {}) };
  const queries = capped(codes.map((code): SeriesQuery => ((STOCK_INDICES as readonly string[]).includes(code)
    ? { kind: 'stock', index: code as StockIndex, ...dates }
    : { kind: 'stock', symbol: code, ...dates })));
  for (const query of queries) throwCoreProblem(query);
  return { queries, fields };
}

/** An argument written `Name=Value` (`Units=pc1`, `Units=pc1 Dir=H`): options, whatever its position; no other argument holds "=". */
function isOptionsText(value: CellValue): boolean {
  return typeof value === 'string' && value.includes('=');
}

/**
 * The arguments with options moved to the options position, wherever the user put them after the
 * required ones: `=ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2000,2020,"Units=pc1")` puts them
 * where the frequency goes, and means the options (as Bloomberg's BDH takes its overrides in any
 * order). A `Name=Value` text is unambiguous, so it is read as options in any optional position;
 * several such texts are joined in order, and the position each left is empty.
 *
 * @example placeOptions(['WB', 'X', 'VN', 2000, 2020, 'Units=pc1'], 3, 6) // ['WB', 'X', 'VN', 2000, 2020, undefined, 'Units=pc1']
 */
export function placeOptions<T extends readonly unknown[]>(args: T, required: number, optionsAt: number): T {
  const placed: unknown[] = Array.from({ length: Math.max(args.length, optionsAt + 1) }, (_, i) => args[i]);
  const texts: string[] = [];
  for (let i = required; i < optionsAt; i++) {
    if (isOptionsText(placed[i] as CellValue)) {
      texts.push(String(placed[i]).trim());
      placed[i] = undefined;
    }
  }
  if (texts.length === 0) return args;
  const own = optionalText(placed[optionsAt] as CellValue);
  placed[optionsAt] = [...texts, ...(own ? [own] : [])].join(' ');
  return placed as unknown as T;
}

/** What the trailing options argument holds: a transform and a layout. */
export interface FormulaOptions {
  transform: Transform;
  arrangement: Arrangement;
  /** The layout options in canonical text ('Dir=H Sort=D'), '' for the default layout. */
  layout: string;
}

/**
 * The optional trailing options argument of the ECON.* formulas (`Units=pc1 Dir=H Sort=D`): one
 * text, tokenized once by @econdata/analysis's `optionPairs`; the transform names are analysis's
 * (`parseTransform`), the layout names sheets' (`readArrangement`). A refusal names the option and
 * the accepted values; an empty cell is neither.
 */
export function optionsArg(value: CellValue): FormulaOptions {
  const text = optionalText(value) ?? '';
  const transform = parseTransform(text, LAYOUT_OPTION_NAMES);
  const arrangement = readArrangement(optionPairs(text));
  return { transform, arrangement, layout: formatArrangement(arrangement) };
}
