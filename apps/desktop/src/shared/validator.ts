/**
 * A small schema layer for the contract's requests (no zod here): each `Check<T>` either returns the
 * value as a fresh, typed object holding only the fields it knows, or throws core's
 * InvalidParameterError naming the field, what was expected, what arrived and what to do.
 * Objects are strict: an unknown field is refused, so nothing unvalidated reaches a service.
 */
import { InvalidParameterError, refusalSentence } from '@econdata/core';

export type Check<T> = (value: unknown, path: string) => T;

/** Throws the InvalidParameterError every check uses, in core's one sentence for a refused value. */
export function fail(path: string, expected: string, value: unknown): never {
  throw new InvalidParameterError(path || 'request', refusalSentence(path || 'request', expected, value));
}

/** The path of a field below `path` ('' is the request itself). */
export function below(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** A string of 1..max characters (after no trimming: what is checked is what is used), optionally matching a pattern. */
export function str(options: { max?: number; min?: number; pattern?: RegExp; describe?: string } = {}): Check<string> {
  const { max = 200, min = 1, pattern, describe } = options;
  return (value, path) => {
    const expected = describe ?? `a text of ${min} to ${max} characters`;
    if (typeof value !== 'string' || value.length < min || value.length > max) return fail(path, expected, value);
    if (pattern !== undefined && !pattern.test(value)) return fail(path, expected, value);
    return value;
  };
}

/** One of the listed strings. */
export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return (value, path) => ((values as readonly unknown[]).includes(value) ? (value as T) : fail(path, `one of ${values.join(', ')}`, value));
}

export function bool(): Check<boolean> {
  return (value, path) => (typeof value === 'boolean' ? value : fail(path, 'true or false', value));
}

/** A list of at most `max` items, each checked. */
export function list<T>(item: Check<T>, options: { min?: number; max: number }): Check<T[]> {
  const min = options.min ?? 0;
  return (value, path) => {
    if (!Array.isArray(value) || value.length < min || value.length > options.max) {
      return fail(path, `a list of ${min === 0 ? 'at most' : `${min} to`} ${options.max} items`, value);
    }
    return value.map((v, i) => item(v, below(path, i)));
  };
}

type Field<T> = { check: Check<T>; optional: boolean };
type Shape = Record<string, Field<unknown>>;
type Required<S extends Shape> = { [K in keyof S as S[K]['optional'] extends true ? never : K]: S[K] extends Field<infer T> ? T : never };
type Optional<S extends Shape> = { [K in keyof S as S[K]['optional'] extends true ? K : never]?: S[K] extends Field<infer T> ? T : never };
export type ObjectOf<S extends Shape> = Required<S> & Optional<S> extends infer O ? { [K in keyof O]: O[K] } : never;

/** A required field. */
export const req = <T>(check: Check<T>): Field<T> & { optional: false } => ({ check, optional: false });
/** An optional field: absent (or undefined) is fine; present must pass. */
export const opt = <T>(check: Check<T>): Field<T> & { optional: true } => ({ check, optional: true });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A plain object with exactly these fields (unknown ones are refused). */
export function object<S extends Shape>(shape: S): Check<ObjectOf<S>> {
  const known = Object.keys(shape);
  return (value, path) => {
    if (!isPlainObject(value)) return fail(path, 'an object', value);
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key)) {
        throw new InvalidParameterError(below(path, key.slice(0, 40)), `Invalid request: ${path || 'the request'} has an unknown field "${key.slice(0, 40)}"; the fields are ${known.join(', ') || '(none)'}.`);
      }
    }
    const out: Record<string, unknown> = {};
    for (const key of known) {
      const field = shape[key] as Field<unknown>;
      const v = value[key];
      if (v === undefined) {
        if (!field.optional) fail(below(path, key), 'a value', v);
        continue;
      }
      out[key] = field.check(v, below(path, key));
    }
    return out as ObjectOf<S>;
  };
}

/** A union told apart by one string field (`kind`, `from`, `dataset`), each variant strict. */
export function tagged<T>(tag: string, variants: Record<string, Check<T>>, defaultVariant?: string): Check<T> {
  const names = Object.keys(variants);
  return (value, path) => {
    if (!isPlainObject(value)) return fail(path, 'an object', value);
    const raw = value[tag] ?? defaultVariant;
    const check = typeof raw === 'string' && Object.hasOwn(variants, raw) ? variants[raw] : undefined;
    if (check === undefined) return fail(below(path, tag), `one of ${names.join(', ')}`, value[tag]);
    return check(value, path);
  };
}
