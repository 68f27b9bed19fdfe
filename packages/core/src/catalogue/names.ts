/**
 * Which name a series shows: the one owner of that choice, for every picker, chart, table, block
 * and export of both apps. The service names indicators in English (`name`) and, for GSO, in
 * Vietnamese too (`name_vi`); the user picks a language for series names, and where the service
 * gives no name in it, the English one is shown rather than nothing.
 */
import type { Series } from '../series.ts';
import type { IndicatorInfo } from '../wire/records.ts';
import type { Catalogue } from './catalogue.ts';

/** The languages a series name can be shown in: English, Vietnamese. */
export const NAME_LANGUAGES = ['en', 'vi'] as const;
export type NameLanguage = (typeof NAME_LANGUAGES)[number];

/** The language a stored or typed value stands for ('vi', 'VI'); English for anything else. */
export function readNameLanguage(value: unknown): NameLanguage {
  return typeof value === 'string' && value.trim().toLowerCase() === 'vi' ? 'vi' : 'en';
}

/**
 * The name of an indicator in `language`: its `name_vi` for Vietnamese where the service sends one,
 * else its `name`.
 *
 * @example indicatorName({ code: 'CPI.TOTAL.YOY', name: 'Consumer prices: ...', name_vi: 'Chỉ số giá tiêu dùng: ...' }, 'vi') // 'Chỉ số giá tiêu dùng: ...'
 */
export function indicatorName(info: Pick<IndicatorInfo, 'name'> & { name_vi?: unknown }, language: NameLanguage): string {
  if (language === 'vi' && typeof info.name_vi === 'string' && info.name_vi.trim() !== '') return info.name_vi;
  return info.name;
}

/**
 * An indicator Series named in `language` from its catalogue entry: title ("<name>: <country>"),
 * its value column's label and `dimensions.indicator_name`. English, a Series of another kind, or
 * one without an entry (or without a name in that language) comes back as it is.
 */
export function nameSeries(series: Series, info: IndicatorInfo | undefined, language: NameLanguage): Series {
  if (series.kind !== 'indicator' || info === undefined) return series;
  const name = indicatorName(info, language);
  const before = series.dimensions['indicator_name'];
  if (name === before) return series;
  const country = series.dimensions['country_name'];
  return {
    ...series,
    title: country ? `${name}: ${country}` : name,
    dimensions: { ...series.dimensions, indicator_name: name },
    columns: series.columns.map((c) => (c.key === 'value' && c.label === before ? { ...c, label: name } : c)),
  };
}

/**
 * Names every indicator Series of a fetch in `language` from the catalogue (looked up by source and
 * code, else by source and the English name the service sent, when one entry of that source has
 * it: a code the service also takes in a shorter spelling, GSO's `GDP.VALUE` for the listed
 * `GDP.TOTAL.VALUE`, answers under the spelling asked). Apply it to the Series as they come from
 * the client, before a transform adds to the title.
 *
 * @example const name = seriesNamer(await client.catalogue(), 'vi'); series.map(name)
 */
export function seriesNamer(catalogue: Catalogue, language: NameLanguage): (series: Series) => Series {
  if (language === 'en') return (series) => series;
  const byKey = new Map<string, IndicatorInfo>();
  // null: two entries of a source share the name, so the name says nothing.
  const byName = new Map<string, IndicatorInfo | null>();
  for (const s of catalogue.sources) {
    for (const i of s.indicators) {
      byKey.set(`${s.source.code.toUpperCase()}\u0000${i.code}`, i);
      const nameKey = `${s.source.code.toUpperCase()}\u0000${i.name}`;
      byName.set(nameKey, byName.has(nameKey) ? null : i);
    }
  }
  return (series) => {
    const source = series.dimensions['source'] ?? '';
    const info = byKey.get(`${source}\u0000${series.dimensions['indicator'] ?? ''}`) ?? byName.get(`${source}\u0000${series.dimensions['indicator_name'] ?? ''}`) ?? undefined;
    return nameSeries(series, info, language);
  };
}
