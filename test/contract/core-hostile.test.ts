/**
 * A hostile service, for real over loopback HTTP (test/support/hostile-server.ts):
 * - answers of 1 GB, with and without a Content-Length: the default client refuses them with
 *   `invalid_response` naming its limit (maxResponseBytes, 64 MiB), stops reading, and its process
 *   stays under the memory bound the README states (measured in a child process);
 * - the key echoed back in ten encodings (percent-encoded in either case, form encoding, base64 of
 *   the key, of `key:` and of `user:key`, base64url): none survives in the core error, in the cache
 *   file of the cached 404, or in the error the desktop's bridge hands the renderer.
 */
import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import { inspect } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EconDataClient, type AuthMode } from '@econdata/core';
import { FileCacheStore, saveExport } from '@econdata/core/node';
import { toWireError } from '../../apps/desktop/src/main/wire.ts';
import { ECHOES, useHostileServers } from '../support/hostile-server.ts';
import { measurePeak } from '../support/peak-rss.ts';
import { failure } from '../support/sandboxes.ts';

/** The bound the README's Reliability section states for refusing a 1 GB answer. */
const PEAK_BOUND_MB = 256;
const KEY = 'sk_live+Sec/RET=7f3a9c51d2';
const GDP = { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' } as const;

const hostile = useHostileServers();

describe('core <-> a hostile service: answers too large', () => {
  it.each(['huge-chunked', 'huge-declared'])('%s (1 GB): invalid_response naming the limit, reading stopped, memory bounded', async (mode) => {
    const server = await hostile();
    const report = await measurePeak(fileURLToPath(new URL('../support/huge-answer-child.ts', import.meta.url)), [`${server.url}/${mode}`]);
    expect(report).toMatchObject({ code: 'invalid_response', name: 'InvalidResponseError' });
    expect(report['message']).toBe("The service's answer to GET /sources is larger than 67108864 bytes (64 MiB), the client's maxResponseBytes; reading stopped there. Ask for less (fewer countries or indicators, a shorter range), or raise maxResponseBytes if an answer this large is expected.");
    expect(report.peakRssMb).toBeLessThan(PEAK_BOUND_MB);
    // The server could not write the gigabyte: the client went away (sockets buffer some megabytes).
    expect(server.written()).toBeLessThan(256 * 1024 ** 2);
    console.log(`${mode}: refused a 1 GB answer at a peak RSS of ${report.peakRssMb} MB (bound ${PEAK_BOUND_MB} MB)`);
  });

  it('maxResponseBytes is the client\'s option, also for a streamed export and not retried', async () => {
    const server = await hostile({ bytes: 10 * 1024 ** 2 });
    const client = new EconDataClient({ baseURL: `${server.url}/huge-chunked`, apiKey: KEY, maxResponseBytes: 100_000 });
    const e = await failure(client.getIndicators(GDP));
    expect(e).toMatchObject({ code: 'invalid_response' });
    expect(String(e['message'])).toMatch(/^The service's answer to GET \/indicators is larger than 100000 bytes, the client.s maxResponseBytes;/);
    const dir = await mkdtemp(join(tmpdir(), 'core-hostile-'));
    try {
      const s = await failure(saveExport(client, { format: 'csv', ...GDP }, { path: join(dir, 'gdp.csv') }));
      expect(s).toMatchObject({ code: 'invalid_response' });
      expect(String(s['message'])).toMatch(/^The service's answer to GET \/export\/csv is larger than 100000 bytes/);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(server.requests).toHaveLength(2);
  });

  it('refuses a maxResponseBytes that is no whole number of bytes', () => {
    expect(() => new EconDataClient({ baseURL: 'http://127.0.0.1:9', apiKey: KEY, maxResponseBytes: 1.5 })).toThrow('Invalid maxResponseBytes: expected a number >= 0 (whole), got 1.5.');
  });
});

/** Every text an error can carry. */
function everything(e: Record<string, unknown>): string {
  return [String(e['message']), String(e['stack']), JSON.stringify(e), inspect(e, { depth: 5 }), ...Object.values(e).map(String)].join('\n');
}

describe.each(['header', 'query'] as AuthMode[])('core <-> a hostile service echoing the key (%s mode)', (authMode) => {
  it.each(Object.keys(ECHOES))('echo in %s: not in the error, the cached 404, nor the bridge\'s answer', async (name) => {
    const server = await hostile();
    const dir = await mkdtemp(join(tmpdir(), 'core-hostile-cache-'));
    try {
      const client = new EconDataClient({ baseURL: `${server.url}/echo-${name}`, apiKey: KEY, authMode, cache: new FileCacheStore(dir), maxRetries: 0 });
      const e = await failure(client.getIndicators(GDP));
      expect(e).toMatchObject({ code: 'not_found', status: 404 });
      expect(String(e['serverMessage'])).toMatch(/^Data not found for the key .*\*\*\*.* \(echoed\)$/);
      const files = await readdir(dir);
      expect(files.length).toBeGreaterThan(0);
      const cached = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
      expect(cached).toContain('Data not found for the key');
      const bridged = JSON.stringify(toWireError(e, []));
      for (const [, encode] of Object.entries(ECHOES)) {
        const encoded = encode(KEY);
        expect(everything(e), 'core error').not.toContain(encoded);
        expect(cached, 'cache file').not.toContain(encoded);
        expect(bridged, 'bridge answer').not.toContain(encoded);
      }
      // The echo did reach the client: the server saw the key (so the test is not vacuous).
      expect(server.requests[0]!.authorization ?? server.requests[0]!.query).toContain(authMode === 'header' ? KEY : encodeURIComponent(KEY));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
