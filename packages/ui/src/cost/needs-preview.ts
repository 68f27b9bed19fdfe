/** When a job's cost is worth a question before it runs: the one rule both apps ask. */
import type { Estimate } from '@econdata/core';

/** Requests a job may take without asking first (when the quota has room). */
export const COST_PREVIEW_FREE_REQUESTS = 3;

/**
 * Whether to show the CostPreview before running a job: when it needs more than
 * COST_PREVIEW_FREE_REQUESTS requests, more than a tenth of what is left today, or does not fit
 * today's or this minute's allowance (it would fail, or wait). A job answered from the cache asks nothing.
 *
 * @example needsCostPreview(await client.estimate(queries)) // false for 1 request with room to spare
 */
export function needsCostPreview(estimate: Estimate): boolean {
  const q = estimate.quota;
  if (q !== undefined && (!q.fitsToday || !q.fitsThisMinute)) return true;
  if (estimate.requests > COST_PREVIEW_FREE_REQUESTS) return true;
  const left = q?.remainingToday;
  return left !== undefined && left !== null && estimate.requests > 0 && estimate.requests > left / 10;
}
