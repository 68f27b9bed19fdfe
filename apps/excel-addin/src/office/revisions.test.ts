/** The refresh summary of one block: each revised value says whose it is (issue 28, item 8). */
import { describe, expect, it } from 'vitest';
import type { RevisionDiff } from '@econdata/sheets';
import { changeParts, describeChanges, summaryText } from './revisions.ts';

const revisedOf = (title: string, period: string, old: number, now: number): RevisionDiff['changed'][number] => ({
  id: `indicator:WB:NY.GDP.MKTP.CD:${title}`, title, revised: [{ column: 'value', period, old, new: now }], added: [], removed: [],
}) as unknown as RevisionDiff['changed'][number];

describe('describeChanges', () => {
  it('names the series of each revised value in a block of several (country and indicator)', () => {
    const diff: RevisionDiff = {
      seriesAdded: [], seriesRemoved: [], unchanged: [],
      changed: [revisedOf('GDP (current US$): Thailand', '2022', 413445230668.578, 414000000000), revisedOf('GDP (current US$): Vietnam', '2021', 366474752771, 366000000000)],
    };
    expect(describeChanges('GDP (current US$): Vietnam, Thailand', diff)).toBe(
      'GDP (current US$): Vietnam, Thailand: 2 values revised (GDP (current US$): Thailand, 2022: 413,445,230,668.578 → 414,000,000,000; GDP (current US$): Vietnam, 2021: 366,474,752,771 → 366,000,000,000).',
    );
  });

  it('does not repeat the block title when the block is that one series', () => {
    const diff: RevisionDiff = { seriesAdded: [], seriesRemoved: [], unchanged: [], changed: [revisedOf('GDP (current US$): Vietnam', '2020', 1, 2)] };
    expect(describeChanges('GDP (current US$): Vietnam', diff)).toBe('GDP (current US$): Vietnam: 1 value revised (2020: 1 → 2).');
  });

  it('gives each revised value shown as a piece of its own, with the cell it was found in (a click selects it)', () => {
    const th = revisedOf('GDP (current US$): Thailand', '2022', 1, 2);
    const vn = revisedOf('GDP (current US$): Vietnam', '2021', 3, 4);
    const diff: RevisionDiff = { seriesAdded: [], seriesRemoved: [], unchanged: [], changed: [th, { ...vn, added: [{ period: '2023', value: 5 }] } as RevisionDiff['changed'][number]] };
    const cells = [{ row: 5, column: 2, id: th.id, period: '2022', key: 'value' }];
    expect(changeParts('GDP (current US$): Vietnam, Thailand', diff, cells)).toEqual([
      'GDP (current US$): Vietnam, Thailand: ', '2 values revised (',
      { text: 'GDP (current US$): Thailand, 2022: 1 → 2', cell: { row: 5, column: 2 } }, '; ',
      { text: 'GDP (current US$): Vietnam, 2021: 3 → 4', cell: undefined }, '), ', '1 added.',
    ]);
  });

  it('says what a block written as of a date shows: values as known then, periods not yet published, never "revised"', () => {
    const vn = { ...revisedOf('GDP (current US$): Vietnam', '2022', 441, 433), removed: [{ period: '2024', value: 9 }] } as unknown as RevisionDiff['changed'][number];
    const diff: RevisionDiff = { seriesAdded: [], seriesRemoved: [], unchanged: [], changed: [vn] };
    expect(summaryText(changeParts('GDP (current US$): Vietnam', diff, [], '2026-03-31'))).toBe(
      'GDP (current US$): Vietnam: 1 value as known on 2026-03-31 (2022: 441 → 433), 1 not yet published on 2026-03-31.',
    );
  });
});
