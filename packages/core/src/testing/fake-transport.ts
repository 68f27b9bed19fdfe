/**
 * Fakes for unit tests: a transport answering from a script, a sleep that records its waits
 * without waiting, and a settable clock. Exported for the other packages' tests too.
 */
import { TransportFailure, type Transport, type TransportRequest, type TransportResponse } from '../net/transport.ts';

/** A reply in a test script: an answer, or a failure to throw. */
export type FakeReply = TransportResponse | TransportFailure | ((req: TransportRequest) => TransportResponse | Promise<TransportResponse>);

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): TransportResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** The success envelope around records. */
export function envelope(data: unknown[], metadata: Record<string, unknown> = {}): unknown {
  return { success: true, data, metadata: { source: 'World Bank', last_updated: '2026-07-01', total_records: data.length, ...metadata } };
}

/** A transport that answers from a list (one reply per request, the last one repeated) and records requests. */
export class FakeTransport implements Transport {
  readonly requests: TransportRequest[] = [];
  readonly #replies: FakeReply[];
  constructor(...replies: FakeReply[]) {
    this.#replies = replies;
  }
  async send(req: TransportRequest): Promise<TransportResponse> {
    this.requests.push(req);
    const reply = this.#replies.length > 1 ? this.#replies.shift()! : this.#replies[0];
    if (reply === undefined) throw new Error('FakeTransport: no reply scripted');
    if (reply instanceof TransportFailure) throw reply;
    return typeof reply === 'function' ? reply(req) : reply;
  }
}

/** A transport that never answers until its request is aborted (then fails like axios does). */
export const hangingTransport: Transport = {
  send: (req) => new Promise((_, reject) => {
    req.signal.addEventListener('abort', () => reject(new TransportFailure('aborted', 'cancelled')), { once: true });
  }),
};

/** A sleep that records each wait and returns at once (or rejects when already aborted). */
export function recordingSleep(): { sleep: (ms: number, signal?: AbortSignal) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      waits.push(ms);
      if (signal?.aborted) throw signal.reason as Error;
    },
  };
}
