import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeychainError } from '../../src/errors.ts';
import { ProfileManager, type ProfileManagerOptions } from '../../src/profiles/profile-manager.ts';
import type { KeyStore } from '../../src/store/key-store.ts';
import { MemoryKeyStore } from '../../src/store/memory-key-store.ts';
import type { VerifyKey } from '../../src/verify/verify-key.ts';

/** A manager over a fresh temp folder, a fake clock, a recorded key check and an empty environment. */
export interface ManagerFixture {
  dir: string;
  manager: ProfileManager;
  keys: KeyStore;
  env: Record<string, string | undefined>;
  clock: { now: Date; advanceDays(days: number): void };
  /** Every (profile name, key) the check was asked about. */
  verified: Array<[string, string]>;
  /** Replace to make the check fail. */
  verify: { impl: VerifyKey };
  notices: string[];
  cleanup(): Promise<void>;
}

export async function managerFixture(options: Partial<ProfileManagerOptions> = {}): Promise<ManagerFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'econdata-profiles-'));
  const keys = options.keyStore ?? new MemoryKeyStore();
  const env: Record<string, string | undefined> = {};
  const clock = {
    now: new Date('2026-03-01T12:00:00.000Z'),
    advanceDays(days: number) {
      this.now = new Date(this.now.getTime() + days * 86_400_000);
    },
  };
  const verified: Array<[string, string]> = [];
  const verify: { impl: VerifyKey } = { impl: async () => undefined };
  const notices: string[] = [];
  const manager = new ProfileManager({
    settingsPath: join(dir, 'settings.json'),
    keyStore: keys,
    env,
    now: () => clock.now,
    verifyKey: async (profile, key) => {
      verified.push([profile.name, key]);
      await verify.impl(profile, key);
    },
    onNotice: (message) => notices.push(message),
    ...options,
  });
  return { dir, manager, keys, env, clock, verified, verify, notices, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Every file under a folder, with its content: what the package wrote there. */
export async function filesUnder(dir: string): Promise<Array<{ path: string; content: string }>> {
  const out: Array<{ path: string; content: string }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path, content: await readFile(path, 'latin1') });
  }
  return out;
}

/** Every piece of a key longer than the four characters the settings may show. */
export function keyFragments(key: string, length = 5): string[] {
  const out: string[] = [];
  for (let i = 0; i + length <= key.length; i += 1) out.push(key.slice(i, i + length));
  return out;
}

/** The rejection of a promise (fails the test if it resolves). */
export async function rejection(promise: unknown): Promise<KeychainError> {
  return Promise.resolve(promise).then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as KeychainError,
  );
}

/** A profile on a (fake) real service, and two keys for it. */
export const PROD = { name: 'prod', baseURL: 'https://api.example.com/', plan: 'basic' } as const;
export const KEY_1 = 'sk_live_first_key_1111';
export const KEY_2 = 'sk_live_second_key_2222';
