/**
 * The period axis of a Series being built from records: sorted ascending, and one entry per
 * period. A period the service sent twice with the same values is merged; with different values it
 * is refused (picking one would hand out a number nobody can vouch for).
 */
import { InvalidResponseError } from '../errors/errors.ts';

/** An answer that breaks the Series rules: the message says what, and what to do. */
export function refusal(what: string, advice = 'Try again later; if it persists, report it to the provider.'): InvalidResponseError {
  return new InvalidResponseError(`The service's answer is not what the interface promises: ${what}. ${advice}`);
}

/** A record, by the fields that identify it: `record {indicator_code: "CPI", country_code: "VN", period: "2024M13"}`. */
export function describeRecord(record: Readonly<Record<string, unknown>>, fields: readonly string[]): string {
  const parts: string[] = [];
  for (const f of fields) {
    const v = record[f];
    if (v !== undefined) parts.push(`${f}: ${JSON.stringify(v)}`);
  }
  return `record {${parts.join(', ')}}`;
}

/** Two different values for one period of one series: refused, naming both. */
export function conflict(seriesId: string, period: string, one: string, other: string): InvalidResponseError {
  return refusal(
    `series ${JSON.stringify(seriesId)} has two different values for period ${JSON.stringify(period)}: ${one} and ${other}. The client does not pick one`,
    'Report it to the provider; until it is fixed, ask for a range without that period.',
  );
}

/** The period axis of one Series under construction: parallel arrays, one entry per record. */
export interface Axis<R> {
  periods: string[];
  /** Column-major values, `columns[c][i]` for record i. */
  columns: Array<Array<number | null>>;
  /** One flag per record (IMF is_projection), when any record has one. */
  flags?: Array<boolean | null | undefined> | undefined;
  /** The records the entries came from, in order, and how a message names one. */
  records: readonly R[];
  describe: (record: R) => string;
}

function permute<T>(list: T[], order: readonly number[]): void {
  const copy = order.map((i) => list[i]!);
  for (let i = 0; i < copy.length; i++) list[i] = copy[i]!;
}

const show = (v: number | null | boolean | undefined): string => (v === undefined ? 'none' : String(v));

/**
 * Sorts the axis ascending (stable) and merges repeated periods, in place. Throws `invalid_response`
 * naming the series, the period and both records when a repeated period carries different values.
 */
export function settleAxis<R>(axis: Axis<R>, seriesId: string): void {
  const { periods, columns, flags } = axis;
  let ordered = true;
  for (let i = 1; i < periods.length; i++) if (periods[i - 1]! >= periods[i]!) { ordered = false; break; }
  if (ordered) return;
  const origin = periods.map((_, i) => i);
  origin.sort((a, b) => (periods[a]! < periods[b]! ? -1 : periods[a]! > periods[b]! ? 1 : a - b));
  permute(periods, origin);
  for (const col of columns) permute(col, origin);
  if (flags) permute(flags, origin);

  let w = 0;
  for (let i = 0; i < periods.length; i++) {
    if (w > 0 && periods[i] === periods[w - 1]) {
      const differs = columns.some((col) => col[i] !== col[w - 1]) || (flags !== undefined && (flags[i] ?? null) !== (flags[w - 1] ?? null));
      if (differs) {
        const values = (k: number): string => columns.map((col) => show(col[k])).join('/') + (flags ? ` (flag ${show(flags[k])})` : '');
        throw conflict(seriesId, periods[i]!, `${values(w - 1)} in ${axis.describe(axis.records[origin[w - 1]!]!)}`, `${values(i)} in ${axis.describe(axis.records[origin[i]!]!)}`);
      }
      continue; // the same observation sent twice: keep one
    }
    if (w !== i) {
      periods[w] = periods[i]!;
      for (const col of columns) col[w] = col[i]!;
      if (flags) flags[w] = flags[i];
      origin[w] = origin[i]!;
    }
    w++;
  }
  periods.length = w;
  for (const col of columns) col.length = w;
  if (flags) flags.length = w;
}
