/**
 * Refresh on open against the sandbox over HTTP, through office-addin-mock: with enough quota every
 * block and parameter block is refreshed (exact requests and syncs); with too little left today
 * (the quota ledger already holding 99 of the Free plan's 100 requests, as another process on the
 * key would leave it) nothing is fetched or written. Not opted in: nothing at all.
 */
import { EconDataClient, MemoryQuotaStore, QuotaLedger, type SeriesQuery } from '@econdata/core';
import { FakeClock } from '@econdata/core/testing';
import { describe, expect, it } from 'vitest';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';
import { insertBlock } from './insert.ts';
import { refreshOnOpen, type OpenRefreshDeps } from './open-refresh.ts';
import { insertParameterFormula } from './parameters.ts';
import { REFRESH_ON_OPEN_SETTING, setRefreshOnOpen } from './startup.ts';

const sandbox = useSandboxes({ seed: 5 });
const NOW = Date.parse('2026-11-23T08:00:00Z');
const gdp = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018, end_year: 2020 } satisfies SeriesQuery;
const imf: SeriesQuery = { kind: 'indicator', source: 'IMF', indicator: 'NGDP_RPCH', country: 'VN', start_year: 2022, end_year: 2027 };

/** A client on the Free plan whose ledger already counts `spent` requests today (made by someone else on the key). */
async function freeClient(url: string, spent: number): Promise<EconDataClient> {
  const store = new MemoryQuotaStore();
  await store.update('k', (log) => void log.dayExtra.push(...Array.from({ length: spent }, (_, i) => NOW - 3_600_000 + i)));
  const ledger = new QuotaLedger({ plan: 'free', store, keyId: 'k', clock: new FakeClock(NOW) });
  return new EconDataClient({ baseURL: url, apiKey: 'sandbox-free', gate: ledger, clock: { now: () => NOW } });
}

/** A workbook with a GDP block, a IMF block and a parameter block, opted in to refresh on open. */
async function workbook(client: EconDataClient): Promise<WorkbookModel> {
  const model = new WorkbookModel();
  const excel = mockExcel(model);
  const [g, v] = await client.fetchSeries([gdp, imf]);
  if (!g?.ok || !v?.ok) throw new Error(`the sandbox did not answer: ${JSON.stringify([g, v].map((r) => (r?.ok ? 'ok' : r?.error.message)))}`);
  model.select('Sheet1', 'A1');
  await insertBlock(excel, [g.series], [gdp]);
  model.select('Sheet1', 'E1');
  await insertBlock(excel, [v.series], [imf]);
  model.select('Sheet1', 'M1');
  await insertParameterFormula(excel, [{ ...gdp, country: 'TH' }], '');
  expect(await setRefreshOnOpen(excel, undefined, true)).toBe('unsupported');
  return model;
}

const deps = (model: WorkbookModel, client: EconDataClient): OpenRefreshDeps => ({
  excel: mockExcel(model),
  estimate: (q) => client.estimate(q, { cache: 'no-store' }),
  reloadSeries: (q) => client.fetchSeries(q, { cache: 'reload' }),
});

describe('refresh on open (office-addin-mock, sandbox)', () => {
  it('with enough quota: estimates, then refreshes every block and parameter block', async () => {
    const sb = await sandbox();
    const client = await freeClient(sb.url, 0);
    const model = await workbook(client);
    expect(model.settings.get(REFRESH_ON_OPEN_SETTING)).toBe(true);
    const sent = sb.stats().received;
    const syncs = model.syncs;
    const outcome = await refreshOnOpen(deps(model, client));
    expect(outcome).toMatchObject({ kind: 'refreshed', estimate: { requests: 2, quota: { fitsToday: true, remainingToday: 98 } } });
    expect(outcome.kind === 'refreshed' ? outcome.text : '').toBe(
      'GDP (current US$): Vietnam: no change.\nGross domestic product (GDP), Constant prices, Percent change: Vietnam: no change.\nM9: asked again for 1 series.',
    );
    // One job for everything: Vietnam's and Thailand's GDP (the parameter block) in one batch, IMF in another: what the estimate said.
    expect(sb.stats().received - sent).toBe(2);
    // setting 1, blocks 2, parameters 2, refresh 2, formula 1.
    expect(model.syncs - syncs).toBe(8);
  });

  it('with too little quota left today: says so and fetches and writes nothing', async () => {
    const sb = await sandbox();
    const setup = await freeClient(sb.url, 0);
    const model = await workbook(setup);
    const client = await freeClient(sb.url, 99);
    const sent = sb.stats().received;
    const before = model.dump();
    const outcome = await refreshOnOpen(deps(model, client));
    expect(outcome).toMatchObject({ kind: 'refused', estimate: { requests: 2, quota: { fitsToday: false, remainingToday: 1 } } });
    expect(sb.stats().received - sent).toBe(0);
    expect(model.dump()).toBe(before);
  });

  it('not opted in (or turned off again): nothing at all', async () => {
    const sb = await sandbox();
    const client = await freeClient(sb.url, 0);
    const model = await workbook(client);
    await setRefreshOnOpen(mockExcel(model), undefined, false);
    expect(model.settings.has(REFRESH_ON_OPEN_SETTING)).toBe(false);
    const sent = sb.stats().received;
    expect(await refreshOnOpen(deps(model, client))).toEqual({ kind: 'off' });
    expect(sb.stats().received - sent).toBe(0);
  });
});
