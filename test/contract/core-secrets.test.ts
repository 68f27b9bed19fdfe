/**
 * The API key never leaves through an error, a log line or a URL the client reports: every error
 * kind is provoked for real against the sandbox, in both auth modes, and each error is searched
 * for the key everywhere it can carry text (message, stack, toJSON, cause, inspect, every field).
 * In header mode the key is also absent from every URL the transport was given.
 */
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axiosTransport, EconDataClient, QuotaLedger, type AuthMode, type ClientOptions, type Transport, type TransportRequest } from '@econdata/core';
import type { Sandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';
import { failure, useSandboxes } from '../support/sandboxes.ts';

// Distinctive keys, registered with the sandbox: a hit anywhere below is a leak.
const PRO = 'sk-live-PRO-7f3a9c51d2';
const FREE = 'sk-live-FREE-0b8e44a6c3';
const WRONG = 'sk-live-WRONG-93d1f0aa7e';
const KEYS = [PRO, FREE, WRONG];
const GDP = { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2019, end_year: 2020 } as const;

const sandbox = useSandboxes({ seed: 3, keys: [{ key: PRO, plan: 'pro' }, { key: FREE, plan: 'free' }] });

/** Every text an error can show or carry. */
function everything(e: Record<string, unknown>): string {
  const cause = e['cause'];
  return [
    String(e['message']), String(e['stack']), JSON.stringify(e), inspect(e, { depth: 5 }),
    String(cause), cause instanceof Error ? String(cause.stack) : '', JSON.stringify(cause ?? null),
    ...Object.values(e).map((v) => String(v)),
  ].join('\n');
}

describe.skipIf(!realDataDir).each(['header', 'query'] as AuthMode[])('core <-> sandbox: the key in %s mode', (authMode) => {
  let sent: TransportRequest[];
  let logged: string[];
  beforeEach(() => {
    sent = [];
    logged = [];
    for (const level of ['log', 'warn', 'error', 'info', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => { logged.push(args.map((a) => inspect(a)).join(' ')); });
    }
  });
  afterEach(() => vi.restoreAllMocks());

  function client(sb: Sandbox, options: Partial<ClientOptions> = {}): EconDataClient {
    const real = axiosTransport();
    const transport: Transport = { send: (req) => { sent.push(req); return real.send(req); } };
    return new EconDataClient({ baseURL: sb.url, apiKey: PRO, authMode, transport, maxRetries: 1, backoff: { baseMs: 1, maxMs: 5 }, ...options });
  }

  it('no error of any kind carries it, nor any log line; header mode puts it in no URL', async () => {
    const ok = await sandbox();
    const errors: Array<[string, Record<string, unknown>]> = [];
    const provoke = async (expected: string, p: Promise<unknown>): Promise<void> => {
      const e = await failure(p);
      errors.push([expected, e]);
    };

    await provoke('bad_request', client(ok).batchIndicators({ source: 'WB', indicators: Array.from({ length: 11 }, (_, i) => `IND.${i}`), countries: ['VN', 'TH', 'LA', 'KH', 'MM', 'MY', 'SG', 'ID', 'PH', 'BN'] }));
    await provoke('authentication', client(ok, { apiKey: WRONG }).listSources());
    await provoke('permission_denied', client(ok, { apiKey: FREE }).getIndicators({ source: 'GSO', indicator: 'X' }));
    await provoke('not_found', client(ok).getIndicators({ ...GDP, indicator: 'NO.SUCH.CODE' }));
    await provoke('not_found', client(ok).exportCsv({ ...GDP, indicator: 'NO.SUCH.CODE' }));
    // The Free plan's 10 a minute (the 403 above counted too): the first refusal is the error.
    const free = client(ok, { apiKey: FREE, maxRetries: 0, maxRetryAfterMs: 10 });
    let limited: unknown;
    for (let i = 0; i < 11 && limited === undefined; i++) limited = await free.listCountries().then(() => undefined, (x: unknown) => x);
    errors.push(['rate_limited', limited as Record<string, unknown>]);
    const spent = new QuotaLedger({ plan: { perMinute: 100, perDay: 1 } });
    const viaLedger = client(ok, { gate: spent });
    await viaLedger.listSources();
    await provoke('quota_exhausted', viaLedger.listSources());
    const ac = new AbortController();
    ac.abort();
    await provoke('aborted', client(ok).listSources({}, { signal: ac.signal }));
    await provoke('connection', new EconDataClient({ baseURL: 'http://127.0.0.1:9', apiKey: PRO, authMode, maxRetries: 0 }).listSources());
    for (const [faults, expected, options] of [
      ['500:1', 'server_error', {}], ['html502:1', 'server_error', {}], ['reset:1', 'connection', {}],
      ['delay=1000:1', 'timeout', { timeoutMs: 100, maxRetries: 0 }], ['truncate:1', 'invalid_response', {}],
    ] as const) {
      const sb = await sandbox({ faults });
      await provoke(expected, client(sb, options).getIndicators(GDP));
    }
    await provoke('invalid_parameter', client(ok).getIndicators({ ...GDP, country: 'VNM' }));

    expect(errors.map(([, e]) => e['code'])).toEqual(errors.map(([expected]) => expected));
    for (const [, e] of errors) {
      const text = everything(e);
      for (const key of KEYS) expect(text, `${String(e['code'])} error`).not.toContain(key);
    }
    for (const line of logged) for (const key of KEYS) expect(line).not.toContain(key);
    expect(sent.length).toBeGreaterThan(20);
    for (const r of sent) {
      if (authMode === 'header') {
        expect(KEYS.some((k) => r.url.includes(k))).toBe(false);
        expect(r.headers['authorization']).toMatch(/^Bearer sk-live-/);
      } else {
        expect(r.url).toMatch(/[?&]api_key=sk-live-/);
        expect(r.headers['authorization']).toBeUndefined();
      }
    }
  });
});
