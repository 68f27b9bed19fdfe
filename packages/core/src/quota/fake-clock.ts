/**
 * A clock for tests: time moves only when the test says so, and timers fire in order as it moves.
 * Exported so the client's tests can drive the ledger too.
 */
import type { QuotaClock } from './clock.ts';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/** Lets pending promise chains (store updates, pumps) run before time moves on. */
async function settle(): Promise<void> {
  // setImmediate (Node) runs after every queued microtask; browsers fall back to a zero timeout.
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}

/** A manual clock: `advance(ms)` moves time and runs the timers that fall due, in order. */
export class FakeClock implements QuotaClock {
  #now: number;
  #seq = 0;
  #timers: Timer[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer: Timer = { at: this.#now + Math.max(0, ms), seq: (this.#seq += 1), fn };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  }

  /** Timers still waiting. */
  get pendingTimers(): number {
    return this.#timers.length;
  }

  /** Lets queued asynchronous work finish without moving time. */
  async flush(): Promise<void> {
    await settle();
  }

  /** Moves time forward by `ms`, firing due timers in order and letting their work finish. */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    await settle();
    for (;;) {
      const next = this.#timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.#timers = this.#timers.filter((t) => t !== next);
      this.#now = Math.max(this.#now, next.at);
      next.fn();
      await settle();
    }
    this.#now = end;
    await settle();
  }
}
