/**
 * The plan-aware quota ledger: the client's RequestGate. It admits a request only when both sliding
 * windows (minute and day) have room, queues the rest by priority, refuses at once when the day is
 * spent, learns from the service's refusals and headers, and keeps its log in a QuotaStore so that
 * a restart does not reset the day and processes sharing a key share one count.
 */
import { AbortError, InvalidParameterError, StorageError } from '../errors/errors.ts';
import { exhaustedError, takeSlots, type Decision, type Exhaustion } from './admission.ts';
import { systemQuotaClock, type QuotaClock } from './clock.ts';
import { estimateQuota } from './estimate.ts';
import type { AcquireOptions, QuotaEstimate, RequestGate, RequestPermit, RequestPriority, ServerUsageHint } from './gate.ts';
import { learnFromHint, learnFromRecovery, learnFromRefusal, type RefusalInfo } from './learn.ts';
import { emptyLog, insertSorted, prune, usage, type QuotaLog } from './log.ts';
import { planLabel, planLimits, windowLengths, type Limits, type PlanLimits, type PlanSpec, type WindowLengths } from './plans.ts';
import { computeStatus, type QuotaStatus } from './status.ts';
import { checkKeyId, MemoryQuotaStore, type QuotaStore } from './store.ts';
import { wholeAtLeast, type QuotaLedgerOptions } from './options.ts';

interface Waiter {
  resolve(permit: RequestPermit): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** Admits requests under the plan's per-minute and per-day limits. */
export class QuotaLedger implements RequestGate {
  readonly #store: QuotaStore;
  readonly #keyId: string;
  readonly #clock: QuotaClock;
  readonly #windows: WindowLengths;
  readonly #timeScale: number;
  readonly #margin: number;
  readonly #concurrency: number;
  readonly #leaseMs: number;
  #plan: PlanSpec;
  #limits: PlanLimits;
  /** Lower limits the service announced in its headers; forgotten on setPlan. */
  #announced: Limits = { minute: null, day: null };
  /** The limits the service last stated for this key (X-RateLimit-Limit-*), whatever the plan set here. */
  #stated: { perMinute?: number; perDay?: number } | undefined;
  readonly #queues: Record<RequestPriority, Waiter[]> = { interactive: [], background: [] };
  #inFlight = 0;
  readonly #reports: Array<(log: QuotaLog) => void> = [];
  #reporting = false;
  #snapshot: QuotaLog = emptyLog();
  #pumping = false;
  #pumpAgain = false;
  #cancelTimer: (() => void) | undefined;
  #nextId = 0;
  readonly #idPrefix = Math.random().toString(36).slice(2, 10);
  readonly #listeners = new Set<(status: QuotaStatus) => void>();
  readonly #errorListeners = new Set<(error: Error) => void>();

  constructor(options: QuotaLedgerOptions) {
    this.#store = options.store ?? new MemoryQuotaStore();
    this.#keyId = checkKeyId(options.keyId ?? 'default');
    this.#clock = options.clock ?? systemQuotaClock;
    this.#timeScale = options.timeScale ?? 1;
    this.#windows = windowLengths(this.#timeScale);
    this.#margin = wholeAtLeast('safetyMargin', options.safetyMargin ?? 0, 0);
    this.#concurrency = wholeAtLeast('concurrency', options.concurrency ?? 8, 1);
    this.#leaseMs = wholeAtLeast('leaseMs', options.leaseMs ?? 120_000, 1);
    this.#plan = options.plan;
    this.#limits = this.#checkMargin(planLimits(options.plan));
  }

