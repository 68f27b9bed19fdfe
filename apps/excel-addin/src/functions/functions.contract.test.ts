/**
 * The ECON.* functions called as Excel calls them (the registered functions, with an invocation
 * object), in one shared runtime, against the sandbox over real HTTP; requests counted by the
 * sandbox itself (/_sandbox/stats).
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataClient, planRequests, type QuotaStore, type SeriesQuery } from '@econdata/core';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { createAddinRuntime } from '../runtime/runtime.ts';
import { MemoryStorage } from '../runtime/storage.ts';
import { setRuntime } from '../runtime/instance.ts';
import { widenQuery } from '@econdata/analysis';
import { cell, connected, fiveHundredPairs, fn, invocation } from '../../test/support/call-functions.ts';

const sandbox = useSandboxes({ seed: 11 });

afterEach(() => setRuntime(undefined));

describe('ECON.INDICATOR in one recalculation', () => {
  it('500 formulas send only the requests the batch limit requires, and each cell gets its own series', async () => {
    const sb = await sandbox();
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' });
    const { indicators, countries } = await fiveHundredPairs(sb.url, 'sandbox-enterprise');
    expect(indicators.length * countries.length).toBe(500);
    await connected(sb.url, 'enterprise', 'sandbox-enterprise');
    sb.reset();

    const calls = indicators.flatMap((code, i) => countries.map((cc, j) => cell('INDICATOR', `Sheet1!A${i * 50 + j + 1}`, 'WB', [[code]], [[cc]], 2000, 2020, null)));
    const results = await Promise.all(calls);

    const queries: SeriesQuery[] = indicators.flatMap((indicator) => countries.map((country) => ({ kind: 'indicator' as const, source: 'WB', indicator, country, start_year: 2000, end_year: 2020 })));
    const minimum = planRequests(queries).stats.minimumRequests;
    expect(minimum).toBe(5); // 500 pairs, 100 per batch
    expect(sb.stats().received).toBe(minimum);
    // Every cell answered: a spill, or "no data" where the real data has a gap; nothing else.
    const spills = results.filter((r) => Array.isArray(r));
    const errors = results.filter((r) => !Array.isArray(r)) as Array<{ code: string; message: string }>;
    expect(spills.length + errors.length).toBe(500);
    expect(spills.length).toBeGreaterThan(300);
    for (const e of errors) expect(e).toMatchObject({ code: '#N/A', message: expect.stringMatching(/^No data: /) });

    // One cell checked against the service's own answer.
    const vn = countries.indexOf('VN');
    const gdp = indicators.indexOf('NY.GDP.MKTP.CD');
    if (vn >= 0 && gdp >= 0) {
      const answer = await direct.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2020 });
      const spill = results[gdp * 50 + vn] as unknown[][];
      expect(spill[0]).toEqual(['Period', `${answer.data[0]!.indicator_name}: ${answer.data[0]!.country_name}`]);
      expect(spill.slice(1)).toEqual(answer.data.map((r) => [String(r.year), r.value ?? '']));
    }
  });

  it('a range of countries spills one column per series, periods merged', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'free', 'sandbox-free');
    const spill = await cell('INDICATOR', 'Sheet1!B2', 'WB', [['NY.GDP.MKTP.CD']], [['VN'], ['TH'], ['']], 2018, 2020, null) as unknown[][];
    expect(spill.map((r) => r.length)).toEqual([3, 3, 3, 3]);
    expect(spill.map((r) => r[0])).toEqual(['Period', '2018', '2019', '2020']); // the period text, never a bare serial day (43101)
    expect(spill[0]).toEqual(['Period', 'GDP (current US$): Vietnam', 'GDP (current US$): Thailand']);
    for (const row of spill.slice(1)) for (const v of row.slice(1)) expect(typeof v).toBe('number');
  });

  it('one bad argument fails only its own cell', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'free', 'sandbox-free');
    sb.reset();
    const [good, badYear, unknownCode, badCountry, noSource, gsoOnFree, good2] = await Promise.all([
      cell('INDICATOR', 'Sheet1!A1', 'WB', [['NY.GDP.MKTP.CD']], [['VN']], 2015, 2020, null),
      cell('INDICATOR', 'Sheet1!A2', 'WB', [['NY.GDP.MKTP.CD']], [['VN']], 'twenty', 2020, null),
      cell('INDICATOR', 'Sheet1!A3', 'WB', [['NY.GDP.MKTP.XX']], [['VN']], 2015, 2020, null),
      cell('INDICATOR', 'Sheet1!A4', 'WB', [['NY.GDP.MKTP.CD']], [['V!']], 2015, 2020, null),
      cell('INDICATOR', 'Sheet1!A5', null, [['NY.GDP.MKTP.CD']], [['VN']], null, null, null),
      cell('INDICATOR', 'Sheet1!A6', 'GSO', [['CPI.TOTAL.YOY']], [[null]], 2024, 2024, 'monthly'),
      cell('INDICATOR', 'Sheet1!A7', 'WB', [['SP.POP.TOTL']], [['VN']], 2015, 2020, null),
    ]);
    expect((good as unknown[][]).map((r) => r[0])).toEqual(['Period', '2015', '2016', '2017', '2018', '2019', '2020']);
    expect((good2 as unknown[][]).length).toBe(7);
    expect(badYear).toEqual({ code: '#VALUE!', message: 'Invalid start_year: expected a whole year between 1800 and 2200 such as 2015, got "twenty". Correct it and try again.' });
    expect(unknownCode).toEqual({ code: '#N/A', message: 'Unknown WB indicator code NY.GDP.MKTP.XX (the taskpane\'s browser lists the codes). Check the codes, or widen the years or dates.' });
    expect(badCountry).toMatchObject({ code: '#VALUE!', message: expect.stringMatching(/country/) });
    expect(noSource).toEqual({ code: '#VALUE!', message: 'source is required: WB, IMF or GSO (the taskpane lists every source).' });
    expect(gsoOnFree).toEqual({ code: '#N/A', message: 'Your plan does not include GSO (the taskpane shows what it includes). Choose data your plan includes, or upgrade the plan.' });
    // The WB queries of that recalculation went as one batch; the GSO one on its own.
    expect(sb.stats().received).toBe(2);
  });

  it('a cell cancelled by Excel before the job leaves says so; its neighbours still answer', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'free', 'sandbox-free');
    const inv = invocation('Sheet1!C1');
    const cancelled = (fn('INDICATOR')('WB', [['NY.GDP.MKTP.CD']], [['JP']], 2015, 2020, null, null, inv) as Promise<unknown>).catch((e: unknown) => e);
    const neighbour = cell('INDICATOR', 'Sheet1!C2', 'WB', [['NY.GDP.MKTP.CD']], [['US']], 2015, 2020, null);
    inv.onCanceled!();
    expect(await cancelled).toMatchObject({ code: '#N/A', message: 'Cancelled. Nothing was changed; run it again to fetch it. Recalculate with Ctrl+Alt+F9.' });
    expect(Array.isArray(await neighbour)).toBe(true);
  });
});

describe('cached by their arguments', () => {
  it('a recalculation (rows inserted) and a reopened workbook send nothing for formulas already answered', async () => {
    const sb = await sandbox();
    const { options } = await connected(sb.url, 'free', 'sandbox-free');
    const args = ['WB', [['NY.GDP.MKTP.CD'], ['SP.POP.TOTL']], [['VN', 'TH']], 2010, 2020, null];
    sb.reset();
    const first = await cell('INDICATOR', 'Sheet1!A1', ...args);
    expect(sb.stats().received).toBe(1); // four series, one batch
    sb.reset();
    expect(await cell('INDICATOR', 'Sheet1!A2', ...args)).toEqual(first); // the same formula, moved by an inserted row
    setRuntime(createAddinRuntime(options)); // Excel closed and reopened: same storage, same IndexedDB
    expect(await cell('INDICATOR', 'Sheet1!A2', ...args)).toEqual(first);
    expect(sb.stats().received).toBe(0);
  });
});

describe('last good values', () => {
  it('with the sandbox stopped, cached cells keep their last good values (reported stale), and reopening answers from IndexedDB', async () => {
    const sb = await sandbox();
    // cacheTtlMs 0: every recalculation asks the service, so the fallback path is what answers below.
    const { rt, options } = await connected(sb.url, 'free', 'sandbox-free', { cacheTtlMs: 0 });
    const args = ['WB', [['NY.GDP.MKTP.CD', 'SP.POP.TOTL']], [['VN']], 2010, 2020, null];
    const before = await cell('INDICATOR', 'Sheet1!D1', ...args);
    const trade = await cell('TRADE', 'Sheet1!F1', 'exports', null, null, null);
    expect(Array.isArray(before)).toBe(true);
    expect(trade).toMatchObject({ code: '#N/A' }); // trade is outside the Free plan: nothing cached for it
    const noted: unknown[] = [];
    rt.onStale((list) => noted.push(list.length));
    await sb.close();

    const after = await cell('INDICATOR', 'Sheet1!D1', ...args);
    expect(after).toEqual(before);
    expect(rt.staleResults().map((s) => [s.address, s.seriesId])).toEqual([
      ['Sheet1!D1', expect.stringContaining('NY.GDP.MKTP.CD')], ['Sheet1!D1', expect.stringContaining('SP.POP.TOTL')],
    ]);
    expect(noted).toEqual([1, 2]);
    const never = await cell('INDICATOR', 'Sheet1!E1', 'WB', [['NY.GDP.MKTP.CD']], [['KR']], 2010, 2020, null);
    expect(never).toEqual({ code: '#N/A', message: 'The data service cannot be reached and this formula has no saved value yet. Check the address and your network connection, then retry. Recalculate with Ctrl+Alt+F9.' });

    // Excel closed and reopened: a new runtime over the same storage and IndexedDB, the service still down.
    const reopened = createAddinRuntime({ ...options, cacheTtlMs: 3_600_000 });
    setRuntime(reopened);
    expect(await cell('INDICATOR', 'Sheet1!D1', ...args)).toEqual(before);
    // The entries were stored with a zero time to live: the reopened runtime shows them as stale too.
    expect(reopened.staleResults().map((s) => s.address)).toEqual(['Sheet1!D1', 'Sheet1!D1']);
  });
});

describe('a job that fails as a whole', () => {
  it('rejects every waiting cell, none is left waiting', async () => {
    const sb = await sandbox();
    const broken: QuotaStore = { update: () => Promise.reject(new Error('IndexedDB is unavailable (disk full)')) };
    // Connected from saved settings (no request at start), as when Excel reopens a workbook.
    const storage = new MemoryStorage();
    await storage.setItem('econdata.connection', JSON.stringify({ baseURL: sb.url, plan: 'pro' }));
    await storage.setItem('econdata.apiKey', 'sandbox-pro');
    const rt = createAddinRuntime({ storage, indexedDB: new IDBFactory(), quotaStore: broken, maxRetries: 0 });
    await rt.ready;
    setRuntime(rt);
    const cells = await Promise.all(['VN', 'TH', 'US', 'JP'].map((cc, i) => cell('INDICATOR', `Sheet1!G${i + 1}`, 'WB', [['NY.GDP.MKTP.CD']], [[cc]], 2015, 2020, null)));
    for (const c of cells) expect(c).toEqual({ code: '#N/A', message: 'Unexpected failure: IndexedDB is unavailable (disk full). Retry; if it happens again, report it with these words. Recalculate with Ctrl+Alt+F9.' });
  });
});

describe('ECON.QUOTA', () => {
  it('streams the ledger status and updates after requests', async () => {
    const sb = await sandbox();
    const { rt } = await connected(sb.url, 'free', 'sandbox-free');
    const results: unknown[] = [];
    const inv = { address: 'Sheet1!H1', functionName: 'ECON.QUOTA', setResult: (v: unknown) => results.push(v) } as unknown as CustomFunctions.StreamingInvocation<unknown[][]>;
    fn('QUOTA')(inv);
    await rt.ready;
    await new Promise((r) => setTimeout(r, 0));
    const first = results.at(-1) as unknown[][];
    expect(first[0]).toEqual(['Window', 'Used', 'Limit', 'Remaining', 'Next room']);
    expect(first[1]!.slice(0, 3)).toEqual(['This minute', 1, 10]); // the connection test
    await cell('INDICATOR', 'Sheet1!A1', 'WB', [['NY.GDP.MKTP.CD']], [['VN']], 2015, 2020, null);
    const last = results.at(-1) as unknown[][];
    expect(last[1]!.slice(0, 4)).toEqual(['This minute', 2, 10, 8]);
    expect(last[3]).toEqual(['Plan', 'Free', '', '', '']);
    const count = results.length;
    inv.onCanceled!();
    await cell('INDICATOR', 'Sheet1!A2', 'WB', [['SP.POP.TOTL']], [['VN']], 2015, 2020, null);
    expect(results.length).toBe(count);
  });

  it('says how to connect when not connected', async () => {
    setRuntime(createAddinRuntime({ storage: new MemoryStorage(), indexedDB: new IDBFactory() }));
    const results: unknown[] = [];
    fn('QUOTA')({ setResult: (v: unknown) => results.push(v) } as unknown as CustomFunctions.StreamingInvocation<unknown[][]>);
    await new Promise((r) => setTimeout(r, 0));
    expect(results.at(-1)).toMatchObject({ code: '#N/A', message: 'Not connected to the data service: open the Econdata taskpane and connect.' });
  });
});

describe('a transform in the options argument, against the sandbox', () => {
  it('=ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2000,2023,,"Units=pc1") spills growth computed independently from the levels', async () => {
    const sb = await sandbox();
    await connected(sb.url, 'free', 'sandbox-free');
    const spill = await cell('INDICATOR', 'Sheet1!A1', 'WB', [['NY.GDP.MKTP.CD']], [['VN']], 2000, 2023, null, 'Units=pc1') as unknown[][];
    // The levels straight from the service, 1999 included (2000's growth needs it), and growth by hand.
    const direct = new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-enterprise' });
    const levels = new Map((await direct.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 1999, end_year: 2023 })).data.map((r) => [r.year, r.value]));
    const growth = (y: number): number | '' => {
      const now = levels.get(y);
      const before = levels.get(y - 1);
      return typeof now === 'number' && typeof before === 'number' && before > 0 ? (now / before - 1) * 100 : '';
    };
    expect(spill[0]).toEqual(['Period', 'GDP (current US$): Vietnam, % change from a year ago']);
    const years = Array.from({ length: 24 }, (_, i) => 2000 + i).filter((y) => levels.has(y));
    expect(spill.slice(1).map((r) => r[0])).toEqual(years.map((y) => String(y)));
    spill.slice(1).forEach((row, i) => {
      const want = growth(years[i]!);
      if (want === '') expect(row[1]).toBe('');
      else expect(row[1] as number).toBeCloseTo(want, 9);
    });
    expect(spill.slice(1).filter((r) => typeof r[1] === 'number').length).toBeGreaterThan(20);
  });

  it('500 formulas with Units=pc1 in one recalculation still send the batch minimum (5): widening merges', async () => {
    const sb = await sandbox();
    const { indicators, countries } = await fiveHundredPairs(sb.url, 'sandbox-enterprise');
    await connected(sb.url, 'enterprise', 'sandbox-enterprise');
    sb.reset();
    const calls = indicators.flatMap((code, i) => countries.map((cc, j) => cell('INDICATOR', `Sheet1!A${i * 50 + j + 1}`, 'WB', [[code]], [[cc]], 2000, 2020, null, 'Units=pc1')));
    const results = await Promise.all(calls);
    const asked: SeriesQuery[] = indicators.flatMap((indicator) => countries.map((country) => ({ kind: 'indicator' as const, source: 'WB', indicator, country, start_year: 2000, end_year: 2020 })));
    // Every query widens the same way (1999-2020), so the planner still packs 100 pairs a batch.
    expect(planRequests(asked).stats.minimumRequests).toBe(5);
    expect(planRequests(asked.map((q) => widenQuery(q, 'Units=pc1'))).stats.minimumRequests).toBe(5);
    expect(sb.stats().received).toBe(5);
    for (const r of results) if (!Array.isArray(r)) expect(r).toMatchObject({ code: '#N/A', message: expect.stringMatching(/^No data: /) });
    expect(results.filter((r) => Array.isArray(r)).length).toBeGreaterThan(300);
  });

  it('with the sandbox stopped, a transformed cell keeps its last good value (reported stale)', async () => {
    const sb = await sandbox();
    const { rt } = await connected(sb.url, 'free', 'sandbox-free', { cacheTtlMs: 0 });
    const args = ['WB', [['NY.GDP.MKTP.CD']], [['VN']], 2010, 2020, null, 'Units=pc1'];
    const before = await cell('INDICATOR', 'Sheet1!D1', ...args);
    expect(Array.isArray(before)).toBe(true);
    await sb.close();
    expect(await cell('INDICATOR', 'Sheet1!D1', ...args)).toEqual(before);
    expect(rt.staleResults().map((s) => s.address)).toEqual(['Sheet1!D1']);
    // The same arguments with another transform were never fetched: no saved value for them.
    expect(await cell('INDICATOR', 'Sheet1!D2', 'WB', [['NY.GDP.MKTP.CD']], [['VN']], 2010, 2020, null, 'MA=5')).toMatchObject({ code: '#N/A' });
  });
});
