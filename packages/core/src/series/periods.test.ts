import { describe, expect, it } from 'vitest';
import { isCanonicalPeriod, isReadablePeriod, normalizePeriod, possibleFrequencies, yearOfAnnualPeriod, yearPeriod } from './periods.ts';

describe('period spellings', () => {
  it.each([
    ['2024-03', 'monthly', '2024-03'],
    ['2024M03', 'monthly', '2024-03'],
    ['2024-03-01', 'monthly', '2024-03'],
    ['202403', 'monthly', '2024-03'],
    ['202412', 'monthly', '2024-12'],
    ['2024-Q1', 'quarterly', '2024-Q1'],
    ['2024Q1', 'quarterly', '2024-Q1'],
    ['Q1 2024', 'quarterly', '2024-Q1'],
    ['Q4 2024', 'quarterly', '2024-Q4'],
    ['2024-01-01', 'quarterly', '2024-Q1'],
    ['2024-04-01', 'quarterly', '2024-Q2'],
    ['2024-07-01', 'quarterly', '2024-Q3'],
    ['2024-10-01', 'quarterly', '2024-Q4'],
    ['2024', 'annual', '2024'],
    ['2024-01-01', 'annual', '2024'],
    ['2024-03-15', 'daily', '2024-03-15'],
    ['2024-02-29', 'daily', '2024-02-29'],
  ] as const)('%s at %s is %s', (raw, frequency, expected) => {
    expect(normalizePeriod(raw, frequency)).toBe(expected);
  });

  it.each([
    ['2024M3', 'monthly'], ['2024M13', 'monthly'], ['2024-13', 'monthly'], ['202413', 'monthly'], ['2024-03-15', 'monthly'], ['March 2024', 'monthly'], ['2024-Q1', 'monthly'],
    ['2024Q5', 'quarterly'], ['Q1-2024', 'quarterly'], ['2024 Q1', 'quarterly'], ['2024-02-01', 'quarterly'], ['2024-04-02', 'quarterly'], ['2024-03', 'quarterly'],
    ['2024-03-01', 'annual'], ['2024-01-02', 'annual'], ['24', 'annual'], ['20240', 'annual'], ['FY2024', 'annual'],
    ['2023-02-29', 'daily'], ['2024-04-31', 'daily'], ['2024/03/15', 'daily'], ['2024-03-15T00:00:00Z', 'daily'], ['15.03.2024', 'daily'],
  ] as const)('%s is no %s period', (raw, frequency) => {
    expect(normalizePeriod(raw, frequency)).toBeNull();
  });

  it('says which frequencies a spelling can be read at', () => {
    expect(possibleFrequencies('2024')).toEqual(['annual']);
    expect(possibleFrequencies('2024M03')).toEqual(['monthly']);
    expect(possibleFrequencies('Q2 2024')).toEqual(['quarterly']);
    expect(possibleFrequencies('2024-01-01')).toEqual(['annual', 'quarterly', 'monthly', 'daily']);
    expect(possibleFrequencies('2024-04-01')).toEqual(['quarterly', 'monthly', 'daily']);
    expect(possibleFrequencies('2024-03-01')).toEqual(['monthly', 'daily']);
    expect(possibleFrequencies('2024-03-15')).toEqual(['daily']);
    expect(possibleFrequencies('March 2024')).toEqual([]);
    expect(isReadablePeriod('2024-Q1')).toBe(true);
    expect(isReadablePeriod('2024-13')).toBe(false);
  });

  it('the canonical forms are PERIOD_PATTERNS, daily ones also real days', () => {
    expect(isCanonicalPeriod('2024-03', 'monthly')).toBe(true);
    expect(isCanonicalPeriod('2024M03', 'monthly')).toBe(false);
    expect(isCanonicalPeriod('2024-02-30', 'daily')).toBe(false);
    expect(isCanonicalPeriod('2000-02-29', 'daily')).toBe(true);
    expect(isCanonicalPeriod('1900-02-29', 'daily')).toBe(false);
  });

  it('a canonical annual period is four ASCII digits, read as its year; the period of a year is its four digits', () => {
    expect(['2024', '0999', '9999'].map(yearOfAnnualPeriod)).toEqual([2024, 999, 9999]);
    expect(['', '202', '20240', '2O24', '2024 ', '-202', '２０２４'].map(yearOfAnnualPeriod)).toEqual([-1, -1, -1, -1, -1, -1, -1]);
    expect(['2024', '202', '2O24'].map((p) => isCanonicalPeriod(p, 'annual'))).toEqual([true, false, false]);
    expect([1000, 2024, 9999].map(yearPeriod)).toEqual(['1000', '2024', '9999']);
    expect(yearPeriod(2024)).toBe(yearPeriod(2024));
  });
});
