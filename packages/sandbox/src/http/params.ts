/**
 * Reading request parameters: each helper either returns a clean value or throws a 400 that
 * names the parameter, says what form it takes and echoes what was sent.
 * The route schemas document the parameters; these functions are what enforces them.
 */
import { invalidParameter } from './errors.ts';

export type Params = Record<string, unknown>;

const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/** Echoes a received value in a message, shortened. */
export function shown(value: unknown): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}...` : s);
}

/** A single string parameter, or undefined when absent. A repeated parameter is refused. */
export function text(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParameter(name, `must be given once, as text (got ${shown(value)})`);
  return value;
}

export function requiredText(params: Params, name: string, hint: string): string {
  const value = text(params, name);
  if (value === undefined || value.trim() === '') throw invalidParameter(name, `is required (${hint})`);
  return value.trim();
}

/** A year: whole number between MIN_YEAR and MAX_YEAR, given as text (query) or number (JSON body). */
function year(params: Params, name: string): number | undefined {
  const raw = params[name];
  if (raw === undefined || raw === null) return undefined;
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : undefined;
  if (s === undefined || !/^\d{1,4}$/.test(s)) throw invalidParameter(name, `must be a whole year such as 2015, got ${shown(raw)}`);
  const y = Number(s);
  if (y < MIN_YEAR || y > MAX_YEAR) throw invalidParameter(name, `must be between ${MIN_YEAR} and ${MAX_YEAR}, got ${y}`);
  return y;
}

export interface YearRange {
  start?: number;
  end?: number;
}

/** `start_year` and `end_year`, each optional; start after end is refused (naming start_year). */
export function yearRange(params: Params): YearRange {
  const start = year(params, 'start_year');
  const end = year(params, 'end_year');
  if (start !== undefined && end !== undefined && start > end) {
    throw invalidParameter('start_year', `must not be after end_year (got start_year=${start}, end_year=${end})`);
  }
  return { ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
}

/** One of a fixed list of values (compared case-insensitively; the list's spelling is returned). */
export function oneOf<T extends string>(params: Params, name: string, values: readonly T[]): T | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  const found = values.find((v) => v.toLowerCase() === value.trim().toLowerCase());
  if (!found) throw invalidParameter(name, `must be one of ${values.join(', ')}, got ${shown(value)}`);
  return found;
}

/** A month `YYYY-MM` (month 01-12, year in range). */
export function month(params: Params, name: string): string | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  const y = Number(m?.[1]);
  const mo = Number(m?.[2]);
  if (!m || mo < 1 || mo > 12 || y < MIN_YEAR || y > MAX_YEAR) {
    throw invalidParameter(name, `must be a month written YYYY-MM such as 2024-03, got ${shown(value)}`);
  }
  return value;
}

/** A calendar date `YYYY-MM-DD` that exists (2024-02-30 does not). */
export function date(params: Params, name: string): string | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const y = Number(m?.[1]);
  const valid = m !== null && y >= MIN_YEAR && y <= MAX_YEAR
    && new Date(Date.UTC(y, Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === value;
  if (!valid) throw invalidParameter(name, `must be a date written YYYY-MM-DD such as 2024-03-29, got ${shown(value)}`);
  return value;
}

/** An ISO 2-letter country code (WB aggregates use a digit, e.g. 1W for World); returned in upper case. */
export function countryCode(value: unknown, name: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9]{2}$/.test(value.trim())) {
    throw invalidParameter(name, `must be an ISO 2-letter country code such as VN, got ${shown(value)}`);
  }
  return value.trim().toUpperCase();
}

/** A code-like value (indicator, symbol): letters, digits, dot, underscore, dash; returned in upper case. */
export function codeValue(value: unknown, name: string, example: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9._-]{1,200}$/.test(value.trim())) {
    throw invalidParameter(name, `must be a code such as ${example}, got ${shown(value)}`);
  }
  return value.trim().toUpperCase();
}
