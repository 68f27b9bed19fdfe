/**
 * What the steps derive from an axis alone (its positions, a lag, a conversion's groups), kept
 * while one call or one batch of calls runs: the series of a batch that share an axis (the same
 * array, or equal periods: 400 stocks over the same trading days, 5,000 countries over the same
 * years) read their period strings once, not once each. Only read-only arrays are kept; the memo is
 * emptied when the call or batch ends (releaseAxes), so it holds no series beyond it.
 */
import type { Frequency } from '@econdata/core';

// A few axes: a conversion's steps work on the converted axis between two reads of the source one.
// Kept as three parallel arrays, most recently used last: an object per axis would have a shape
// that dies between two batches (no axis is kept), and V8 would throw away the optimized lookups
// that relied on it at each collection.
const KEPT = 4;
let periodsOf: Array<readonly string[]> = [];
let frequencyOf: Frequency[] = [];
let derivedOf: Array<Map<string, unknown>> = [];

function samePeriods(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

/** What was derived from this axis so far. */
function derivedFrom(periods: readonly string[], frequency: Frequency): Map<string, unknown> {
  const last = periodsOf.length - 1;
  if (last >= 0 && periodsOf[last] === periods && frequencyOf[last] === frequency) return derivedOf[last]!;
  return otherAxis(periods, frequency);
}

function otherAxis(periods: readonly string[], frequency: Frequency): Map<string, unknown> {
  let found = -1;
  for (let i = 0; i < periodsOf.length && found < 0; i++) if (periodsOf[i] === periods && frequencyOf[i] === frequency) found = i;
  for (let i = 0; i < periodsOf.length && found < 0; i++) if (frequencyOf[i] === frequency && samePeriods(periodsOf[i]!, periods)) found = i;
  let derived: Map<string, unknown>;
  if (found >= 0) {
    // Most recently used last; the next series of the batch most likely holds this array again.
    derived = derivedOf[found]!;
    periodsOf.splice(found, 1);
    frequencyOf.splice(found, 1);
    derivedOf.splice(found, 1);
  } else {
    derived = new Map();
    if (periodsOf.length >= KEPT) {
      periodsOf.shift();
      frequencyOf.shift();
      derivedOf.shift();
    }
  }
  periodsOf.push(periods);
  frequencyOf.push(frequency);
  derivedOf.push(derived);
  return derived;
}

/**
 * `make(periods, frequency)` for this axis, made once while the memo is kept (`key` names what it
 * derives). The result must never be written. `make` takes the axis rather than capturing it, so a
 * caller passes one function for every series (no closure made per series).
 */
export function fromAxis<T>(periods: readonly string[], frequency: Frequency, key: string, make: (periods: readonly string[], frequency: Frequency) => T): T {
  const derived = derivedFrom(periods, frequency);
  let value = derived.get(key) as T | undefined;
  if (value === undefined) {
    value = make(periods, frequency);
    derived.set(key, value);
  }
  return value;
}

// The last axis copied and its copy: the results of a batch over one axis share the copy, and this
// common case is answered without the general memo above.
let copiedFrom: readonly string[] | null = null;
let copied: string[] = [];

/**
 * A copy of `periods` for a result (never the input's own array), made once while the memo is kept
 * and shared by the results over the same axis (the same array, or equal periods).
 */
export function axisCopy(periods: readonly string[], frequency: Frequency): string[] {
  if (periods !== copiedFrom) {
    copied = fromAxis(periods, frequency, 'copy', copyOf);
    copiedFrom = periods;
  }
  return copied;
}

const copyOf = (periods: readonly string[]): string[] => periods.slice();

/** Forgets every axis (the end of a call or a batch). */
export function releaseAxes(): void {
  periodsOf = [];
  frequencyOf = [];
  derivedOf = [];
  copiedFrom = null;
  copied = [];
}
