/**
 * What the records of one Series must agree on before they become one: the same indicator and
 * country (or symbol), one unit, one frequency. A disagreement is refused, naming the records,
 * rather than a Series whose header says one thing and whose rows another.
 */
import type { InvalidResponseError } from '../errors/errors.ts';
import type { Frequency } from '../series.ts';
import type { IndicatorRecord } from '../wire/records.ts';
import { describeRecord, refusal } from './axis.ts';
import { aPeriodOf, PERIOD_SPELLINGS, possibleFrequencies } from './periods.ts';

const INDICATOR_FIELDS = ['indicator_code', 'country_code', 'year', 'period'] as const;

/** An indicator record by what identifies it. */
export const describeIndicator = (r: IndicatorRecord): string => describeRecord(r, INDICATOR_FIELDS);

/** The period an indicator record gives: GSO's `period`, else its year. */
export const rawPeriod = (r: IndicatorRecord): string => r.period ?? String(r.year);

/** The accepted spellings, for messages: of one frequency, or of all. */
export function acceptedSpellings(frequency?: Frequency): string {
  const list = (f: Frequency): string => PERIOD_SPELLINGS[f].join(', ');
  if (frequency) return `${aPeriodOf(frequency)} is written ${list(frequency)}`;
  return (['annual', 'quarterly', 'monthly', 'daily'] as const).map((f) => `${f}: ${list(f)}`).join('; ');
}

/** A period the client cannot read at this frequency (or at any). */
export function unreadablePeriod(record: string, raw: string, frequency?: Frequency): InvalidResponseError {
  return refusal(`${record} has period ${JSON.stringify(raw)}, which cannot be read as ${frequency ? aPeriodOf(frequency) : 'a period'} (${acceptedSpellings(frequency)})`);
}

/**
 * The frequency of one indicator Series: the one the query asked for; otherwise the one every
 * record's period can be read at (records without a period are annual). Records that read only at
 * different frequencies (a GSO answer mixing months and quarters) are refused, and so are dates
 * that fit several frequencies with nothing to tell which: the query's `frequency` settles both.
 */
export function indicatorFrequency(records: readonly IndicatorRecord[], asked: Frequency | undefined, seriesId: string): Frequency {
  if (asked) return asked;
  let periods = false;
  for (let i = 0; i < records.length && !periods; i++) periods = records[i]!.period !== undefined;
  if (!periods) return 'annual';
  let candidates: Frequency[] = [];
  let witness: IndicatorRecord | undefined;
  for (const r of records) {
    const raw = rawPeriod(r);
    const can = possibleFrequencies(raw);
    if (can.length === 0) throw unreadablePeriod(describeIndicator(r), raw);
    if (!witness) {
      [candidates, witness] = [can, r];
      continue;
    }
    const both = candidates.filter((f) => can.includes(f));
    if (both.length === 0) {
      throw refusal(
        `series ${JSON.stringify(seriesId)} mixes frequencies: ${describeIndicator(witness)} is ${candidates.join(' or ')} and ${describeIndicator(r)} is ${can.join(' or ')}. One query's answer is one Series at one frequency, so it is refused rather than split`,
        `Ask with frequency (${[...new Set([...candidates, ...can])].map((f) => `'${f}'`).join(' or ')}) to get one of them.`,
      );
    }
    if (both.length < candidates.length) [candidates, witness] = [both, r];
  }
  if (candidates.length === 1) return candidates[0]!;
  throw refusal(
    `series ${JSON.stringify(seriesId)} has periods such as ${JSON.stringify(rawPeriod(witness!))} that can be read as ${candidates.join(', ')} periods, and neither the query nor any record says which`,
    `Ask with frequency (${candidates.filter((f) => f !== 'daily').map((f) => `'${f}'`).join(', ')}) to read them.`,
  );
}

/**
 * Checks that the records of one indicator Series are one indicator for one country, in one unit;
 * returns that unit (null when no record gives one). The indicator code is compared among the
 * records, not with the query: services answer an alias with its canonical code.
 */
export function indicatorIdentity(records: readonly IndicatorRecord[], country: string | undefined, seriesId: string): string | null {
  const first = records[0];
  if (!first) return null;
  const asked = country?.toUpperCase();
  // Every record has the first one's country (checked below), so the first alone is compared with the asked one.
  if (asked && first.country_code && first.country_code !== asked && first.country_code.toUpperCase() !== asked) {
    throw refusal(`series ${JSON.stringify(seriesId)} asked for country ${asked}, but ${describeIndicator(first)} is for ${first.country_code}`);
  }
  const code = first.indicator_code;
  const countryCode = first.country_code ?? null;
  for (let i = 1; i < records.length; i++) {
    const r = records[i]!;
    if (r.indicator_code !== code || (r.country_code ?? null) !== countryCode) {
      throw refusal(`series ${JSON.stringify(seriesId)} holds records of different series: ${describeIndicator(first)} and ${describeIndicator(r)}`);
    }
  }
  return oneUnit(records, seriesId, describeIndicator);
}

/** The one unit of a set of records (null when none gives one); a second, different unit is refused. */
export function oneUnit<R extends { unit?: string | null }>(records: readonly R[], seriesId: string, describe: (r: R) => string): string | null {
  let unit: string | null = null;
  let unitRecord: R | undefined;
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    if (r.unit === null || r.unit === undefined) continue;
    if (unitRecord === undefined) {
      unit = r.unit;
      unitRecord = r;
    } else if (r.unit !== unit) throw refusal(`series ${JSON.stringify(seriesId)} mixes units: ${describe(unitRecord)} is in ${JSON.stringify(unit)} and ${describe(r)} in ${JSON.stringify(r.unit)}`);
  }
  return unit;
}
