import { describe, expect, it } from 'vitest';
import { isCanonicalPeriod, isReadablePeriod, normalizePeriod, possibleFrequencies, yearOfAnnualPeriod, yearPeriod } from './periods.ts';
import { PERIOD_PATTERNS } from '../series.ts';

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

  it('a canonical daily period, read by character, is exactly PERIOD_PATTERNS.daily and a real day (every day 1800-2100, and texts near one)', () => {
    // The rule as it was written: the pattern, then the calendar by Date.UTC.
    const reference = (p: string): boolean => {
      const m = PERIOD_PATTERNS.daily.exec(p);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const t = new Date(Date.UTC(2000, mo - 1, d));
      t.setUTCFullYear(y);
      return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
    };
    const texts: string[] = [];
    for (let t = Date.UTC(1800, 0, 1); t <= Date.UTC(2100, 11, 31); t += 86_400_000) texts.push(new Date(t).toISOString().slice(0, 10));
    expect(texts.every((p) => isCanonicalPeriod(p, 'daily'))).toBe(true);
    // Every one-character change of some days, and other lengths: the two rules agree on each.
    const alphabet = ['0', '1', '2', '3', '9', '-', '/', ' ', 'O', '\n', '٣', '３'];
    const near: string[] = ['', '2024-3-15', '2024-03-5', '12024-03-15', '2024-03-15 ', ' 2024-03-15', '2024-03-15\n', '0000-01-01', '9999-12-31', '2023-02-29', '2024-02-29', '2100-02-29', '2000-02-29', '2024-00-10', '2024-13-01', '2024-04-31', '2024-01-00', '2024-01-32'];
    for (const day of ['2024-02-29', '1999-12-31', '2010-10-10', '0001-01-01']) {
      for (let at = 0; at < day.length; at++) for (const c of alphabet) near.push(day.slice(0, at) + c + day.slice(at + 1));
    }
    expect(near.filter((p) => isCanonicalPeriod(p, 'daily') !== reference(p))).toEqual([]);
    expect(near.filter((p) => isCanonicalPeriod(p, 'daily')).length).toBeGreaterThan(20);
  });

  it('a canonical annual period is four ASCII digits, read as its year; the period of a year is its four digits', () => {
    expect(['2024', '0999', '9999'].map(yearOfAnnualPeriod)).toEqual([2024, 999, 9999]);
    expect(['', '202', '20240', '2O24', '2024 ', '-202', '２０２４'].map(yearOfAnnualPeriod)).toEqual([-1, -1, -1, -1, -1, -1, -1]);
    expect(['2024', '202', '2O24'].map((p) => isCanonicalPeriod(p, 'annual'))).toEqual([true, false, false]);
    expect([1000, 2024, 9999].map(yearPeriod)).toEqual(['1000', '2024', '9999']);
    expect(yearPeriod(2024)).toBe(yearPeriod(2024));
  });
});
