import { describe, expect, it } from 'vitest';
import type { SeriesQuery } from '@econdata/core';
import { exportRequest } from '../exports/export-kinds.ts';
import { derivedWords, operandQueries, presetRequests, resultTransform, withResultTransform } from './derived-plan.ts';

const gdp = (country: string): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country, start_year: 2000 });
const pop = (country: string): SeriesQuery => ({ kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country, start_year: 2000 });

describe('derived requests from the explorer\'s clicks', () => {
  it('a preset over every series shown: each its own a, the preset\'s indicator for its country as b, the chart\'s transform on the result', () => {
    const requests = presetRequests('per_capita', [gdp('VN'), gdp('TH')], 'Units=pc1');
    expect(requests).toEqual([
      { expression: 'a/b', operands: [{ name: 'a', query: gdp('VN') }, { name: 'b', query: pop('VN') }], words: 'per capita', preset: 'per_capita', transform: 'Units=pc1' },
      { expression: 'a/b', operands: [{ name: 'a', query: gdp('TH') }, { name: 'b', query: pop('TH') }], words: 'per capita', preset: 'per_capita', transform: 'Units=pc1' },
    ]);
    expect(presetRequests('share_of_gdp', [gdp('VN')], '')[0]).not.toHaveProperty('transform');
    expect(presetRequests('real', [gdp('VN')], '')[0]!.operands[1]).toEqual({ name: 'b', query: { ...gdp('VN'), indicator: 'NY.GDP.DEFL.KD.ZG' }, transform: 'Level=pch' });
  });

  it('a new result transform keeps the expression and operands; none removes it', () => {
    const [r] = presetRequests('usd', [gdp('VN')], 'Units=pc1');
    expect(withResultTransform([r!], 'Units=log')[0]).toEqual({ ...r, transform: 'Units=log' });
    expect(withResultTransform([r!], '')[0]).not.toHaveProperty('transform');
    expect(resultTransform([r!])).toBe('Units=pc1');
    expect(resultTransform([r!, { ...r!, transform: 'Units=log' }])).toBe('');
    expect(derivedWords([r!, r!])).toBe('in US dollars');
    expect(derivedWords([r!, { ...r!, words: 'per capita' }])).toBe('');
  });

  it('a derived view\'s operand queries, in order', () => {
    expect(operandQueries(presetRequests('per_capita', [gdp('VN'), gdp('TH')], ''))).toEqual([gdp('VN'), pop('VN'), gdp('TH'), pop('TH')]);
  });
});

describe('exports of a derived view', () => {
  it('a file written here holds the derived series and keeps the recipes; the service\'s own export is refused with a sentence', () => {
    const derived = presetRequests('per_capita', [gdp('VN')], 'Units=pc1');
    const queries = operandQueries(derived);
    expect(exportRequest('local-xlsx', queries, 'GDP per capita', 'library', 'Units=pc1', derived)).toEqual({
      operation: 'exports.writeLocal',
      request: { queries, format: 'xlsx', name: 'GDP per capita', destination: 'library', derived },
    });
    expect(exportRequest('service-csv', queries, 'x', 'downloads', '', derived)).toBe(
      'The service\'s own export holds series as the service publishes them; a derived series is computed here from 2 of them. Export a workbook or CSV written here: it keeps the formula, and Saved exports can re-run it.',
    );
  });
});
