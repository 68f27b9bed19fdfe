/**
 * The runtime of this page. Custom functions are plain functions Excel calls by name, so they
 * find the runtime here; src/main.ts creates it once, tests install their own.
 */
import type { AddinRuntime } from './types.ts';

let current: AddinRuntime | undefined;

/** The page's runtime; throws if src/main.ts (or a test) has not created it. */
export function getRuntime(): AddinRuntime {
  if (!current) throw new Error('The Econdata runtime has not started: reload the add-in (its page script did not run).');
  return current;
}

/** Installs the page's runtime (src/main.ts at start-up; tests). */
export function setRuntime(runtime: AddinRuntime | undefined): void {
  current = runtime;
}
