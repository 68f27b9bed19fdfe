/**
 * The audit log: one JSON line per request, who asked what and how it was answered. It never holds
 * a token or key: the analyst is named, the query is written without `api_key`, and headers are
 * not written at all.
 */
export interface AuditEntry {
  time: string;
  instance: string;
  /** The analyst's name, or null when the token was missing or unknown. */
  analyst: string | null;
  method: string;
  path: string;
  /** Query parameters (never api_key), or the batch body's fields. */
  query: Record<string, unknown>;
  status: number;
  /** hit: the shared cache answered; miss: the service was asked (here or by another instance); stale: an expired answer stood in for a failing service. */
  cache: 'hit' | 'miss' | 'stale' | 'none';
  ms: number;
}

export type AuditSink = (entry: AuditEntry) => void;

/** Query parameters fit for the log: `api_key` removed whatever its case. */
export function loggableQuery(query: unknown): Record<string, unknown> {
  if (typeof query !== 'object' || query === null) return {};
  return Object.fromEntries(Object.entries(query).filter(([k]) => k.toLowerCase() !== 'api_key'));
}
