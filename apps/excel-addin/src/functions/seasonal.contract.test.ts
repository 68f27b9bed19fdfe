/**
 * Seasonal adjustment in a formula, against the sandbox on the real data over real HTTP:
 * `=ECON.INDICATOR("GSO","RETAIL.TOTAL.VALUE",,2015,2024,"monthly","SA=tet Units=pch")` spills the
 * month-on-month change of the adjusted series, the same numbers as @econdata/analysis gives on the
 * full history fetched directly (the engine itself is checked against statsmodels in
 * test/contract/seasonal-real-data.test.ts); `Tet=w,v` keeps its comma beside layout options; a
 * refusal fails only its cell, with the engine's sentence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyTransform } from '@econdata/analysis';
import { EconDataClient, type SeriesQuery } from '@econdata/core';
import { realDataDir } from '../../../../test/support/paths.ts';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { cell, connected } from '../../test/support/call-functions.ts';
import { setRuntime } from '../runtime/instance.ts';

const sandbox = useSandboxes({ seed: 30 });
afterEach(() => setRuntime(undefined));

type M = unknown[][];

describe.skipIf(!realDataDir)('SA in ECON.INDICATOR on the real data', () => {
  it('"SA=tet Units=pch" on GSO retail sales, 2015-2024: the engine\'s numbers on the full history, cell for cell', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'pro', 'sandbox-pro');
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' });
    const asked: SeriesQuery = { kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE', frequency: 'monthly', start_year: 2015, end_year: 2024 };
    const [full] = await direct.fetchSeries([{ kind: 'indicator', source: 'GSO', indicator: 'RETAIL.TOTAL.VALUE', frequency: 'monthly' }]);
    if (!full!.ok) throw full!.error;
    const expected = applyTransform(full!.series, 'SA=tet Units=pch', asked);

    const got = await cell('INDICATOR', 'Sheet1!A1', 'GSO', [['RETAIL.TOTAL.VALUE']], null, 2015, 2024, 'monthly', 'SA=tet Units=pch') as M;
    expect(got[0]).toEqual(['Period', expected.title]);
    expect(expected.title).toMatch(/, seasonally adjusted, Tết removed, % change$/);
    expect(got.slice(1).map((r) => r[0])).toEqual(expected.periods);
    expect(got).toHaveLength(121);
    got.slice(1).forEach((r, i) => expect(r[1]).toBe(expected.values[0]![i]));

    // Tet=7,7 is one option beside the layout options; across, newest first.
    const across = await cell('INDICATOR', 'Sheet1!A1', 'GSO', [['RETAIL.TOTAL.VALUE']], null, 2015, 2024, 'monthly', 'SA=tet, Tet=7,7, Units=pch, Dir=H, Sort=D') as M;
    const seven = applyTransform(full!.series, 'SA=tet Tet=7,7 Units=pch', asked);
    expect(across[0]!.slice(0, 3)).toEqual(['Period', '2024-12', '2024-11']);
    expect(across[1]!.slice(1)).toEqual([...seven.values[0]!].reverse());
    expect(seven.values[0]).not.toEqual(expected.values[0]);
  });

  it('a refusal fails only its cell, with the engine\'s sentence', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'pro', 'sandbox-pro');
    expect(await cell('INDICATOR', 'Sheet1!A1', 'GSO', [['IIP.TOTAL.MOM']], null, 2015, 2024, 'monthly', 'Level=pch SA=tet')).toEqual({
      code: '#VALUE!',
      message: 'SA needs consecutive observations: Industrial production index: Whole industry, change vs previous month has no value for 2017-05 (inside the asked range). Ask for a range without the gap, or leave out SA.',
    });
    expect(await cell('INDICATOR', 'Sheet1!A1', 'WB', [['NY.GDP.MKTP.CD']], [['VN']], 2015, 2024, null, 'SA=stl')).toEqual({
      code: '#VALUE!', message: 'SA adjusts monthly and quarterly series; this one is annual (a year has no seasons to take out).',
    });
    const iip = await cell('INDICATOR', 'Sheet1!A1', 'GSO', [['IIP.TOTAL.MOM']], null, 2018, 2024, 'monthly', 'Level=pch SA=tet') as M;
    expect(iip).toHaveLength(85);
  });
});
