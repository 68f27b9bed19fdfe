import { describe, expect, it } from 'vitest';
import { applyTransform } from '@econdata/analysis';
import type { SeriesQuery } from '@econdata/core';
import { gso } from '../../../test/support/series.ts';
import { exportRequest } from '../exports/export-kinds.ts';
import { choose, chooseSeasonal, conversionNote, isChosen, nativeLowest, seasonalOffered, transformWarnings, withoutSeasonal, withPer } from './transform-choices.ts';

const months = Array.from({ length: 24 }, (_, i) => `${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);

describe('the transform control', () => {
  it('turns seasonal adjustment on and off on top of the rest, and strips it for the original', () => {
    expect(chooseSeasonal('Units=pch', 'tet')).toBe('SA=tet Units=pch');
    expect(chooseSeasonal('SA=tet Tet=7,7 Units=pch', 'stl')).toBe('SA=stl Units=pch');
    expect(chooseSeasonal('SA=stl Robust=Y MA=3', 'stl')).toBe('MA=3');
    expect(choose('SA=tet Units=pch', 'pc1', 'monthly', '2015')).toBe('SA=tet Units=pc1');
    expect(withoutSeasonal('Level=pch SA=tet Seasonal=13 Tet=7,7 Units=pch')).toBe('Level=pch Units=pch');
    expect((['monthly', 'quarterly', 'annual', 'daily'] as const).map(seasonalOffered)).toEqual([true, true, false, false]);
  });

  it('writes analysis\'s canonical text for each one-click choice', () => {
    expect(choose('', 'pc1', 'annual', '2015')).toBe('Units=pc1');
    expect(choose('Units=pc1', 'pch', 'annual', '2015')).toBe('Units=pch');
    expect(choose('Units=pc1 MA=3', 'level', 'annual', '2015')).toBe('MA=3');
    expect(choose('Units=pc1', 'index', 'annual', '2015')).toBe('Rebase=2015');
    expect(choose('Rebase=2015', 'log', 'annual', '2015')).toBe('Units=log');
    // The moving average toggles, over about a year at the frequency shown (or converted to).
    expect(choose('Units=pc1', 'ma', 'monthly', '2015')).toBe('Units=pc1 MA=12');
    expect(choose('Per=Q', 'ma', 'monthly', '2015')).toBe('Per=Q MA=4');
    expect(choose('Units=pc1 MA=12', 'ma', 'monthly', '2015')).toBe('Units=pc1');
    expect(withPer('Units=pc1', 'annual')).toBe('Per=A Units=pc1');
    expect(withPer('Per=A Agg=sum Units=pc1', undefined)).toBe('Units=pc1');
  });

  it('says which choice is in use', () => {
    expect(['level', 'pc1', 'index', 'ma'].map((c) => isChosen('', c as 'level'))).toEqual([true, false, false, false]);
    expect(['level', 'pc1', 'index', 'ma'].map((c) => isChosen('Units=pc1 MA=4', c as 'level'))).toEqual([false, true, false, true]);
    expect(isChosen('Rebase=2015', 'index')).toBe(true);
  });

  it('offers conversion below the lowest frequency the queries come in', () => {
    expect(nativeLowest([{ kind: 'trade' }, { kind: 'stock', symbol: 'VNM' }])).toBe('monthly');
    expect(nativeLowest([{ kind: 'indicator', source: 'WB', indicator: 'X' }])).toBe('annual');
    expect(nativeLowest([{ kind: 'indicator', source: 'GSO', indicator: 'X' }])).toBeUndefined();
  });

  it('names a common-frequency conversion main made, and not one the user asked for', () => {
    const monthly = gso('monthly', months, months.map((_, i) => 100 + i));
    const converted = applyTransform(monthly, 'Per=A');
    const annual = gso('annual', ['2020', '2021'], [1, 2]);
    expect(conversionNote([converted, annual], '')).toBe('Shown annually, the lowest frequency open: Consumer price index as the annual average of the monthly values.');
    const summed = applyTransform(monthly, 'Per=Q Agg=sum');
    expect(conversionNote([summed], '')).toBe('Shown quarterly, the lowest frequency open: Consumer price index as the quarterly sum of the monthly values.');
    // A query at the service's default frequency names none: the words come from what analysis recorded.
    const { frequency: _f, ...unnamed } = monthly.provenance.query as Extract<SeriesQuery, { kind: 'indicator' }>;
    const atDefault = applyTransform({ ...monthly, provenance: { ...monthly.provenance, query: unnamed } }, 'Per=Q');
    expect(conversionNote([atDefault], '')).toBe('Shown quarterly, the lowest frequency open: Consumer price index as the quarterly average of the monthly values.');
    expect(conversionNote([converted], 'Per=A')).toBeNull();
    expect(conversionNote([annual], '')).toBeNull();
  });

  it('gathers the engine\'s warnings once each (pc1 of a percentage suggests ch1)', () => {
    const percent = gso('monthly', months, months.map((_, i) => 1 + i / 10));
    const a = applyTransform(percent, 'Units=pc1');
    const warnings = transformWarnings([a, a]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/ch1/);
  });

  it('exports what the chart shows: the transform goes with a file written here; the service\'s own export is refused', () => {
    const q = [{ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' } as const];
    expect(exportRequest('local-xlsx', q, 'g', 'library', 'Units=pc1')).toEqual({ operation: 'exports.writeLocal', request: { queries: q, format: 'xlsx', name: 'g', destination: 'library', transform: 'Units=pc1' } });
    expect(exportRequest('service-csv', q, 'g', 'library', 'Units=pc1')).toBe("The service's own export holds the series as the service publishes them, not as shown here (Units=pc1). Export a workbook or CSV written here to keep what the chart shows, or choose Level to export the service's file.");
    expect(exportRequest('service-csv', q, 'g', 'library')).toMatchObject({ operation: 'exports.service' });
  });
});
