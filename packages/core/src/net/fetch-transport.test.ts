/**
 * The browser transport against a fake `fetch` (the real one in Chromium: test/transport.browser.test.ts):
 * redirects are never followed and come back as status 0 or the 3xx, the body is counted and the
 * download cancelled past `maxBytes`, failures carry no URL, streams and cancellation work.
 */
import { describe, expect, it } from 'vitest';
import { fetchTransport } from './fetch-transport.ts';
import { TransportFailure, type TransportRequest } from './transport.ts';

const URL_WITH_KEY = 'https://svc.example.com/api/v1/sources?api_key=sk_secret';

function request(extra: Partial<TransportRequest> = {}): TransportRequest {
  return { method: 'GET', url: URL_WITH_KEY, headers: { accept: 'application/json' }, signal: new AbortController().signal, ...extra };
}

/** A body of `chunks` chunks of `size` bytes, pulled on demand; counts what was pulled and whether it was cancelled. */
function endlessBody(size: number, chunks = Infinity): { stream: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) {
        controller.close();
        return;
      }
      pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(120));
    },
    cancel() {
      cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

/** A fake fetch answering `answer`, recording the init it was called with. */
function fakeFetch(answer: (init: RequestInit) => Response | Promise<Response>): { fetch: (url: string, init: RequestInit) => Promise<Response>; inits: RequestInit[] } {
  const inits: RequestInit[] = [];
  return { inits, fetch: async (_url, init) => { inits.push(init); return answer(init); } };
}

async function failureOf(p: Promise<unknown>): Promise<TransportFailure> {
  try {
    await p;
  } catch (error) {
    if (error instanceof TransportFailure) return error;
    throw error;
  }
  throw new Error('expected a TransportFailure');
}

describe('fetchTransport', () => {
  it('asks fetch not to follow redirects and hands a refused one on as status 0 (the browser hides its target)', async () => {
    const { stream, cancelled } = endlessBody(10, 1);
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: stream } as unknown as Response;
    const f = fakeFetch(() => opaque);
    const res = await fetchTransport(f.fetch).send(request());
    expect(f.inits[0]).toMatchObject({ redirect: 'manual', referrerPolicy: 'no-referrer', method: 'GET' });
    expect(res).toEqual({ status: 0, headers: {}, body: new Uint8Array(0) });
    expect(cancelled()).toBe(true);
  });

  it('a 3xx that fetch shows (as Node\'s does) is handed on with its status and Location, unread', async () => {
    const f = fakeFetch(() => new Response('moved', { status: 301, headers: { location: 'https://elsewhere.example.com/x' } }));
    const res = await fetchTransport(f.fetch).send(request());
    expect(res).toMatchObject({ status: 301, headers: { location: 'https://elsewhere.example.com/x' }, body: new Uint8Array(0) });
  });

  it('reads a body whole, passing progress with the declared total', async () => {
    const progress: Array<[number, number | undefined]> = [];
    const f = fakeFetch(() => new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json', 'content-length': '16' } }));
    const res = await fetchTransport(f.fetch).send(request({ onDownloadProgress: (l, t) => progress.push([l, t]), maxBytes: 16 }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(new TextDecoder().decode(res.body as Uint8Array)).toBe('{"success":true}');
    expect(progress).toEqual([[16, 16]]);
  });

  it('past maxBytes: too_large, the download cancelled and its signal aborted after one chunk over', async () => {
    const body = endlessBody(64 * 1024);
    const f = fakeFetch(() => new Response(body.stream, { status: 200 }));
    const e = await failureOf(fetchTransport(f.fetch).send(request({ maxBytes: 1024 * 1024 })));
    expect(e).toMatchObject({ kind: 'too_large', message: 'The answer is larger than 1048576 bytes' });
    expect(body.pulled()).toBeLessThanOrEqual(1024 * 1024 / (64 * 1024) + 2);
    expect(body.cancelled()).toBe(true);
    expect(f.inits[0]!.signal!.aborted).toBe(true);
  });

  it('a declared Content-Length past maxBytes is refused before reading', async () => {
    const body = endlessBody(1024);
    const f = fakeFetch(() => new Response(body.stream, { status: 200, headers: { 'content-length': String(2 ** 30) } }));
    const e = await failureOf(fetchTransport(f.fetch).send(request({ maxBytes: 1000 })));
    expect(e.kind).toBe('too_large');
    expect(body.pulled()).toBe(0);
    expect(body.cancelled()).toBe(true);
  });

  it('an error answer is read whole too, within maxBytes', async () => {
    const f = fakeFetch(() => new Response('{"success":false,"error":"Data not found"}', { status: 404 }));
    const res = await fetchTransport(f.fetch).send(request({ maxBytes: 1000 }));
    expect(res.status).toBe(404);
    expect(new TextDecoder().decode(res.body as Uint8Array)).toBe('{"success":false,"error":"Data not found"}');
  });

  it('streams a 2xx body when asked, still counted: the stream ends with too_large past maxBytes', async () => {
    const body = endlessBody(1000, 5);
    const f = fakeFetch(() => new Response(body.stream, { status: 200 }));
    const res = await fetchTransport(f.fetch).send(request({ stream: true, maxBytes: 2500 }));
    expect(res.body).toEqual(new Uint8Array(0));
    const got: number[] = [];
    const e = await failureOf((async () => {
      for await (const c of res.stream!) got.push(c.byteLength);
    })());
    expect(got).toEqual([1000, 1000]);
    expect(e.kind).toBe('too_large');
    expect(body.cancelled()).toBe(true);
  });

  it('a stream the consumer leaves early cancels the download', async () => {
    const body = endlessBody(1000);
    const f = fakeFetch(() => new Response(body.stream, { status: 200 }));
    const res = await fetchTransport(f.fetch).send(request({ stream: true }));
    for await (const c of res.stream!) {
      expect(c.byteLength).toBe(1000);
      break;
    }
    expect(body.cancelled()).toBe(true);
    expect(f.inits[0]!.signal!.aborted).toBe(true);
  });

  it('a network failure is `connection`, without fetch\'s text or the URL; the caller\'s abort is `aborted`', async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError(`Failed to fetch ${URL_WITH_KEY}`)));
    const e = await failureOf(fetchTransport(down.fetch).send(request()));
    expect(e).toMatchObject({ kind: 'connection', message: 'No answer from the service (network error)' });
    expect(e.message).not.toContain('sk_secret');

    const caller = new AbortController();
    const hanging = fakeFetch((init) => new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const pending = failureOf(fetchTransport(hanging.fetch).send(request({ signal: caller.signal })));
    caller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });

  it('sends the method, headers and body it is given', async () => {
    const f = fakeFetch(() => new Response('{}', { status: 200 }));
    await fetchTransport(f.fetch).send(request({ method: 'POST', headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: '{"a":1}' }));
    expect(f.inits[0]).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer k', 'content-type': 'application/json' }, body: '{"a":1}' });
  });
});