  /** Waits until one more request fits both windows; see RequestGate.acquire. */
  acquire(options: AcquireOptions): Promise<RequestPermit> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(new AbortError('Request cancelled before it was sent'));
    if (this.#unlimitedNow() && !this.#head() && !this.#pumping && this.#inFlight < this.#concurrency) {
      // Nothing to count and nobody ahead: no queue, no store.
      const permit = this.#permit(undefined);
      this.#emit();
      return Promise.resolve(permit);
    }
    return new Promise<RequestPermit>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          if (this.#remove(waiter)) {
            reject(new AbortError('Request cancelled while waiting for the plan\'s rate limit'));
            // Nobody left waiting: drop the timer, so that it does not keep a script alive.
            if (!this.#head()) {
              this.#cancelTimer?.();
              this.#cancelTimer = undefined;
            }
            this.#emit();
          }
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.#queues[options.priority === 'interactive' ? 'interactive' : 'background'].push(waiter);
      this.#emit();
      void this.#pump();
    });
  }

  /** Changes the plan at run time (the user upgraded, or the profile was read). */
  setPlan(plan: PlanSpec): void {
    // Checked before anything changes: a refused plan leaves the ledger as it was.
    this.#limits = this.#checkMargin(planLimits(plan));
    this.#plan = plan;
    this.#announced = { minute: null, day: null };
    this.#emit();
    void this.#pump();
  }

  /**
   * The limits the service stated for this key in its last response that had X-RateLimit-Limit-*
   * headers, or undefined when none has (a service that sends none, an unlimited plan, no request
   * yet). `planFromLimits` names the plan they belong to.
   */
  statedLimits(): { perMinute?: number; perDay?: number } | undefined {
    return this.#stated ? { ...this.#stated } : undefined;
  }

  /** Usage, limits and queue now, from the last read of the store (see `refresh`). */
  status(): QuotaStatus {
    return computeStatus({
      log: this.#snapshot, now: this.#clock.now(), windows: this.#windows, limits: this.#effective(),
      plan: planLabel(this.#plan), timeScale: this.#timeScale, inFlight: this.#inFlight,
      queued: { interactive: this.#queues.interactive.length, background: this.#queues.background.length },
    });
  }

  /** Re-reads the store (other processes may have used the key) and returns the status. */
  async refresh(): Promise<QuotaStatus> {
    await this.#update(() => undefined);
    this.#emit();
    return this.status();
  }

  /** Whether `requestCount` more requests fit today and this minute, and how long they would take. */
  async estimate(requestCount: number): Promise<QuotaEstimate> {
    const queued = this.#queues.interactive.length + this.#queues.background.length;
    return this.#update((log, now) => estimateQuota(log, requestCount, queued, this.#effective(), now, this.#windows));
  }

  /** Calls `fn` with the status whenever it changes; returns the unsubscribe function. */
  subscribe(fn: (status: QuotaStatus) => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /**
   * `on('change')`: as subscribe. `on('error')`: a report could not be saved to the store, or the
   * store found the usage log damaged and started it again (a `storage` EconError saying where the
   * damaged log was kept).
   */
  on(event: 'change', fn: (status: QuotaStatus) => void): () => void;
  on(event: 'error', fn: (error: Error) => void): () => void;
  on(event: 'change' | 'error', fn: ((status: QuotaStatus) => void) | ((error: Error) => void)): () => void {
    if (event === 'change') return this.subscribe(fn as (status: QuotaStatus) => void);
    const listener = fn as (error: Error) => void;
    this.#errorListeners.add(listener);
    return () => this.#errorListeners.delete(listener);
  }

  #checkMargin(limits: PlanLimits): PlanLimits {
    for (const limit of [limits.perMinute, limits.perDay]) {
      if (limit !== null && this.#margin >= limit) throw new InvalidParameterError('safetyMargin', `safetyMargin (${this.#margin}) must be below every limit of the plan (${limit})`);
    }
    return limits;
  }

  /** The limits in force: the plan's, lowered by what the service announced, minus the margin. */
  #effective(): Limits {
    const pick = (plan: number | null, announced: number | null): number | null => {
      const limit = plan === null ? announced : announced === null ? plan : Math.min(plan, announced);
      return limit === null ? null : Math.max(1, limit - this.#margin);
    };
    return { minute: pick(this.#limits.perMinute, this.#announced.minute), day: pick(this.#limits.perDay, this.#announced.day) };
  }

  /** Runs a change on this key's log (pruned at the current time) and keeps a copy for status(). */
  async #update<T>(change: (log: QuotaLog, now: number) => T): Promise<T> {
    return this.#store.update(this.#keyId, (log) => {
      const now = this.#clock.now();
      // A store that found the log damaged started it again: count this minute as full, and say so.
      const recovered = learnFromRecovery(log, this.#effective(), now, this.#windows);
      if (recovered !== undefined) queueMicrotask(() => this.#fail(new StorageError(recovered)));
      prune(log, now, this.#windows);
      const result = change(log, now);
      this.#snapshot = structuredClone(log);
      return result;
    });
  }

  #remove(waiter: Waiter): boolean {
    for (const queue of Object.values(this.#queues)) {
      const i = queue.indexOf(waiter);
      if (i >= 0) {
        queue.splice(i, 1);
        if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
        return true;
      }
    }
    return false;
  }

  #head(): Waiter | undefined {
    return this.#queues.interactive[0] ?? this.#queues.background[0];
  }

  /** Admits waiters in priority order while both windows have room; one pump runs at a time. */
  async #pump(): Promise<void> {
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    this.#pumping = true;
    try {
      do {
        this.#pumpAgain = false;
        this.#cancelTimer?.();
        this.#cancelTimer = undefined;
        while (this.#head() && this.#inFlight < this.#concurrency) {
          const wanted = Math.min(this.#queues.interactive.length + this.#queues.background.length, this.#concurrency - this.#inFlight);
          const decision = await this.#decide(wanted);
          for (const id of decision.admitted) this.#admit(id);
          if (decision.stop?.kind === 'exhausted') this.#rejectAll(decision.stop);
          else if (decision.stop) this.#sleepUntil(decision.stop.until);
          if (decision.stop) break;
        }
      } while (this.#pumpAgain);
    } catch (error) {
      this.#rejectAll(error as Error);
    } finally {
      this.#pumping = false;
    }
  }

  /** Unlimited, and not told to wait by a refusal: nothing to count, no store to touch. */
  #unlimitedNow(): boolean {
    const limits = this.#effective();
    const blocked = Math.max(this.#snapshot.minuteBlockedUntil, this.#snapshot.dayBlockedUntil) > this.#clock.now();
    return limits.minute === null && limits.day === null && !blocked;
  }

  /** Takes up to `wanted` slots in one change of the log (one lock session for the file store). */
  #decide(wanted: number): Promise<Decision> {
    if (this.#unlimitedNow()) return Promise.resolve({ admitted: Array<undefined>(wanted).fill(undefined) });
    const limits = this.#effective();
    return this.#update((log, now) => takeSlots(log, now, wanted, limits, this.#windows, () => ({ id: `${this.#idPrefix}-${(this.#nextId += 1)}`, until: now + this.#leaseMs })));
  }

  #admit(id: string | undefined): void {
    const waiter = this.#head();
    const permit = this.#permit(id);
    if (!waiter || !this.#remove(waiter)) {
      // The waiter was cancelled while its slot was being taken: give the slot back.
      permit.unused();
      return;
    }
    waiter.resolve(permit);
    this.#emit();
  }

  /** A permit for a slot taken (pending entry `id`), counted in flight until it is reported. */
  #permit(id: string | undefined): RequestPermit {
    const acquiredAt = this.#clock.now();
    this.#inFlight += 1;
    let settled = false;
    const settle = (report: ((log: QuotaLog, now: number) => void) | undefined, countAsSent: boolean): void => {
      if (settled) return;
      settled = true;
      // The moment the answer came, not when the report reaches the store (which may wait for
      // the file lock): the server saw the request before this, never after.
      const endedAt = this.#clock.now();
      this.#inFlight -= 1;
      // Unlimited plan and nothing learned: there is nothing to record.
      if (id === undefined && !report) {
        this.#emit();
        void this.#pump();
        return;
      }
      this.#report((log) => {
        const i = id === undefined ? -1 : log.pending.findIndex((p) => p.id === id);
        if (i >= 0) log.pending.splice(i, 1);
        // An entry not found has already turned into a sent request (its lease ran out): counting
        // it again is the careful side.
        if (countAsSent && id !== undefined) insertSorted(log.sent, endedAt);
        report?.(log, endedAt);
      });
    };
    const permit: RequestPermit = {
      answered: (hint?: ServerUsageHint) => {
        this.#noteStated(hint);
        settle(hint ? (log, now) => this.#learnHint(log, hint, acquiredAt, now) : undefined, true);
      },
      refused: (info: RefusalInfo) => {
        this.#noteStated(info.hint);
        settle((log, now) => this.#learnRefusal(log, info, acquiredAt, now), true);
      },
      failed: () => settle(undefined, true),
      unused: () => settle(undefined, false),
    };
    return permit;
  }

  /** Queues a report; reports arriving together are written in one change of the log. */
  #report(change: (log: QuotaLog) => void): void {
    this.#reports.push(change);
    if (this.#reporting) return;
    this.#reporting = true;
    void (async () => {
      while (this.#reports.length > 0) {
        const batch = this.#reports.splice(0);
        await this.#update((log) => {
          for (const apply of batch) apply(log);
        }).catch((error: unknown) => this.#fail(error));
        this.#emit();
        void this.#pump();
      }
      this.#reporting = false;
    })();
  }

  /** Keeps the limits a response stated, at once (the log's report may wait for the store). */
  #noteStated(hint: ServerUsageHint | undefined): void {
    if (hint?.limitMinute === undefined && hint?.limitDay === undefined) return;
    this.#stated = {
      ...(hint.limitMinute !== undefined && hint.limitMinute > 0 ? { perMinute: hint.limitMinute } : {}),
      ...(hint.limitDay !== undefined && hint.limitDay > 0 ? { perDay: hint.limitDay } : {}),
    };
  }

  #learnHint(log: QuotaLog, hint: ServerUsageHint, acquiredAt: number, now: number): void {
    // The service may only make us more careful: a lower limit than the plan's is kept.
    if (hint.limitMinute !== undefined && hint.limitMinute > 0 && (this.#limits.perMinute === null || hint.limitMinute < this.#limits.perMinute)) this.#announced.minute = hint.limitMinute;
    if (hint.limitDay !== undefined && hint.limitDay > 0 && (this.#limits.perDay === null || hint.limitDay < this.#limits.perDay)) this.#announced.day = hint.limitDay;
    learnFromHint(log, hint, this.#effective(), acquiredAt, now, this.#windows);
  }

  #learnRefusal(log: QuotaLog, info: RefusalInfo, acquiredAt: number, now: number): void {
    if (info.hint) this.#learnHint(log, info.hint, acquiredAt, now);
    const used = usage(log, now, this.#windows);
    learnFromRefusal(log, info, { minute: used.minuteUsed, day: used.dayUsed }, this.#effective(), now, this.#windows);
  }

  #sleepUntil(until: number): void {
    // Capped, so that slots another process gives back are noticed without waiting a whole window.
    const delay = Math.min(Math.max(1, until - this.#clock.now()), Math.max(1, Math.floor(this.#windows.minuteMs / 10)));
    this.#cancelTimer = this.#clock.setTimer(() => {
      this.#cancelTimer = undefined;
      void this.#pump();
    }, delay);
  }

  #rejectAll(cause: Error | Exhaustion): void {
    const waiters = [...this.#queues.interactive, ...this.#queues.background];
    for (const waiter of waiters) {
      this.#remove(waiter);
      waiter.reject(cause instanceof Error ? cause : exhaustedError(cause, planLabel(this.#plan), this.#timeScale, this.#clock.now()));
    }
    if (cause instanceof Error) this.#fail(cause);
    this.#emit();
  }

  #fail(error: unknown): void {
    const e = error instanceof Error ? error : new Error(String(error));
    if (this.#errorListeners.size === 0) console.error('Quota ledger:', e.message);
    for (const fn of this.#errorListeners) fn(e);
  }

  #emit(): void {
    if (this.#listeners.size === 0) return;
    const status = this.status();
    for (const fn of this.#listeners) fn(status);
  }
}
