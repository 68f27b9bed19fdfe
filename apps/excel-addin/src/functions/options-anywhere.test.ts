/**
 * Options (`Name=Value`) in any optional position after the required arguments, in every ECON.*
 * function (issue 28, item 3): `=ECON.INDICATOR("WB","NY.GDP.MKTP.CD","VN",2000,2020,"Units=pc1")`
 * puts them where the frequency goes and means the options, as it would in the last position.
 */
import { describe, expect, it } from 'vitest';
import type { Series, SeriesQuery } from '@econdata/core';
import type { AddinRuntime } from '../runtime/types.ts';
import { placeOptions } from './args.ts';
import { indicatorFormula, stockFormula, tradeFormula } from './compute.ts';
import { derivedFormula } from './derived.ts';
import { valueFormula } from './value.ts';

/** One series shape for every kind of query: levels 100, 110, 121 ... over 2018-2021 (or three days, three months). */
function answer(q: SeriesQuery): Series {
  const periods = q.kind === 'stock' ? ['2024-03-01', '2024-03-04', '2024-03-05'] : q.kind === 'trade' ? ['2024-01', '2024-02', '2024-03'] : ['2018', '2019', '2020', '2021'];
  const columns = q.kind === 'stock' ? [{ key: 'close', label: 'Close', unit: 'VND' }] : q.kind === 'trade' ? [{ key: 'value', label: 'Exports', unit: 'USD' }] : [{ key: 'value', label: 'GDP', unit: 'US$' }];
  const frequency = q.kind === 'stock' ? 'daily' : q.kind === 'trade' ? 'monthly' : 'annual';
  return {
    id: `${q.kind}:${JSON.stringify(q)}`, kind: q.kind, title: q.kind === 'indicator' ? `GDP: ${q.country ?? ''}` : q.kind, frequency, dimensions: q.kind === 'indicator' ? { country: q.country ?? '' } : {},
    columns, periods, values: [periods.map((_, i) => 100 * 1.1 ** i)],
    provenance: { source: 'X', last_updated: null, retrieved_at: '2026-01-01T00:00:00Z', endpoint: '/x', query: q },
  } as Series;
}

function runtime(): { rt: AddinRuntime; loaded: SeriesQuery[] } {
  const loaded: SeriesQuery[] = [];
  const load = async (q: SeriesQuery): Promise<Series> => {
    loaded.push(q);
    return answer(q);
  };
  return { rt: { load, nameLanguage: async () => 'en' } as unknown as AddinRuntime, loaded };
}

describe('options in any optional position', () => {
  it('ECON.INDICATOR: "Units=pc1" as the sixth argument (where the frequency goes) spills what it does as the seventh', async () => {
    const { rt } = runtime();
    const last = await indicatorFormula(rt, ['WB', [['X']], [['VN']], 2019, 2021, null, 'Units=pc1']);
    const sixth = await indicatorFormula(rt, ['WB', [['X']], [['VN']], 2019, 2021, 'Units=pc1']);
    expect(sixth).toEqual(last);
    expect(sixth[0]).toEqual(['Period', 'GDP: VN, % change from a year ago']);
    expect(sixth.slice(1).map((r) => r[0])).toEqual(['2019', '2020', '2021']);
    // In the fourth position too (no years), and split over two positions, joined in order.
    expect((await indicatorFormula(rt, ['WB', [['X']], [['VN']], 'Units=pc1']))[0]).toEqual(['Period', 'GDP: VN, % change from a year ago']);
    const split = await indicatorFormula(rt, ['WB', [['X']], [['VN']], 2019, 2021, 'Units=pc1', 'Dir=H']);
    expect(split).toEqual(await indicatorFormula(rt, ['WB', [['X']], [['VN']], 2019, 2021, null, 'Units=pc1 Dir=H']));
    expect(split[0]).toEqual(['Period', '2019', '2020', '2021']);
  });

  it('ECON.TRADE, ECON.STOCK, ECON.VALUE and ECON.DERIVED take them in any optional position as well', async () => {
    const { rt } = runtime();
    expect(await tradeFormula(rt, ['exports', 'Units=pch'])).toEqual(await tradeFormula(rt, ['exports', null, null, null, 'Units=pch']));
    expect((await tradeFormula(rt, ['exports', 'Units=pch']))[0]).toEqual(['Period', 'trade, % change']);
    expect(await stockFormula(rt, [[['VNM']], 'Units=pch'])).toEqual(await stockFormula(rt, [[['VNM']], null, null, null, 'Units=pch']));
    expect(await valueFormula(rt, ['WB', 'X', 'VN', 'Units=pc1'])).toBeCloseTo(10, 12);
    expect(await valueFormula(rt, ['WB', 'X', 'VN', 2020, 'Units=pc1'])).toBeCloseTo(10, 12);
    const derived = await derivedFormula(rt, ['a/b*100', [['WB/X/VN'], ['WB/Y/VN']], 2019, 'Dir=H']);
    expect(derived).toEqual(await derivedFormula(rt, ['a/b*100', [['WB/X/VN'], ['WB/Y/VN']], 2019, null, 'Dir=H']));
    expect(derived[0]?.[0]).toBe('Period');
    expect(derived.length).toBe(2);
  });

  it('placeOptions moves each Name=Value text to the options position and leaves the rest alone', () => {
    expect(placeOptions(['WB', 'X', 'VN', 2000, 2020, 'Units=pc1'], 3, 6)).toEqual(['WB', 'X', 'VN', 2000, 2020, undefined, 'Units=pc1']);
    expect(placeOptions(['WB', 'X', 'VN', 'Dir=H', 2020, 'monthly', 'Units=pc1'], 3, 6)).toEqual(['WB', 'X', 'VN', undefined, 2020, 'monthly', 'Dir=H Units=pc1']);
    const plain = ['WB', 'X', 'VN', 2000, 2020, 'monthly'] as const;
    expect(placeOptions(plain, 3, 6)).toBe(plain);
    // A required argument is never taken for options, even with an "=" (core refuses it as what it is).
    expect(placeOptions(['Units=pc1', 'X', 'VN'], 3, 6)).toEqual(['Units=pc1', 'X', 'VN']);
  });
});
