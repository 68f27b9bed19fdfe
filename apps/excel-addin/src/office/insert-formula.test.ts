/** "Insert as formula": exact ECON.* formula text, written at the selection in one sync. */
import { describe, expect, it } from 'vitest';
import * as formula from '@econdata/ui';
import { formatSpill, insertFormulas } from './insert-formula.ts';
import type { Series, SeriesQuery } from '@econdata/core';
import { FUNCTIONS_NAMESPACE } from '../functions/namespace.ts';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';
import { presetRequest, readDerived } from '@econdata/analysis';

import { derivedArgs } from '../functions/derived.ts';

// @econdata/ui's one formula writer with this build's namespace (ECON outside a build), as the add-in calls it.
const formulaFor = (q: SeriesQuery, transform?: string): string => formula.formulaFor(FUNCTIONS_NAMESPACE, q, transform);
const formulasFor = (qs: SeriesQuery[], transform?: string): string[] => formula.formulasFor(FUNCTIONS_NAMESPACE, qs, transform);
const derivedFormulaText = (r: Parameters<typeof formula.derivedFormulaText>[1]): string => formula.derivedFormulaText(FUNCTIONS_NAMESPACE, r);

describe('formulaFor', () => {
  it('writes the namespace it is given: the dev add-in (ECONDEV) and the production one (ECON) side by side', () => {
    const q: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' };
    expect(formula.formulaFor('ECONDEV', q)).toBe('=ECONDEV.INDICATOR("WB","NY.GDP.MKTP.CD","VN")');
    expect(formula.formulasFor('ECONDEV', [q, { ...q, country: 'TH' }], 'Units=pc1')).toEqual(['=ECONDEV.INDICATOR("WB","NY.GDP.MKTP.CD",{"VN","TH"},,,,"Units=pc1")']);
    expect(formula.derivedFormulaText('ECONDEV', presetRequest('per_capita', { query: { ...q, start_year: 2015, end_year: 2023 } }))).toBe('=ECONDEV.DERIVED("per_capita","WB/NY.GDP.MKTP.CD/VN",2015,2023)');
    expect(FUNCTIONS_NAMESPACE).toBe('ECON');
  });

  it('writes each kind with its documented argument order, dropping trailing omitted arguments', () => {
    expect(formulaFor({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2020 })).toBe(
      '=ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2000,2020)',
    );
    expect(formulaFor({ kind: 'indicator', source: 'GSO', indicator: 'CPI', frequency: 'monthly' })).toBe('=ECON.INDICATOR("GSO","CPI","",,,"monthly")');
    expect(formulaFor({ kind: 'trade', flow: 'exports', period: '2024-03' })).toBe('=ECON.TRADE("exports",,,"2024-03")');
    expect(formulaFor({ kind: 'trade', flow: 'imports', partner: 'CN', hs_code: '85' })).toBe('=ECON.TRADE("imports","CN","85")');
    expect(formulaFor({ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' })).toBe('=ECON.TRADE("exports",,,"2024-01:2024-06")');
    expect(formulaFor({ kind: 'trade', flow: 'exports', start_period: '2024-10' })).toBe('=ECON.TRADE("exports",,,"2024-10:")');
    expect(formulaFor({ kind: 'stock', symbol: 'VNM', start_date: '2024-03-01', end_date: '2024-03-31' })).toBe('=ECON.STOCK("VNM","2024-03-01","2024-03-31")');
    expect(formulaFor({ kind: 'stock', index: 'VNINDEX' })).toBe('=ECON.STOCK("VNINDEX")');
  });

  it('escapes quotes, and joins indicator queries of one source and years into array arguments', () => {
    expect(formulaFor({ kind: 'indicator', source: 'WB', indicator: 'A"B', country: 'VN' })).toBe('=ECON.INDICATOR("WB","A""B","VN")');
    expect(
      formulasFor([
        { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2010, end_year: 2020 },
        { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2010, end_year: 2020 },
        { kind: 'stock', symbol: 'FPT' },
      ]),
    ).toEqual(['=ECON.INDICATOR("WB","NY.GDP.MKTP.CD",{"VN","TH"},2010,2020)', '=ECON.STOCK("FPT")']);
  });
});

describe('the transform as the trailing argument', () => {
  it('goes last, after the omitted arguments it follows, for each kind and for grouped indicators', () => {
    expect(formulaFor({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2023 }, 'Units=pc1')).toBe(
      '=ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2000,2023,,"Units=pc1")',
    );
    expect(formulaFor({ kind: 'trade', flow: 'exports' }, 'Per=A Units=pc1')).toBe('=ECON.TRADE("exports",,,,"Per=A Units=pc1")');
    expect(formulaFor({ kind: 'stock', symbol: 'VNM', start_date: '2024-01-02' }, 'Per=M')).toBe('=ECON.STOCK("VNM","2024-01-02",,,"Per=M")');
    expect(formulaFor({ kind: 'stock', symbol: 'VNM' }, '')).toBe('=ECON.STOCK("VNM")');
    expect(formulasFor([
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2010 },
      { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH', start_year: 2010 },
    ], 'MA=3')).toEqual(['=ECON.INDICATOR("WB","NY.GDP.MKTP.CD",{"VN","TH"},2010,,,"MA=3")']);
  });
});

describe('insertFormulas (office-addin-mock)', () => {
  it('writes the formulas side by side from the selection in one sync', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'C3');
    const result = await insertFormulas(mockExcel(model), [{ kind: 'trade', flow: 'exports' }, { kind: 'stock', symbol: 'VNM' }]);
    expect(model.syncs).toBe(1);
    expect(result).toEqual({ formulas: ['=ECON.TRADE("exports")', '=ECON.STOCK("VNM")'], address: 'Sheet1!C3' });
    expect(model.sheets[0]?.cell(2, 2)?.formula).toBe('=ECON.TRADE("exports")');
    expect(model.sheets[0]?.cell(2, 10)?.formula).toBe('=ECON.STOCK("VNM")');
  });
});

describe('formatSpill (office-addin-mock)', () => {
  const gdp = (country: string, values: number[]): Series => ({
    id: `indicator:WB:NY.GDP.MKTP.CD:${country}`, kind: 'indicator', title: `GDP (current US$): ${country}`, frequency: 'annual', dimensions: { country },
    columns: [{ key: 'value', label: `GDP (current US$): ${country}`, unit: 'current US$' }], periods: ['2021', '2022', '2023'], values: [values],
    provenance: { source: 'WB', last_updated: null, retrieved_at: '2026-01-01T00:00:00Z', endpoint: '/indicators', query: { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country } },
  });

  it('gives the cells a formula spills into the number formats and column widths of the same block (issue 28, item 12), in one sync', async () => {
    const model = new WorkbookModel();
    const series = [gdp('VN', [366474752771.3, 413445230668.578, 433805036898]), gdp('TH', [5688.123456, 495691837307.9, 517013369475])];
    await formatSpill(mockExcel(model), 'Sheet1!B61', series);
    expect(model.syncs).toBe(1);
    const sheet = model.sheets[0]!;
    // B61 is the header row; the values below it take the block's number format.
    const formats = [61, 62, 63].map((r) => [sheet.cell(r, 2)?.numberFormat, sheet.cell(r, 3)?.numberFormat]);
    expect(new Set(formats.flat()).size).toBe(1);
    expect(formats[0]![0]).not.toBe('General');
    expect(sheet.cell(60, 2)?.numberFormat ?? 'General').toBe('General');
    // Columns B, C, D as wide as the block's: wider than the value "5,688.12" needs, and the header's words.
    for (const c of [1, 2, 3]) expect(sheet.columnWidths.get(c) ?? 0).toBeGreaterThanOrEqual(60);
  });

  it('leaves a spill across the sheet (Dir=H) as it is', async () => {
    const model = new WorkbookModel();
    await formatSpill(mockExcel(model), 'Sheet1!B61', [gdp('VN', [1, 2, 3])], 'Units=pc1 Dir=H');
    expect([model.syncs, model.sheets[0]?.columnWidths.size]).toEqual([0, 0]);
  });
});

describe('derivedFormulaText', () => {
  it('a preset by its id over one series; a formula with every operand as an array constant; the text reads back to the same request', () => {
    const gdp = { kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2015, end_year: 2023 };
    expect(derivedFormulaText(presetRequest('per_capita', { query: gdp }))).toBe('=ECON.DERIVED("per_capita","WB/NY.GDP.MKTP.CD/VN",2015,2023)');
    const typed = readDerived('(a+b)/c*100', ['WB/TX.VAL.MRCH.CD.WT/VN', 'WB/TM.VAL.MRCH.CD.WT/VN', 'WB/NY.GDP.MKTP.CD/VN'], { start_year: 2010 }, 'Units=pc1');
    const text = derivedFormulaText(typed);
    expect(text).toBe('=ECON.DERIVED("(a+b)/c*100",{"WB/TX.VAL.MRCH.CD.WT/VN","WB/TM.VAL.MRCH.CD.WT/VN","WB/NY.GDP.MKTP.CD/VN"},2010,,"Units=pc1")');
    // As Excel passes those arguments to ECON.DERIVED: the same request.
    expect(derivedArgs('(a+b)/c*100', [['WB/TX.VAL.MRCH.CD.WT/VN', 'WB/TM.VAL.MRCH.CD.WT/VN', 'WB/NY.GDP.MKTP.CD/VN']], 2010, null, 'Units=pc1')).toEqual(typed);
  });
});
