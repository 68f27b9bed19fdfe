/**
 * The transform's one text form (`Per=Q Agg=avg SA=tet Units=pc1 MA=4 Rebase=2015 Type=A Points=20`), shared by
 * the formulas, both UIs, saved exports and provenance. `parseTransform` is the only reader and
 * `formatTransform` the only writer: `parseTransform(formatTransform(t))` equals `t`.
 */
import { InvalidParameterError, PERIOD_PATTERNS } from '@econdata/core';

const PER_VALUES = ['A', 'Q', 'M'] as const;
const AGG_VALUES = ['avg', 'sum', 'eop'] as const;
const UNITS_VALUES = ['lin', 'chg', 'ch1', 'pch', 'pc1', 'pca', 'cch', 'cca', 'log'] as const;
/** What `Level` rebuilds an index from: period-on-period % changes (FRED's `pch`). */
const LEVEL_VALUES = ['pch'] as const;
/** Which periods to keep by the service's projection flag (IMF `is_projection`): actuals, forecasts, both. */
const TYPE_VALUES = ['A', 'F', 'AF'] as const;
/** Seasonal adjustment: STL alone, or STL with the Lunar New Year (Tết) taken out first. */
const SA_VALUES = ['stl', 'tet'] as const;
/** `Robust=Y` asks for STL's robust fit; `Robust=N` is the default and reads as no option. */
const ROBUST_VALUES = ['Y', 'N'] as const;
/** The Tết windows' lengths in days: before Tết (w) and from Tết on (v). */
const TET_MIN = 1;
const TET_MAX = 30;
/** The shortest seasonal smoother: statsmodels' default, and the least the issue allows. */
const SEASONAL_MIN = 7;
const MA_MIN = 2;
const MA_MAX = 60;

export type Per = (typeof PER_VALUES)[number];
export type Agg = (typeof AGG_VALUES)[number];
export type Units = (typeof UNITS_VALUES)[number];
type Level = (typeof LEVEL_VALUES)[number];
export type PeriodType = (typeof TYPE_VALUES)[number];
export type SeasonalMethod = (typeof SA_VALUES)[number];

/** A parsed transform: every field optional; `{}` is no transform. */
export interface Transform {
  /** The series holds % changes: rebuild the index they chain (100 at the first period), before anything else. */
  level?: Level;
  per?: Per;
  /** Only with `per`. */
  agg?: Agg;
  /** Seasonal adjustment after the frequency conversion: 'stl', or 'tet' (STL with the Lunar New Year taken out). */
  sa?: SeasonalMethod;
  /** STL's seasonal smoother length: odd, >= 7 (default 7). Only with `sa`. */
  seasonal?: number;
  /** STL's robust fit ('Y'; 'N', the default, is never written). Only with `sa`. */
  robust?: 'Y' | 'N';
  /** The Tết windows as 'w,v': w days before Tết, v days from Tết on, each 1..30 (default '10,7'). Only with `sa: 'tet'`. */
  tet?: string;
  units?: Units;
  /** Trailing moving average over this many periods, 2..60. */
  ma?: number;
  /** A canonical period: '2015', '2015-Q1' or '2015-03'. */
  rebase?: string;
  /** Keep the last N periods where any column has a value, N >= 1. */
  points?: number;
  /**
   * 'A' keeps actual periods only, 'F' only projections (`flags.is_projection`); 'AF' (the
   * default, never written) keeps both. A series without the flag is all actuals.
   */
  type?: PeriodType;
}

/** The options in their canonical spelling and order (the order they are applied in). */
const OPTION_NAMES = ['Level', 'Per', 'Agg', 'SA', 'Seasonal', 'Robust', 'Tet', 'Units', 'MA', 'Rebase', 'Type', 'Points'] as const;
type OptionName = (typeof OPTION_NAMES)[number];
const FIELD: Record<OptionName, keyof Transform> = {
  Level: 'level', Per: 'per', Agg: 'agg', SA: 'sa', Seasonal: 'seasonal', Robust: 'robust', Tet: 'tet', Units: 'units', MA: 'ma', Rebase: 'rebase', Type: 'type', Points: 'points',
};
/** Options whose default value is never written (it reads as no option, so texts stay canonical). */
const DEFAULTS: Partial<Record<keyof Transform, string>> = { type: 'AF', robust: 'N' };

const refuse = (option: string, message: string): InvalidParameterError => new InvalidParameterError(option, message);
const list = (values: readonly string[]): string => values.join(', ');

