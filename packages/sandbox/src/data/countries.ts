/**
 * Countries and the ISO3 -> ISO2 mapping. The wire uses ISO 2-letter codes; WB and IMF files use
 * ISO3 (plus their own codes for aggregates, Kosovo, West Bank and Gaza).
 * `NA` is Namibia: no cell is ever read as "missing" except an empty one.
 */
import type { Country } from './model.ts';
import { readTable, type DataFiles } from './files.ts';

/** IMF codes that are not ISO3 but name an economy or group the World Bank lists too. */
const IMF_CODES: Readonly<Record<string, string>> = {
  KOS: 'XKX', // Kosovo
  WBG: 'PSE', // West Bank and Gaza
  G001: 'WLD', // World
  G163: 'EMU', // Euro area
  G998: 'EUU', // European Union
};

export interface CountryTable {
  /** ISO2 -> country, sorted by code. */
  byCode: Map<string, Country>;
  /** A WB or IMF code (ISO3 or aggregate) -> ISO2. */
  toIso2(code: string): string | undefined;
}

export function loadCountries(files: DataFiles): CountryTable {
  const byCode = new Map<string, Country>();
  const iso3ToIso2 = new Map<string, string>();
  const text = (s: string | undefined) => (s === undefined || s === '' ? null : s);

  const iso = readTable(files, 'countries.csv', ['iso2', 'iso3', 'name']);
  if (iso) {
    const region = iso.optional('wb_region');
    const income = iso.optional('wb_income_group');
    iso.each((r) => {
      const code = r[iso.col('iso2')]!;
      const iso3 = r[iso.col('iso3')]!;
      byCode.set(code, {
        code, iso3, name: r[iso.col('name')]!,
        region: text(r[region]), income_group: text(r[income]), is_aggregate: false,
      });
      iso3ToIso2.set(iso3, code);
    });
  }

  // The World Bank list adds the economies ISO does not have (Kosovo, Channel Islands) and the aggregates.
  const wb = readTable(files, 'wb_economies.csv', ['country_code', 'iso2_code', 'name']);
  if (wb) {
    const aggregate = wb.optional('is_aggregate');
    const region = wb.optional('region');
    const income = wb.optional('income_group');
    wb.each((r) => {
      const code = r[wb.col('iso2_code')]!;
      const wbCode = r[wb.col('country_code')]!;
      if (!code) return;
      iso3ToIso2.set(wbCode, code);
      if (!byCode.has(code)) {
        byCode.set(code, {
          code, iso3: wbCode, name: r[wb.col('name')]!,
          region: text(r[region]), income_group: text(r[income]), is_aggregate: r[aggregate] === 'true',
        });
      }
    });
  }

  const sorted = new Map([...byCode.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    byCode: sorted,
    toIso2: (code) => iso3ToIso2.get(code) ?? iso3ToIso2.get(IMF_CODES[code] ?? ''),
  };
}
