/**
 * How the contract travels: the envelope every answer comes in, the events main pushes, Electron's
 * IPC channels and the preload's shape, and web mode's token names. It uses contract.ts (never the other way round: no import cycle).
 */
import type { JobId, OperationName, QuotaStatusWire, RequestOf, ResponseOf, SessionStatus, WatchState } from './contract.ts';
import type { WireError } from './wire-error.ts';
import type { ProbeOutcome } from '@econdata/ui/reachability';

/** What every operation answers across the bridge: its value, or its error serialized. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: WireError };

export type ProgressPhase = 'fetching' | 'downloading' | 'writing' | 'reading' | 'saving';

/** Events main pushes to the renderer. */
export type BridgeEvent =
  | { type: 'quota'; status: QuotaStatusWire }
  | { type: 'progress'; jobId: JobId; phase: ProgressPhase; loaded: number; total: number | null }
  | { type: 'session'; status: SessionStatus }
  /** What main's check of the service found (every ~30 s while a window listens, and on connection.check). */
  | { type: 'reachability'; outcome: ProbeOutcome }
  /** The watchlist changed (pinned, unpinned, checked, seen); `found`: series a check just found new values of. */
  | { type: 'watch'; state: WatchState; found: number }
  /** Web mode only, made by the page's transport (not main): the event stream broke, so the local server stopped. */
  | { type: 'bridge_lost'; message: string };

/** The IPC channel of an operation, and the one channel events arrive on. */
export const ipcChannel = (name: OperationName): string => `econdata:${name}`;
export const EVENT_CHANNEL = 'econdata:event';

/** What the preload exposes as `window.econdata`: one named function per operation, and events. */
export interface PreloadApi {
  readonly operations: { readonly [N in OperationName]: (request: RequestOf<N>) => Promise<Envelope<ResponseOf<N>>> };
  /** Calls `fn` with every event; returns the unsubscribe function. */
  onEvent(fn: (event: BridgeEvent) => void): () => void;
}

/** Web mode: the page learns the bridge token from this meta tag the server writes into index.html. */
export const TOKEN_META = 'econdata-bridge-token';
/** Web mode: the header that carries the token on bridge requests (the events stream takes `?token=`). */
export const TOKEN_HEADER = 'x-econdata-token';
