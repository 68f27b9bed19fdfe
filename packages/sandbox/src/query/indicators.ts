/**
 * Indicator queries: validation of the /indicators parameters (400 naming the parameter), then
 * the lookup (a map lookup plus a year filter), with a 404 saying what exists when nothing matches.
 */
import { FREQUENCIES, SOURCE_CODES, seriesKey, type Dataset, type Frequency, type SourceCode, type SourceData } from '../data/model.ts';
import { lowerBound } from '../sorted.ts';
import { periodOf } from '../data/source-builder.ts';
import { dataNotFound, invalidParameter } from '../http/errors.ts';
import { codeValue, countryCode, oneOf, requiredText, shown, yearRange, type Params, type YearRange } from '../http/params.ts';

export interface IndicatorQuery extends YearRange {
  source: SourceCode;
  /** As requested (upper case): records carry it as `indicator_code`. */
  indicator: string;
  country: string;
  frequency?: Frequency;
}

export interface IndicatorRecord {
  indicator_code: string;
  indicator_name: string;
  country_code: string;
  country_name: string;
  year: number;
  period?: string;
  value: number | null;
  unit: string;
  is_projection?: boolean | null;
}

/** GSO publishes Viet Nam's statistics: its country is VN. */
export const GSO_COUNTRY = 'VN';

/** Validates a source code and finds its data (404 listing the sources when unknown). */
export function findSource(dataset: Dataset, raw: string): SourceData {
  const code = raw.trim().toUpperCase();
  const data = dataset.sources.get(code as SourceCode);
  if (data) return data;
  const served = [...dataset.sources.keys()].join(', ') || 'none';
  if (SOURCE_CODES.includes(code as SourceCode)) throw dataNotFound(`source "${code}" has no data in this sandbox's data folder; sources: ${served}`);
  throw dataNotFound(`unknown source ${shown(raw.trim())}; sources: ${served}`, 'source');
}

/** Reads and checks the /indicators parameters (everything but the existence of the data). */
export function readIndicatorQuery(params: Params): { source: string; indicator: string; country?: string; range: YearRange; frequency?: Frequency } {
  const source = requiredText(params, 'source', 'one of WB, IMF, GSO');
  const indicator = codeValue(requiredText(params, 'indicator', 'an indicator code such as NY.GDP.MKTP.CD'), 'indicator', 'NY.GDP.MKTP.CD');
  const rawCountry = params['country'];
  const isGso = source.trim().toUpperCase() === 'GSO';
  if ((rawCountry === undefined || rawCountry === '') && !isGso) {
    throw invalidParameter('country', 'is required (an ISO 2-letter country code such as VN; only GSO queries may omit it)');
  }
  const country = rawCountry === undefined || rawCountry === '' ? undefined : countryCode(rawCountry, 'country');
  const range = yearRange(params);
  const frequency = oneOf(params, 'frequency', FREQUENCIES);
  return { source, indicator, range, ...(country ? { country } : {}), ...(frequency ? { frequency } : {}) };
}

/** The records of one indicator for one country, or a 404 that says what exists. */
export function indicatorRecords(dataset: Dataset, src: SourceData, q: Omit<IndicatorQuery, 'source'>): IndicatorRecord[] {
  const canonical = src.aliases.get(q.indicator) ?? q.indicator;
  const info = src.indicators.get(canonical);
  if (!info) {
    throw dataNotFound(`unknown ${src.code} indicator "${q.indicator}"; GET /api/v1/sources/${src.code}/indicators lists its ${src.indicators.size} indicators`, 'indicator');
  }
  const country = dataset.countries.get(q.country);
  if (src.code === 'GSO' && q.country !== GSO_COUNTRY) throw dataNotFound(`GSO data covers ${GSO_COUNTRY} (Viet Nam) only, not "${q.country}"`, 'country');
  if (!country && !src.countries.has(q.country)) throw dataNotFound(`unknown country "${q.country}"; GET /api/v1/countries lists the codes`, 'country');
  const countryName = country?.name ?? q.country;
  const byFrequency = src.series.get(seriesKey(canonical, q.country));
  if (!byFrequency) {
    // Rare (a 404), so counting the indicator's countries here costs nothing that matters.
    const prefix = seriesKey(canonical, '');
    let served = 0;
    for (const key of src.series.keys()) if (key.startsWith(prefix)) served++;
    throw dataNotFound(`no ${src.code} data for ${canonical} in ${q.country} (${countryName}); the indicator has data for ${served} other countries and aggregates`);
  }

  const available = FREQUENCIES.filter((f) => byFrequency.has(f));
  const frequency = q.frequency ?? available[0]!;
  const series = byFrequency.get(frequency);
  if (!series) {
    throw dataNotFound(`${src.code} ${canonical} for ${q.country} has no ${frequency} data; its frequencies: ${available.join(', ')}`);
  }
  const obs = series.observations;
  // Observations are sorted by period, so by year.
  const from = q.start === undefined ? 0 : lowerBound(obs, (o) => o.year < q.start!);
  const to = q.end === undefined ? obs.length : lowerBound(obs, (o) => o.year <= q.end!);
  if (from >= to) {
    const asked = `${q.start ?? 'the start'} to ${q.end ?? 'the end'}`;
    throw dataNotFound(`${src.code} ${canonical} for ${q.country} has no ${frequency} data from ${asked}; it runs ${periodOf(obs[0]!)} to ${periodOf(obs[obs.length - 1]!)}`);
  }
  const records: IndicatorRecord[] = new Array(to - from);
  for (let i = from; i < to; i++) {
    const o = obs[i]!;
    // Field order is the column order of the exports: period right after year.
    const record: IndicatorRecord = {
      indicator_code: q.indicator, indicator_name: info.name, country_code: q.country, country_name: countryName,
      year: o.year, ...(o.period !== undefined ? { period: o.period } : {}), value: o.value, unit: series.unit,
    };
    if (o.isProjection !== undefined) record.is_projection = o.isProjection;
    records[i - from] = record;
  }
  return records;
}
