/**
 * API keys, plans and what each plan may read.
 * Free = WB and IMF; Basic = + GSO; Pro and Enterprise = everything (trade and stocks too).
 * The metadata lists (sources, indicators, countries) are open to every plan.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export type Plan = 'free' | 'basic' | 'pro' | 'enterprise';
const PLANS: readonly Plan[] = ['free', 'basic', 'pro', 'enterprise'];

export interface ApiKey {
  key: string;
  plan: Plan;
}

export const DEMO_KEYS: readonly ApiKey[] = PLANS.map((plan) => ({ key: `sandbox-${plan}`, plan }));

/** What a request reads, for the entitlement check. */
export type Resource = 'WB' | 'IMF' | 'GSO' | 'trade' | 'stocks' | 'metadata';

const ENTITLEMENTS: Readonly<Record<Plan, readonly Resource[]>> = {
  free: ['metadata', 'WB', 'IMF'],
  basic: ['metadata', 'WB', 'IMF', 'GSO'],
  pro: ['metadata', 'WB', 'IMF', 'GSO', 'trade', 'stocks'],
  enterprise: ['metadata', 'WB', 'IMF', 'GSO', 'trade', 'stocks'],
};

const PLAN_INCLUDES: Readonly<Record<Plan, string>> = {
  free: 'the Free plan includes WB and IMF indicator data and the metadata lists',
  basic: 'the Basic plan includes WB, IMF and GSO indicator data and the metadata lists',
  pro: 'the Pro plan includes every dataset',
  enterprise: 'the Enterprise plan includes every dataset',
};

const NEEDS: Readonly<Record<Resource, string>> = {
  metadata: 'any plan', WB: 'any plan', IMF: 'any plan', GSO: 'the Basic plan or higher',
  trade: 'the Pro plan or higher', stocks: 'the Pro plan or higher',
};

/** 403 unless the plan includes the resource. */
export function checkEntitlement(plan: Plan, resource: Resource): void {
  if (ENTITLEMENTS[plan].includes(resource)) return;
  const what = resource === 'trade' ? 'customs trade data' : resource === 'stocks' ? 'stock market data' : `${resource} data`;
  throw new ApiError(403, 'insufficient_permissions', `Insufficient permissions: ${PLAN_INCLUDES[plan]}; ${what} needs ${NEEDS[resource]}`);
}

/** The key a request carries: `Authorization: Bearer <key>` (preferred) or `?api_key=<key>`. */
export function requestKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.trim() !== '') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
    if (!m) throw new ApiError(401, 'authentication_required', 'Authentication required: send the key as "Authorization: Bearer <key>"');
    return m[1];
  }
  const query = request.query as Record<string, unknown> | undefined;
  const key = query?.['api_key'];
  if (typeof key === 'string' && key !== '') return key;
  if (key !== undefined) throw new ApiError(401, 'authentication_required', 'Authentication required: api_key must be given once');
  return undefined;
}

/** Finds the key's plan, or throws 401. */
export function authenticate(keys: ReadonlyMap<string, Plan>, key: string | undefined): Plan {
  if (key === undefined) {
    throw new ApiError(401, 'authentication_required', 'Authentication required: send "Authorization: Bearer <key>" or ?api_key=<key>');
  }
  const plan = keys.get(key);
  if (!plan) throw new ApiError(401, 'invalid_api_key', 'Invalid API key: the key is not known to this service; use a key the sandbox printed when it started (without --keys: sandbox-free, sandbox-basic, sandbox-pro or sandbox-enterprise)');
  return plan;
}

/**
 * The URL without its key: every `api_key` parameter is dropped (or, with `mask`, its value is
 * replaced by it), however the name is percent-encoded (`api%5Fkey` is the key to the query parser too).
 * The one place that keeps a query-string key out of logs and out of the files the sandbox writes.
 */
export function urlWithoutKey(url: string, mask?: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const parts: string[] = [];
  for (const part of url.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    if (decodedName(name) !== 'api_key') {
      if (part !== '') parts.push(part);
    } else if (mask !== undefined) {
      parts.push(`${name}=${mask}`);
    }
  }
  return parts.length > 0 ? `${url.slice(0, q)}?${parts.join('&')}` : url.slice(0, q);
}

/** A query parameter's name as the query parser reads it ('+' is a space); a malformed escape stays as written. */
function decodedName(name: string): string {
  const spaced = name.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch (e) {
    if (!(e instanceof URIError)) throw e;
    return spaced;
  }
}

/** How a key appears in stats and logs: its last four characters. */
export function keyLabel(key: string): string {
  return key.slice(-4);
}

/** Reads and checks a keys file: a JSON array of `{ "key", "plan" }`. */
export function parseKeys(json: unknown, origin: string): ApiKey[] {
  if (!Array.isArray(json) || json.length === 0) throw new Error(`${origin}: expected a non-empty JSON array of { "key", "plan" }`);
  const seen = new Map<string, number>();
  return json.map((item: unknown, i) => {
    const entry = item as { key?: unknown; plan?: unknown } | null;
    if (!entry || typeof entry.key !== 'string' || !/^\S{4,}$/.test(entry.key)) {
      throw new Error(`${origin}: item ${i}: "key" must be text of at least 4 characters without spaces`);
    }
    if (!PLANS.includes(entry.plan as Plan)) throw new Error(`${origin}: item ${i}: "plan" must be one of ${PLANS.join(', ')}`);
    // A key listed twice would silently take the last plan; the message shows where, not the key.
    const first = seen.get(entry.key);
    if (first !== undefined) throw new Error(`${origin}: item ${i} repeats the key of item ${first}: give each key once, with one plan`);
    // Stats and logs show a key by its last four characters: two keys sharing them would be counted as one.
    const twin = [...seen].find(([k]) => keyLabel(k) === keyLabel(entry.key as string));
    if (twin) throw new Error(`${origin}: items ${twin[1]} and ${i} end in the same four characters, so /_sandbox/stats could not tell them apart: make their endings differ`);
    seen.set(entry.key, i);
    return { key: entry.key, plan: entry.plan as Plan };
  });
}
