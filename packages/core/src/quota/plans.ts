/**
 * The service's plans (spec section 8) and the windows their limits apply to.
 */

import { InvalidParameterError } from '../errors/errors.ts';

/** The plans the service sells. */
export type PlanName = 'free' | 'basic' | 'pro' | 'enterprise';

/** A plan's request limits; `null` means unlimited. */
export interface PlanLimits {
  /** Requests in any 60-second span. */
  perMinute: number | null;
  /** Requests in any 24-hour span. */
  perDay: number | null;
}

/** Spec section 8: Free 10/min 100/day, Basic 60/1,000, Pro 300/10,000, Enterprise unlimited. */
const PLANS: Readonly<Record<PlanName, Readonly<PlanLimits>>> = {
  free: { perMinute: 10, perDay: 100 },
  basic: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 300, perDay: 10_000 },
  enterprise: { perMinute: null, perDay: null },
};

/** The plan names, cheapest first: the one list every picker, schema and settings check uses. */
export const PLAN_NAMES: readonly PlanName[] = Object.keys(PLANS) as PlanName[];

/** Whether `value` names a plan. */
export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

/**
 * The plan whose limits the service stated (its X-RateLimit-Limit-Minute and -Day headers), or
 * undefined when they match no plan of the table (a contract negotiated apart) or none was stated.
 * Every stated limit must match; one stated limit is enough when only one plan has it.
 *
 * @example planFromLimits({ perMinute: 300, perDay: 10_000 }) // 'pro'
 */
export function planFromLimits(stated: { perMinute?: number; perDay?: number }): PlanName | undefined {
  if (stated.perMinute === undefined && stated.perDay === undefined) return undefined;
  const matches = PLAN_NAMES.filter((name) => {
    const limits = PLANS[name];
    return (stated.perMinute === undefined || limits.perMinute === stated.perMinute) && (stated.perDay === undefined || limits.perDay === stated.perDay);
  });
  return matches.length === 1 ? matches[0] : undefined;
}

/** A plan by name, or custom limits (a contract negotiated apart, a test). */
export type PlanSpec = PlanName | PlanLimits;

/** The limits of a plan given by name or by limits; throws on anything else. */
export function planLimits(plan: PlanSpec): PlanLimits {
  if (typeof plan === 'string') {
    const limits = PLANS[plan] as PlanLimits | undefined;
    if (!limits) throw new InvalidParameterError('plan', `Unknown plan "${String(plan)}": use one of ${Object.keys(PLANS).join(', ')}, or { perMinute, perDay }`);
    return { ...limits };
  }
  for (const field of ['perMinute', 'perDay'] as const) {
    const value = plan[field];
    if (value !== null && !(Number.isInteger(value) && value > 0)) {
      throw new InvalidParameterError('plan', `Plan ${field} must be a positive whole number of requests or null (unlimited), got ${String(value)}`);
    }
  }
  return { perMinute: plan.perMinute, perDay: plan.perDay };
}

/** A plan's display name: "Free", "Pro", or "custom". */
export function planLabel(plan: PlanSpec): string {
  return typeof plan === 'string' ? plan.charAt(0).toUpperCase() + plan.slice(1) : 'custom';
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** The limits in force, null where unlimited. */
export interface Limits {
  minute: number | null;
  day: number | null;
}

/** The real length of the minute and day windows, given a time scale (60: a minute lasts 1 s). */
export interface WindowLengths {
  minuteMs: number;
  dayMs: number;
}

/** Window lengths at a time scale, matching the sandbox's `--time-scale`. */
export function windowLengths(timeScale = 1): WindowLengths {
  if (!(Number.isFinite(timeScale) && timeScale > 0)) throw new InvalidParameterError('timeScale', `timeScale must be a positive number, got ${String(timeScale)}`);
  return { minuteMs: MINUTE_MS / timeScale, dayMs: DAY_MS / timeScale };
}
