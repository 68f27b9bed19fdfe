/**
 * The fair share of the team's quota. Every analyst request that needs the service (a cache miss)
 * waits here for its turn; the quota ledger behind it still decides when each request leaves.
 *   1. interactive requests go before bulk (background) ones;
 *   2. among those waiting, the analyst who used least in the current minute window (weighted by
 *      their share) goes first, so under contention each gets an equal part of the plan;
 *   3. while others wait, no analyst holds more than its share (default half) of what is left of
 *      the window;
 *   4. nothing is let through beyond what the team's minute and day windows have left (counted in
 *      the shared ledger, minus what this instance let through and is still running), so the
 *      queue, not the ledger, holds the backlog and decides its order.
 * Arrivals are gathered for `gatherMs`, again while more keep arriving (up to ten times that),
 * before the first decision, so a burst from several analysts
 * is ordered as a whole rather than first come, first served.
 */
import { randomBytes } from 'node:crypto';
import type { QuotaLedger, QuotaStatus, RequestPriority } from '@econdata/core';
import type { GatewayState, UsageWindows } from './state/state.ts';

/** How long a turn counts as running if its instance dies before it ends (the ledger's own lease). */
const RUN_LEASE_MS = 120_000;

export interface Analyst {
  name: string;
  share: number;
}

interface Waiter {
  analyst: Analyst;
  priority: RequestPriority;
  at: number;
  resolve(ticket: Ticket): void;
  reject(error: Error): void;
}

/** A turn: call `done()` once the request's upstream work has ended, whatever the outcome. */
export interface Ticket {
  done(): void;
}

export interface FairQueueOptions {
  ledger: QuotaLedger;
  state: GatewayState;
  windows: UsageWindows;
  /** @default 20 */
  gatherMs?: number;
  /** Turns running at once on this instance (the ledger's own cap on requests in flight). @default 8 */
  concurrency?: number;
  now?: () => number;
  /** Called when the queue length changes (the metrics gauge). */
  onLength?: (length: number) => void;
}

