/**
 * Whether the active profile's service answers, checked by main without spending quota (@econdata/ui's
 * reachability watch: a request with no key, every 30 s) while a window listens to main's events,
 * at once when the renderer says the OS went online or offline, and when the profile changes. Each
 * outcome goes to the renderer as a `reachability` event; its connection watch turns the top bar red.
 */
import { probeService, watchReachability, type ProbeOutcome, type ReachabilityWatch, type WatchTimers } from '@econdata/ui/reachability';
import type { BridgeEvent } from '../../shared/bridge.ts';

export interface ReachabilityOptions {
  /** The address to check (the active profile's, the embedded sandbox's included); undefined: nothing to check yet. */
  serviceURL(): Promise<string | undefined>;
  emit(event: BridgeEvent): void;
  /** Tests: a shorter interval, a fake clock, a fake probe. */
  everyMs?: number;
  timers?: WatchTimers;
  probe?: (baseURL: string) => Promise<ProbeOutcome>;
}

export class ReachabilityService {
  readonly #options: ReachabilityOptions;
  #watch: ReachabilityWatch | undefined;
  #last: ProbeOutcome | undefined;

  constructor(options: ReachabilityOptions) {
    this.#options = options;
  }

  /** Starts checking (a window listens); checks at once. */
  start(): void {
    if (this.#watch) return;
    const { everyMs, timers } = this.#options;
    this.#watch = watchReachability({
      probe: () => this.#probe(),
      report: (outcome) => {
        this.#last = outcome;
        this.#options.emit({ type: 'reachability', outcome });
      },
      ...(everyMs === undefined ? {} : { everyMs }),
      ...(timers === undefined ? {} : { timers }),
    });
  }

  /** Stops checking (no window listens). */
  stop(): void {
    this.#watch?.stop();
    this.#watch = undefined;
  }

  /** The last outcome (a window that starts listening learns it at once). */
  last(): ProbeOutcome | undefined {
    return this.#last;
  }

  /** Checks now: the outcome is pushed as an event too while watching. null: nothing to check yet. */
  async check(): Promise<ProbeOutcome | null> {
    return this.#watch ? this.#watch.check() : this.#probe();
  }

  async #probe(): Promise<ProbeOutcome | null> {
    const baseURL = await this.#options.serviceURL();
    return baseURL === undefined ? null : (this.#options.probe ?? probeService)(baseURL);
  }
}
