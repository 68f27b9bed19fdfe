/**
 * The transport of browsers (the Excel add-in, with the service or a team gateway): `fetch` with
 * `redirect: 'manual'`, the only browser API that can refuse to follow a redirect. XMLHttpRequest
 * (axios' browser adapter) follows every one, and in query-key mode the target's address keeps
 * `?api_key=...`: the key would reach whatever host the redirect names. A refused redirect comes back
 * as an opaque answer whose status (0) and target the browser hides; it is handed on as status 0, and
 * the client reports it as a redirect (net/error-from-response.ts). The body is read chunk by chunk
 * and counted: past `maxBytes` (or a declared Content-Length past it) reading stops, the download is
 * cancelled (the connection closes) and `too_large` is thrown, so memory holds at most `maxBytes`.
 */
import { axiosTransport, collect, tooLarge, TransportFailure, type Transport, type TransportRequest, type TransportResponse } from './transport.ts';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The client's transport when it is given none: in Node (and Electron's main process) axios' http
 * adapter; anywhere else (a browser, Office's runtimes) `fetchTransport`.
 */
export function defaultTransport(): Transport {
  const p = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof p?.versions?.node === 'string' ? axiosTransport() : fetchTransport();
}

/** The transport for browsers; `doFetch` is the page's own `fetch` unless a test gives another. */
export function fetchTransport(doFetch: Fetch = (url, init) => globalThis.fetch(url, init)): Transport {
  return {
    async send(request: TransportRequest): Promise<TransportResponse> {
      const { maxBytes } = request;
      // Aborted by the caller's signal, and by this transport when it stops reading.
      const local = new AbortController();
      const onAbort = (): void => local.abort();
      if (request.signal.aborted) local.abort();
      else request.signal.addEventListener('abort', onAbort, { once: true });
      const release = (): void => request.signal.removeEventListener('abort', onAbort);
      // fetch's own errors ("Failed to fetch") are kept out: only the kind of failure travels on.
      const failure = (error: unknown): TransportFailure => {
        if (error instanceof TransportFailure) return error;
        if (request.signal.aborted) return new TransportFailure('aborted', 'The request was cancelled');
        return new TransportFailure('connection', 'No answer from the service (network error)');
      };
      let res: Response;
      try {
        res = await doFetch(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          signal: local.signal,
          redirect: 'manual',
          // The address (which may hold the key) is never sent on as a Referer.
          referrerPolicy: 'no-referrer',
        });
      } catch (error) {
        release();
        throw failure(error);
      }
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const stop = (): void => {
        res.body?.cancel().catch(() => undefined);
        local.abort();
        release();
      };
      // A redirect, refused: the opaque answer of a browser (status 0), or the 3xx itself where
      // fetch shows it (Node). Its body does not matter.
      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
        stop();
        return { status: res.type === 'opaqueredirect' ? 0 : res.status, headers, body: new Uint8Array(0) };
      }
      const declared = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
      const total = declared !== undefined && Number.isFinite(declared) ? declared : undefined;
      if (maxBytes !== undefined && total !== undefined && total > maxBytes) {
        stop();
        throw tooLarge(maxBytes);
      }
      const body = res.body;
      const chunks = (async function* counted(): AsyncGenerator<Uint8Array> {
        if (!body) {
          release();
          return;
        }
        const reader = body.getReader();
        let size = 0;
        let finished = false;
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) {
              finished = true;
              return;
            }
            size += value.byteLength;
            if (maxBytes !== undefined && size > maxBytes) throw tooLarge(maxBytes);
            request.onDownloadProgress?.(size, total);
            yield value;
          }
        } catch (error) {
          throw failure(error);
        } finally {
          // Stopped early (too large, a failure, or the consumer gave up): cancel the download.
          if (!finished) {
            reader.cancel().catch(() => undefined);
            local.abort();
          }
          release();
        }
      })();
      if (request.stream && res.status >= 200 && res.status < 300) return { status: res.status, headers, body: new Uint8Array(0), stream: chunks };
      return { status: res.status, headers, body: await collect(chunks) };
    },
  };
}
