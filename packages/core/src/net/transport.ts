/**
 * The one HTTP path: a small Transport seam, implemented with axios. The transport only moves
 * bytes: it never throws on an HTTP status and never parses the body, so the client reads every
 * answer itself (truncated JSON, HTML error pages and `success: false` become exact errors).
 */
import axios, { type AxiosInstance } from 'axios';

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** The full URL, query string included (in query auth mode it holds the key: never log it). */
  url: string;
  headers: Record<string, string>;
  /** JSON text for POST. */
  body?: string;
  /** Aborts the request; the client fires it on caller cancel and on its own timeout. */
  signal: AbortSignal;
  /** Called as the body arrives (exports): bytes so far and the total when known. */
  onDownloadProgress?: (loaded: number, total: number | undefined) => void;
  /** Hand a 2xx body over as a stream of chunks (`stream`) instead of reading it whole (Node: files). */
  stream?: boolean;
  /** The most bytes of body to read (streams included); past it the transport stops reading and throws `too_large`. */
  maxBytes?: number;
}

export interface TransportResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Uint8Array | string;
  /** With `request.stream` and a 2xx status: the body, chunk by chunk (then `body` is empty). */
  stream?: AsyncIterable<Uint8Array>;
}

/** Why a request got no (whole) HTTP answer: none came, it was cancelled, or its body passed `maxBytes`. */
export type TransportFailureKind = 'connection' | 'aborted' | 'too_large';

/** Thrown by a transport when no answer arrived; its message never holds the URL. */
export class TransportFailure extends Error {
  readonly kind: TransportFailureKind;
  /** The system's code (ECONNRESET, ECONNREFUSED, ...), when there is one. */
  readonly sysCode: string | undefined;
  constructor(kind: TransportFailureKind, message: string, sysCode?: string) {
    super(message);
    this.name = 'TransportFailure';
    this.kind = kind;
    this.sysCode = sysCode;
  }
}

/** The body passed the request's `maxBytes`: reading stopped there, so memory stays bounded. */
export function tooLarge(maxBytes: number): TransportFailure {
  return new TransportFailure('too_large', `The answer is larger than ${maxBytes} bytes`);
}

/**
 * Passes chunks on while their total stays within `maxBytes`; the first chunk past it ends the
 * stream with `too_large`. A failure of the stream itself goes through `mapError` (axios' own).
 */
async function* boundedChunks(chunks: AsyncIterable<Uint8Array>, maxBytes: number | undefined, mapError: (error: unknown) => unknown = (e) => e): AsyncGenerator<Uint8Array> {
  let size = 0;
  try {
    for await (const c of chunks) {
      size += c.byteLength;
      if (maxBytes !== undefined && size > maxBytes) throw tooLarge(maxBytes);
      yield c;
    }
  } catch (error) {
    throw mapError(error);
  }
}

/** Sends one request and resolves with whatever status came back. */
export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
}

/** Reads a stream of chunks whole (an error answer, which the client must read to report). */
export async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const c of chunks) {
    parts.push(c);
    size += c.byteLength;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/**
 * The transport of Node: axios' http adapter, which follows no redirect (`maxRedirects: 0`) and
 * enforces `maxBytes` as `maxContentLength` while the body arrives (and against a declared
 * Content-Length before), so a huge answer never sits in memory whole. Browsers get `fetchTransport`
 * (net/fetch-transport.ts) by default: axios' XMLHttpRequest adapter follows every redirect, taking a
 * key in the query string along. Given to a browser anyway, it still holds `maxBytes` by aborting
 * from the download progress (XMLHttpRequest ignores `maxContentLength`).
 */
export function axiosTransport(instance: AxiosInstance = axios.create()): Transport {
  return {
    async send(request) {
      const { maxBytes } = request;
      const local = new AbortController();
      let over = false;
      const onAbort = (): void => local.abort();
      if (request.signal.aborted) local.abort();
      else request.signal.addEventListener('abort', onAbort, { once: true });
      const progress = (e: { loaded: number; total?: number | undefined }): void => {
        if (maxBytes !== undefined && !over && (e.loaded > maxBytes || (e.total ?? 0) > maxBytes)) {
          over = true;
          local.abort();
        }
        request.onDownloadProgress?.(e.loaded, e.total);
      };
      // Only the code and axios' own short message are kept: the axios error holds the config,
      // whose URL or Authorization header carries the key.
      const failure = (error: unknown): TransportFailure => {
        if (over && maxBytes !== undefined) return tooLarge(maxBytes);
        if (request.signal.aborted || axios.isCancel(error)) return new TransportFailure('aborted', 'The request was cancelled');
        if (error instanceof TransportFailure) return error;
        if (maxBytes !== undefined && /maxContentLength size of \d+ exceeded/.test(String((error as { message?: unknown }).message))) return tooLarge(maxBytes);
        const code = (error as { code?: unknown }).code;
        const sysCode = typeof code === 'string' ? code : undefined;
        return new TransportFailure('connection', `No answer from the service (${sysCode ?? 'network error'})`, sysCode);
      };
      try {
        const res = await instance.request<ArrayBuffer>({
          method: request.method,
          url: request.url,
          headers: request.headers,
          data: request.body,
          signal: local.signal,
          responseType: request.stream ? 'stream' : 'arraybuffer',
          // The client reads every status and every body itself.
          validateStatus: () => true,
          transformResponse: [(data: unknown) => data],
          maxRedirects: 0,
          ...(maxBytes === undefined ? {} : { maxContentLength: maxBytes }),
          ...(request.onDownloadProgress || maxBytes !== undefined ? { onDownloadProgress: progress } : {}),
        });
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers as Record<string, unknown>)) {
          if (value !== undefined && value !== null) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
        }
        let data = res.data as unknown;
        if (request.stream) {
          const chunks = data as AsyncIterable<Uint8Array>;
          if (res.status >= 200 && res.status < 300) return { status: res.status, headers, body: new Uint8Array(0), stream: boundedChunks(chunks, maxBytes, failure) };
          data = await collect(boundedChunks(chunks, maxBytes, failure));
        }
        const body = data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : String(data ?? '');
        return { status: res.status, headers, body };
      } catch (error) {
        throw failure(error);
      }
    },
  };
}
