/** filterCountries over the real country list the sandbox serves (countries.csv + the World Bank's list). */
import { EconDataClient, type CountryInfo } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { useSandboxes } from '../../../test/support/sandboxes.ts';
import { realDataDir } from '../../../test/support/paths.ts';
import { COUNTRY_ALIASES, filterCountries } from '../src/pickers/countries.ts';

const sandbox = useSandboxes();

async function realCountries(): Promise<CountryInfo[]> {
  const sb = await sandbox();
  return (await new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-free' }).listCountries()).data;
}

describe.skipIf(!realDataDir)('filterCountries on the real list', () => {
  it('lists countries by name, not by code, and aggregates after them', async () => {
    const countries = await realCountries();
    const all = filterCountries(countries, '');
    expect(all).toHaveLength(countries.length);
    expect(all.slice(0, 3).map((c) => c.name)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    const firstAggregate = all.findIndex((c) => c['is_aggregate'] === true);
    expect(all.slice(firstAggregate).every((c) => c['is_aggregate'] === true)).toBe(true);
    const names = all.slice(0, firstAggregate).map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
  });

  it('finds every listed alias first, and the service spelling too', async () => {
    const countries = await realCountries();
    const known = new Set(countries.map((c) => c.code));
    for (const [code, aliases] of Object.entries(COUNTRY_ALIASES)) {
      if (!known.has(code)) continue;
      for (const alias of aliases) expect(filterCountries(countries, alias)[0]?.code, alias).toBe(code);
    }
    for (const text of ['Viet Nam', 'Việt Nam', 'viet nam', 'Vietnam', 'VNM']) expect(filterCountries(countries, text)[0]?.code, text).toBe('VN');
  });
});
