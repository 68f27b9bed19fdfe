import type { AuthMode } from '@econdata/core';
import { KeychainError } from '../errors.ts';
import type { Profile } from '../profiles/profile.ts';

/**
 * Checks a key before it replaces the old one: resolves when the service accepts it, rejects with the
 * client's error (an `authentication` EconError for a 401) otherwise. Injected, so tests and other
 * runtimes can bring their own.
 */
export type VerifyKey = (profile: Profile, key: string) => Promise<void>;

/** The slice of @econdata/core's EconDataClient the check needs. */
interface CheckingClient {
  listSources(options?: { cache?: 'no-store' }): Promise<unknown>;
}
type CheckingClientClass = new (options: { baseURL: string; apiKey: string; authMode: AuthMode }) => CheckingClient;

/**
 * The wiring to @econdata/core's client: one cheap request, `GET /sources`, with the candidate key
 * and the profile's base URL and auth mode, bypassing any cache.
 *
 * Looked up at call time because the client was being written alongside this package; once
 * `EconDataClient` is exported, this can become a plain import.
 */
async function loadClientClass(): Promise<CheckingClientClass> {
  const core = (await import('@econdata/core')) as Record<string, unknown>;
  const Client = core['EconDataClient'];
  if (typeof Client !== 'function') {
    throw new KeychainError(
      'key_check_unavailable',
      'Cannot check the new key: @econdata/core does not export EconDataClient in this build. Pass verifyKey to ProfileManager.',
    );
  }
  return Client as CheckingClientClass;
}

/** The default key check: one `GET /sources` through @econdata/core's EconDataClient. */
export const verifyKeyWithClient: VerifyKey = async (profile, key) => {
  const Client = await loadClientClass();
  const client = new Client({ baseURL: profile.baseURL, apiKey: key, authMode: profile.authMode });
  await client.listSources({ cache: 'no-store' });
};
