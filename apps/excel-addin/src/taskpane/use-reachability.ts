/**
 * The taskpane's side of issue 22's "the connection state is visible": while connected, ui's
 * reachability watch asks the service every 30 s with a keyless `no-cors` request for its
 * documentation page (an opaque answer is an answer; nothing counts against the quota; no 401 for
 * the browser to log as a console error) and at once when the browser says the
 * network came or went, so the header turns to "Not answering since HH:MM" without waiting for
 * the next request to fail, and back when it answers.
 */
import type { ConnectionWatch } from '@econdata/ui';
import { probeService, watchReachability } from '@econdata/ui/reachability';
import { useEffect } from 'react';

/** Watches `baseURL` (none: not connected, nothing to watch) and reports to `watch`. */
export function useReachability(baseURL: string | null, watch: ConnectionWatch): void {
  useEffect(() => {
    if (!baseURL) return undefined;
    const reachability = watchReachability({
      probe: () => probeService(baseURL, { init: { mode: 'no-cors' }, target: 'docs' }),
      report: (outcome) => watch.report(outcome),
    });
    const check = (): void => void reachability.check();
    globalThis.addEventListener?.('online', check);
    globalThis.addEventListener?.('offline', check);
    return () => {
      reachability.stop();
      globalThis.removeEventListener?.('online', check);
      globalThis.removeEventListener?.('offline', check);
    };
  }, [baseURL, watch]);
}