function wholeNumber(option: OptionName, raw: string, min: number, max: number): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) {
    const range = max === Infinity ? `a whole number >= ${min}` : `a whole number from ${min} to ${max}`;
    throw refuse(option, `Invalid ${option} "${raw}": expected ${range}.`);
  }
  return n;
}

/** A Rebase period in canonical form (quarter letter upper-cased), or a refusal naming the forms. */
function rebasePeriod(raw: string): string {
  const p = raw.toUpperCase();
  if (PERIOD_PATTERNS.annual.test(p) || PERIOD_PATTERNS.quarterly.test(p) || PERIOD_PATTERNS.monthly.test(p)) return p;
  throw refuse('Rebase', `Invalid Rebase "${raw}": expected a period such as 2015, 2015-Q1 or 2015-03.`);
}

/** The Tết windows 'w,v' in canonical form, or a refusal naming the form. */
function tetWindows(raw: string): string {
  const m = /^(\d+),(\d+)$/.exec(raw.replace(/\s+/g, ''));
  const w = m ? Number(m[1]) : NaN;
  const v = m ? Number(m[2]) : NaN;
  if (!(w >= TET_MIN && w <= TET_MAX && v >= TET_MIN && v <= TET_MAX)) {
    throw refuse('Tet', `Invalid Tet "${raw}": expected two whole numbers of days from ${TET_MIN} to ${TET_MAX}, before Tết and from Tết on, e.g. Tet=10,7.`);
  }
  return `${w},${v}`;
}

/** A seasonal smoother length: odd and at least 7, as STL needs (statsmodels' default is 7). */
function seasonalLength(raw: string): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= SEASONAL_MIN && n % 2 === 1 && n <= 999)) {
    throw refuse('Seasonal', `Invalid Seasonal "${raw}": expected an odd whole number from ${SEASONAL_MIN} up (7, 9, 11, 13 ...), the length of STL's seasonal smoother in years.`);
  }
  return n;
}

function oneOf<T extends string>(option: OptionName, raw: string, values: readonly T[], fold: (s: string) => string): T {
  const v = fold(raw) as T;
  if (!values.includes(v)) throw refuse(option, `Invalid ${option} "${raw}": expected one of ${list(values)}.`);
  return v;
}

function readValue(option: OptionName, raw: string): Transform[keyof Transform] {
  switch (option) {
    case 'Level': return oneOf(option, raw, LEVEL_VALUES, (s) => s.toLowerCase());
    case 'Per': return oneOf(option, raw, PER_VALUES, (s) => s.toUpperCase());
    case 'Agg': return oneOf(option, raw, AGG_VALUES, (s) => s.toLowerCase());
    case 'SA': return oneOf(option, raw, SA_VALUES, (s) => s.toLowerCase());
    case 'Seasonal': return seasonalLength(raw);
    case 'Robust': return oneOf(option, raw, ROBUST_VALUES, (s) => s.toUpperCase());
    case 'Tet': return tetWindows(raw);
    case 'Units': return oneOf(option, raw, UNITS_VALUES, (s) => s.toLowerCase());
    case 'MA': return wholeNumber(option, raw, MA_MIN, MA_MAX);
    case 'Rebase': return rebasePeriod(raw);
    case 'Type': return oneOf(option, raw, TYPE_VALUES, (s) => s.toUpperCase());
    case 'Points': return wholeNumber(option, raw, 1, Infinity);
  }
}

/** One `Name=Value` token of the options text, as written (name and value not yet judged). */
export interface OptionPair {
  name: string;
  value: string;
}

/**
 * The options text's one tokenizer: `Name=Value` pairs separated by spaces, commas or semicolons
 * (spaces around `=` allowed). Transforms are read from it here; other owners read their own names
 * from the same pairs (sheets' layout options `Dir`, `Sort`, `Header`, `Dates`).
 * @example optionPairs('units = pc1; Dir=H') // [{ name: 'units', value: 'pc1' }, { name: 'Dir', value: 'H' }]
 */
