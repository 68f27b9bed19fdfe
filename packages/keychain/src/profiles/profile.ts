import { BASE_URL_PROBLEMS, isLoopbackHost, isPlanName, PLAN_NAMES, readBaseURL, type AuthMode, type PlanName } from '@econdata/core';
import { KeychainError } from '../errors.ts';
import { nameProblem } from './profile-name.ts';

export const AUTH_MODES: readonly AuthMode[] = ['header', 'query'];

/**
 * A connection profile: where to connect and how. The key itself is never here: it lives in the
 * OS keychain under the profile's name; the profile only records when it was saved and how it ends.
 */
export interface Profile {
  name: string;
  /** The service's root, e.g. `https://api.example.com` (no trailing slash, no credentials). */
  baseURL: string;
  plan: PlanName;
  authMode: AuthMode;
  /** When the key in the keychain was saved (ISO 8601); absent when no key was saved. */
  keySavedAt?: string;
  /** The key's last four characters, for display as `…abcd`; absent for short keys. */
  keyLast4?: string;
  /**
   * Until a key is saved, use the local sandbox's public demo key for the plan (`sandbox-<plan>`).
   * Only allowed on a loopback base URL: those keys mean nothing anywhere else.
   */
  sandboxDemoKey?: boolean;
  /**
   * What the address is: the Economic Data Service itself (absent), or a team's gateway in front of
   * it (`gateway`: the key is the analyst's personal gateway token; apps/gateway).
   */
  kind?: 'gateway';
}

/** The kinds of connection a profile can be: the service itself, or a team gateway in front of it. */
export const PROFILE_KINDS = ['service', 'gateway'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/** What a caller gives to create a profile. */
export interface ProfileInput {
  name: string;
  baseURL: string;
  plan: PlanName;
  authMode?: AuthMode;
  /** @default 'service' */
  kind?: ProfileKind;
}

/** What a caller may change on a profile (renaming has its own method: it moves the key). */
export type ProfileChanges = Partial<Pick<Profile, 'baseURL' | 'plan' | 'authMode'>> & { kind?: ProfileKind };

/** The local sandbox (`pnpm sandbox`), where a fresh install points. */
export const SANDBOX_PROFILE: Readonly<Profile> = Object.freeze({
  name: 'sandbox',
  baseURL: 'http://127.0.0.1:8787',
  plan: 'pro',
  authMode: 'header',
  sandboxDemoKey: true,
});

/** The public demo key the sandbox accepts for a plan. Not a secret: the sandbox's README lists them. */
export function sandboxDemoKey(plan: PlanName): string {
  return `sandbox-${plan}`;
}

/** Whether a URL's host is this machine (where plain http is acceptable). */
export function isLoopback(url: URL): boolean {
  return isLoopbackHost(url.hostname);
}

/**
 * Whether a profile without a saved key uses the sandbox's demo key: only when it asks to and points
 * at this machine, whatever a hand-edited settings file says.
 */
export function usesSandboxDemoKey(profile: Profile): boolean {
  return profile.sandboxDemoKey === true && isLoopback(new URL(profile.baseURL));
}

/**
 * Why a base URL is refused, or undefined: core's base-URL rule. `strict` is for new values; a
 * settings file written before the HTTPS rule still loads (the client refuses to use such a profile,
 * saying why), so loading ignores only that one problem.
 */
export function baseURLProblem(value: unknown, strict: boolean): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  const reading = readBaseURL(value);
  if (reading.ok || (!strict && reading.problem === 'insecure')) return undefined;
  return BASE_URL_PROBLEMS[reading.problem];
}

/** The base URL in one canonical form: core's (no trailing slash, no trailing /api/v1). */
function normalizeBaseURL(value: string): string {
  const reading = readBaseURL(value);
  return reading.ok ? reading.baseURL : new URL(value).href.replace(/\/+$/, '');
}

/** Throws `invalid_profile` naming the field, without ever echoing the value. */
function refuse(field: string, problem: string): never {
  throw new KeychainError('invalid_profile', `The profile's ${field} ${problem}.`);
}

/** Checks a new profile name. */
export function checkName(name: unknown): string {
  const problem = nameProblem(name);
  if (problem !== undefined) refuse('name', problem);
  return name as string;
}

/** Checks and normalizes changeable fields given by a caller. */
export function checkChanges(changes: ProfileChanges): ProfileChanges {
  const out: ProfileChanges = {};
  if (changes.baseURL !== undefined) {
    const problem = baseURLProblem(changes.baseURL, true);
    if (problem !== undefined) refuse('base URL', problem);
    out.baseURL = normalizeBaseURL(changes.baseURL);
  }
  if (changes.plan !== undefined) {
    if (!isPlanName(changes.plan)) refuse('plan', `must be one of ${PLAN_NAMES.join(', ')}`);
    out.plan = changes.plan;
  }
  if (changes.authMode !== undefined) {
    if (!AUTH_MODES.includes(changes.authMode)) refuse('auth mode', `must be one of ${AUTH_MODES.join(', ')}`);
    out.authMode = changes.authMode;
  }
  if (changes.kind !== undefined) {
    if (!PROFILE_KINDS.includes(changes.kind)) refuse('kind', `must be one of ${PROFILE_KINDS.join(', ')}`);
    out.kind = changes.kind;
  }
  return out;
}

/** A new profile from caller input, checked. */
export function newProfile(input: ProfileInput): Profile {
  const name = checkName(input.name);
  if (input.baseURL === undefined) refuse('base URL', 'is required');
  if (input.plan === undefined) refuse('plan', 'is required');
  const checked = checkChanges({ baseURL: input.baseURL, plan: input.plan, authMode: input.authMode ?? 'header', ...(input.kind === undefined ? {} : { kind: input.kind }) });
  return { name, baseURL: checked.baseURL!, plan: checked.plan!, authMode: checked.authMode!, ...(checked.kind === 'gateway' ? { kind: 'gateway' as const } : {}) };
}

/** Whether two profile names collide (case-insensitively, so `Prod` and `prod` cannot both exist). */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
