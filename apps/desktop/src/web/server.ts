/**
 * Web mode: the explorer's renderer in a plain browser, over the same main-process services.
 * A node:http server on loopback serves the built renderer and the contract as
 * `POST /bridge/<operation>`, plus `GET /bridge/events` (Server-Sent Events).
 *
 * Protection (the services can spend the user's quota and write files):
 * - a per-run random token: the page is served with it only at the printed address (`/?token=`),
 *   and every bridge request must carry it (header, or `?token=` for the event stream): else 401;
 * - every request's Host must be this loopback address and port, and a request's Origin (when sent)
 *   this origin: else 403, which stops DNS rebinding and other sites' pages;
 * - bridge requests must be JSON (no form can send them), bodies are capped.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOKEN_HEADER } from '../shared/bridge.ts';
import { bridgeError } from '../shared/wire-error.ts';
import type { MainServices } from '../main/services.ts';
import { serveStatic, type PageServer } from './static.ts';

export interface WebServerOptions {
  services: Pick<MainServices, 'dispatch' | 'onEvent'>;
  /** 0 (default) = a free port. */
  port?: number;
  /** The built renderer (electron-vite's out/renderer); without it the page says how to build it. */
  rendererDir?: string;
  /** Another server of the pages (development: Vite, see dev.ts); replaces `rendererDir`. */
  pages?: PageServer;
  /** A fixed token (tests); default 32 random bytes. */
  token?: string;
}

export interface WebServer {
  /** The address to open: the page, with the token. */
  url: string;
  /** The origin, without the token. */
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** The largest bridge request body: an uploaded 64 MB file in base64, plus room. */
const MAX_BODY = 90 * 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

function sameToken(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('too_large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts web mode's server on 127.0.0.1. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const { dispatch, onEvent } = options.services;
  const streams = new Set<ServerResponse>();
  let port = 0;

  const allowedHosts = (): Set<string> => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = (): Set<string> => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const bridge = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (url.pathname === '/bridge/events' && req.method === 'GET') {
      if (!sameToken(url.searchParams.get('token'), token)) return sendJson(res, 401, { ok: false, error: bridgeError('unauthorized', 'This event stream needs the explorer\'s token: open the address the explorer printed.') });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(': connected\n\n');
      streams.add(res);
      const stop = onEvent((event) => res.write(`data: ${JSON.stringify(event)}\n\n`));
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      req.on('close', () => {
        clearInterval(heartbeat);
        stop();
        streams.delete(res);
      });
      return;
    }
    if (req.method !== 'POST') return sendJson(res, 405, { ok: false, error: bridgeError('method_not_allowed', 'Bridge operations are POST requests.') });
    if (!sameToken(req.headers[TOKEN_HEADER] as string | undefined, token)) {
      return sendJson(res, 401, { ok: false, error: bridgeError('unauthorized', 'This request lacks the explorer\'s token: open the address the explorer printed (it holds the token) and try again.') });
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendJson(res, 415, { ok: false, error: bridgeError('unsupported_media_type', 'Bridge requests are JSON (content-type: application/json).') });
    }
    let body: unknown;
    try {
      const text = await readBody(req);
      body = text === '' ? {} : JSON.parse(text);
    } catch (error) {
      const tooLarge = error instanceof Error && error.message === 'too_large';
      return sendJson(res, tooLarge ? 413 : 400, { ok: false, error: bridgeError(tooLarge ? 'too_large' : 'bad_json', tooLarge ? 'The request is larger than 90 MB: open a big file by its path instead of uploading it.' : 'The request body is not JSON.') });
    }
    const name = decodeURIComponent(url.pathname.slice('/bridge/'.length));
    const envelope = await dispatch(name, body);
    sendJson(res, !envelope.ok && envelope.error.name === 'BridgeError' && envelope.error.code === 'unknown_operation' ? 404 : 200, envelope);
  };

  const server: Server = createServer((req, res) => {
    const host = req.headers.host ?? '';
    const origin = req.headers.origin;
    if (!allowedHosts().has(host) || (origin !== undefined && !allowedOrigins().has(origin))) {
      sendJson(res, 403, { ok: false, error: bridgeError('forbidden', 'The explorer answers only pages it served itself, at 127.0.0.1 or localhost.') });
      return;
    }
    const url = new URL(req.url ?? '/', `http://${host}`);
    const work = url.pathname.startsWith('/bridge/')
      ? bridge(req, res, url)
      : (options.pages ?? serveStatic)(req, res, url, { rendererDir: options.rendererDir, token, tokenGiven: sameToken(url.searchParams.get('token'), token) });
    work.catch((error: unknown) => {
      console.error('web mode: request failed:', error instanceof Error ? error.message : error);
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: bridgeError('internal', 'The explorer failed to answer; see its terminal.') });
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: async () => {
      for (const res of streams) res.end();
      streams.clear();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
    },
  };
}