export function optionPairs(text: string): OptionPair[] {
  // `Tet=w,v` is one option: the comma between its two numbers does not separate options.
  const joined = text.replace(/\s*=\s*/g, '=').replace(/(^|[\s,;])(tet=\d+)\s*,\s*(?=\d)/gi, '$1$2\u0000');
  const tokens = joined.split(/[\s,;]+/).filter((s) => s !== '').map((s) => s.replace('\u0000', ','));
  return tokens.map((token) => {
    const eq = token.indexOf('=');
    if (eq <= 0 || eq === token.length - 1) {
      throw refuse('transform', `Invalid option "${token}": expected Name=Value with a name among ${list(OPTION_NAMES)}.`);
    }
    return { name: token.slice(0, eq), value: token.slice(eq + 1) };
  });
}

/**
 * Reads the text form: `Name=Value` pairs separated by spaces, commas or semicolons, names and
 * values case-insensitive; an empty text is no transform (`{}`). Names in `others` belong to
 * another owner of the same text (sheets' layout options) and are skipped here; any other unknown
 * name is refused.
 * @example parseTransform('per=q; units=PC1') // { per: 'Q', units: 'pc1' }
 */
export function parseTransform(text: string, others: readonly string[] = []): Transform {
  const t: Transform = {};
  for (const pair of optionPairs(text)) {
    const name = OPTION_NAMES.find((o) => o.toLowerCase() === pair.name.toLowerCase());
    if (name === undefined) {
      if (others.some((o) => o.toLowerCase() === pair.name.toLowerCase())) continue;
      throw refuse('transform', `Unknown option "${pair.name}": expected one of ${list([...OPTION_NAMES, ...others])}.`);
    }
    const field = FIELD[name];
    if (t[field] !== undefined) throw refuse(name, `${name} is given twice: give each option once.`);
    (t as Record<string, unknown>)[field] = readValue(name, pair.value);
  }
  checkTransform(t);
  // Defaults (`Type=AF`, `Robust=N`) read as no option, so texts stay canonical.
  for (const [field, value] of Object.entries(DEFAULTS)) if ((t as Record<string, unknown>)[field] === value) delete (t as Record<string, unknown>)[field];
  return t;
}

/** Refuses a Transform object no text could produce (a UI built it by hand): the same rules as parseTransform. */
export function checkTransform(t: Transform): Transform {
  for (const name of OPTION_NAMES) {
    const v = t[FIELD[name]];
    if (v === undefined) continue;
    if (readValue(name, String(v)) !== v) throw refuse(name, `Invalid ${name} ${JSON.stringify(v)}: expected ${name === 'Per' ? list(PER_VALUES) : name === 'Agg' ? list(AGG_VALUES) : name === 'Units' ? list(UNITS_VALUES) : name === 'Level' ? list(LEVEL_VALUES) : name === 'Type' ? list(TYPE_VALUES) : name === 'SA' ? list(SA_VALUES) : name === 'Robust' ? list(ROBUST_VALUES) : 'the form parseTransform gives'}.`);
  }
  if (t.agg !== undefined && t.per === undefined) {
    throw refuse('Agg', 'Agg needs Per: give the frequency to convert to (Per=A, Q or M), e.g. "Per=A Agg=sum".');
  }
  for (const name of ['Seasonal', 'Robust', 'Tet'] as const) {
    if (t[FIELD[name]] !== undefined && t.sa === undefined) {
      throw refuse(name, `${name} needs SA: it sets how the seasonal adjustment is done; add SA=stl or SA=tet, e.g. "SA=${name === 'Tet' ? 'tet' : 'stl'} ${name}=${name === 'Seasonal' ? '13' : name === 'Robust' ? 'Y' : '10,7'}".`);
    }
  }
  if (t.tet !== undefined && t.sa !== 'tet') {
    throw refuse('Tet', 'Tet sets the Lunar New Year windows of SA=tet; SA=stl takes no Tết effect out: use SA=tet, or leave Tet out.');
  }
  return t;
}

/**
 * Writes the canonical text: options in the order they apply, space-separated (`''` for none).
 * @example formatTransform({ units: 'pc1', per: 'Q' }) // 'Per=Q Units=pc1'
 */
export function formatTransform(t: Transform): string {
  checkTransform(t);
  const parts: string[] = [];
  for (const name of OPTION_NAMES) {
    const v = t[FIELD[name]];
    if (v !== undefined && DEFAULTS[FIELD[name]] !== v) parts.push(`${name}=${String(v)}`);
  }
  return parts.join(' ');
}

/** Whether a transform does nothing. */
export const isIdentity = (t: Transform): boolean => OPTION_NAMES.every((name) => t[FIELD[name]] === undefined || DEFAULTS[FIELD[name]] === t[FIELD[name]]);
