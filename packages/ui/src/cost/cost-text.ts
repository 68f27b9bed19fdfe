/** The CostPreview's words, pure for exact tests. */
import type { Estimate } from '@econdata/core';
import { formatCount, formatDuration } from '../format/time.ts';

export interface CostWords {
  /** "This needs 5 requests; 92 left today." */
  summary: string;
  /** A warning when the job does not fit today or this minute; null when it fits. */
  warning: string | null;
  /** Whether it can run at all today. */
  fitsToday: boolean;
}

const requests = (n: number): string => `${formatCount(n)} ${n === 1 ? 'request' : 'requests'}`;

/** Words for an estimate: the cost against what is left, and whether it fits. */
export function costWords(estimate: Estimate): CostWords {
  const n = estimate.requests;
  const cached = estimate.cached > 0 ? ` (${formatCount(estimate.cached)} already cached)` : '';
  const q = estimate.quota;
  if (n === 0) return { summary: 'This needs no request: everything is cached.', warning: null, fitsToday: true };
  if (!q) return { summary: `This needs ${requests(n)}${cached}.`, warning: null, fitsToday: true };
  const left = q.remainingToday === null ? 'no daily limit on your plan' : `${formatCount(q.remainingToday)} left today`;
  const summary = `This needs ${requests(n)}${cached}; ${left}.`;
  if (!q.fitsToday) {
    return { summary, warning: `It does not fit today's allowance: ${requests(n - (q.remainingToday ?? 0))} too many. Select fewer series, or wait for the daily reset.`, fitsToday: false };
  }
  if (!q.fitsThisMinute) {
    return { summary, warning: `It does not fit this minute's allowance: requests will be spread out, about ${formatDuration(q.estimatedWaitMs)} in all.`, fitsToday: true };
  }
  return { summary, warning: null, fitsToday: true };
}
