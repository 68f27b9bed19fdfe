/**
 * Whether the service answers, learned from the requests the app makes anyway and, where an app runs
 * one, from a reachability watch that checks without spending quota (reachability.ts): a request or
 * check that reached no one (a connection refused, a timeout, the explorer's own local server gone)
 * turns the state to "not answering"; any answer, even a refusal, turns it back. The quota meter
 * shows it, so a green dot never stands for a service that is gone.
 */
import { toUiError } from '../errors/normalize.ts';
import type { EconDataApi } from '../data/api.ts';

/** Who did not answer: the service, or the app's own local server between the page and it (desktop web mode). */
type Unanswering = 'service' | 'local';

export type ConnectionState =
  | { status: 'unknown' }
  | { status: 'answering'; at: Date }
  /**
   * `at`: when it was first seen not answering (kept while it stays so). `checked`: a reachability
   * watch checks it, so `at` is within one check of when it stopped and the state turns back by itself.
   */
  | { status: 'not_answering'; who: Unanswering; at: Date; message: string; checked: boolean };

/** What one request's outcome says about the connection. */
export type Outcome = { answered: true } | { answered: false; who: Unanswering; message: string } | null;

/** Codes of failures where no answer came back. */
const NO_ANSWER = new Set(['connection', 'timeout']);
/** The desktop bridge's own codes when its local server is gone (apps/desktop/src/shared/transports.ts). */
const LOCAL_GONE = new Set(['bridge_unreachable', 'bridge_failed']);

/**
 * What an error says about the connection: no answer, an answer (the service refused or failed:
 * it is there), or nothing (a cancellation, a query refused before it was sent).
 */
export function outcomeOf(error: unknown): Outcome {
  const code = typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : '';
  const given = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  const message = typeof given === 'string' ? given : toUiError(error).message;
  if (LOCAL_GONE.has(code)) return { answered: false, who: 'local', message };
  if (NO_ANSWER.has(code)) return { answered: false, who: 'service', message };
  const ui = toUiError(error);
  if (ui.code === 'aborted' || ui.code === 'invalid_parameter' || ui.code === 'unknown' || ui.code === 'key_unavailable') return null;
  return { answered: true };
}

/** The connection state, updated by outcomes, watched by components. */
export interface ConnectionWatch {
  state(): ConnectionState;
  /** Records what a request's outcome says (null: nothing). */
  report(outcome: Outcome): void;
  subscribe(fn: (state: ConnectionState) => void): () => void;
}

export interface ConnectionWatchOptions {
  now?: () => Date;
  /** A reachability watch reports to this one (the desktop's main checks every ~30 s): the meter can say "since". */
  checked?: boolean;
}

/** A new watch, starting at "unknown". */
export function createConnectionWatch(options: ConnectionWatchOptions = {}): ConnectionWatch {
  const now = options.now ?? ((): Date => new Date());
  const checked = options.checked ?? false;
  let state: ConnectionState = { status: 'unknown' };
  const listeners = new Set<(s: ConnectionState) => void>();
  return {
    state: () => state,
    report(outcome) {
      if (outcome === null) return;
      const same = outcome.answered ? state.status === 'answering' : state.status === 'not_answering' && state.who === outcome.who;
      // Still silent: the first time it was seen so stays (it is what "since" means).
      if (same) return;
      state = outcome.answered
        ? { status: 'answering', at: now() }
        : { status: 'not_answering', who: outcome.who, at: now(), message: outcome.message, checked };
      for (const fn of listeners) fn(state);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

/** The calls of the port that go to the service. */
const WATCHED = new Set<PropertyKey>(['listSources', 'listSourceIndicators', 'catalogue', 'listCountries', 'fetchSeries', 'estimate']);

/**
 * `api` with every call to the service reported to `watch` (the same object type: an app's own
 * methods and options pass through untouched). fetchSeries reports per query: one series back is
 * an answer unless another query of the same call reached no one (the ok ones may be cached).
 */
export function watchApi<T extends EconDataApi>(api: T, watch: ConnectionWatch): T {
  return new Proxy(api, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      // Called on the api itself, not the proxy: a class keeps its private fields (core's client does).
      if (!WATCHED.has(property)) return (value as (...a: unknown[]) => unknown).bind(target);
      return async (...args: unknown[]): Promise<unknown> => {
        let result: unknown;
        try {
          result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          watch.report(outcomeOf(error));
          throw error;
        }
        if (property === 'fetchSeries' && Array.isArray(result)) {
          const results = result as Array<{ ok: boolean; error?: unknown; series?: { provenance?: { stale?: boolean } } }>;
          // A series from the cache proves nothing about the service: a query that reached no one
          // (or a stale copy, served because the service did not answer) is the news.
          const outcomes = results.map((r): Outcome => {
            if (!r.ok) return outcomeOf(r.error);
            return r.series?.provenance?.stale === true ? { answered: false, who: 'service', message: 'A cached copy was shown: the service did not answer.' } : { answered: true };
          });
          watch.report(outcomes.find((o) => o?.answered === false) ?? outcomes.find((o) => o !== null) ?? null);
        } else {
          watch.report({ answered: true });
        }
        return result;
      };
    },
  });
}
