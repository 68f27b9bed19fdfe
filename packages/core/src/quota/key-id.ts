/**
 * The fingerprint under which a key's usage is stored: the first 16 hex digits of its SHA-256. The
 * key itself never reaches a usage file or storage entry. Uses Web Crypto, present in Node 20 and
 * in browsers, so this module stays free of Node built-ins.
 */

import { InvalidParameterError } from '../errors/errors.ts';

/** A key's storage fingerprint: 16 hex digits of SHA-256(key). */
export async function quotaKeyId(apiKey: string): Promise<string> {
  if (apiKey.length === 0) throw new InvalidParameterError('apiKey', 'quotaKeyId needs a non-empty API key');
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(apiKey));
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}
