/**
 * What the steps derive from an axis alone (its positions, a lag, a conversion's groups), kept
 * while one call or one batch of calls runs: the series of a batch that share an axis (the same
 * array, or equal periods: 400 stocks over the same trading days, 5,000 countries over the same
 * years) read their period strings once, not once each. Only read-only arrays are kept; the memo is
 * emptied when the call or batch ends (releaseAxes), so it holds no series beyond it.
 */
import type { Frequency } from '@econdata/core';

interface Axis {
  periods: readonly string[];
  frequency: Frequency;
  derived: Map<string, unknown>;
}

// A few axes: a conversion's steps work on the converted axis between two reads of the source one.
const KEPT = 4;
let axes: Axis[] = [];

function samePeriods(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

function axisOf(periods: readonly string[], frequency: Frequency): Axis {
  const last = axes[axes.length - 1];
  if (last !== undefined && last.periods === periods && last.frequency === frequency) return last;
  return otherAxis(periods, frequency);
}

// Apart from axisOf: its closures capture the arguments, and a function holding such closures
// allocates a context on every call, even when it returns before making them (the common hit).
function otherAxis(periods: readonly string[], frequency: Frequency): Axis {
  let found = axes.findIndex((a) => a.periods === periods && a.frequency === frequency);
  if (found < 0) found = axes.findIndex((a) => a.frequency === frequency && samePeriods(a.periods, periods));
  if (found >= 0) {
    // Most recently used last; the next series of the batch most likely holds this array again.
    const [axis] = axes.splice(found, 1) as [Axis];
    axis.periods = periods;
    axes.push(axis);
    return axis;
  }
  const made: Axis = { periods, frequency, derived: new Map() };
  if (axes.length >= KEPT) axes.shift();
  axes.push(made);
  return made;
}

/**
 * `make(periods, frequency)` for this axis, made once while the memo is kept (`key` names what it
 * derives). The result must never be written. `make` takes the axis rather than capturing it, so a
 * caller passes one function for every series (no closure made per series).
 */
export function fromAxis<T>(periods: readonly string[], frequency: Frequency, key: string, make: (periods: readonly string[], frequency: Frequency) => T): T {
  const derived = axisOf(periods, frequency).derived;
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
  axes = [];
  copiedFrom = null;
  copied = [];
}
