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

/**
 * The frequency and canonical periods of one series' raw periods: the frequency given (trade is
 * monthly, stocks daily, or the query's), else the one every period can be read at; dates that fit
 * several (2024-01-01) are taken as written, daily, when nothing else says.
 */
export function exportPeriods(raw: readonly string[], given: Frequency | undefined, seriesId: string, file: string | undefined): { frequency: Frequency; periods: string[] } {
  let frequency = given;
  if (!frequency) {
    let candidates: Frequency[] = ['annual', 'quarterly', 'monthly', 'daily'];
    for (const p of raw) {
      const can = possibleFrequencies(p);
      const both = candidates.filter((f) => can.includes(f));
      if (can.length > 0 && both.length === 0) {
        throw new SheetsError('mixed_frequencies', `${where(file)}series ${JSON.stringify(seriesId)} mixes frequencies: its period ${JSON.stringify(p)} is ${can.join(' or ')}, earlier ones ${candidates.join(' or ')}. Export each frequency on its own.`, file ? { file } : {});
      }
      if (can.length > 0) candidates = both;
    }
    const asWritten = frequencyOfPeriod(raw[0] ?? '');
    frequency = candidates.length === 1 ? candidates[0]! : asWritten && candidates.includes(asWritten) ? asWritten : candidates[0] ?? 'annual';
  }
  const periods = raw.map((p) => {
    const period = normalizePeriod(p, frequency);
    if (period === null) {
      throw new SheetsError('unreadable_file', `${where(file)}series ${JSON.stringify(seriesId)} has period ${JSON.stringify(p)}, which cannot be read as a ${frequency} period (written ${PERIOD_SPELLINGS[frequency].join(', ')}). The file was edited or is not an export of the service.`, file ? { file } : {});
    }
    return period;
  });
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
