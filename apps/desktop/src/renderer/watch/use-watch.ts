/**
 * The active profile's watchlist as main keeps it: read once, then replaced by every 'watch' event
 * main pushes (a pin, an unpin, a check, news marked seen, from any view) and read again when the
 * profile changes.
 */
import { useEffect, useState } from 'react';
import type { WatchState } from '../../shared/contract.ts';
import { useSession } from '../app/session.tsx';

/** The watchlist (null until read) and what reading it failed with. */
export function useWatch(): { state: WatchState | null; error: unknown } {
  const { client, status } = useSession();
  const [state, setState] = useState<WatchState | null>(null);
  const [error, setError] = useState<unknown>(null);
  const profile = status.profile.name;
  useEffect(() => {
    let live = true;
    const stop = client.watch.onChange((next) => { if (live) { setState(next); setError(null); } });
    client.watch.list().then((s) => { if (live) setState(s); }, (e: unknown) => { if (live) setError(e); });
    return () => {
      live = false;
      stop();
    };
  }, [client, profile]);
  return { state, error };
}

/** "N series" / "1 series". */
export const seriesCount = (n: number): string => `${n} series`;

/** "last checked 10:42: 2 requests (the catalogue's and 1 for the updated series); 3 queries not asked". */
export function checkLine(check: WatchState['lastCheck']): string {
  if (check === null) return 'Not checked yet.';
  const at = new Date(check.at);
  const when = at.toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const sent = check.requests === 1 ? '1 request (the catalogue)' : `${check.requests} requests (the catalogue, then ${check.requests - 1} for the ${seriesCount(check.refreshed)} whose source has newer data)`;
  return `Last checked ${when}: ${sent}; ${check.saved} ${check.saved === 1 ? 'query' : 'queries'} not asked (the source had nothing newer).`;
}
