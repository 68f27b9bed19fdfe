/**
 * Rate limits, stats and CORS over real loopback HTTP (startSandbox on port 0), with an injected clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../src/index.ts';
import { KEYS } from './helpers.ts';

const WB = '/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2015&end_year=2020';
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function start(options: SandboxOptions = {}) {
  let t = 1_700_000_000_000;
  sandbox = await startSandbox({ seed: 1, now: () => t, ...options });
  return { sandbox, advance: (ms: number) => { t += ms; } };
}

const call = (s: Sandbox, path: string, key: string | null = KEYS.free, init: RequestInit = {}) =>
  fetch(s.url + path, { ...init, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(init.headers as Record<string, string> | undefined) } });

describe('rate limits over HTTP', () => {
  it('listens on a free port and gives its URL without a trailing slash', async () => {
    const { sandbox: s } = await start();
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s.info).toMatchObject({ demo: true, data: 'DEMO DATA (generated)', seed: 1 });
  });

  it('refuses the 11th Free request of a minute with 429, Retry-After and the X-RateLimit headers', async () => {
    const { sandbox: s, advance } = await start();
    for (let i = 1; i <= 10; i++) {
      const res = await call(s, WB);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining-minute')).toBe(String(10 - i));
      expect(res.headers.get('x-ratelimit-limit-day')).toBe('100');
      advance(1000);
    }
    const refused = await call(s, WB);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('50');
    expect(refused.headers.get('retry-after-ms')).toBe('50000');
    expect(refused.headers.get('x-ratelimit-remaining-minute')).toBe('0');
    expect(await refused.json()).toEqual({
      success: false,
      error: { status: 429, code: 'rate_limit_exceeded', scope: 'minute', message: 'Rate limit exceeded: 10 requests per minute for this key\'s plan; try again in 50 s' },
    });
    // Another key is not affected.
    expect((await call(s, WB, KEYS.basic)).status).toBe(200);
    advance(50_000);
    expect((await call(s, WB)).status).toBe(200);
    expect(s.stats().by_key['free']).toEqual({ received: 12, answered: 11, refused: 1, rate_limited: 1, faulted: 0 });
  });

  it('refuses with 403 Rate limit exceeded in --rate-limit-status 403 mode, and without Retry-After when off', async () => {
    const { sandbox: s } = await start({ rateLimitStatus: 403, retryAfter: false });
    for (let i = 0; i < 10; i++) await call(s, WB);
    const refused = await call(s, WB);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(refused.headers.get('retry-after-ms')).toBeNull();
    const body = await refused.json();
    expect(body.error).toMatchObject({ status: 403, code: 'rate_limit_exceeded', scope: 'minute' });
    expect(body.error.message).toMatch(/^Rate limit exceeded/);
  });

  it('admits a refused key again once the scaled window has passed (time scale 60: a minute is a second)', async () => {
    const { sandbox: s, advance } = await start({ timeScale: 60 });
    for (let i = 0; i < 10; i++) expect((await call(s, WB)).status).toBe(200);
    const refused = await call(s, WB);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after-ms')).toBe('1000');
    expect(refused.headers.get('retry-after')).toBe('1');
    advance(999);
    expect((await call(s, WB)).status).toBe(429);
    advance(1);
    expect((await call(s, WB)).status).toBe(200);
  });

  it('with a real clock and time scale 60, the window really passes', async () => {
    sandbox = await startSandbox({ timeScale: 60 }); // a minute lasts 1 s
    // However slow the machine, some request soon finds 10 in the last second and is refused.
    let refused: Response | undefined;
    for (let i = 0; i < 1000 && !refused; i++) {
      const res = await call(sandbox, WB);
      if (res.status === 429) refused = res;
      else await res.arrayBuffer();
    }
    expect(refused?.status).toBe(429);
    await new Promise((r) => setTimeout(r, Number(refused!.headers.get('retry-after-ms')) + 20));
    expect((await call(sandbox, WB)).status).toBe(200);
  });

  it('counts the Free day limit: the 101st request of a day is refused with scope day', async () => {
    const { sandbox: s, advance } = await start();
    for (let i = 0; i < 100; i++) {
      expect((await call(s, WB)).status).toBe(200);
      advance(6_001);
    }
    const refused = await call(s, WB);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.scope).toBe('day');
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil((86_400_000 - 100 * 6_001) / 1000));
  });

  it('gives Enterprise no limit and no X-RateLimit headers', async () => {
    const { sandbox: s } = await start();
    for (let i = 0; i < 30; i++) expect((await call(s, WB, KEYS.enterprise)).status).toBe(200);
    expect((await call(s, WB, KEYS.enterprise)).headers.get('x-ratelimit-limit-minute')).toBeNull();
  });

  it('counts a batch and an export as one request each, and 400s and 404s too', async () => {
    const { sandbox: s } = await start();
    await call(s, '/api/v1/indicators/batch', KEYS.free, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ source: 'WB', indicators: ['NY.GDP.MKTP.CD', 'SP.POP.TOTL'], countries: ['VN', 'US', 'CN'] }) });
    await call(s, `/api/v1/export/csv?${WB.split('?')[1]}`);
    await call(s, '/api/v1/indicators?source=WB');
    const last = await call(s, '/api/v1/indicators?source=WB&indicator=NOPE&country=VN');
    expect(last.status).toBe(404);
    expect(last.headers.get('x-ratelimit-remaining-minute')).toBe('6');
  });

  it('uses keys from options, and shows them in stats by their last four characters', async () => {
    const { sandbox: s } = await start({ keys: [{ key: 'team-key-abcd', plan: 'pro' }] });
    expect((await call(s, '/api/v1/trade/vietnam?period=2024-01', 'team-key-abcd')).status).toBe(200);
    expect((await call(s, WB, KEYS.free)).status).toBe(401);
    await call(s, WB, null);
    expect(s.stats()).toEqual({
      received: 3, answered: 1, refused: 2, rate_limited: 0, faulted: 0, faults: {},
      by_key: {
        abcd: { received: 1, answered: 1, refused: 0, rate_limited: 0, faulted: 0 },
        '(unknown)': { received: 1, answered: 0, refused: 1, rate_limited: 0, faulted: 0 },
        '(none)': { received: 1, answered: 0, refused: 1, rate_limited: 0, faulted: 0 },
      },
    });
    // The docs page says the demo keys do not work here, and never shows the configured key.
    const docs = await (await fetch(`${s.url}/api/docs/json`)).text();
    expect(JSON.parse(docs).info.description).toContain('This sandbox was started with its own keys (--keys); the demo keys do not work.');
    expect(docs).not.toContain('team-key-abcd');
  });
});

describe('/_sandbox routes', () => {
  it('GET /_sandbox/stats needs no key and counts only /api/v1 requests; POST /_sandbox/reset clears counters and windows', async () => {
    const { sandbox: s } = await start();
    for (let i = 0; i < 11; i++) await call(s, WB);
    await fetch(`${s.url}/api/docs/json`);
    const stats = await (await fetch(`${s.url}/_sandbox/stats`)).json();
    expect(stats).toMatchObject({ received: 11, answered: 10, refused: 1, rate_limited: 1 });
    expect(stats.by_key.free).toEqual({ received: 11, answered: 10, refused: 1, rate_limited: 1, faulted: 0 });
    const reset = await fetch(`${s.url}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(await reset.json()).toEqual({ success: true });
    expect((await call(s, WB)).status).toBe(200);
    expect(s.stats()).toMatchObject({ received: 1, answered: 1, refused: 0 });
    s.reset();
    expect(s.stats()).toEqual({ received: 0, answered: 0, refused: 0, rate_limited: 0, faulted: 0, by_key: {}, faults: {} });
  });
});

describe('CORS', () => {
  it('allows localhost and 127.0.0.1 origins by default, on any port, and exposes the rate-limit headers', async () => {
    const { sandbox: s } = await start();
    const res = await call(s, WB, KEYS.free, { headers: { origin: 'https://localhost:3000' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://localhost:3000');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining-Minute');
    const preflight = await fetch(s.url + WB, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    const foreign = await call(s, WB, KEYS.free, { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // A preflight is not a request of the service: not counted, not refused for lacking a key.
    expect(s.stats().received).toBe(2);
  });

  it('takes a configured origin list', async () => {
    const { sandbox: s } = await start({ corsOrigins: ['https://addin.example'] });
    expect((await call(s, WB, KEYS.free, { headers: { origin: 'https://addin.example' } })).headers.get('access-control-allow-origin')).toBe('https://addin.example');
    expect((await call(s, WB, KEYS.free, { headers: { origin: 'http://localhost:3000' } })).headers.get('access-control-allow-origin')).toBeNull();
  });
});
