/**
 * Parameter cells re-query on change: the taskpane's parameter block and formula written into the
 * stand-in workbook, whose ECON formulas calculate through the registered functions and the shared
 * runtime against a real sandbox over HTTP. Editing the Country cell calculates the formula again:
 * one more request, and the spill is Thailand's.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { insertParameterFormula } from '../../src/office/parameters.ts';
import { setRuntime } from '../../src/runtime/instance.ts';
import { createAddinRuntime } from '../../src/runtime/runtime.ts';
import { MemoryStorage } from '../../src/runtime/storage.ts';
import { evaluateEconFormula } from './evaluate.ts';
import { inlineReferences } from './references.ts';
import { createStandinWorkbook } from './workbook.ts';
import { untilChanged } from '../../test/support/until-changed.ts';

const sandbox = useSandboxes({ seed: 5 });
afterEach(() => setRuntime(undefined));

describe('parameters in cells, calculated against the sandbox', () => {
  it('inlines references as the cells hold them (text quoted, ranges as array constants, empty cells omitted)', () => {
    const wb = createStandinWorkbook();
    const sheet = wb.model.sheets[0]!;
    wb.model.setValues({ sheet, top: 0, left: 1, rows: 3, cols: 2 }, [['WB', ''], ['VN', 'T"H'], [2015, '']]);
    expect(inlineReferences('=ECON.INDICATOR(B1,"B1",B2:C2,$B$3,C3)', sheet).text).toBe('=ECON.INDICATOR("WB","B1",{"VN","T""H"},2015,)');
  });

  it('re-queries the whole spill when one parameter cell changes', async () => {
    const sb = await sandbox();
    const rt = createAddinRuntime({ storage: new MemoryStorage(), indexedDB: new IDBFactory(), probe: async () => false });
    expect(await rt.connect({ baseURL: sb.url, plan: 'pro' }, 'sandbox-pro')).toMatchObject({ ok: true });
    setRuntime(rt);
    const wb = createStandinWorkbook(undefined, evaluateEconFormula);
    wb.select('B2');
    const base = sb.stats().received;
    const query = { kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018, end_year: 2020 };
    await insertParameterFormula(wb.excel, [query], '');
    const cell = (r: number, c: number): unknown => wb.model.sheets[0]?.cell(r, c)?.value;
    // The formula in B10 spills from there: Period, then the series.
    await untilChanged(wb.subscribe, () => cell(9, 2) === 'GDP (current US$): Vietnam');
    // Periods as the formulas spill them (their text: custom functions cannot format a date).
    expect([0, 1, 2, 3].map((r) => cell(9 + r, 1))).toEqual(['Period', '2018', '2019', '2020']);
    expect(sb.stats().received - base).toBe(1);
    const vietnam = cell(10, 2);

    wb.edit('C4', 'TH');
    await untilChanged(wb.subscribe, () => cell(9, 2) === 'GDP (current US$): Thailand');
    expect(sb.stats().received - base).toBe(2);
    const thailand = (await rt.client!.getIndicators({ source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2018, end_year: 2018 })).data[0]?.value;
    expect(cell(10, 2)).toBe(thailand);
    expect(cell(10, 2)).not.toBe(vietnam);

    // The end year: the spill shrinks to two years, from one more request.
    wb.edit('C6', 2019);
    await untilChanged(wb.subscribe, () => cell(9, 1) === 'Period' && cell(12, 1) === undefined);
    expect([0, 1, 2].map((r) => cell(9 + r, 1))).toEqual(['Period', '2018', '2019']);
    // VN, TH, the test's own check of Thailand's 2018, then 2018-2019.
    expect(sb.stats().received - base).toBe(4);
  });
});
