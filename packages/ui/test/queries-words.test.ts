/** A saved export's queries in words (issue 28, item 6: the Query column read "/indicators…"). */
import { describe, expect, it } from 'vitest';
import { queriesWords } from '../src/index.ts';

const gdp = (country: string, years: { start_year?: number; end_year?: number } = { start_year: 2010, end_year: 2023 }) => ({ kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.KD.ZG', country, ...years });

describe('queriesWords', () => {
  it('names the series of one indicator together, then the years asked', () => {
    expect(queriesWords([gdp('VN'), gdp('TH')], ['GDP growth (annual %): Vietnam', 'GDP growth (annual %): Thailand'])).toBe('GDP growth (annual %): Vietnam, Thailand, 2010–2023');
    expect(queriesWords([gdp('VN', { start_year: 2000 })], ['GDP (current US$): Vietnam, per capita'])).toBe('GDP (current US$): Vietnam, per capita, from 2000');
  });

  it('without names, says each query in words; years only when all queries ask the same', () => {
    expect(queriesWords([gdp('VN'), gdp('TH', {})])).toBe('WB NY.GDP.MKTP.KD.ZG for VN; WB NY.GDP.MKTP.KD.ZG for TH');
    expect(queriesWords([{ kind: 'trade', flow: 'exports', start_period: '2024-01', end_period: '2024-06' }])).toBe('Vietnam exports 2024-01 to 2024-06');
    expect(queriesWords(['A', 'B', 'C', 'D', 'E'].map((c) => gdp(c, {})))).toBe('WB NY.GDP.MKTP.KD.ZG for A; WB NY.GDP.MKTP.KD.ZG for B; WB NY.GDP.MKTP.KD.ZG for C and 2 more');
  });
});
