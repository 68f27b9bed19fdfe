import { isPlanName, PLAN_NAMES, type AuthMode, type PlanName } from '@econdata/core';
import { AUTH_MODES, baseURLProblem, sameName, type Profile } from './profile.ts';
import { nameProblem } from './profile-name.ts';

/** The settings file's version this code writes and reads. */
export const SETTINGS_VERSION = 1;

/** The settings file's content. */
export interface Settings {
  version: typeof SETTINGS_VERSION;
  /** The profile the apps use unless told otherwise; null when there are no profiles. */
  activeProfile: string | null;
  profiles: Profile[];
}

/** The outcome of checking a parsed file: the settings, or the first problem found (never a value from the file). */
export type SchemaResult =
  | { ok: true; settings: Settings }
  | { ok: false; problem: string; newerVersion?: number };

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LAST4 = /^.{1,4}$/su;

/** Checks one profile; returns it (unknown fields dropped) or the problem. */
function checkProfile(raw: unknown, at: string): Profile | string {
  if (!isObject(raw)) return `${at} must be an object`;
  const nameIssue = nameProblem(raw['name']);
  if (nameIssue !== undefined) return `${at}.name ${nameIssue}`;
  const urlIssue = baseURLProblem(raw['baseURL'], false);
  if (urlIssue !== undefined) return `${at}.baseURL ${urlIssue}`;
  if (!isPlanName(raw['plan'])) return `${at}.plan must be one of ${PLAN_NAMES.join(', ')}`;
  if (!AUTH_MODES.includes(raw['authMode'] as AuthMode)) return `${at}.authMode must be one of ${AUTH_MODES.join(', ')}`;
  const profile: Profile = {
    name: raw['name'] as string,
    baseURL: raw['baseURL'] as string,
    plan: raw['plan'] as PlanName,
    authMode: raw['authMode'] as AuthMode,
  };
  const savedAt = raw['keySavedAt'];
  if (savedAt !== undefined) {
    if (typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) return `${at}.keySavedAt must be an ISO 8601 date`;
    profile.keySavedAt = savedAt;
  }
  const last4 = raw['keyLast4'];
  if (last4 !== undefined) {
    if (typeof last4 !== 'string' || !LAST4.test(last4)) return `${at}.keyLast4 must be at most four characters`;
    if (savedAt === undefined) return `${at}.keyLast4 is only allowed with keySavedAt`;
    profile.keyLast4 = last4;
  }
  const kind = raw['kind'];
  if (kind !== undefined) {
    if (kind !== 'gateway') return `${at}.kind must be "gateway" when present`;
    profile.kind = 'gateway';
  }
  const demo = raw['sandboxDemoKey'];
  if (demo !== undefined) {
    if (typeof demo !== 'boolean') return `${at}.sandboxDemoKey must be true or false`;
    if (demo) profile.sandboxDemoKey = true;
  }
  return profile;
}

/**
 * Checks parsed JSON against the settings schema, by hand: the file is small and a schema library
 * would be the package's only dependency besides keytar.
 */
export function checkSettings(raw: unknown): SchemaResult {
  if (!isObject(raw)) return { ok: false, problem: 'the file must hold a JSON object' };
  const version = raw['version'];
  if (typeof version === 'number' && Number.isInteger(version) && version > SETTINGS_VERSION) {
    return { ok: false, problem: `settings version ${version} is newer than this version of Econdata understands (${SETTINGS_VERSION})`, newerVersion: version };
  }
  if (version !== SETTINGS_VERSION) return { ok: false, problem: `version must be ${SETTINGS_VERSION}` };
  const list = raw['profiles'];
  if (!Array.isArray(list)) return { ok: false, problem: 'profiles must be a list' };
  const profiles: Profile[] = [];
  for (const [index, item] of list.entries()) {
    const checked = checkProfile(item, `profiles[${index}]`);
    if (typeof checked === 'string') return { ok: false, problem: checked };
    if (profiles.some((p) => sameName(p.name, checked.name))) return { ok: false, problem: `profiles[${index}].name repeats an earlier profile's name` };
    profiles.push(checked);
  }
  const active = raw['activeProfile'];
  if (active !== null && typeof active !== 'string') return { ok: false, problem: 'activeProfile must be a profile name or null' };
  if (active !== null && !profiles.some((p) => p.name === active)) return { ok: false, problem: 'activeProfile must name one of the profiles' };
  if (active === null && profiles.length > 0) return { ok: false, problem: 'activeProfile must name one of the profiles' };
  return { ok: true, settings: { version: SETTINGS_VERSION, activeProfile: active, profiles } };
}
