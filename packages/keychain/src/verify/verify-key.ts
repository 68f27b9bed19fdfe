import { EconDataClient } from '@econdata/core';
import type { Profile } from '../profiles/profile.ts';

/**
 * Checks a key before it replaces the old one: resolves when the service accepts it, rejects with the
 * client's error (an `authentication` EconError for a 401) otherwise. Injected, so tests and other
 * runtimes can bring their own.
 */
export type VerifyKey = (profile: Profile, key: string) => Promise<void>;

/** How long the check may take before the new key is refused as unchecked. */
const CHECK_TIMEOUT_MS = 15_000;

/**
 * The default key check: one `GET /api/v1/sources` (the cheapest request of the interface) through
 * @econdata/core's EconDataClient, with the candidate key and the profile's base URL and auth mode.
 * No retries and no cache: the answer must come from the service, now, for this key.
 */
export const verifyKeyWithClient: VerifyKey = async (profile, key) => {
  const client = new EconDataClient({ baseURL: profile.baseURL, apiKey: key, authMode: profile.authMode, maxRetries: 0, timeoutMs: CHECK_TIMEOUT_MS });
  await client.listSources({}, { cache: 'no-store' });
};