export class FairQueue {
  readonly #o: Required<Omit<FairQueueOptions, 'onLength'>> & Pick<FairQueueOptions, 'onLength'>;
  #waiting: Waiter[] = [];
  /** Turns given here whose work has not ended, per analyst. */
  readonly #running = new Map<string, number>();
  readonly #id = randomBytes(4).toString('hex');
  #next = 0;
  #pumping = false;
  #again = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: FairQueueOptions) {
    this.#o = { gatherMs: 20, concurrency: 8, now: Date.now, ...options };
  }

  /** Waits for this analyst's turn. Rejects when the shared state does not answer. */
  enter(analyst: Analyst, priority: RequestPriority): Promise<Ticket> {
    return new Promise<Ticket>((resolve, reject) => {
      this.#waiting.push({ analyst, priority, at: this.#o.now(), resolve, reject });
      this.#o.onLength?.(this.#waiting.length);
      if (this.#timer === undefined) this.#gather(this.#waiting.length, this.#o.now());
    });
  }

  /** Waits `gatherMs`; again while the queue keeps growing (a burst still arriving), up to ten times `gatherMs`; then decides. */
  #gather(seen: number, since: number): void {
    this.#timer = setTimeout(() => {
      const now = this.#waiting.length;
      if (now > seen && this.#o.now() - since < 10 * this.#o.gatherMs) {
        this.#gather(now, since);
        return;
      }
      this.#timer = undefined;
      void this.#pump();
    }, this.#o.gatherMs);
  }

  /** Requests waiting for their turn on this instance. */
  get length(): number {
    return this.#waiting.length;
  }

  #ticket(name: string, id: string): Ticket {
    let ended = false;
    return {
      done: () => {
        if (ended) return;
        ended = true;
        this.#running.set(name, (this.#running.get(name) ?? 1) - 1);
        // A failed end is a turn that counts until its lease runs out: the careful side.
        void this.#o.state.runEnd(id).catch(() => undefined).finally(() => void this.#pump());
      },
    };
  }

  async #pump(): Promise<void> {
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = true;
    try {
      do {
        this.#again = false;
        while (this.#waiting.length > 0) {
          const now = this.#o.now();
          const status = await this.#o.ledger.refresh();
          const left = leftNow(status) - (await this.#o.state.runCount(now));
          const spent = exhausted(status);
          if (left <= 0 && !spent) {
            // Nothing left this window: look again when it gains room (or soon: others give back).
            const reset = status.minute.resetAt?.getTime() ?? now + 50;
            setTimeout(() => void this.#pump(), Math.min(Math.max(5, reset - now), Math.max(5, this.#o.windows.minuteMs / 20)));
            break;
          }
          // A spent day: everyone goes on, and the ledger refuses at once with its reset time, which the caller passes on.
          // Under contention (more waiting than the window has left), at most `concurrency` turns run
          // here at once: the window is handed out as requests actually leave, so analysts who arrive
          // a moment later still get their part of it. Without contention everyone goes at once (and
          // their indicator queries share one batch).
          const runningHere = [...this.#running.values()].reduce((n, k) => n + k, 0);
          const turns = spent || this.#waiting.length <= left ? this.#waiting.length : Math.min(left, this.#o.concurrency - runningHere);
          if (turns <= 0) break;
          const chosen = await this.#order(turns, Number.isFinite(left) ? Math.max(left, 1) : Infinity);
          const ids = chosen.map(() => `${this.#id}-${(this.#next += 1)}`);
          for (const w of chosen) {
            this.#waiting.splice(this.#waiting.indexOf(w), 1);
            this.#running.set(w.analyst.name, (this.#running.get(w.analyst.name) ?? 0) + 1);
          }
          this.#o.onLength?.(this.#waiting.length);
          await Promise.all(chosen.flatMap((w, i) => [
            this.#o.state.runStart(ids[i]!, now + RUN_LEASE_MS),
            this.#o.state.charge(w.analyst.name, 1, now, this.#o.windows),
          ]));
          chosen.forEach((w, i) => w.resolve(this.#ticket(w.analyst.name, ids[i]!)));
        }
      } while (this.#again);
    } catch (error) {
      const down = await this.#o.state.ping().then(() => false, () => true);
      if (down) {
        // The shared state stopped answering: every waiter hears it (the gateway answers 503).
        const waiting = this.#waiting;
        this.#waiting = [];
        this.#o.onLength?.(0);
        for (const w of waiting) w.reject(error instanceof Error ? error : new Error(String(error)));
      } else {
        // A command failed once (the quota log's lock held long, a slow answer) while the state still
        // answers: the waiters keep their places and the queue looks again.
        console.error(`gateway fair queue: ${error instanceof Error ? error.message : String(error)}; trying again`);
        setTimeout(() => void this.#pump(), 50);
      }
    } finally {
      this.#pumping = false;
    }
  }

  /** The next `turns` waiters by the rules above, from one read of everyone's use. */
  async #order(turns: number, left: number): Promise<Waiter[]> {
    const now = this.#o.now();
    const names = [...new Set(this.#waiting.map((w) => w.analyst.name))];
    if (names.length === 1) return this.#waiting.filter((w) => w.priority === 'interactive').concat(this.#waiting.filter((w) => w.priority !== 'interactive')).slice(0, turns);
    const used = await this.#o.state.usage(names, now - this.#o.windows.minuteMs);
    const today = new Map(await Promise.all(names.map(async (n) => [n, await this.#o.state.dayUsage(n, now, this.#o.windows)] as const)));
    const running = new Map(this.#running);
    const remaining = [...this.#waiting];
    const chosen: Waiter[] = [];
    while (chosen.length < turns && remaining.length > 0) {
      const interactive = remaining.filter((w) => w.priority === 'interactive');
      const pool = interactive.length > 0 ? interactive : remaining;
      const share = new Map(pool.map((w) => [w.analyst.name, Math.max(w.analyst.share, 0.01)] as const));
      const inPool = [...share.keys()];
      // Least used this minute first; between equals, least used today (so ties do not favour one analyst every minute).
      const key = (n: string): [number, number] => [(used.get(n) ?? 0) / share.get(n)!, (today.get(n) ?? 0) / share.get(n)!];
      const order = inPool.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
      // Rule 3: while others wait, an analyst at its share of what is left waits too.
      const capOk = (n: string): boolean => inPool.length === 1 || (running.get(n) ?? 0) + 1 <= Math.max(1, Math.floor(share.get(n)! * left));
      const name = order.find(capOk) ?? order[0]!;
      const w = pool.find((x) => x.analyst.name === name)!;
      remaining.splice(remaining.indexOf(w), 1);
      chosen.push(w);
      used.set(name, (used.get(name) ?? 0) + 1);
      today.set(name, (today.get(name) ?? 0) + 1);
      running.set(name, (running.get(name) ?? 0) + 1);
    }
    return chosen;
  }
}

/** What the team's windows have left now (Infinity when unlimited). */
function leftNow(status: QuotaStatus): number {
  return Math.min(status.minute.remaining ?? Infinity, status.day.remaining ?? Infinity);
}

function exhausted(status: QuotaStatus): boolean {
  return status.exhausted || status.day.remaining === 0;
}
