/**
 * "Watch" beside the chart (issue 33): pins the series shown (each query under the chart's
 * transform, the series as shown kept as the last look: nothing is fetched) to the active profile's
 * watchlist, or unpins them. The watch checks them for new data; the notice says when there is.
 */
import { useState } from 'react';
import type { Series, SeriesQuery } from '@econdata/core';
import { watchKey } from '@econdata/sheets';
import { ToggleButton, Tooltip } from '@fluentui/react-components';
import { Eye20Filled, Eye20Regular } from '@fluentui/react-icons';
import { useSession } from '../app/session.tsx';
import { useWatch } from './use-watch.ts';

export interface WatchToggleProps {
  /** One query per shown series, in order. */
  queries: readonly SeriesQuery[];
  series: readonly Series[];
  transform: string;
  /** Derived series are not watched (the watch follows what the service publishes). */
  derived?: unknown;
}

export function WatchToggle({ queries, series, transform, derived }: WatchToggleProps) {
  const { client } = useSession();
  const { state } = useWatch();
  const [busy, setBusy] = useState(false);
  if (derived !== undefined || queries.length === 0 || queries.length !== series.length || !state) return null;
  const keys = queries.map((q) => watchKey(state.profile, q, transform || undefined));
  const watched = new Set(state.entries.map((e) => e.key));
  const on = keys.every((k) => watched.has(k));
  const toggle = async (): Promise<void> => {
    setBusy(true);
    try {
      if (on) await client.watch.unpin(keys);
      else await client.watch.pin({ from: 'shown', queries: [...queries], series: [...series], ...(transform ? { transform } : {}) });
    } catch (e) {
      console.warn('Could not change the watchlist:', e);
    } finally {
      setBusy(false);
    }
  };
  const what = queries.length === 1 ? 'this series' : `these ${queries.length} series`;
  return (
    <Tooltip relationship="description" content={on ? `Watched: the explorer checks ${what} for new data (Saved exports › Watched). Click to stop.` : `Watch ${what}: the explorer checks the catalogue every few hours and tells you when the source has new or revised values.`}>
      <ToggleButton size="small" checked={on} disabled={busy} icon={on ? <Eye20Filled /> : <Eye20Regular />} onClick={() => void toggle()} data-testid="watch-toggle">
        {on ? 'Watching' : 'Watch'}
      </ToggleButton>
    </Tooltip>
  );
}
