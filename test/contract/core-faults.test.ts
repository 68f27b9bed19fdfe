/**
 * Each sandbox fault kind (--faults), provoked for real: always on, the exact error code after the
 * retries run out; half the time (a fixed seed), recovered by the retry loop.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EconDataClient, type ClientOptions } from '@econdata/core';
import { saveExport } from '@econdata/core/node';
import type { Sandbox } from '@econdata/sandbox';
import { realDataDir } from '../support/paths.ts';
import { failure, useSandboxes } from '../support/sandboxes.ts';

const GDP = { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2019, end_year: 2020 } as const;
const startWith = useSandboxes({ seed: 7 });
const sandbox = (faults: string) => startWith({ faults });
function client(sb: Sandbox, options: Partial<ClientOptions> = {}): EconDataClient {
  return new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro', backoff: { baseMs: 5, maxMs: 20 }, ...options });
}

describe.skipIf(!realDataDir)('core <-> sandbox: injected faults', () => {
  it.each([
    ['500:1', { code: 'server_error', status: 500 }],
    ['503:1', { code: 'server_error', status: 503 }],
    ['html502:1', { code: 'server_error', status: 502, serverMessage: '502 Bad Gateway' }],
    ['reset:1', { code: 'connection' }],
  ])('%s: retried maxRetries times, then the exact error', async (faults, expected) => {
    const sb = await sandbox(faults);
    expect(await failure(client(sb, { maxRetries: 2 }).getIndicators(GDP))).toMatchObject(expected);
    expect(sb.stats().received).toBe(3);
  });

  it('truncate:1: a cut body is invalid_response with the status and an excerpt, never half-read data', async () => {
    const sb = await sandbox('truncate:1');
    const e = await failure(client(sb).getIndicators(GDP));
    expect(e).toMatchObject({ code: 'invalid_response', status: 200 });
    expect(String(e['excerpt'])).toMatch(/^\{"success":true/);
    expect(String(e['message'])).toContain('truncated or malformed JSON');
    expect(sb.stats().received).toBe(1);
  });

  it('truncate:1 on an Excel export: invalid_response, and saveExport keeps no file', async () => {
    const sb = await sandbox('truncate:1');
    const c = client(sb);
    const e = await failure(c.exportExcel({ ...GDP }));
    expect(e).toMatchObject({ code: 'invalid_response', status: 200 });
    expect(String(e['message'])).toMatch(/^The export \(status 200\) arrived incomplete: the XLSX file \(\d+ bytes\) is cut before the end of its ZIP archive\./);
    const dir = await mkdtemp(join(tmpdir(), 'core-faults-'));
    try {
      expect(await failure(saveExport(c, { format: 'excel', ...GDP }, { path: join(dir, 'gdp.xlsx') }))).toMatchObject({ code: 'invalid_response', status: 200 });
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(sb.stats().received).toBe(2);
  });

  it('delay beyond timeoutMs: timeout', async () => {
    const sb = await sandbox('delay=2000:1');
    expect(await failure(client(sb, { timeoutMs: 200, maxRetries: 1 }).getIndicators(GDP))).toMatchObject({ code: 'timeout' });
  });

  it.each(['500:0.5', 'html502:0.5', 'reset:0.5', 'delay=2000:0.5'])('%s: recovered by the retry loop', async (faults) => {
    const sb = await sandbox(faults);
    const c = client(sb, { timeoutMs: 300, maxRetries: 8 });
    for (let i = 0; i < 4; i++) expect((await c.getIndicators(GDP)).data).toHaveLength(2);
    const stats = sb.stats();
    expect(Object.values(stats.faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('connection refused: connection, with what to check', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const c = new EconDataClient({ baseURL: `http://127.0.0.1:${port}`, apiKey: 'sandbox-pro', maxRetries: 1, backoff: { baseMs: 1, maxMs: 1 } });
    const e = await failure(c.listSources());
    expect(e).toMatchObject({ code: 'connection' });
    expect(String(e['message'])).toBe(`Could not reach the service at http://127.0.0.1:${port} (ECONNREFUSED). Check the network connection and the service address, then try again.`);
  });

  it('abort during a slow request: aborted at once, the request not retried', async () => {
    const sb = await sandbox('delay=5000:1');
    const ac = new AbortController();
    const p = client(sb).getIndicators(GDP, { signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    expect(await failure(p)).toMatchObject({ code: 'aborted' });
    expect(sb.stats().received).toBe(1);
  });
});
