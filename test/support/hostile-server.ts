/**
 * A hostile service for contract suites: a loopback HTTP server whose first path segment picks
 * what it does wrong (the client's baseURL is `${url}/<mode>`):
 *   - `huge-chunked` / `huge-declared`: a success envelope of `bytes` bytes, streamed without or with
 *     a Content-Length; it stops writing when the client goes away, so a refusing client costs
 *     nothing to serve;
 *   - `echo-<name>`: a 404 "Data not found" whose message echoes the key (from the Authorization
 *     header or ?api_key=) in the encoding `name` (see ECHOES);
 *   - `redirect-<code>`: a redirect to `location` (absolute), keeping the request's query string.
 * It records every request (path, query, authorization), preflights included, for the suite's
 * assertions. For browser suites every answer allows any origin, and a CORS preflight (OPTIONS)
 * is answered 204 allowing the client's headers, so what a page sees is the mode's answer itself.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** How the echo modes encode the key they received. */
export const ECHOES: Readonly<Record<string, (key: string) => string>> = {
  literal: (k) => k,
  percent: (k) => encodeURIComponent(k),
  'percent-lower': (k) => encodeURIComponent(k).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  'percent-all': (k) => [...Buffer.from(k)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
  form: (k) => new URLSearchParams({ k }).toString().slice(2),
  'form-decoded': (k) => k.replace(/\+/g, ' '),
  base64: (k) => Buffer.from(k).toString('base64'),
  'base64-basic': (k) => Buffer.from(`${k}:`).toString('base64'),
  'base64-user': (k) => Buffer.from(`user:${k}`).toString('base64'),
  base64url: (k) => Buffer.from(k).toString('base64url'),
};

export interface HostileServer {
  url: string;
  /** Every request received: method, path (mode included), the raw query and the Authorization header. */
  requests: Array<{ method: string; path: string; query: string; authorization: string | undefined }>;
  /** Bytes the huge modes wrote before the client went away. */
  written(): number;
  /** How many huge answers the client closed before they were written whole. */
  closedEarly(): number;
  close(): Promise<void>;
}

function keyOf(req: IncomingMessage, url: URL): string {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length);
  return url.searchParams.get('api_key') ?? '';
}

/** Starts the server on a free loopback port. `bytes`: the size of the huge answers. `location`: where redirects point. */
export async function startHostileServer(options: { bytes?: number; location?: string } = {}): Promise<HostileServer> {
  const bytes = options.bytes ?? 1024 ** 3;
  const requests: HostileServer['requests'] = [];
  let written = 0;
  let closedEarly = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, mode = ''] = url.pathname.split('/');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.search, authorization: req.headers.authorization });
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '', 'access-control-max-age': '0' }).end();
      return;
    }
    if (mode.startsWith('huge-')) {
      res.on('close', () => {
        if (!res.writableFinished) closedEarly += 1;
      });
      const head = '{"success":true,"data":[';
      const record = '{"indicator_code":"X","country_code":"VN","year":2000,"value":1},';
      const chunk = Buffer.from(record.repeat(Math.floor(65536 / record.length)));
      res.writeHead(200, { 'content-type': 'application/json', ...(mode === 'huge-declared' ? { 'content-length': String(bytes) } : {}) });
      res.write(head);
      written += head.length;
      const pump = (): void => {
        while (written + chunk.length <= bytes) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end(' '.repeat(bytes - written));
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    if (mode.startsWith('echo-')) {
      const encode = ECHOES[mode.slice('echo-'.length)];
      if (!encode) throw new Error(`unknown echo mode ${mode}`);
      const body = JSON.stringify({ success: false, error: { status: 404, code: 'not_found', message: `Data not found for the key ${encode(keyOf(req, url))} (echoed)` } });
      res.writeHead(404, { 'content-type': 'application/json' }).end(body);
      return;
    }
    if (mode.startsWith('redirect-')) {
      const status = Number(mode.slice('redirect-'.length));
      res.writeHead(status, { location: `${options.location ?? 'http://127.0.0.1:9'}${url.pathname}${url.search}` }).end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    written: () => written,
    closedEarly: () => closedEarly,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** For a suite: starts hostile servers on demand and closes every one after each test. */
export function useHostileServers(): (options?: Parameters<typeof startHostileServer>[0]) => Promise<HostileServer> {
  const servers: HostileServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (options) => {
    const s = await startHostileServer(options);
    servers.push(s);
    return s;
  };
}
