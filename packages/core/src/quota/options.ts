/** The quota ledger's options, with their defaults. */
import { InvalidParameterError } from '../errors/errors.ts';
import type { QuotaClock } from './clock.ts';
import type { PlanSpec } from './plans.ts';
import type { QuotaStore } from './store.ts';

export interface QuotaLedgerOptions {
  /** The user's plan (from their profile); change it later with `setPlan`. */
  plan: PlanSpec;
  /** Where usage is kept. @default a new MemoryQuotaStore (no persistence, no sharing) */
  store?: QuotaStore;
  /** The key's fingerprint (`await quotaKeyId(key)`), never the key. @default 'default' */
  keyId?: string;
  /** @default real time */
  clock?: QuotaClock;
  /** Divides both windows, like the sandbox's `--time-scale` (60: a minute lasts 1 s). @default 1 */
  timeScale?: number;
  /** Requests kept unused in each window, below the plan's limits. @default 0 */
  safetyMargin?: number;
  /** Requests in flight at once from this ledger, whatever the plan. @default 8 */
  concurrency?: number;
  /** How long an unreported request counts as in flight before it counts as sent (real ms). @default 120000 */
  leaseMs?: number;
}

/** Checks a whole-number option. */
export function wholeAtLeast(name: string, value: number, min: number): number {
  if (!(Number.isInteger(value) && value >= min)) throw new InvalidParameterError(name, `${name} must be a whole number >= ${min}, got ${String(value)}`);
  return value;
}
