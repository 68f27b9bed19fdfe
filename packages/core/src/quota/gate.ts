/**
 * The seam between the client and the plan-aware quota ledger. The client asks the gate before
 * every attempt it sends (retries included) and reports how the attempt ended; the ledger decides
 * when a request may go, queues it by priority, and refuses at once when the day is spent.
 */
import type { QuotaStatus } from './status.ts';

/** A request a person is waiting for goes before background work (e.g. refreshing a whole workbook). */
export type RequestPriority = 'interactive' | 'background';

export interface AcquireOptions {
  priority: RequestPriority;
  /** Cancels the wait: acquire rejects with an AbortError. */
  signal?: AbortSignal;
}

/** What the service said about its own counters, when it sent rate-limit headers. */
export interface ServerUsageHint {
  limitMinute?: number;
  remainingMinute?: number;
  limitDay?: number;
  remainingDay?: number;
}

/** One admitted request. Exactly one of its methods is called, once. */
export interface RequestPermit {
  /** The request reached the service and was answered (any status except a rate-limit refusal). */
  answered(hint?: ServerUsageHint): void;
  /** The service refused for rate limits (429, or a 403 saying so): someone else may be using the key. */
  refused(info: { retryAfterMs?: number; scope?: 'minute' | 'day'; hint?: ServerUsageHint }): void;
  /** The request may or may not have reached the service (connection error, timeout): counted as sent. */
  failed(): void;
  /** The request was never sent (cancelled before it left): its slot is given back. */
  unused(): void;
}

/** Admits requests under the plan's limits. */
export interface RequestGate {
  /**
   * Waits until one more request fits the plan's windows.
   * Rejects with QuotaExhaustedError (with `resetAt`) when the day's allowance is spent, and with
   * AbortError when `signal` aborts while waiting.
   */
  acquire(options: AcquireOptions): Promise<RequestPermit>;
  /**
   * Optional cost preview: whether `requestCount` more requests (counted after de-duplication,
   * cache and batching) fit today's and this minute's allowance, and how long they would take.
   */
  estimate?(requestCount: number): Promise<QuotaEstimate>;
  /** Optional: usage, limits and reset times of both windows, and the queue (the ledger has it). */
  status?(): QuotaStatus;
  /** Optional: calls `fn` with the new status on every change; returns the unsubscribe function. */
  subscribe?(fn: (status: QuotaStatus) => void): () => void;
}

/** What a job of `requests` requests would cost against the plan, before it runs. */
export interface QuotaEstimate {
  requests: number;
  /** Today's remaining allowance (after the requests already queued) covers the job. */
  fitsToday: boolean;
  /** Requests left in the day window now; null when the plan has no daily limit. */
  remainingToday: number | null;
  /** The job could be sent at once without waiting for the minute window. */
  fitsThisMinute: boolean;
  /** How long until the job's last request could be sent (real milliseconds), queue included. */
  estimatedWaitMs: number;
}

/** A gate that admits everything at once: for an unlimited plan's tests, or when no ledger is wanted. */
export const openGate: RequestGate = {
  acquire: async () => ({ answered() {}, refused() {}, failed() {}, unused() {} }),
};
