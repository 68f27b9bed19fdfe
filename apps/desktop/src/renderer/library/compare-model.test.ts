import { describe, expect, it } from 'vitest';
import { compareSeries } from '@econdata/sheets';
import { gdp } from '../../../test/support/series.ts';
import { tableModel } from '../series/table-model.ts';
import { cellChange, changeIndex, diffSummary, revisionLines } from './compare-model.ts';

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

  it('lists the revisions with their change in percent, the first few only', () => {
    const diff = compareSeries(older, newer);
    expect(revisionLines(diff)).toEqual(['GDP (current US$): Viet Nam, 2020: 346 → 347.5 (+0.43%)']);
    const many = compareSeries([gdp('VN', 'Viet Nam', ['2019', '2020', '2021'], [1, 2, 0])], [gdp('VN', 'Viet Nam', ['2019', '2020', '2021'], [2, 3, 5])]);
    expect(revisionLines(many, 2)).toEqual([
      'GDP (current US$): Viet Nam, 2019: 1 → 2 (+100%)',
      'GDP (current US$): Viet Nam, 2020: 2 → 3 (+50%)',
      'and 1 more revised values (highlighted in the table)',
    ]);
    expect(revisionLines(many, 5)[2]).toBe('GDP (current US$): Viet Nam, 2021: 0 → 5');
  });
});
