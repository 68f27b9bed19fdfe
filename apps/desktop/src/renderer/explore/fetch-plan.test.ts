import { describe, expect, it } from 'vitest';
import type { Estimate } from '@econdata/core';
import { fetchName, isGsoFetch, needsConfirmation, withFrequency } from './fetch-plan.ts';

const estimate = (requests: number, quota?: Partial<NonNullable<Estimate['quota']>>): Estimate => ({
  queries: requests, unique: requests, duplicates: 0, invalid: 0, cached: 0, requests, batchRequests: 0, singleRequests: requests, minimumRequests: requests,
  ...(quota ? { quota: { requests, fitsToday: true, fitsThisMinute: true, remainingToday: 100, estimatedWaitMs: 0, ...quota } } : {}),
} as Estimate);

describe('fetch plan', () => {
  it('asks before a large fetch or one the quota cannot take', () => {
    expect(needsConfirmation(estimate(1))).toBe(false);
    expect(needsConfirmation(estimate(5, {}))).toBe(false);
    expect(needsConfirmation(estimate(6))).toBe(true);
    expect(needsConfirmation(estimate(1, { fitsToday: false }))).toBe(true);
    expect(needsConfirmation(estimate(1, { fitsThisMinute: false }))).toBe(true);
  });

  it('switches the frequency of GSO queries only', () => {
    const gso = { kind: 'indicator' as const, source: 'GSO', indicator: 'CPI', frequency: 'monthly' as const };
    const wb = { kind: 'indicator' as const, source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' };
    expect(isGsoFetch([gso])).toBe(true);
    expect(isGsoFetch([gso, wb])).toBe(false);
    expect(isGsoFetch([])).toBe(false);
    expect(withFrequency([gso, wb], 'quarterly')).toEqual([{ ...gso, frequency: 'quarterly' }, wb]);
  });

  it('names a fetch after what it holds', () => {
    expect(fetchName(['GDP (current US$): Viet Nam', 'GDP (current US$): Thailand'])).toBe('GDP (current US$): Viet Nam, Thailand');
    expect(fetchName(['VNM'])).toBe('VNM');
    expect(fetchName(['A: x', 'B: y', 'C: z'])).toBe('A: x and 2 more');
    expect(fetchName([])).toBe('Export');
    // A transform's words, at the end of every title, are said once.
    const growth = ['GDP (current US$): Viet Nam, % change from a year ago', 'GDP (current US$): Thailand, % change from a year ago'];
    expect(fetchName(growth, '% change from a year ago')).toBe('GDP (current US$): Viet Nam, Thailand, % change from a year ago');
    expect(fetchName(growth)).toBe('GDP (current US$): Viet Nam, % change from a year ago, Thailand, % change from a year ago');
  });
});
