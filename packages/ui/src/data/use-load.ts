/** The one loading state machine the data hooks share: loading, error, ready (maybe empty), with reload. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '../errors/normalize.ts';

/** What a data hook returns. */
export interface LoadState<T> {
  status: 'idle' | 'loading' | 'error' | 'ready';
  /** The last good data (kept while a reload runs, so lists do not flash empty). */
  data: T | undefined;
  /** The failure, as received (EconError or its JSON); describe it with describeError. */
  error: unknown;
  /** Ready with nothing in it. */
  empty: boolean;
  /** Loads again (after an error, or to refresh). */
  reload(): void;
}

/**
 * Runs `load` whenever `key` changes (or on reload), aborting the previous run so a slow, stale
 * answer never replaces a newer one. `key === null` means idle (nothing to load yet). The last data
 * stays on screen while a new key loads only within the same `scope` (a new search of the same
 * source keeps the list; another source clears it, so WB's indicators never show under IMF).
 */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, isEmpty: (data: T) => boolean, delayMs = 0, scope: string | null = key): LoadState<T> {
  const [state, setState] = useState<{ status: LoadState<T>['status']; data: T | undefined; error: unknown }>({ status: key === null ? 'idle' : 'loading', data: undefined, error: undefined });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  const scopeRef = useRef<string | null>(null);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) {
      scopeRef.current = null;
      setState({ status: 'idle', data: undefined, error: undefined });
      return undefined;
    }
    const controller = new AbortController();
    const sameScope = scopeRef.current === scope;
    scopeRef.current = scope;
    setState((s) => ({ status: 'loading', data: sameScope ? s.data : undefined, error: undefined }));
    const run = (): void => {
      loadRef.current(controller.signal).then(
        (data) => { if (!controller.signal.aborted) setState({ status: 'ready', data, error: undefined }); },
        (error: unknown) => {
          // A run we aborted ourselves is superseded, not failed; any other error is shown.
          if (controller.signal.aborted && isAbort(error)) return;
          if (!controller.signal.aborted) setState((s) => ({ status: 'error', data: s.data, error }));
        },
      );
    };
    const timer = delayMs > 0 ? setTimeout(run, delayMs) : undefined;
    if (timer === undefined) run();
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      controller.abort();
    };
  }, [key, generation, delayMs, scope]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const empty = state.status === 'ready' && state.data !== undefined && isEmpty(state.data);
  return { ...state, empty, reload };
}
