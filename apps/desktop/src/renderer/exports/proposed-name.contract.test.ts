/**
 * Issue 22, item 1: the export dialog proposes the chart's title as the name, and main's request
 * check refused it for its colon. Here every title the explorer makes for the real indicators
 * (each indicator of every source, alone, for every country, two countries together, transformed)
 * goes through the dialog's proposal and must pass the very check main runs on the export request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformWords, parseTransform } from '@econdata/analysis';
import { EconDataClient } from '@econdata/core';
import { startSandbox, type Sandbox } from '@econdata/sandbox';
import { proposeExportName } from '@econdata/sheets';
import { realDataDir } from '../../../../../test/support/paths.ts';
import { validateRequest } from '../../shared/request-schemas.ts';
import { fetchName } from './export-name.ts';

const QUERY = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' } as const;

describe.skipIf(!realDataDir)('the proposed export name, for every real indicator', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dataDir: realDataDir!, seed: 1 });
  });
  afterAll(async () => {
    await sb.close();
  });

  it('is accepted by the export request check, whatever the title', async () => {
    const client = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' });
    const catalogue = await client.catalogue();
    const countries = (await client.listCountries()).data.map((c) => c.name);
    const names = catalogue.sources.flatMap((s) => s.indicators.map((i) => i.name));
    expect(names.length).toBeGreaterThan(700);
    expect(countries.length).toBeGreaterThan(200);
    const words = ['', transformWords(parseTransform('Units=pc1')), transformWords(parseTransform('Per=A Agg=avg MA=4'))];
    const refused: string[] = [];
    let checked = 0;
    const check = (title: string): void => {
      checked += 1;
      const name = proposeExportName(title);
      try {
        validateRequest('exports.writeLocal', { queries: [QUERY], format: 'xlsx', name, destination: 'library' });
      } catch {
        refused.push(name);
      }
    };
    for (const name of names) {
      for (const w of words) {
        const suffix = w ? `, ${w}` : '';
        check(fetchName([`${name}${suffix}`], w));
        check(fetchName([`${name}: Viet Nam${suffix}`, `${name}: Thailand${suffix}`], w));
      }
      for (const country of countries) check(fetchName([`${name}: ${country}`]));
    }
    expect(checked).toBeGreaterThan(150_000);
    expect(refused).toEqual([]);
    // The title of the issue is proposed as it is: the colon stays in the name.
    expect(proposeExportName(fetchName(['Inflation, consumer prices (annual %): Vietnam']))).toBe('Inflation, consumer prices (annual %): Vietnam');
  }, 60_000);
});
