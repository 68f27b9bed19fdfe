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
}

export interface TransportResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Uint8Array | string;
  /** With `request.stream` and a 2xx status: the body, chunk by chunk (then `body` is empty). */
  stream?: AsyncIterable<Uint8Array>;
}

/** Why a request got no HTTP answer. */
export type TransportFailureKind = 'connection' | 'aborted';

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

/** The default transport: axios, in Node and in browsers alike. */
export function axiosTransport(instance: AxiosInstance = axios.create()): Transport {
  return {
    async send(request) {
      try {
        const res = await instance.request<ArrayBuffer>({
          method: request.method,
          url: request.url,
          headers: request.headers,
          data: request.body,
          signal: request.signal,
          responseType: request.stream ? 'stream' : 'arraybuffer',
          // The client reads every status and every body itself.
          validateStatus: () => true,
          transformResponse: [(data: unknown) => data],
          maxRedirects: 0,
          ...(request.onDownloadProgress
            ? { onDownloadProgress: (e: { loaded: number; total?: number | undefined }) => request.onDownloadProgress?.(e.loaded, e.total) }
            : {}),
        });
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers as Record<string, unknown>)) {
          if (value !== undefined && value !== null) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
        }
        let data = res.data as unknown;
        if (request.stream) {
          const chunks = data as AsyncIterable<Uint8Array>;
          if (res.status >= 200 && res.status < 300) return { status: res.status, headers, body: new Uint8Array(0), stream: chunks };
          data = await collect(chunks);
        }
        const body = data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : String(data ?? '');
        return { status: res.status, headers, body };
      } catch (error) {
        // Only the code and axios' own short message are kept: the axios error holds the config,
        // whose URL or Authorization header carries the key.
        if (request.signal.aborted || axios.isCancel(error)) throw new TransportFailure('aborted', 'The request was cancelled');
        const code = (error as { code?: unknown }).code;
        const sysCode = typeof code === 'string' ? code : undefined;
        throw new TransportFailure('connection', `No answer from the service (${sysCode ?? 'network error'})`, sysCode);
      }
    },
  };
}
