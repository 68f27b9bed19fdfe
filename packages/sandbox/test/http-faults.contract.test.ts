/**
 * Each injected fault kind over real loopback HTTP: what a client actually receives.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../src/index.ts';
import { KEYS } from './helpers.ts';

const WB = '/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2015&end_year=2020';
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function start(faults: string, options: SandboxOptions = {}): Promise<Sandbox> {
  sandbox = await startSandbox({ faults, seed: 7, ...options });
  return sandbox;
}
const call = (s: Sandbox, path = WB) => fetch(s.url + path, { headers: { authorization: `Bearer ${KEYS.enterprise}` } });

/** The raw bytes and headers of one answer, without any parsing or length check by the client. */
function raw(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { authorization: `Bearer ${KEYS.enterprise}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('faults', () => {
  it('500: the error body with status 500', async () => {
    const s = await start('500:1');
    const res = await call(s);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, error: { status: 500, code: 'server_error', message: 'Server error: injected fault (--faults), status 500' } });
    expect(s.stats()).toMatchObject({ received: 1, faulted: 1, answered: 0, faults: { 500: 1 } });
  });

  it('503 and 429 statuses; a 429 fault carries Retry-After', async () => {
    let s = await start('503:1');
    expect((await call(s)).status).toBe(503);
    await s.close();
    s = await start('429:1');
    const res = await call(s);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect((await res.json()).error.code).toBe('rate_limit_exceeded');
  });

  it('reset: the connection is destroyed without an answer', async () => {
    const s = await start('reset:1');
    const error = await call(s).then(() => undefined, (e: unknown) => e as Error & { cause?: { code?: string } });
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toBe('fetch failed');
    expect(['ECONNRESET', 'UND_ERR_SOCKET']).toContain(error?.cause?.code);
    expect(s.stats()).toMatchObject({ received: 1, faulted: 1, faults: { reset: 1 } });
  });

  it('delay: the normal answer, later', async () => {
    const s = await start('delay=150:1');
    const started = performance.now();
    const res = await call(s);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toHaveLength(6);
    expect(s.stats()).toMatchObject({ received: 1, answered: 1, faulted: 0, faults: { 'delay=150': 1 } });
  });

  it('truncate: a valid status and headers, and half the JSON body (Content-Length matches the cut)', async () => {
    const full = await (await fetch(`${(sandbox = await startSandbox()).url}${WB}`, { headers: { authorization: `Bearer ${KEYS.enterprise}` } })).text();
    await sandbox.close();
    const s = await start('truncate:1');
    const res = await raw(s.url + WB);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(res.body).toBe(full.slice(0, Math.floor(full.length / 2)));
    expect(() => JSON.parse(res.body)).toThrow(SyntaxError);
    expect(s.stats()).toMatchObject({ received: 1, faulted: 1, faults: { truncate: 1 } });
  });

  it('html502: an HTML 502 page as a proxy sends it', async () => {
    const s = await start('html502:1');
    const res = await call(s);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await res.text();
    expect(page).toContain('<title>502 Bad Gateway</title>');
    expect(() => JSON.parse(page)).toThrow();
  });

  it('never touches /_sandbox routes or the docs', async () => {
    const s = await start('500:1');
    expect((await fetch(`${s.url}/_sandbox/stats`)).status).toBe(200);
    expect((await fetch(`${s.url}/api/docs/json`)).status).toBe(200);
    expect((await fetch(`${s.url}/_sandbox/reset`, { method: 'POST' })).status).toBe(200);
    expect(s.stats().received).toBe(0);
  });

  it('is reproducible with a seed, and restarts its sequence on reset', async () => {
    const spec = '500:0.2,reset:0.2,truncate:0.2,html502:0.2';
    const sequence = async (s: Sandbox) => {
      const out: string[] = [];
      for (let i = 0; i < 25; i++) {
        out.push(await raw(s.url + WB).then((r) => (r.status === 200 && r.body.endsWith('}') ? 'ok' : String(r.status)), () => 'reset'));
      }
      return out.join(' ');
    };
    const s1 = await start(spec, { seed: 99 });
    const first = await sequence(s1);
    expect(first).toMatch(/ok/);
    expect(first).toMatch(/reset/);
    s1.reset();
    expect(await sequence(s1)).toBe(first);
    await s1.close();
    const s2 = await start(spec, { seed: 99 });
    expect(await sequence(s2)).toBe(first);
  });

  it('refuses a malformed spec at start', async () => {
    await expect(startSandbox({ faults: '500:1.5' })).rejects.toThrow('bad fault "500:1.5"');
  });
});
