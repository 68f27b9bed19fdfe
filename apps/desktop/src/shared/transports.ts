/**
 * The two ways the renderer reaches main: Electron's preload (`window.econdata`) and web mode's
 * loopback HTTP bridge (`POST /bridge/<operation>` with the per-run token, events over
 * Server-Sent Events). Both answer every call with an Envelope; neither throws for an error main
 * reported.
 */
import { type OperationName, type RequestOf, type ResponseOf } from './contract.ts';
import { TOKEN_HEADER, TOKEN_META, type BridgeEvent, type Envelope, type PreloadApi } from './bridge.ts';
import { bridgeError } from './wire-error.ts';

/** What `createDesktopApi` needs from a transport. */
export interface BridgeTransport {
  call<N extends OperationName>(name: N, request: RequestOf<N>): Promise<Envelope<ResponseOf<N>>>;
  /** Calls `fn` with every event main pushes; returns the unsubscribe function. */
  subscribe(fn: (event: BridgeEvent) => void): () => void;
}

/** Electron: the named functions the preload exposed. */
function electronTransport(api: PreloadApi): BridgeTransport {
  return {
    call: (name, request) => api.operations[name](request),
    subscribe: (fn) => api.onEvent(fn),
  };
}

export interface WebTransportOptions {
  /** The bridge server's origin; default the page's own. */
  baseUrl?: string;
  token: string;
  /** Seams for tests (Node has fetch; EventSource only in browsers). */
  fetch?: typeof fetch;
  eventSource?: (url: string) => EventSource;
}

const UNREACHABLE = 'The explorer\'s local server did not answer. It may have been stopped: start it again with "bash scripts/start.sh" and reload this page.';

/** Web mode: fetch to the loopback bridge, events over one shared EventSource. */
export function webTransport(options: WebTransportOptions): BridgeTransport {
  const base = (options.baseUrl ?? globalThis.location.origin).replace(/\/$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: EventSource | undefined;

  const open = (): void => {
    const url = `${base}/bridge/events?token=${encodeURIComponent(options.token)}`;
    source = options.eventSource ? options.eventSource(url) : new EventSource(url);
    source.onmessage = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as BridgeEvent;
      for (const fn of listeners) fn(event);
    };
    // The stream breaks the moment the local server stops: said at once, not at the next request.
    // (EventSource retries by itself; a restarted server has a new token, so the page must reload.)
    source.onerror = () => {
      const event: BridgeEvent = { type: 'bridge_lost', message: UNREACHABLE };
      for (const fn of listeners) fn(event);
    };
  };

  return {
    async call(name, request) {
      let response: Response;
      try {
        response = await doFetch(`${base}/bridge/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: options.token },
          body: JSON.stringify(request),
        });
      } catch (error) {
        return { ok: false, error: bridgeError('bridge_unreachable', `${UNREACHABLE} (${error instanceof Error ? error.message : String(error)})`) };
      }
      const type = response.headers.get('content-type') ?? '';
      if (!type.includes('application/json')) {
        return { ok: false, error: bridgeError('bridge_failed', `The explorer's local server answered ${response.status} without a result. ${UNREACHABLE}`) };
      }
      return (await response.json()) as Envelope<ResponseOf<typeof name>>;
    },
    subscribe(fn) {
      listeners.add(fn);
      if (source === undefined) open();
      return () => {
        listeners.delete(fn);
        if (listeners.size === 0 && source !== undefined) {
          source.close();
          source = undefined;
        }
      };
    },
  };
}

/** The token web mode's server wrote into the page, or undefined outside web mode. */
function pageToken(doc: Document = globalThis.document): string | undefined {
  const meta = doc.querySelector(`meta[name="${TOKEN_META}"]`);
  return meta?.getAttribute('content') ?? undefined;
}

/** The transport of the environment the renderer runs in: Electron's preload, else web mode's bridge. */
export function detectTransport(): BridgeTransport {
  const preload = (globalThis as { econdata?: PreloadApi }).econdata;
  if (preload !== undefined) return electronTransport(preload);
  const token = pageToken();
  if (token === undefined) {
    throw new Error('This page has no connection to the explorer: open it through "bash scripts/start.sh" (web mode prints the address to use).');
  }
  return webTransport({ token });
}
