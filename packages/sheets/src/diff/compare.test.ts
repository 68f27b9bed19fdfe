import { describe, expect, it } from 'vitest';
import { gdp, gdpNamibia, stock } from '../../test/fixtures.ts';
import { compareSeries } from './compare.ts';

describe('revision diff', () => {
  it('finds added, removed and revised values per series and column, and series added or removed', () => {
    const revisedGdp = { ...gdp, periods: ['2020', '2021', '2022', '2023', '2024'], values: [[346615750000.5, 367e9, 408e9, null, 476e9]] };
    const revisedStock = { ...stock, values: stock.values.map((col, c) => (c === 3 ? [23.4, 23.8, 25.2] : col)) };
    expect(compareSeries([gdp, gdpNamibia, stock], [revisedStock, revisedGdp])).toStrictEqual({
      seriesAdded: [],
      seriesRemoved: [{ id: gdpNamibia.id, title: gdpNamibia.title }],
      changed: [
        { id: stock.id, title: stock.title, added: [], removed: [], revised: [{ period: '2024-01-03', column: 'close', old: 23.85, new: 23.8, change: 23.8 - 23.85 }] },
        {
          id: gdp.id,
          title: gdp.title,
          added: [{ period: '2022', column: 'value', value: 408e9 }, { period: '2024', column: 'value', value: 476e9 }],
          removed: [{ period: '2023', column: 'value', value: 429716969044.2 }],
          revised: [{ period: '2021', column: 'value', old: 366474752771.4, new: 367e9, change: 367e9 - 366474752771.4 }],
        },
      ],
      unchanged: [],
    });
  });

  it('sees no change where both sides are missing, and lists new series', () => {
    const padded = { ...gdp, periods: [...gdp.periods, '2024'], values: [[...(gdp.values[0] ?? []), null]] };
    expect(compareSeries([gdp], [padded, gdpNamibia])).toStrictEqual({ seriesAdded: [{ id: gdpNamibia.id, title: gdpNamibia.title }], seriesRemoved: [], changed: [], unchanged: [gdp.id] });
  });
});
