import { describe, expect, it } from 'vitest';
import type { Estimate } from '@econdata/core';
import { COST_PREVIEW_FREE_REQUESTS, needsCostPreview } from '../src/index.ts';

function estimate(requests: number, quota?: Partial<NonNullable<Estimate['quota']>>): Estimate {
  const base = { queries: requests, unique: requests, duplicates: 0, invalid: 0, cached: 0, requests, batchRequests: 0, singleRequests: requests, minimumRequests: requests } as unknown as Estimate;
  return quota ? { ...base, quota: { requests, fitsToday: true, fitsThisMinute: true, remainingToday: 1000, estimatedWaitMs: 0, ...quota } } : base;
}

describe('needsCostPreview: the one rule both apps ask before a job runs', () => {
  it(`asks above ${COST_PREVIEW_FREE_REQUESTS} requests, above a tenth of what is left today, or when the job does not fit today or this minute`, () => {
    expect(COST_PREVIEW_FREE_REQUESTS).toBe(3);
    expect(needsCostPreview(estimate(1))).toBe(false);
    expect(needsCostPreview(estimate(3))).toBe(false);
    expect(needsCostPreview(estimate(3, {}))).toBe(false);
    expect(needsCostPreview(estimate(4))).toBe(true);
    expect(needsCostPreview(estimate(6))).toBe(true);
    expect(needsCostPreview(estimate(2, { remainingToday: 100 }))).toBe(false);
    expect(needsCostPreview(estimate(2, { remainingToday: 15 }))).toBe(true);
    expect(needsCostPreview(estimate(1, { fitsToday: false, remainingToday: 0 }))).toBe(true);
    expect(needsCostPreview(estimate(1, { fitsToday: false }))).toBe(true);
    expect(needsCostPreview(estimate(1, { fitsThisMinute: false }))).toBe(true);
    expect(needsCostPreview(estimate(2, { remainingToday: null }))).toBe(false);
    expect(needsCostPreview(estimate(0, { remainingToday: 0 }))).toBe(false);
  });
});
