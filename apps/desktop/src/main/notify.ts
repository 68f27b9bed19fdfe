/**
 * The desktop notification of new data (issue 33, Electron only: web mode shows its in-page notice
 * and never asks the browser for notification permission): one per check that found new values.
 */
import type { BridgeEvent } from '../shared/bridge.ts';

/** The notification an event calls for, or null (not a check's news, or nothing new found). */
export function newDataNotice(event: BridgeEvent): { title: string; body: string } | null {
  if (event.type !== 'watch' || event.found === 0) return null;
  const { news } = event.state;
  return {
    title: 'New data',
    body: `${news} watched series updated since you last looked. Open the explorer to see what changed.`,
  };
}
