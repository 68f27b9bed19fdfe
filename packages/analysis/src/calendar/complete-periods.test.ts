import { describe, expect, it } from 'vitest';
import { completePeriods } from './calendar.ts';

describe('completePeriods', () => {
  it('fills every period between the first and the last, at each regular frequency', () => {
    expect(completePeriods(['2013-11', '2014-02'], 'monthly')).toEqual(['2013-11', '2013-12', '2014-01', '2014-02']);
    expect(completePeriods(['2023-Q3', '2024-Q2'], 'quarterly')).toEqual(['2023-Q3', '2023-Q4', '2024-Q1', '2024-Q2']);
    expect(completePeriods(['1999', '2002'], 'annual')).toEqual(['1999', '2000', '2001', '2002']);
  });

  it('returns the same list when nothing is missing, and daily lists as given (markets close on weekends)', () => {
    const full = ['2024-01', '2024-02'];
    expect(completePeriods(full, 'monthly')).toBe(full);
    const days = ['2024-03-01', '2024-03-04'];
    expect(completePeriods(days, 'daily')).toBe(days);
    expect(completePeriods([], 'annual')).toEqual([]);
  });
});
