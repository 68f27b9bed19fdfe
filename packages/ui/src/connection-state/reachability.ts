/**
 * Whether the service answers, checked without spending quota: a request with no key to one of its
 * addresses. Any HTTP answer (a 401 for the missing key is the usual one) means it is there; no
 * answer (refused, reset, timed out) means it is not. The desktop's main process runs the watch
 * every ~30 s and when the OS says the network came or went; an app in a browser can run it as is.
 * No React and no key here: the desktop's main process imports this file (`@econdata/ui/reachability`).
 */

/** What one check found: the same shape the connection watch learns from requests (connection-watch.ts). */
export type ProbeOutcome = { answered: true } | { answered: false; who: 'service'; message: string };

export interface ProbeOptions {
  /** The fetch to use (tests, or a browser's with `init`); default the runtime's. */
  fetch?: typeof fetch;
  /** No answer in this long is no answer (default 5 s: a check must finish well inside its interval). */
  timeoutMs?: number;
  /** Extra fetch options: a browser page checking another origin passes `{ mode: 'no-cors' }` (an opaque answer is still an answer). */
  init?: RequestInit;
  /**
   * What to ask: `sources` (default; a 401 at once), or `docs`, the interactive documentation
   * the spec names ({base}/api/docs, open without a key: a 200). A page asks `docs`: a browser logs
   * every 401 it loads as a console error, so the expected 401 read as a fault on every check (issue 28).
   */
  target?: 'sources' | 'docs';
}

/**
 * The address a check asks: the service's list of sources, which needs a key, so it answers 401 at
 * once and counts nothing; or (`docs`) its interactive documentation, which needs none.
 */
export function probeURL(baseURL: string, target: ProbeOptions['target'] = 'sources'): string {
  const root = baseURL.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
  return target === 'docs' ? `${root}/api/docs` : `${root}/api/v1/sources`;
}

/**
 * One check of `baseURL` (the address a client is given, with or without /api/v1). It sends no key,
 * no cookie and no header of ours, and follows no redirect (except in `no-cors` mode, where a browser
 * requires it): nothing secret can leave with it.
 */
export async function probeService(baseURL: string, options: ProbeOptions = {}): Promise<ProbeOutcome> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 5_000;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // A browser refuses a no-cors fetch that does not follow redirects (a TypeError, read as no
    // answer); following one is harmless here, since the check carries nothing of ours.
    const redirect = options.init?.mode === 'no-cors' ? 'follow' : 'manual';
    const response = await doFetch(probeURL(baseURL, options.target), { ...options.init, method: 'GET', credentials: 'omit', redirect, cache: 'no-store', signal: controller.signal });
    // Drain the body so the connection is freed; what it says does not matter.
    await response.arrayBuffer().catch(() => undefined);
    return { answered: true };
  } catch (error) {
    const reason = controller.signal.aborted ? `no answer in ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}` : causeText(error);
    return { answered: false, who: 'service', message: `The service at ${baseURL} did not answer (${reason}).` };
  } finally {
    clearTimeout(timer);
  }
}

/** "ECONNREFUSED" rather than fetch's bare "fetch failed": Node puts the reason in `cause`. */
function causeText(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** The timer seam of the watch: core's QuotaClock shape, so tests pass core's FakeClock. */
export interface WatchTimers {
  /** Runs `fn` in `ms`; returns the cancel function. */
  setTimer(fn: () => void, ms: number): () => void;
}

const realTimers: WatchTimers = {
  setTimer(fn, ms) {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
};

export interface ReachabilityWatchOptions {
  /** One check (usually `() => probeService(baseURL)`); null when there is nothing to check now (no address yet). */
  probe(): Promise<ProbeOutcome | null>;
  /** Told every check's outcome (the watch itself reports changes only: connection-watch.ts). */
  report(outcome: ProbeOutcome): void;
  /** Time between checks (default 30 s), counted from the end of the last one. */
  everyMs?: number;
  /** Time to the next check after one that got no answer (default 5 s, never more than `everyMs`): a service back is seen soon. */
  afterFailureMs?: number;
  timers?: WatchTimers;
}

export interface ReachabilityWatch {
  /** Checks now (the OS said the network came or went; the service changed), then every `everyMs` again from here. */
  check(): Promise<ProbeOutcome | null>;
  stop(): void;
}

/** The default interval: a stopped service is noticed within half a minute (at once when a request fails: the app calls `check()`). */
const CHECK_EVERY_MS = 30_000;
/** After a check that got no answer: sooner, so a service that comes back is seen within seconds. */
const CHECK_AFTER_FAILURE_MS = 5_000;

/**
 * Checks at once, then every `everyMs` until stopped, every `afterFailureMs` while the last check
 * got no answer. Checks never overlap: a `check()` while one runs shares its outcome.
 */
export function watchReachability(options: ReachabilityWatchOptions): ReachabilityWatch {
  const every = options.everyMs ?? CHECK_EVERY_MS;
  const afterFailure = Math.min(options.afterFailureMs ?? CHECK_AFTER_FAILURE_MS, every);
  let lastAnswered = true;
  const timers = options.timers ?? realTimers;
  let cancel: (() => void) | undefined;
  let running: Promise<ProbeOutcome | null> | undefined;
  let stopped = false;

  const schedule = (): void => {
    if (stopped) return;
    cancel?.();
    cancel = timers.setTimer(() => { cancel = undefined; void check(); }, lastAnswered ? every : afterFailure);
  };

  const check = (): Promise<ProbeOutcome | null> => {
    if (running) return running;
    const run = (async (): Promise<ProbeOutcome | null> => {
      let outcome: ProbeOutcome | null;
      try {
        outcome = await options.probe();
      } catch (error) {
        // probeService never throws; a probe of an app's own that does says the same as no answer.
        outcome = { answered: false, who: 'service', message: error instanceof Error ? error.message : String(error) };
      }
      if (outcome !== null) lastAnswered = outcome.answered;
      if (!stopped && outcome !== null) options.report(outcome);
      return outcome;
    })();
    running = run;
    void run.finally(() => { running = undefined; schedule(); });
    return run;
  };

  void check();
  return {
    check,
    stop() {
      stopped = true;
      cancel?.();
      cancel = undefined;
    },
  };
}
