/**
 * Connection settings: where the service is and which plan the key is on. Stored in the add-in's
 * own storage beside (not with) the key; neither ever goes into the workbook.
 */
import { BASE_URL_PROBLEMS, InvalidParameterError, isLoopbackHost, isPlanName, PLAN_NAMES, readBaseURL, type AuthMode, type PlanName } from '@econdata/core';
import type { KeyValueStorage } from './storage.ts';

/** The local sandbox's default address (`pnpm sandbox`); its CORS allows https://localhost:* origins. */
export const SANDBOX_BASE_URL = 'http://127.0.0.1:8787';

export interface ConnectionSettings {
  /** e.g. 'https://api.example.com' or the sandbox's 'http://127.0.0.1:8787'. */
  baseURL: string;
  /** The plan of the key: it sets the quota ledger's limits. */
  plan: PlanName;
  /**
   * Where `plan` comes from: 'service' (its rate-limit headers named it; learned at connect),
   * 'user' (chosen in the form, because the service says nothing). Absent: not known yet, so the
   * plan is learned at the next connect, and the taskpane asks once if the service does not say.
   */
  planSource?: 'service' | 'user';
  /** How the key travels. @default 'header' */
  authMode?: AuthMode;
  /** A team gateway in front of the service (apps/gateway): the key is a personal token. Absent: the service. */
  kind?: 'gateway';
}

/**
 * The storage entries: settings and key apart, so nothing that reads settings ever sees the key;
 * the language of series names (the Connection tab's choice, read by the formulas too).
 */
export const STORAGE_KEYS = { settings: 'econdata.connection', apiKey: 'econdata.apiKey', nameLanguage: 'econdata.nameLanguage' } as const;

/** The settings a fresh install offers: the sandbox, the plan learned from the service (Free until it says). */
export const DEFAULT_SETTINGS: ConnectionSettings = { baseURL: SANDBOX_BASE_URL, plan: 'free' };

/** Checks settings read from storage or typed by a user (core's base-URL rule and plan names); throws an InvalidParameterError naming the field. */
export function checkSettings(value: unknown): ConnectionSettings {
  if (typeof value !== 'object' || value === null) throw new InvalidParameterError('settings', 'The saved connection settings are not an object: connect again from the taskpane.');
  const { baseURL, plan, authMode, planSource, kind } = value as Record<string, unknown>;
  if (typeof baseURL !== 'string' || baseURL.trim() === '') throw new InvalidParameterError('baseURL', 'Give the service address, e.g. https://api.example.com (or http://127.0.0.1:8787 for the local sandbox).');
  if (!isPlanName(plan)) throw new InvalidParameterError('plan', `Unknown plan ${JSON.stringify(plan)}: choose one of ${PLAN_NAMES.join(', ')}.`);
  if (authMode !== undefined && authMode !== 'header' && authMode !== 'query') throw new InvalidParameterError('authMode', 'authMode must be "header" or "query".');
  if (kind !== undefined && kind !== 'gateway') throw new InvalidParameterError('kind', 'kind must be "gateway" when present: connect again from the taskpane.');
  if (planSource !== undefined && planSource !== 'service' && planSource !== 'user') throw new InvalidParameterError('planSource', 'planSource must be "service" or "user": connect again from the taskpane.');
  const address = readBaseURL(baseURL);
  if (!address.ok) throw new InvalidParameterError('baseURL', `The service address ${BASE_URL_PROBLEMS[address.problem]}. Correct it and try again.`);
  return { baseURL: address.baseURL, plan, ...(authMode === undefined ? {} : { authMode }), ...(planSource === undefined ? {} : { planSource }), ...(kind === 'gateway' ? { kind } : {}) };
}

/** Reads the saved settings, or undefined when none are saved. A damaged entry is an error that says what to do. */
export async function loadSettings(storage: KeyValueStorage): Promise<ConnectionSettings | undefined> {
  const raw = await storage.getItem(STORAGE_KEYS.settings);
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new InvalidParameterError('settings', 'The saved connection settings are damaged (not JSON): connect again from the taskpane.', error instanceof Error ? { cause: error } : {});
  }
  return checkSettings(parsed);
}

/** Whether an address is the local sandbox (loopback) rather than a deployed service. */
export function isLoopback(baseURL: string): boolean {
  try {
    return isLoopbackHost(new URL(baseURL).hostname);
  } catch {
    return false; // not a URL at all: checkBaseURL reports it
  }
}
