/**
 * Parameters in cells through office-addin-mock: the labelled block, the formula that refers to
 * it, exact cells and sync counts; the block read back as its cells are now (after an edit).
 */
import { describe, expect, it } from 'vitest';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';
import type { SeriesQuery } from '@econdata/core';
import { listParameterBlocks, refreshParameterBlocks } from './parameter-refresh.ts';
import { INPUT_FILL, insertParameterFormula, PARAMS_SETTING_PREFIX, readParameterBlocks } from './parameters.ts';

const NOW = new Date('2026-11-22T19:10:00.000Z');

function at(model: WorkbookModel, a1: string): { value: unknown; formula?: string; fill?: string; bold?: boolean } {
  const m = /^([A-Z]+)(\d+)$/.exec(a1);
  const col = [...(m?.[1] ?? 'A')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const c = model.sheets[0]?.cell(Number(m?.[2]) - 1, col);
  return { value: c?.value, ...(c?.formula ? { formula: c.formula } : {}), ...(c?.fill ? { fill: c.fill } : {}), ...(c?.bold ? { bold: true } : {}) };
}

const gdp = (country: string) => ({ kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.CD', country, start_year: 2015, end_year: 2023 });

describe('parameters in cells (office-addin-mock)', () => {
  it('writes the labelled block and a formula that refers to it, in two syncs (look, write)', async () => {
    const model = new WorkbookModel();
    model.select('Sheet1', 'B2');
    const { binding, address, syncs } = await insertParameterFormula(mockExcel(model), [gdp('VN'), gdp('TH')], 'Units=pc1', NOW);
    expect([syncs, model.syncs, address]).toEqual([2, 2, 'Sheet1!B2:D10']);
    const input = { fill: INPUT_FILL };
    expect(['B2', 'C2', 'B3', 'C3', 'B4', 'C4', 'D4', 'B5', 'C5', 'B6', 'C6', 'B7', 'C7', 'B8', 'C8'].map((a) => at(model, a))).toEqual([
      { value: 'Source', bold: true }, { value: 'WB', ...input },
      { value: 'Indicator', bold: true }, { value: 'NY.GDP.MKTP.CD', ...input },
      { value: 'Country', bold: true }, { value: 'VN', ...input }, { value: 'TH', ...input },
      { value: 'From', bold: true }, { value: 2015, ...input },
      { value: 'To', bold: true }, { value: 2023, ...input },
      { value: 'Frequency', bold: true }, { value: '', ...input },
      { value: 'Options', bold: true }, { value: 'Units=pc1', ...input },
    ]);
    expect(at(model, 'B9').value).toBeUndefined();
    expect(at(model, 'B10')).toEqual({ value: '', formula: '=ECON.INDICATOR(C2,C3,C4:D4,C5,C6,C7,C8)' });
    expect(JSON.parse(String(model.settings.get(PARAMS_SETTING_PREFIX + binding.id)))).toEqual({
      id: binding.id, kind: 'indicator', sheet: 'Sheet1', at: 'B2', rows: 7, columns: 3,
      formula: '=ECON.INDICATOR(C2,C3,C4:D4,C5,C6,C7,C8)', formulaAt: 'B10', inserted_at: NOW.toISOString(), refreshed_at: null,
    });
  });

  it('writes trade and stock blocks with their own labels; a period or a date stays text', async () => {
    const model = new WorkbookModel();
    await insertParameterFormula(mockExcel(model), [{ kind: 'trade', flow: 'exports', partner: 'WLD', hs_code: 'TOTAL', period: '2024-03' }], '', NOW);
    expect(['A1', 'B1', 'A2', 'B2', 'A3', 'B3', 'A4', 'B4', 'A5', 'A7'].map((a) => at(model, a).formula ?? at(model, a).value)).toEqual([
      'Flow', 'exports', 'Partner', 'WLD', 'HS code', 'TOTAL', 'Period', '2024-03', 'Options', '=ECON.TRADE(B1,B2,B3,B4,B5)',
    ]);
    const stocks = new WorkbookModel();
    stocks.select('Sheet1', 'C3');
    const q = (symbol: string) => ({ kind: 'stock' as const, symbol, start_date: '2024-01-02', end_date: '2024-03-29' });
    await insertParameterFormula(mockExcel(stocks), [q('VNM'), q('FPT')], '', NOW);
    expect(['C3', 'D3', 'E3', 'C4', 'D4', 'D5', 'C6', 'C7', 'C9'].map((a) => at(stocks, a).formula ?? at(stocks, a).value)).toEqual([
      'Symbol', 'VNM', 'FPT', 'From', '2024-01-02', '2024-03-29', 'Field', 'Options', '=ECON.STOCK(D3:E3,D4,D5,D6,D7)',
    ]);
  });

  it('never writes over the user\'s cells: refused after one look', async () => {
    const model = new WorkbookModel();
    const mine = model.sheets[0]?.cell(4, 1, true);
    if (mine) mine.value = 'note';
    await expect(insertParameterFormula(mockExcel(model), [gdp('VN')], '', NOW)).rejects.toThrow(
      'The parameters and their formula need Sheet1!A1:B9, and Sheet1!B5 already holds data. Select an empty cell with room below and to the right, then insert again.',
    );
    expect(model.syncs).toBe(1);
    expect(model.sheets[0]?.cells.size).toBe(1);
  });

  it('reads the block as its cells are now, with the formula\'s own argument readers (one sync)', async () => {
    const model = new WorkbookModel();
    const excel = mockExcel(model);
    await insertParameterFormula(excel, [gdp('VN')], 'Type=A', NOW);
    // The user switches the country and the end year.
    model.setValues({ sheet: model.sheets[0]!, top: 2, left: 1, rows: 1, cols: 1 }, [['th']]);
    model.setValues({ sheet: model.sheets[0]!, top: 4, left: 1, rows: 1, cols: 1 }, [[2020]]);
    const before = model.syncs;
    const states = await excel.run(async (context) => readParameterBlocks(context, [...model.settings].map(([key, value]) => ({ key, value }))));
    expect(model.syncs - before).toBe(1);
    expect(states.map((s) => [s.queries, s.transform, s.problem])).toEqual([[[{ ...gdp('TH'), end_year: 2020 }], 'Type=A', undefined]]);
    // A cell the formula would refuse is that block's problem, in the formula's words.
    model.setValues({ sheet: model.sheets[0]!, top: 3, left: 1, rows: 1, cols: 1 }, [['soon']]);
    const bad = await excel.run(async (context) => readParameterBlocks(context, [...model.settings].map(([key, value]) => ({ key, value }))));
    expect(bad[0]?.problem).toBe('Invalid start_year: expected a whole year between 1800 and 2200 such as 2015, got "soon". Correct it and try again.');
  });

  it('Refresh asks again for what the cells say now (widened by the options) and enters the formula again, in one write sync', async () => {
    const model = new WorkbookModel();
    const excel = mockExcel(model);
    const { binding } = await insertParameterFormula(excel, [gdp('VN')], 'Units=pc1', NOW);
    model.setValues({ sheet: model.sheets[0]!, top: 2, left: 1, rows: 1, cols: 1 }, [['TH']]);
    const entered: string[] = [];
    model.onFormula = (_s, row, col, f) => entered.push(`${row},${col} ${f}`);
    const before = model.syncs;
    const states = await listParameterBlocks(excel);
    expect(model.syncs - before).toBe(2);
    const asked: SeriesQuery[][] = [];
    const result = await refreshParameterBlocks(excel, states, async (qs) => {
      asked.push(qs);
      return qs.map(() => ({ ok: true as const, series: {} as never }));
    }, new Date('2026-11-23T08:00:00Z'));
    expect(asked).toEqual([[{ ...gdp('TH'), start_year: 2014 }]]);
    expect(model.syncs - before).toBe(3);
    expect(entered).toEqual(['8,0 =ECON.INDICATOR(B1,B2,B3,B4,B5,B6,B7)']);
    expect(result.text).toBe('A9: asked again for 1 series.');
    expect(JSON.parse(String(model.settings.get(PARAMS_SETTING_PREFIX + binding.id)))).toMatchObject({ refreshed_at: '2026-11-23T08:00:00.000Z' });

    // A failed query writes nothing and says why.
    const failing = refreshParameterBlocks(excel, states, async (qs) => qs.map(() => ({ ok: false as const, error: new Error('Daily limit reached') as never })));
    await expect(failing).rejects.toThrow('Daily limit reached');
    expect(entered).toHaveLength(1);
  });
});
