/** Small, locale-stable formatters the components share (tests pin `timeZone: 'UTC'`). */

/** "14:05", or "14:05 UTC" when the zone is UTC; 24-hour so it reads the same everywhere. */
export function formatClock(date: Date, timeZone?: string): string {
  const text = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, ...(timeZone ? { timeZone } : {}) }).format(date);
  return timeZone === 'UTC' ? `${text} UTC` : text;
}

/** "2026-11-22 14:05" (with " UTC" in UTC): a timestamp a person reads in provenance. */
export function formatDateTime(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(date);
  return `${parts} ${formatClock(date, timeZone)}`;
}

/** "1,234": whole numbers with thousands separators. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-US').format(n);
}

/** "3 days", "1 hour", "just now": how old something is. */
export function formatAge(from: Date, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - from.getTime()) / 1000));
  const unit = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (s < 60) return 'just now';
  if (s < 3600) return unit(Math.floor(s / 60), 'minute');
  if (s < 86_400) return unit(Math.floor(s / 3600), 'hour');
  return unit(Math.floor(s / 86_400), 'day');
}

/** "2 min", "45 s", "1 h 5 min": a duration in words short enough for a meter. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
