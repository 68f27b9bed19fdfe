/**
 * Web mode's bridge over real loopback HTTP: the token, the Host/Origin checks, events, and a scan of
 * every byte the page could receive in a session for the API key.
 */
import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../shared/bridge.ts';
import { createDesktopApi } from '../shared/client.ts';
import { webTransport } from '../shared/transports.ts';
import { GDP_TH, GDP_VN, useMain } from '../../test/support/harness.ts';
import { startHostileServer } from '../../../../test/support/hostile-server.ts';
import { startWebServer, type WebServer } from './server.ts';

interface Raw { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** One HTTP request with full control of Host and Origin (fetch forbids setting them). */
function raw(server: WebServer, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('web mode bridge', () => {
  const main = useMain();
  const servers: WebServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function serve(options: { renderer?: boolean } = {}) {
    const harness = await main.make();
    let rendererDir: string | undefined;
    if (options.renderer) {
      rendererDir = await mkdtemp(join(tmpdir(), 'renderer-'));
      await mkdir(join(rendererDir, 'assets'));
      await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
      await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
    }
    const server = await startWebServer({ services: harness.services, ...(rendererDir ? { rendererDir } : {}) });
    servers.push(server);
    return { ...harness, server };
  }

  it('answers 401 without the token or with a wrong one, and runs nothing', async () => {
    const { server, embedded, services } = await serve();
    await services.handlers['session.status']({});
    const host = `127.0.0.1:${server.port}`;
    const json = { host, 'content-type': 'application/json' };
    const none = await raw(server, 'POST', '/bridge/series.fetch', json, JSON.stringify({ queries: [GDP_VN] }));
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toEqual({ ok: false, error: { name: 'BridgeError', code: 'unauthorized', message: 'This request lacks the explorer\'s token: open the address the explorer printed (it holds the token) and try again.' } });
    const wrong = await raw(server, 'POST', '/bridge/series.fetch', { ...json, [TOKEN_HEADER]: `${server.token.slice(0, -1)}x` }, JSON.stringify({ queries: [GDP_VN] }));
    expect(wrong.status).toBe(401);
    expect((await raw(server, 'GET', '/bridge/events', { host })).status).toBe(401);
    expect(embedded[0]!.stats().received).toBe(0);
  });

  it('answers 403 to a foreign Origin or Host (another site, DNS rebinding), even with the token', async () => {
    const { server } = await serve({ renderer: true });
    const ok = { host: `127.0.0.1:${server.port}`, 'content-type': 'application/json', [TOKEN_HEADER]: server.token };
    expect((await raw(server, 'POST', '/bridge/session.status', ok, '{}')).status).toBe(200);
    expect((await raw(server, 'POST', '/bridge/session.status', { ...ok, origin: 'https://evil.example' }, '{}')).status).toBe(403);
    expect((await raw(server, 'POST', '/bridge/session.status', { ...ok, origin: `http://127.0.0.1:${server.port + 1}` }, '{}')).status).toBe(403);
    const rebound = await raw(server, 'GET', `/?token=${server.token}`, { host: `evil.example:${server.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain(server.token);
    expect((await raw(server, 'POST', '/bridge/session.status', { ...ok, 'content-type': 'text/plain' }, '{}')).status).toBe(415);
  });

  it('serves the page with the token only at the printed address, with the CSP, and no file outside the build', async () => {
    const { server } = await serve({ renderer: true });
    const host = { host: `localhost:${server.port}` };
    const page = await raw(server, 'GET', `/?token=${server.token}`, host);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="econdata-bridge-token" content="${server.token}">`);
    expect(page.headers['content-security-policy']).toBe("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    const bare = await raw(server, 'GET', '/', host);
    expect(bare.status).toBe(401);
    expect(bare.body).not.toContain(server.token);
    expect((await raw(server, 'GET', '/assets/app.js', host)).body).toBe('console.log(1)');
    expect((await raw(server, 'GET', '/favicon.ico', host)).status).toBe(204);
    expect((await raw(server, 'GET', '/../../etc/passwd', host)).status).toBe(404);
    expect((await raw(server, 'GET', '/%2e%2e/%2e%2e/etc/passwd', host)).status).toBe(404);
  });

  it('never lets the key reach the page: every bridge answer and event of a session is scanned', async () => {
    const KEY = 'live-SECRET-key-7f3a9c';
    const service = await main.sandbox({ keys: [{ key: KEY, plan: 'pro' }] });
    const { server } = await serve();
    const seen: string[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      seen.push(await response.clone().text());
      return response;
    };
    const events: string[] = [];
    const api = createDesktopApi(webTransport({ baseUrl: server.origin, token: server.token, fetch: recordingFetch }));
    const stream = await fetch(`${server.origin}/bridge/events?token=${server.token}`);
    const reader = stream.body!.getReader();
    const pump = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        events.push(new TextDecoder().decode(value));
      }
    })();

    await api.profiles.create({ name: 'prod', baseURL: service.url, plan: 'pro', key: KEY });
    await api.profiles.list();
    await api.profiles.testConnection('prod');
    await api.session.status();
    await api.listSources();
    await api.listCountries();
    await api.listSourceIndicators({ source_code: 'WB', q: 'GDP' });
    const results = await api.fetchSeries([GDP_VN, GDP_TH, { ...GDP_VN, country: 'ZZ' }]);
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    await api.estimate([GDP_VN]);
    const saved = await api.exports.writeLocal({ queries: [GDP_VN], format: 'csv', name: 'scan', destination: 'library' });
    await api.exports.service({ format: 'excel', query: { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' }, name: 'scan', destination: 'downloads' });
    await api.library.list();
    await api.library.open(saved.saved!.id);
    await api.profiles.rotateKey('prod', 'short-bad').catch((error: unknown) => seen.push(JSON.stringify(error)));
    await api.profiles.rotateKey('prod', `${KEY}-wrong`).catch((error: unknown) => seen.push(JSON.stringify(error)));
    await api.listSources({}, { cache: 'no-store' });
    await service.close(); // the service gone: a connection error crosses too
    await api.listCountries({}, { cache: 'no-store' }).catch((error: unknown) => seen.push(JSON.stringify(error)));
    await reader.cancel();
    await pump;

    expect(seen.length).toBeGreaterThan(15);
    expect(events.join('')).toContain('"type":"quota"');
    const everything = [...seen, ...events].join('\n');
    // Any 8 characters of the key (its masked form '…3a9c' has 4) would be a leak.
    for (let i = 0; i + 8 <= KEY.length; i += 1) expect(everything).not.toContain(KEY.slice(i, i + 8));
    expect(everything).toContain('…3a9c');
  });
  it('a holder of the token who re-points a profile to its own address never receives the key there', async () => {
    const KEY = 'live-BRIDGE-key-2e8d41';
    const service = await main.sandbox({ keys: [{ key: KEY, plan: 'pro' }] });
    const hostile = await startHostileServer();
    try {
      const { server, keyStore } = await serve();
      const seen: string[] = [];
      const recordingFetch: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        seen.push(await response.clone().text());
        return response;
      };
      const api = createDesktopApi(webTransport({ baseUrl: server.origin, token: server.token, fetch: recordingFetch }));
      await api.profiles.create({ name: 'prod', baseURL: service.url, plan: 'pro', authMode: 'query', key: KEY });
      const moved = await api.profiles.update({ name: 'prod', baseURL: `${hostile.url}/echo-literal` });
      expect(moved.key.source).toBe('none');
      expect(await keyStore.list()).toEqual([]);
      await expect(api.listSources({}, { cache: 'no-store' })).rejects.toMatchObject({ code: 'key_unavailable' });
      const test = await api.profiles.testConnection('prod');
      expect(test.ok).toBe(false);
      await api.profiles.update({ name: 'prod', baseURL: service.url });
      await expect(api.listSources({}, { cache: 'no-store' })).rejects.toMatchObject({ code: 'key_unavailable' });
      for (const r of hostile.requests) expect(`${r.query} ${r.authorization ?? ''}`).not.toContain(KEY);
      for (let i = 0; i + 8 <= KEY.length; i += 1) expect(seen.join('\n')).not.toContain(KEY.slice(i, i + 8));
      // Only the check when the profile was created carried the key.
      expect(service.stats().by_key[KEY.slice(-4)]).toMatchObject({ received: 1 });
    } finally {
      await hostile.close();
    }
  });
});
