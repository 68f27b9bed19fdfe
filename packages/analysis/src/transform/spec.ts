/**
 * The transform's one text form (`Per=Q Agg=avg Units=pc1 MA=4 Rebase=2015 Type=A Points=20`), shared by
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
const MA_MIN = 2;
const MA_MAX = 60;

export type Per = (typeof PER_VALUES)[number];
export type Agg = (typeof AGG_VALUES)[number];
export type Units = (typeof UNITS_VALUES)[number];
type Level = (typeof LEVEL_VALUES)[number];
export type PeriodType = (typeof TYPE_VALUES)[number];

/** A parsed transform: every field optional; `{}` is no transform. */
export interface Transform {
  /** The series holds % changes: rebuild the index they chain (100 at the first period), before anything else. */
  level?: Level;
  per?: Per;
  /** Only with `per`. */
  agg?: Agg;
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
const OPTION_NAMES = ['Level', 'Per', 'Agg', 'Units', 'MA', 'Rebase', 'Type', 'Points'] as const;
type OptionName = (typeof OPTION_NAMES)[number];
const FIELD: Record<OptionName, keyof Transform> = { Level: 'level', Per: 'per', Agg: 'agg', Units: 'units', MA: 'ma', Rebase: 'rebase', Type: 'type', Points: 'points' };

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
  const tokens = text.replace(/\s*=\s*/g, '=').split(/[\s,;]+/).filter((s) => s !== '');
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
  // Both kinds of period is the default: `Type=AF` reads as no option, so texts stay canonical.
  if (t.type === 'AF') delete t.type;
  checkTransform(t);
  return t;
}

/** Refuses a Transform object no text could produce (a UI built it by hand): the same rules as parseTransform. */
export function checkTransform(t: Transform): Transform {
  for (const name of OPTION_NAMES) {
    const v = t[FIELD[name]];
    if (v === undefined) continue;
    if (readValue(name, String(v)) !== v) throw refuse(name, `Invalid ${name} ${JSON.stringify(v)}: expected ${name === 'Per' ? list(PER_VALUES) : name === 'Agg' ? list(AGG_VALUES) : name === 'Units' ? list(UNITS_VALUES) : name === 'Level' ? list(LEVEL_VALUES) : name === 'Type' ? list(TYPE_VALUES) : 'the form parseTransform gives'}.`);
  }
  if (t.agg !== undefined && t.per === undefined) {
    throw refuse('Agg', 'Agg needs Per: give the frequency to convert to (Per=A, Q or M), e.g. "Per=A Agg=sum".');
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
    if (v !== undefined && !(name === 'Type' && v === 'AF')) parts.push(`${name}=${String(v)}`);
  }
  return parts.join(' ');
}

/** Whether a transform does nothing. */
export const isIdentity = (t: Transform): boolean => OPTION_NAMES.every((name) => t[FIELD[name]] === undefined || (name === 'Type' && t.type === 'AF'));
