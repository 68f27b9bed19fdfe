/** Connection settings as the form edits them, and the form's words for core's base-URL rule. */
import { readBaseURL, type PlanName } from '@econdata/core';

export interface ConnectionSettings {
  /** The service's root as core's rule normalizes it: no trailing slash, no /api/v1. */
  baseURL: string;
  plan: PlanName;
  /**
   * The plan is to be learned from the service's rate-limit headers (the form's "From the service"
   * choice, offered with `detectPlan`); `plan` is then the plan assumed until the service says.
   */
  detectPlan?: boolean;
  /** A team gateway (apps/gateway) in front of the service: the key is the analyst's personal token. Absent: the service itself. */
  kind?: 'gateway';
}

/** What the form may show of a stored key: never the key, only its last characters and age. */
export interface SavedKeyInfo {
  /** The key's last 4 characters ('' when the store cannot tell: the form then says only that a key is saved). */
  hint: string;
  /** When it was stored. */
  savedAt?: Date | string;
}

const EXAMPLE = 'Service URL: enter an address such as https://api.econdata.example/api/v1';

/**
 * The form's message for a base URL core's rule refuses (`readBaseURL`: the one rule the client and
 * the keychain apply), or null when it is usable. The example ends in /api/v1, as the provider's docs
 * show it; the rule takes the address with or without it.
 */
export function baseURLMessage(text: string): string | null {
  const reading = readBaseURL(text);
  if (reading.ok) return null;
  switch (reading.problem) {
    case 'insecure': return `${EXAMPLE}; plain http is allowed only for localhost, so the key is never sent unencrypted.`;
    case 'credentials': return 'Service URL: remove the user name and password from the address; the key goes in the API key field.';
    case 'query': return 'Service URL: remove the query (?...) and fragment (#...) from the address.';
    default: return `${EXAMPLE}.`;
  }
}

/** The address as the client and the keychain keep it (no trailing slash or /api/v1), or null when it is refused. */
export function normalizedBaseURL(text: string): string | null {
  const reading = readBaseURL(text);
  return reading.ok ? reading.baseURL : null;
}

/**
 * The origin (scheme, host, port) a saved key belongs to, or null for an address the rule refuses.
 * A saved key is never sent to another origin: the keychain deletes it when a profile moves there.
 */
export function keyOrigin(text: string): string | null {
  const normalized = normalizedBaseURL(text);
  return normalized === null ? null : new URL(normalized).origin;
}
