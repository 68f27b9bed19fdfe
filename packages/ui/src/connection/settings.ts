/** Connection settings as the form edits them, and the one check of a base URL. */
import type { PlanName } from '@econdata/core';

export interface ConnectionSettings {
  /** The service's API root, without a trailing slash. */
  baseURL: string;
  plan: PlanName;
}

/** What the form may show of a stored key: never the key, only its last characters and age. */
export interface SavedKeyInfo {
  /** The key's last 4 characters ('' when the store cannot tell: the form then says only that a key is saved). */
  hint: string;
  /** When it was stored. */
  savedAt?: Date | string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** null when `text` is a usable base URL; otherwise a message naming the field and the accepted form. */
export function checkBaseURL(text: string): string | null {
  const form = 'Service URL: enter an address such as https://api.econdata.example/api/v1';
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `${form}.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${form}.`;
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) return `${form}; plain http is allowed only for localhost, so the key is never sent unencrypted.`;
  if (url.username || url.password) return 'Service URL: remove the user name and password from the address; the key goes in the API key field.';
  return null;
}
