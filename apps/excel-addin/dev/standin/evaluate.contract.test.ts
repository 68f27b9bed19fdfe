/**
 * Formula text evaluated through the registered functions: the formulas the taskpane writes
 * ("insert as formula", src/office/insert-formula.ts) must be ones these functions accept, against the sandbox.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frequency } from '@econdata/core';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { formulasFor } from '@econdata/ui';
import { FUNCTIONS_NAMESPACE } from '../../src/functions/namespace.ts';
import { setRuntime } from '../../src/runtime/instance.ts';
import { createAddinRuntime } from '../../src/runtime/runtime.ts';
import { MemoryStorage } from '../../src/runtime/storage.ts';
import { evaluateEconFormula, parseEconFormula } from './evaluate.ts';

const sandbox = useSandboxes({ seed: 5 });
afterEach(() => setRuntime(undefined));

describe('parseEconFormula', () => {
  it('reads literals, array constants and omitted arguments as Excel passes them', () => {
    expect(parseEconFormula('=ECON.INDICATOR("WB",{"NY.GDP.MKTP.CD";"SP.POP.TOTL"},{"VN","TH"},2015,,"")')).toEqual({
      id: 'INDICATOR', args: ['WB', [['NY.GDP.MKTP.CD'], ['SP.POP.TOTL']], [['VN', 'TH']], 2015, null, ''],
    });
    expect(parseEconFormula('=econ.trade("exports",,,"2024-03")')).toEqual({ id: 'TRADE', args: ['exports', null, null, '2024-03'] });
    expect(parseEconFormula('=ECON.QUOTA()')).toEqual({ id: 'QUOTA', args: [] });
    expect(parseEconFormula('=ECON.STOCK("say ""hi""", -1.5e2, TRUE)')).toEqual({ id: 'STOCK', args: ['say "hi"', -150, true] });
    expect(() => parseEconFormula('=ECON.INDICATOR("WB",A1:A3,"VN")')).toThrow('Cannot read "A1:A3,"VN"" in =ECON.INDICATOR("WB",A1:A3,"VN"): only literal values are evaluated here (cell references need Excel).');
    expect(() => parseEconFormula('=ECON.PRICE("VNM")')).toThrow('Unknown function ECON.PRICE: the add-in has ECON.INDICATOR, ECON.VALUE, ECON.TRADE, ECON.STOCK, ECON.DERIVED, ECON.QUOTA.');
  });
});

describe('the taskpane\'s formulas, evaluated', () => {
  it('spill what the queries ask for, with one column per indicator x country', async () => {
    const sb = await sandbox();
    const rt = createAddinRuntime({ storage: new MemoryStorage(), indexedDB: new IDBFactory(), probe: async () => false });
    expect(await rt.connect({ baseURL: sb.url, plan: 'pro' }, 'sandbox-pro')).toMatchObject({ ok: true });
    setRuntime(rt);
    const formulas = formulasFor(FUNCTIONS_NAMESPACE, [
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018, end_year: 2020 },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2018, end_year: 2020 },
      { kind: 'trade', flow: 'exports', period: '2024-03' },
      { kind: 'stock', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-05' },
    ]);
    expect(formulas).toHaveLength(3);
    const [indicators, trade, stock] = await Promise.all(formulas.map((f, i) => evaluateEconFormula(f, `Sheet1!A${i + 1}`)));
    // sheets' Grid, values only: the headers of an inserted block, periods as their text (a spill has no number format).
    const day = (p: string, _f: Frequency): string => p;
    expect(indicators!.map((r) => r[0])).toEqual(['Period', day('2018', 'annual'), day('2019', 'annual'), day('2020', 'annual')]);
    expect(indicators![0]).toEqual(['Period', 'GDP (current US$): Vietnam', 'GDP (current US$): Thailand']);
    expect(trade![0]).toEqual(['Period', 'Vietnam trade: exports (World, All goods): Exports', 'Vietnam trade: exports (World, All goods): Exports, year to date']);
    expect(trade!.map((r) => r[0])).toEqual(['Period', day('2024-03', 'monthly')]);
    expect(stock![0]).toEqual(['Period', 'VNM: Open', 'VNM: High', 'VNM: Low', 'VNM: Close', 'VNM: Volume']);
    expect(stock!.slice(1).map((r) => r[0])).toEqual(['2024-03-01', '2024-03-04', '2024-03-05'].map((d) => day(d, 'daily')));
    const gso = await evaluateEconFormula('=ECON.INDICATOR("GSO","CPI.TOTAL.YOY",,2024,2024,"monthly")');
    expect(gso.map((r) => r[0])).toEqual(['Period', ...Array.from({ length: 12 }, (_, m) => day(`2024-${String(m + 1).padStart(2, '0')}`, 'monthly'))]);
    for (const row of gso.slice(1)) expect(typeof row[1]).toBe('number');
    const quota = await evaluateEconFormula('=ECON.QUOTA()');
    expect(quota[3]).toEqual(['Plan', 'Pro', '', '', '']);
  });

  it('a transformed formula the taskpane writes (a transform in the trailing options argument) spills the transformed series', async () => {
    const sb = await sandbox();
    const rt = createAddinRuntime({ storage: new MemoryStorage(), indexedDB: new IDBFactory(), probe: async () => false });
    expect(await rt.connect({ baseURL: sb.url, plan: 'pro' }, 'sandbox-pro')).toMatchObject({ ok: true });
    setRuntime(rt);
    const [formula] = formulasFor(FUNCTIONS_NAMESPACE, [{ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018, end_year: 2020 }], 'Units=pc1');
    expect(formula).toBe('=ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2018,2020,,"Units=pc1")');
    const spill = await evaluateEconFormula(formula!, 'Sheet1!A1');
    expect(spill[0]).toEqual(['Period', 'GDP (current US$): Vietnam, % change from a year ago']);
    expect(spill.slice(1).map((r) => r[0])).toEqual(['2018', '2019', '2020']);
    for (const row of spill.slice(1)) expect(typeof row[1]).toBe('number');
    await expect(evaluateEconFormula('=ECON.TRADE("exports",,,,"Units=pcx")')).rejects.toMatchObject({ code: '#VALUE!', message: 'Invalid Units "pcx": expected one of lin, chg, ch1, pch, pc1, pca, cch, cca, log.' });
  });

  it('a formula the functions refuse shows the cell\'s error', async () => {
    setRuntime(createAddinRuntime({ storage: new MemoryStorage(), indexedDB: new IDBFactory() }));
    await expect(evaluateEconFormula('=ECON.INDICATOR("WB","NY.GDP.MKTP.CD",{"VN"},"soon")')).rejects.toMatchObject({ code: '#VALUE!', message: 'Invalid start_year: expected a whole year between 1800 and 2200 such as 2015, got "soon". Correct it and try again.' });
    await expect(evaluateEconFormula('=ECON.TRADE({"exports","imports"})')).rejects.toMatchObject({ code: '#VALUE!', message: 'Argument 1 of ECON.TRADE takes one value, not a list.' });
    await expect(evaluateEconFormula('=ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN")')).rejects.toMatchObject({ code: '#N/A', message: 'Not connected to the data service: open the Econdata taskpane and connect.' });
  });
});
