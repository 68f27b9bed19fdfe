/**
 * Finding a country the way people name it: by its name in the service's spelling ("Vietnam"), by
 * another common spelling or alias ("Viet Nam", "Việt Nam", "South Korea", "Türkiye"), with or
 * without accents, or by code (VN, VNM). The one country matcher both apps' pickers use; the
 * accents are folded by the search's own `foldText`, so countries and indicators fold alike.
 */
import type { CountryInfo } from '@econdata/core';
import { foldedWords, foldText } from '../search/fold.ts';

/**
 * Other names of a country, by its ISO 2-letter code: the World Bank's, ISO's and the IMF's
 * spellings, the everyday ones, and the Vietnamese names of frequent partners. The only such list
 * (no screen keeps its own); a name is only added where it names one country unambiguously and is
 * no other country's code ("Mỹ" would be Malaysia's MY, "Nga" Nigeria's NGA: a test checks).
 */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  VN: ['Vietnam', 'Viet Nam', 'Việt Nam', 'Socialist Republic of Viet Nam'],
  KR: ['Korea', 'South Korea', 'Korea, Rep.', 'Republic of Korea', 'Hàn Quốc'],
  KP: ['North Korea', "Korea, Dem. People's Rep.", "Democratic People's Republic of Korea", 'Triều Tiên'],
  RU: ['Russia', 'Russian Federation', 'Liên bang Nga'],
  GB: ['UK', 'United Kingdom', 'Great Britain', 'Britain', 'England', 'Vương quốc Anh'],
  US: ['US', 'USA', 'United States', 'United States of America', 'America', 'Hoa Kỳ'],
  TR: ['Turkey', 'Türkiye', 'Turkiye'],
  LA: ['Laos', 'Lao PDR', "Lao People's Democratic Republic", 'Lào'],
  CN: ['China', "People's Republic of China", 'Trung Quốc'],
  JP: ['Japan', 'Nhật Bản'],
  TH: ['Thailand', 'Thái Lan'],
  KH: ['Cambodia', 'Campuchia'],
  IR: ['Iran', 'Iran, Islamic Rep.', 'Islamic Republic of Iran'],
  EG: ['Egypt', 'Egypt, Arab Rep.'],
  SY: ['Syria', 'Syrian Arab Republic'],
  YE: ['Yemen', 'Yemen, Rep.'],
  VE: ['Venezuela', 'Venezuela, RB'],
  BO: ['Bolivia'],
  TZ: ['Tanzania'],
  MD: ['Moldova'],
  BN: ['Brunei', 'Brunei Darussalam'],
  CZ: ['Czechia', 'Czech Republic'],
  SK: ['Slovakia', 'Slovak Republic'],
  KG: ['Kyrgyzstan', 'Kyrgyz Republic'],
  CI: ["Côte d'Ivoire", 'Ivory Coast'],
  CD: ['Congo, Dem. Rep.', 'Democratic Republic of the Congo', 'DR Congo', 'Congo - Kinshasa'],
  CG: ['Congo, Rep.', 'Republic of the Congo', 'Congo - Brazzaville'],
  CV: ['Cabo Verde', 'Cape Verde'],
  TL: ['Timor-Leste', 'East Timor'],
  MM: ['Myanmar', 'Burma'],
  SZ: ['Eswatini', 'Swaziland'],
  MK: ['North Macedonia', 'Macedonia'],
  NL: ['Netherlands', 'Holland'],
  HK: ['Hong Kong', 'Hong Kong SAR, China'],
  MO: ['Macao', 'Macau', 'Macao SAR, China'],
  TW: ['Taiwan', 'Taiwan Province of China'],
  PS: ['Palestine', 'West Bank and Gaza'],
  GM: ['Gambia', 'Gambia, The'],
  BS: ['Bahamas', 'Bahamas, The'],
  FM: ['Micronesia', 'Micronesia, Fed. Sts.'],
  XK: ['Kosovo'],
};

/** Match tiers, best first. */
const CODE = 0;
const WHOLE_NAME = 1;
const NAME_START = 2;
const WORD_STARTS = 3;
const CODE_START = 4;

/** Text folded for comparing names: accents, case and punctuation gone, single spaces. */
function foldName(text: string): string {
  return foldedWords(foldText(text)).join(' ');
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** An aggregate ("Arab World", "IDA only"): the service says so, or, when it does not, has no region. */
function isAggregate(c: CountryInfo): boolean {
  return typeof c['is_aggregate'] === 'boolean' ? c['is_aggregate'] : !c.region;
}

/** Countries before aggregates, each in name order. */
function byName(a: CountryInfo, b: CountryInfo): number {
  const aggregate = Number(isAggregate(a)) - Number(isAggregate(b));
  return aggregate !== 0 ? aggregate : collator.compare(a.name, b.name) || (a.code < b.code ? -1 : 1);
}

/** How well one name matches the folded query (words `words`), or undefined when it does not. */
function nameTier(name: string, q: string, words: readonly string[]): number | undefined {
  if (name === q || name.replaceAll(' ', '') === q.replaceAll(' ', '')) return WHOLE_NAME;
  if (name.startsWith(q) || name.replaceAll(' ', '').startsWith(q.replaceAll(' ', ''))) return NAME_START;
  const nameWords = name.split(' ');
  if (words.every((w) => nameWords.some((n) => n.startsWith(w)))) return WORD_STARTS;
  return undefined;
}

/** The best tier at which a country matches, or undefined when it does not. */
function countryTier(c: CountryInfo, raw: string, q: string, words: readonly string[]): number | undefined {
  const upper = raw.toUpperCase();
  if (c.code.toUpperCase() === upper || c.iso3?.toUpperCase() === upper) return CODE;
  let best: number | undefined;
  for (const name of [c.name, ...(COUNTRY_ALIASES[c.code.toUpperCase()] ?? [])]) {
    const tier = nameTier(foldName(name), q, words);
    if (tier !== undefined && (best === undefined || tier < best)) best = tier;
  }
  if (best === undefined && raw.length <= 3 && c.code.toUpperCase().startsWith(upper)) return CODE_START;
  return best;
}

/**
 * Countries matching `search`, best first: a code (VN, VNM) first, then a whole name or alias
 * ("viet nam", "Việt Nam", "usa"), then names starting with the text, then names with every typed
 * word starting one of their words ("kor rep"); within each, countries before aggregates, in name
 * order. An empty search lists every country by name, then the aggregates.
 *
 * @example filterCountries(list, 'Viet Nam')[0].code === 'VN'; filterCountries(list, 'turkey')[0].code === 'TR'
 */
export function filterCountries(countries: readonly CountryInfo[], search: string): CountryInfo[] {
  const raw = search.trim();
  const q = foldName(raw);
  if (!q) return [...countries].sort(byName);
  const words = q.split(' ');
  const tiers = new Map<CountryInfo, number>();
  for (const c of countries) {
    const tier = countryTier(c, raw, q, words);
    if (tier !== undefined) tiers.set(c, tier);
  }
  return [...tiers.keys()].sort((a, b) => tiers.get(a)! - tiers.get(b)! || byName(a, b));
}
