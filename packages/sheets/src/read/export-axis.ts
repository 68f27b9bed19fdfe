/**
 * The period axis of a series read from a service export file (`/export/csv`, `/export/excel`):
 * the same boundary as core's Series mapping, since the file holds the service's records as they
 * came. Periods in the alternative spellings core accepts (2024M03, 202403, Q1 2024, ...) are
 * read into the canonical form; a period written twice with the same values is one observation,
 * with different values a refusal naming the series and the period.
 */
import { frequencyOfPeriod, normalizePeriod, possibleFrequencies, PERIOD_SPELLINGS, type Frequency } from '@econdata/core';
import { SheetsError } from '../errors.ts';

const where = (file: string | undefined): string => (file ? `${file}: ` : '');

/** The order core's possibleFrequencies lists them in (a message names them in it). */
const ORDER: readonly Frequency[] = ['annual', 'quarterly', 'monthly', 'daily'];
const ALL = 0b1111;
const namesOf = (mask: number): string => ORDER.filter((_, i) => mask & (1 << i)).join(' or ');

/**
 * What each period text of one file reads as, worked out once per distinct text: an export repeats
 * the same years (months, days) in every series, and reading them again for each of 52,000 series
 * was a tenth of reading the file. Holds one entry per distinct text of the file (a few thousand).
 */
export class PeriodReadings {
  /** The frequencies a text can be read at, a bit per frequency in ORDER (0: none). */
  private readonly masks = new Map<string, number>();
  private readonly canonical: Record<Frequency, Map<string, string | null>> = { annual: new Map(), quarterly: new Map(), monthly: new Map(), daily: new Map() };

  /** possibleFrequencies of `raw`, as a mask. */
  mask(raw: string): number {
    let m = this.masks.get(raw);
    if (m === undefined) {
      m = 0;
      for (const f of possibleFrequencies(raw)) m |= 1 << ORDER.indexOf(f);
      this.masks.set(raw, m);
    }
    return m;
  }

  /** normalizePeriod of `raw` at `frequency`. */
  normalize(raw: string, frequency: Frequency): string | null {
    const known = this.canonical[frequency];
    let period = known.get(raw);
    if (period === undefined) known.set(raw, (period = normalizePeriod(raw, frequency)));
    return period;
  }
}

/**
 * The frequency and canonical periods of one series' raw periods: the frequency given (trade is
 * monthly, stocks daily, or the query's), else the one every period can be read at; dates that fit
 * several (2024-01-01) are taken as written, daily, when nothing else says. `readings` is the
 * file's (one per file: what a text reads as does not depend on the series).
 */
export function exportPeriods(raw: readonly string[], given: Frequency | undefined, seriesId: string, file: string | undefined, readings = new PeriodReadings()): { frequency: Frequency; periods: string[] } {
  let frequency = given;
  if (!frequency) {
    let candidates = ALL;
    for (const p of raw) {
      const can = readings.mask(p);
      if (can !== 0 && (candidates & can) === 0) {
        throw new SheetsError('mixed_frequencies', `${where(file)}series ${JSON.stringify(seriesId)} mixes frequencies: its period ${JSON.stringify(p)} is ${namesOf(can)}, earlier ones ${namesOf(candidates)}. Export each frequency on its own.`, file ? { file } : {});
      }
      if (can !== 0) candidates &= can;
    }
    const kept = ORDER.filter((_, i) => candidates & (1 << i));
    const asWritten = frequencyOfPeriod(raw[0] ?? '');
    frequency = kept.length === 1 ? kept[0]! : asWritten && kept.includes(asWritten) ? asWritten : kept[0] ?? 'annual';
  }
  const periods = new Array<string>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const period = readings.normalize(raw[i]!, frequency);
    if (period === null) {
      throw new SheetsError('unreadable_file', `${where(file)}series ${JSON.stringify(seriesId)} has period ${JSON.stringify(raw[i])}, which cannot be read as a ${frequency} period (written ${PERIOD_SPELLINGS[frequency].join(', ')}). The file was edited or is not an export of the service.`, file ? { file } : {});
    }
    periods[i] = period;
  }
  return { frequency, periods };
}

/**
 * Merges repeated periods of a sorted axis (same values: one observation); different values are
 * refused. Returns the indices of the entries to keep.
 */
export function keptEntries(periods: readonly string[], columns: ReadonlyArray<ReadonlyArray<number | null>>, flags: ReadonlyArray<readonly boolean[]>, seriesId: string, file: string | undefined): number[] {
  const keep: number[] = [];
  for (let i = 0; i < periods.length; i++) {
    const j = keep[keep.length - 1];
    if (j !== undefined && periods[i] === periods[j]) {
      const differs = columns.some((col) => col[i] !== col[j]) || flags.some((f) => f[i] !== f[j]);
      if (differs) {
        const values = (k: number): string => columns.map((col) => String(col[k] ?? 'empty')).join('/');
        throw new SheetsError('unreadable_file', `${where(file)}series ${JSON.stringify(seriesId)} has two different values for period ${JSON.stringify(periods[i])} (${values(j)} and ${values(i)}). Keep one row per period, or export the data again.`, file ? { file } : {});
      }
      continue;
    }
    keep.push(i);
  }
  return keep;
}
