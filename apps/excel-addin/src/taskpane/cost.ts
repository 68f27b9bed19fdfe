/** When a job's cost is worth a question before it runs. */
import type { Estimate } from '@econdata/core';

/** Requests a job may take without asking first. */
const FREE_REQUESTS = 3;

/**
 * Ask first when the job needs more than a few requests, or more than a tenth of what is left
 * today, or does not fit today at all.
 */
export function needsCostPreview(e: Estimate): boolean {
  if (e.quota?.fitsToday === false) return true;
  if (e.requests > FREE_REQUESTS) return true;
  const left = e.quota?.remainingToday;
  return left !== undefined && left !== null && e.requests > 0 && e.requests > left / 10;
}
