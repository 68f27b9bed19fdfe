/**
 * Every error status, provoked for real against the sandbox, with the outcome asserted exactly:
 * the error code (and status), or recovery after the retries the policy allows.
 */
import { describe, expect, it } from 'vitest';
import { EconDataClient, type ClientOptions } from '@econdata/core';
import type { Sandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';
import { failure, useSandboxes } from '../support/sandboxes.ts';

const GDP = { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2020, end_year: 2020 } as const;
const sandbox = useSandboxes({ seed: 1 });
function client(sb: Sandbox, options: Partial<ClientOptions> = {}): EconDataClient {
  return new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro', backoff: { baseMs: 5, maxMs: 20 }, ...options });
}

describe.skipIf(!realDataDir)('core <-> sandbox: error statuses', () => {
  it('invalid_parameter: refused before sending, so the service sees nothing and no quota is spent', async () => {
    const sb = await sandbox();
    const c = client(sb);
    expect(await failure(c.getIndicators({ ...GDP, country: 'VNM' }))).toMatchObject({ code: 'invalid_parameter', parameter: 'country' });
    expect(await failure(c.getStocks({ symbol: 'VNM', start_date: '2024-02-30' }))).toMatchObject({ code: 'invalid_parameter', parameter: 'start_date' });
    expect(await failure(c.getTrade({ period: '2024-13' }))).toMatchObject({ code: 'invalid_parameter', parameter: 'period' });
    expect(await failure(c.batchIndicators({ source: 'WB', indicators: ['NY.GDP.MKTP.CD'], countries: [] }))).toMatchObject({ code: 'invalid_parameter', parameter: 'countries' });
    expect(sb.stats().received).toBe(0);
  });

  it('400: a batch beyond the combination limit, with the service\'s message', async () => {
    const sb = await sandbox();
    const countries = (await client(sb).listCountries()).data.map((c) => c.code).filter((c) => /^[A-Z]{2}$/.test(c)).slice(0, 101);
    const e = await failure(client(sb).batchIndicators({ source: 'WB', indicators: ['NY.GDP.MKTP.CD'], countries }));
    expect(e).toMatchObject({ code: 'bad_request', status: 400, parameter: 'indicators' });
    expect(String(e['serverMessage'])).toMatch(/^Invalid parameters: indicators x countries is 1 x 101 = 101 combinations; the batch limit is 100$/);
    expect(String(e['message'])).toBe(`${String(e['serverMessage'])} (status 400).`);
    expect(sb.stats().received).toBe(2);
  });

  it('401: an invalid key, with its advice, never retried; no key at all is refused at construction', async () => {
    const sb = await sandbox();
    const bad = await failure(client(sb, { apiKey: 'not-a-real-key-4321' }).listSources());
    expect(bad).toMatchObject({ code: 'authentication', status: 401, message: "Invalid API key: the service did not accept the key of this profile." });
    expect(JSON.stringify(bad) + String(bad['message'])).not.toContain('not-a-real-key-4321');
    // Without a key, the client refuses to be built: nothing is sent (every route needs a key).
    expect(() => new EconDataClient({ baseURL: sb.url })).toThrow(expect.objectContaining({ code: 'invalid_parameter', parameter: 'apiKey' }) as Error);
    expect(sb.stats().received).toBe(1);
  });

  it('403: insufficient permissions (Free plan asking for GSO), never retried', async () => {
    const sb = await sandbox();
    const e = await failure(client(sb, { apiKey: 'sandbox-free' }).getIndicators({ source: 'GSO', indicator: 'X' }));
    expect(e).toMatchObject({ code: 'permission_denied', status: 403, serverMessage: expect.stringMatching(/^Insufficient permissions/) });
    expect(sb.stats().received).toBe(1);
  });

  it('404: data not found and an unknown source, never retried', async () => {
    const sb = await sandbox();
    const e = await failure(client(sb).getIndicators({ ...GDP, indicator: 'NO.SUCH.CODE' }));
    expect(e).toMatchObject({ code: 'not_found', status: 404, serverMessage: expect.stringMatching(/^Data not found/) });
    expect(await failure(client(sb).listSourceIndicators({ source_code: 'NOPE' }))).toMatchObject({ code: 'not_found', status: 404 });
    expect(sb.stats().received).toBe(2);
  });

  describe.each([429, 403] as const)('rate limit refused with %i', (status) => {
    async function exhaustMinute(sb: Sandbox): Promise<void> {
      const c = client(sb, { apiKey: 'sandbox-free', maxRetries: 0 });
      for (let i = 0; i < 10; i++) await c.listSources();
    }

    it('with Retry-After: waits what the service says and recovers', async () => {
      const sb = await sandbox({ rateLimitStatus: status, timeScale: 60 });
      await exhaustMinute(sb);
      const r = await client(sb, { apiKey: 'sandbox-free', maxRetries: 2 }).listSources();
      expect(r.data.map((d) => d.code).sort()).toEqual(['GSO', 'IMF', 'WB']);
      expect(sb.stats().rate_limited).toBe(1);
    });

    it('with Retry-After longer than maxRetryAfterMs: rate_limited with resetAt, no sleep', async () => {
      const sb = await sandbox({ rateLimitStatus: status });
      await exhaustMinute(sb);
      const before = Date.now();
      const e = await failure(client(sb, { apiKey: 'sandbox-free', maxRetryAfterMs: 1000 }).listSources());
      expect(e).toMatchObject({ code: 'rate_limited', status, scope: 'minute' });
      const resetAt = (e['resetAt'] as Date).getTime();
      expect(resetAt).toBeGreaterThan(before + 1000);
      expect(resetAt).toBeLessThanOrEqual(Date.now() + 61_000);
      expect(sb.stats().rate_limited).toBe(1);
    });

    it('without Retry-After: backoff retries until the window frees', async () => {
      const sb = await sandbox({ rateLimitStatus: status, timeScale: 60, retryAfter: false });
      await exhaustMinute(sb);
      const e = await failure(client(sb, { apiKey: 'sandbox-free', maxRetries: 0 }).listSources());
      expect(e).toMatchObject({ code: 'rate_limited', status });
      expect(e['retryAfterMs']).toBeUndefined();
      const r = await client(sb, { apiKey: 'sandbox-free', maxRetries: 8, backoff: { baseMs: 200, maxMs: 1000 }, random: () => 0.99 }).listSources();
      expect(r.data.map((d) => d.code).sort()).toEqual(['GSO', 'IMF', 'WB']);
    });
  });

  it('the day window: quota_exhausted with the reset time when Retry-After is beyond the cap', async () => {
    const sb = await sandbox({ timeScale: 3600 }); // a day lasts 24 s; a minute 1/60 s
    const c = client(sb, { apiKey: 'sandbox-free', maxRetries: 0 });
    for (let i = 0; i < 100; i++) {
      await c.listSources().catch(async (x: { code?: string; retryAfterMs?: number }) => {
        if (x.code !== 'rate_limited') throw x;
        await new Promise((r) => setTimeout(r, (x.retryAfterMs ?? 20) + 5));
        i--;
      });
    }
    const e = await failure(client(sb, { apiKey: 'sandbox-free', maxRetryAfterMs: 1000 }).listSources());
    expect(e).toMatchObject({ code: 'quota_exhausted', scope: 'day', status: 429 });
    expect((e['resetAt'] as Date).getTime()).toBeGreaterThan(Date.now() + 1000);
  });
});
