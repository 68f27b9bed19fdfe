/**
 * Forecasts marked in a block (office-addin-mock): IMF projection rows filled, the legend line in
 * the provenance block, Type=A / Type=F blocks through the transform, still 2 syncs.
 */
import { describe, expect, it } from 'vitest';
import { FORECAST_FILL } from './forecasts.ts';
import { insertBlock } from './insert.ts';
import { planShown } from '@econdata/analysis';
import { WorkbookModel } from '../../dev/standin/model.ts';
import { imfQuery, imfSeries } from '../../test/support/fixtures.ts';
import { mockExcel } from '../../test/support/mock-excel.ts';

const NOW = new Date('2026-11-22T19:10:00.000Z');

function column(model: WorkbookModel, col: number, from: number, to: number): Array<{ value: unknown; fill?: string }> {
  const out: Array<{ value: unknown; fill?: string }> = [];
  for (let r = from; r <= to; r += 1) {
    const c = model.sheets[0]?.cell(r - 1, col);
    out.push({ value: c?.value, ...(c?.fill ? { fill: c.fill } : {}) });
  }
  return out;
}

const labelRow = (model: WorkbookModel, label: string): unknown[] => {
  for (let r = 0; r < 40; r += 1) {
    if (model.sheets[0]?.cell(r, 0)?.value === label) return [0, 1, 2].map((c) => model.sheets[0]?.cell(r, c)?.value ?? '');
  }
  return [];
};

describe('forecasts marked in a block (office-addin-mock)', () => {
  it('fills the projected rows of the series (value and flag cells) and says so in the provenance block, in 2 syncs', async () => {
    const model = new WorkbookModel();
    const block = await insertBlock(mockExcel(model), [imfSeries()], [imfQuery], { now: NOW });
    expect(model.syncs).toBe(2);
    const header = 1 + block.binding.layout.headRows;
    expect(labelRow(model, 'Forecasts')).toEqual(['Forecasts', '2025 to 2027 are projections (shaded)', '']);
    expect(column(model, 0, header, header).map((c) => c.value)).toEqual(['Period']);
    expect(model.sheets[0]?.cell(header - 1, 2)?.value).toBe('is_projection');
    const fill = { fill: FORECAST_FILL };
    expect(column(model, 1, header + 1, header + 6)).toEqual([{ value: 8.1 }, { value: 5.1 }, { value: 7.1 }, { value: 6.5, ...fill }, { value: 6.1, ...fill }, { value: 6, ...fill }]);
    expect(column(model, 2, header + 1, header + 6)).toEqual([{ value: false }, { value: false }, { value: false }, { value: true, ...fill }, { value: true, ...fill }, { value: true, ...fill }]);
    // Projected cells are italic too; actual ones are not.
    expect([3, 4, 5, 6].map((r) => model.sheets[0]?.cell(header - 1 + r, 1)?.italic === true)).toEqual([false, true, true, true]);
    // The period column is not filled: the table's banding stays readable.
    expect(column(model, 0, header + 4, header + 4)[0]?.fill).toBeUndefined();
  });

  it('Type=A keeps the actual years (no legend, nothing filled); Type=F only the projections', async () => {
    const [actual] = planShown([imfQuery], 'Type=A', { calendar: 'own' }).finish([{ ok: true, series: imfSeries() }], (s) => s, 'en');
    const [forecast] = planShown([imfQuery], 'Type=F', { calendar: 'own' }).finish([{ ok: true, series: imfSeries() }], (s) => s, 'en');
    if (!actual?.ok || !forecast?.ok) throw new Error('expected both to apply');
    const a = new WorkbookModel();
    const ablock = await insertBlock(mockExcel(a), [actual.series], [imfQuery], { now: NOW, transform: 'Type=A' });
    expect(a.syncs).toBe(2);
    const ha = 1 + ablock.binding.layout.headRows;
    expect(labelRow(a, 'Forecasts')).toEqual([]);
    expect(labelRow(a, 'Transform')).toEqual(['Transform', 'Type=A', '']);
    expect(column(a, 1, ha + 1, ha + 4)).toEqual([{ value: 8.1 }, { value: 5.1 }, { value: 7.1 }, { value: undefined }]);
    expect(ablock.binding.transform).toBe('Type=A');

    const f = new WorkbookModel();
    const fblock = await insertBlock(mockExcel(f), [forecast.series], [imfQuery], { now: NOW, transform: 'Type=F' });
    const hf = 1 + fblock.binding.layout.headRows;
    expect(labelRow(f, 'Forecasts')).toEqual(['Forecasts', '2025 to 2027 are projections (shaded)', '']);
    expect(column(f, 0, hf + 1, hf + 3).map((c) => c.value)).toEqual([45658, 46023, 46388]);
    expect(column(f, 1, hf + 1, hf + 3)).toEqual([6.5, 6.1, 6].map((value) => ({ value, fill: FORECAST_FILL })));
  });
});
