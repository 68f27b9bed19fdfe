/**
 * Every indicator the service lists, through every app's entry point: the desktop's request
 * validation (its IPC schemas), the add-in's formula arguments (=ECON.INDICATOR) and the query
 * builder both apps show (ui's build.ts). Each parses its own syntax and asks core's rule, so all of
 * them must accept every listed indicator, with each frequency it lists (GSO), over its listed
 * years, for every country /countries lists (WB, IMF). The desktop once refused 43 of them (codes
 * longer than 64 characters) while core and the service accepted them; this suite is the witness.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EconDataClient, type IndicatorInfo, type SeriesQuery } from '@econdata/core';
import { buildIndicatorQueries, emptyIndicatorForm, type IndicatorForm } from '../../packages/ui/src/query/build.ts';
import { validateRequest } from '../../apps/desktop/src/shared/request-schemas.ts';
import { indicatorQueries, MAX_SERIES_PER_CELL } from '../../apps/excel-addin/src/functions/args.ts';
import { realDataDir } from '../support/paths.ts';
import { useSandboxes } from '../support/sandboxes.ts';

/** One listed indicator with what it is listed with. */
interface Listed {
  source: string;
  indicator: IndicatorInfo;
  /** The frequencies to ask for: each one the listing names (GSO), or none (the others take no frequency). */
  frequencies: Array<'monthly' | 'quarterly' | 'annual' | undefined>;
  /** The countries to ask for (none: GSO answers for Viet Nam). */
  countries: string[];
  startYear?: number;
  endYear?: number;
}

const yearOf = (period: string | null | undefined): number | undefined => (period ? Number(period.slice(0, 4)) : undefined);

/** What each entry point refused, as `source indicator [frequency]: message`; empty when all were accepted. */
type Refusals = string[];

function refusal(item: Listed, frequency: string | undefined, error: unknown): string {
  return `${item.source} ${item.indicator.code}${frequency ? ` ${frequency}` : ''}: ${error instanceof Error ? error.message : JSON.stringify(error)}`;
}

function throughDesktop(items: Listed[]): Refusals {
  const refused: Refusals = [];
  for (const item of items) {
    for (const frequency of item.frequencies) {
      const queries: SeriesQuery[] = (item.countries.length ? item.countries : [undefined]).map((country) => ({
        kind: 'indicator', source: item.source, indicator: item.indicator.code,
        ...(country ? { country } : {}), ...(frequency ? { frequency } : {}),
        ...(item.startYear ? { start_year: item.startYear } : {}), ...(item.endYear ? { end_year: item.endYear } : {}),
      }));
      try {
        expect(validateRequest('series.fetch', { queries }).queries).toHaveLength(queries.length);
      } catch (error) {
        refused.push(refusal(item, frequency, error));
      }
    }
  }
  return refused;
}

function throughFormulas(items: Listed[]): Refusals {
  const refused: Refusals = [];
  for (const item of items) {
    for (const frequency of item.frequencies) {
      // One cell takes at most MAX_SERIES_PER_CELL series: the countries go over several cells, as a user would.
      const cells = item.countries.length === 0 ? [[]] : chunks(item.countries, MAX_SERIES_PER_CELL);
      for (const countries of cells) {
        try {
          const queries = indicatorQueries(item.source, [[item.indicator.code]], countries.map((c) => [c]), item.startYear ?? null, item.endYear ?? null, frequency ?? null);
          expect(queries).toHaveLength(Math.max(countries.length, 1));
        } catch (error) {
          refused.push(refusal(item, frequency, error));
        }
      }
    }
  }
  return refused;
}

function throughQueryBuilder(items: Listed[]): Refusals {
  const refused: Refusals = [];
  for (const item of items) {
    for (const frequency of item.frequencies) {
      const form: IndicatorForm = {
        ...emptyIndicatorForm(), source: item.source, indicators: [item.indicator.code], countries: item.countries,
        startYear: item.startYear ? String(item.startYear) : '', endYear: item.endYear ? String(item.endYear) : '', frequency: frequency ?? '',
      };
      const built = buildIndicatorQueries(form);
      if (!built.ok) refused.push(refusal(item, frequency, JSON.stringify(built.errors)));
      else if (built.queries.length !== Math.max(item.countries.length, 1)) refused.push(refusal(item, frequency, `${built.queries.length} queries`));
    }
  }
  return refused;
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

describe.skipIf(!realDataDir)('every listed indicator passes every app\'s validation', () => {
  const sandbox = useSandboxes();
  const listed: Listed[] = [];
  let expectedCount = 0;

  beforeAll(async () => {
    // The listing is read once, from a sandbox serving the real data; the checks themselves send nothing.
    const sb = await sandbox();
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' });
    const [sources, countries] = await Promise.all([client.listSources(), client.listCountries()]);
    const codes = countries.data.map((c) => c.code);
    for (const source of sources.data) {
      expectedCount += source.indicator_count ?? 0;
      const indicators = await client.listSourceIndicators({ source_code: source.code });
      for (const indicator of indicators.data) {
        const gso = source.code === 'GSO';
        const frequencies = gso ? (indicator.frequencies ?? []).map((f) => f as 'monthly' | 'quarterly' | 'annual') : [undefined];
        const startYear = yearOf(indicator.first_period);
        const endYear = yearOf(indicator.last_period);
        listed.push({
          source: source.code, indicator, frequencies: frequencies.length ? frequencies : [undefined], countries: gso ? [] : codes,
          ...(startYear ? { startYear } : {}), ...(endYear ? { endYear } : {}),
        });
      }
    }
  }, 120_000);

  it('lists every indicator the sources count, GSO\'s long table codes among them', () => {
    expect(listed.length).toBe(expectedCount);
    expect(listed.length).toBeGreaterThanOrEqual(737);
    const long = listed.filter((l) => l.indicator.code.length > 64);
    expect(long.length).toBeGreaterThanOrEqual(43);
    expect(Math.max(...listed.map((l) => l.indicator.code.length))).toBeGreaterThan(128);
    // Aggregates such as 1W (World) are listed beside ISO codes: the countries the rule must take.
    expect(listed.find((l) => l.source === 'WB')?.countries).toContain('1W');
  });

  it('the desktop\'s request validation accepts all of them', () => {
    expect(throughDesktop(listed)).toEqual([]);
  });

  it('the add-in\'s formula arguments accept all of them', () => {
    expect(throughFormulas(listed)).toEqual([]);
  });

  it('the query builder (both apps\' forms) accepts all of them', () => {
    expect(throughQueryBuilder(listed)).toEqual([]);
  });

  it('and each entry point still refuses what core refuses (the sweep could not pass by accepting anything)', () => {
    const bad: Listed = { ...listed[0]!, indicator: { ...listed[0]!.indicator, code: `${listed[0]!.indicator.code}!` } };
    expect([throughDesktop([bad]).length, throughFormulas([bad]).length, throughQueryBuilder([bad]).length]).toEqual([
      bad.frequencies.length, bad.frequencies.length * Math.max(1, Math.ceil(bad.countries.length / MAX_SERIES_PER_CELL)), bad.frequencies.length,
    ]);
  });
});
