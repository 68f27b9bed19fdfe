/**
 * Which GSO frequencies a query may ask for, from what the indicator list says each series has
 * (`frequencies` of GET /sources/{code}/indicators). A frequency a series lacks is a certain 404
 * ("has no annual data"), so forms offer only these, and move off a frequency the new series lacks.
 */
import type { GsoFrequency } from '../query.ts';
import { GSO_FREQUENCIES } from '../validate/rules.ts';
import type { IndicatorInfo } from '../wire/records.ts';

/**
 * The frequencies every one of `infos` lists (one frequency applies to every indicator of a
 * query), in the order monthly, quarterly, annual. Null when nothing is known: no indicator given,
 * or one whose item lists no frequencies (then every frequency stays on offer and the service decides).
 *
 * @example sharedFrequencies([{ code: 'CPI.TOTAL.YOY', name: '', frequencies: ['monthly'] }]) // ['monthly']
 */
export function sharedFrequencies(infos: readonly IndicatorInfo[]): GsoFrequency[] | null {
  if (infos.length === 0 || infos.some((i) => !Array.isArray(i.frequencies) || i.frequencies.length === 0)) return null;
  const lists = infos.map((i) => new Set((i.frequencies ?? []).map((f) => String(f).toLowerCase())));
  return GSO_FREQUENCIES.filter((f) => lists.every((l) => l.has(f)));
}

/**
 * The frequency a form keeps when the series change: `current` while it is still offered (or
 * nothing is known), else the first offered one (the series' own first frequency), '' (each
 * series at the service's default, which it always has) when none is offered. '' stays ''.
 */
export function keptFrequency(current: '' | GsoFrequency, offered: readonly GsoFrequency[] | null): '' | GsoFrequency {
  if (offered === null || current === '' || offered.includes(current)) return current;
  return offered[0] ?? '';
}
