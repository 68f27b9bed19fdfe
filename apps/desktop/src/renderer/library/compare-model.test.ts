import { describe, expect, it } from 'vitest';
import { compareSeries } from '@econdata/sheets';
import { gdp } from '../testing/series.ts';
import { tableModel } from '../series/table-model.ts';
import { cellChange, changeIndex, diffSummary } from './compare-model.ts';

describe('compare highlighting', () => {
  const older = [gdp('VN', 'Viet Nam', ['2019', '2020'], [331, 346]), gdp('TH', 'Thailand', ['2019', '2020'], [500, 501])];
  const newer = [gdp('VN', 'Viet Nam', ['2019', '2020', '2021'], [331, 347.5, 366]), gdp('TH', 'Thailand', ['2019', '2020'], [500, 501])];

  it('marks the revised and added cells of the newer table, and nothing else', () => {
    const index = changeIndex(compareSeries(older, newer));
    const t = tableModel(newer);
    const marks = Array.from({ length: t.rowCount }, (_, r) => t.columns.map((col) => cellChange(index, col, t.period(r))?.kind ?? '-'));
    expect(marks).toEqual([
      ['-', '-', '-'],
      ['-', 'revised', '-'],
      ['-', 'added', '-'],
    ]);
    expect(cellChange(index, t.columns[1]!, '2020')).toEqual({ kind: 'revised', old: 346, new: 347.5, change: 1.5 });
  });

  it('says what changed in sentences', () => {
    expect(diffSummary(compareSeries(older, newer))).toEqual(['GDP (current US$): Viet Nam: 1 value revised, 1 value added.']);
    expect(diffSummary(compareSeries(older, older))).toEqual(['No value changed: the 2 series are identical in both exports.']);
    expect(diffSummary(compareSeries(older, [older[0]!]))).toEqual(['GDP (current US$): Thailand: only in the older export.']);
  });
});
