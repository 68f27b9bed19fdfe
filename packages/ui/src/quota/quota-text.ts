/** The words of the QuotaMeter, pure so they are unit-tested exactly. */
import type { QuotaStatus, QuotaWindowStatus } from '@econdata/core';
import { formatClock, formatCount } from '../format/time.ts';

/** "7 of 10 left this minute", or "Unlimited this minute". */
export function windowText(w: QuotaWindowStatus, span: 'minute' | 'day'): string {
  const where = span === 'minute' ? 'this minute' : 'today';
  if (w.limit === null) return `Unlimited ${where}`;
  return `${formatCount(w.remaining ?? 0)} of ${formatCount(w.limit)} left ${where}`;
}

/** "Resets at 14:05" for a window that has a reset time. */
export function resetText(w: QuotaWindowStatus, timeZone?: string): string | null {
  if (w.limit === null || !w.resetAt) return null;
  return `${w.remaining === 0 ? 'Room again at' : 'Next slot frees at'} ${formatClock(w.resetAt, timeZone)}`;
}

/** "3 requests queued (1 in background)", or null when nothing waits. */
export function queueText(s: QuotaStatus): string | null {
  const total = s.queued.interactive + s.queued.background;
  if (total === 0) return null;
  const bg = s.queued.background > 0 ? ` (${s.queued.background} in background)` : '';
  return `${total} ${total === 1 ? 'request' : 'requests'} queued${bg}`;
}

/** The one-line summary the compact meter shows: "Free plan: 92 of 100 left today, 7 of 10 this minute". */
export function compactText(s: QuotaStatus): string {
  if (s.minute.limit === null && s.day.limit === null) return `${s.plan} plan: unlimited`;
  if (s.exhausted) return `${s.plan} plan: daily limit reached`;
  const part = (w: QuotaWindowStatus, span: string): string => (w.limit === null ? `unlimited ${span}` : `${formatCount(w.remaining ?? 0)} of ${formatCount(w.limit)}${span === 'today' ? ' left' : ''} ${span}`);
  return `${s.plan} plan: ${part(s.day, 'today')}, ${part(s.minute, 'this minute')}`;
}

/** 0..1 of the window still free, for the bar; 1 when unlimited. */
export function fractionLeft(w: QuotaWindowStatus): number {
  if (w.limit === null || w.limit === 0) return 1;
  return Math.max(0, Math.min(1, (w.remaining ?? 0) / w.limit));
}

/**
 * The compact meter's words while nothing answers: who is silent, and since when. "Since" only when
 * a reachability watch checks (`checked`): otherwise the time is that of the request that failed,
 * and the service may have stopped long before it.
 */
export function notAnsweringText(who: 'service' | 'local', at: Date, timeZone?: string, checked = false): { label: string; detail: string } {
  const since = formatClock(at, timeZone);
  const whom = who === 'local' ? 'the explorer\'s local server' : 'the service';
  if (checked) {
    const what = who === 'local'
      ? `The explorer's local server stopped answering at ${since}. Start it again (bash scripts/start.sh) and reload this page.`
      : `The service stopped answering at ${since} (no connection, or it timed out). It is checked every 30 seconds without spending quota, and this turns back by itself when it answers; check the network or the service's address in Connection.`;
    return { label: `Not answering since ${since}: ${whom}`, detail: what };
  }
  return who === 'local'
    ? { label: `Not answering: ${whom}`, detail: `The explorer's local server stopped answering at ${since}. Start it again (bash scripts/start.sh) and reload this page; this turns back once a request gets an answer.` }
    : { label: `Not answering: ${whom}`, detail: `The service did not answer at ${since} (no connection, or it timed out). Check the network or the service's address in Connection; this turns back once a request gets an answer.` };
}
