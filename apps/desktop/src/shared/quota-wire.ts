/** core's QuotaStatus to and from its JSON-safe form (Dates as ISO strings). */
import type { QuotaStatus, QuotaWindowStatus } from '@econdata/core';
import type { QuotaStatusWire, QuotaWindowWire } from './contract.ts';

function windowToWire(w: QuotaWindowStatus): QuotaWindowWire {
  return { used: w.used, limit: w.limit, remaining: w.remaining, resetAt: w.resetAt === null ? null : w.resetAt.toISOString() };
}

function windowFromWire(w: QuotaWindowWire): QuotaWindowStatus {
  return { used: w.used, limit: w.limit, remaining: w.remaining, resetAt: w.resetAt === null ? null : new Date(w.resetAt) };
}

/** Main side: the status as it crosses the bridge. */
export function quotaToWire(s: QuotaStatus): QuotaStatusWire {
  return {
    plan: s.plan, minute: windowToWire(s.minute), day: windowToWire(s.day), exhausted: s.exhausted,
    queued: { ...s.queued }, inFlight: s.inFlight, timeScale: s.timeScale,
  };
}

/** Renderer side: core's QuotaStatus again, with Dates. */
export function quotaFromWire(s: QuotaStatusWire): QuotaStatus {
  return {
    plan: s.plan, minute: windowFromWire(s.minute), day: windowFromWire(s.day), exhausted: s.exhausted,
    queued: { ...s.queued }, inFlight: s.inFlight, timeScale: s.timeScale,
  };
}
