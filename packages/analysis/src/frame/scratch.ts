/**
 * Scratch columns for one applyTransform call. Allocating a Float64Array costs more than
 * transforming a 45-year series, so the steps of a call take their working columns from this pool
 * and the pool is handed back when the call has copied its result out (fromColumn). A scratch column
 * may be longer than asked: callers use the frame's length, never the column's. Calls are
 * synchronous and never nested, so one pool serves them all. Large columns are not pooled (their
 * allocation is small beside their work, and the pool would hold their memory).
 */
const POOLED_MAX = 1 << 16;
const pool: Float64Array[] = [];
let used = 0;

/** A column of at least `n` values (contents undefined) that lives until releaseScratch(). */
export function scratchColumn(n: number): Float64Array {
  if (n > POOLED_MAX) return new Float64Array(n);
  let b = pool[used];
  if (b === undefined || b.length < n) {
    b = new Float64Array(Math.max(n, 64));
    pool[used] = b;
  }
  used++;
  return b;
}

/** Hands every scratch column back: called once a call's result holds copies. */
export function releaseScratch(): void {
  used = 0;
}
