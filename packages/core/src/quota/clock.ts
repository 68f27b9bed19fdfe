/** The ledger's only contact with time: injectable, so tests run days in milliseconds. */
export interface QuotaClock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls `fn` once after `ms`; returns a function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

/** Real time. */
export const systemQuotaClock: QuotaClock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
};
