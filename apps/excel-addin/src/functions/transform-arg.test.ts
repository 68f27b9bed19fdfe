/**
 * The optional trailing `transform` argument of ECON.INDICATOR / TRADE / STOCK: read by
 * @econdata/analysis, the widened query loaded, the answer transformed back to the asked range,
 * a refused text failing only its own cell with the engine's message.
 */
import { parseTransform, widenQuery } from '@econdata/analysis';
import { describe, expect, it } from 'vitest';
import type { Series, SeriesQuery } from '@econdata/core';
import type { AddinRuntime } from '../runtime/types.ts';
import { excelError } from './errors.ts';
import { FormulaError, indicatorFormula, stockFormula, tradeFormula } from './compute.ts';

/** A runtime answering every load with `answer(query)`, recording what was loaded. */
function recordingRuntime(answer: (q: SeriesQuery) => Series): { rt: AddinRuntime; loaded: SeriesQuery[] } {
  const loaded: SeriesQuery[] = [];
  const load = async (q: SeriesQuery): Promise<Series> => {
    loaded.push(q);
    return answer(q);
  };
  return { rt: { load, nameLanguage: async () => 'en' } as unknown as AddinRuntime, loaded };
}

/** Annual levels 100, 110, 121, 133.1 (10 % a year) over the years a query asks for. */
function annual(q: SeriesQuery): Series {
  const from = q.kind === 'indicator' ? (q.start_year ?? 2018) : 2018;
  const to = q.kind === 'indicator' ? (q.end_year ?? 2021) : 2021;
  const periods = Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  return {
    id: `indicator:WB:X:${q.kind === 'indicator' ? q.country : ''}:${from}-${to}`, kind: 'indicator', title: 'GDP: Vietnam', frequency: 'annual', dimensions: { country: 'VN' },
    columns: [{ key: 'value', label: 'GDP', unit: 'US$' }], periods, values: [periods.map((_, i) => 100 * 1.1 ** i)],
    provenance: { source: 'WB', last_updated: null, retrieved_at: '2026-01-01T00:00:00Z', endpoint: '/indicators', query: q },
  };
}

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

async function cellOf(p: Promise<unknown>): Promise<unknown> {
  try {
    return await p;
  } catch (e) {
    return e instanceof FormulaError ? excelError(e.error, e.query) : e;
  }
}

describe('a transform in the options argument', () => {
  it('Units=pc1 loads the widened years and spills the asked years, headed as the engine titles them', async () => {
    const { rt, loaded } = recordingRuntime(annual);
    const spill = await indicatorFormula(rt, ['WB', [['X']], [['VN']], 2019, 2021, null, 'units=PC1']);
    expect(loaded).toEqual([{ kind: 'indicator', source: 'WB', indicator: 'X', country: 'VN', start_year: 2018, end_year: 2021 }]);
    expect(spill.map((r) => r[0])).toEqual(['Period', '2019', '2020', '2021']);
    expect(spill[0]![1]).toBe('GDP: Vietnam, % change from a year ago');
    // (x(t) / x(t-1) - 1) * 100 of levels growing 10 % a year, unrounded.
    for (const row of spill.slice(1)) expect(row[1]).toBeCloseTo(10, 12);
  });

  it('an empty transform is no transform: the query goes as it is', async () => {
    const { rt, loaded } = recordingRuntime(annual);
    const spill = await indicatorFormula(rt, ['WB', [['X']], [['VN']], 2019, 2021, null, '']);
    expect(loaded).toEqual([{ kind: 'indicator', source: 'WB', indicator: 'X', country: 'VN', start_year: 2019, end_year: 2021 }]);
    expect(spill.slice(1).map((r) => r[1])).toEqual([100, 100 * 1.1, 100 * 1.1 ** 2]);
  });

  it('a refused text fails only its own cell (#VALUE!, the engine\'s message), before any load', async () => {
    const { rt, loaded } = recordingRuntime(annual);
    const [bad, aggWithoutPer, higher, good] = await Promise.all([
      cellOf(indicatorFormula(rt, ['WB', [['X']], [['VN']], 2019, 2021, null, 'Units=pcx'])),
      cellOf(tradeFormula(rt, ['exports', null, null, null, 'Agg=sum'])),
      cellOf(indicatorFormula(rt, ['WB', [['X']], [['VN']], 2019, 2021, null, 'Per=M'])),
      cellOf(indicatorFormula(rt, ['WB', [['X']], [['TH']], 2019, 2021, null, 'Units=pch'])),
    ]);
    // Each cell shows the engine's own refusal, word for word.
    expect(bad).toEqual({ code: '#VALUE!', message: refusal(() => parseTransform('Units=pcx')) });
    expect(aggWithoutPer).toEqual({ code: '#VALUE!', message: refusal(() => parseTransform('Agg=sum')) });
    expect(higher).toEqual({ code: '#VALUE!', message: refusal(() => widenQuery({ kind: 'indicator', source: 'WB', indicator: 'X', country: 'VN', start_year: 2019, end_year: 2021 }, 'Per=M')) });
    expect(Array.isArray(good)).toBe(true);
    expect(loaded).toEqual([{ kind: 'indicator', source: 'WB', indicator: 'X', country: 'TH', start_year: 2018, end_year: 2021 }]);
  });

  it('ECON.STOCK keeps the chosen fields of the transformed series', async () => {
    const days = ['2024-03-01', '2024-03-04', '2024-03-05'];
    const { rt } = recordingRuntime((q) => ({
      id: 'stock:VNM', kind: 'stock', title: 'VNM daily prices', frequency: 'daily', dimensions: { symbol: 'VNM' },
      columns: [{ key: 'close', label: 'Close', unit: 'VND' }, { key: 'volume', label: 'Volume', unit: 'shares' }],
      periods: days, values: [[100, 102, 99.96], [10, 20, 30]],
      provenance: { source: 'HOSE', last_updated: null, retrieved_at: '2026-01-01T00:00:00Z', endpoint: '/stocks/vietnam', query: q },
    }));
    const spill = await stockFormula(rt, [[['VNM']], '2024-03-01', '2024-03-05', 'close', 'Units=pch']);
    expect(spill[0]).toEqual(['Period', 'VNM: Close, % change']);
    expect(spill.slice(1).map((r) => r[1])).toEqual(['', (102 / 100 - 1) * 100, (99.96 / 102 - 1) * 100]);
  });
});
