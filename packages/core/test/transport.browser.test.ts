/**
 * The client's transport in a browser (the add-in's runtime), in the real Chromium: the shared entry
 * bundled for the browser and used against hostile loopback services (test/support/hostile-server.ts,
 * which answer CORS so the page sees their answers):
 * - a service answering 301, 302, 303, 307 or 308 to a second, recording service: in query-key and
 *   header mode, and as a team gateway (priority header), the second service receives no request at
 *   all (so never the key), and the call fails with the typed redirect error; axios' XMLHttpRequest
 *   adapter, the browser transport before, is shown following the redirect with the key;
 * - an answer past maxResponseBytes, streamed without a Content-Length or declared with one: the
 *   typed `invalid_response` naming the limit, and the download stopped early (the server sees the
 *   connection closed long before it wrote everything).
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, serveBrowserBundle, type BundlePage } from '../../../test/support/chromium.ts';
import { useHostileServers } from '../../../test/support/hostile-server.ts';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const KEY = 'sk_live+Sec/RET=7f3a9c51d2';
const REDIRECT_ERROR = 'The service redirected the request to another address (the browser hides which), which the client does not follow so that the key goes nowhere else. The base URL is being redirected: open the base URL in a browser to see where it leads, and set that final address as the base URL (the service address of the connection or profile).';

describe.skipIf(!hasChromium)('the client\'s transport in Chromium against hostile services', () => {
  let bundle: BundlePage;
  let browser: Browser;
  let tab: Page;
  const hostile = useHostileServers();

  beforeAll(async () => {
    bundle = await serveBrowserBundle(entry, 'core');
    browser = await launchChromium();
    tab = await browser.newPage();
    await tab.goto(bundle.origin);
  });
  afterAll(async () => {
    await browser?.close();
    await bundle?.close();
  });

  /** Runs one call of a client made in the page; resolves with the error's JSON (or 'no error'). */
  async function callInPage(options: Record<string, unknown>, call: { method: string; args?: unknown[]; transport?: 'axios' }): Promise<Record<string, unknown> | 'no error'> {
    // Written as page source: the test runner must not rewrite its dynamic import.
    const script = `(async () => {
      const core = await import('/core.js');
      const options = ${JSON.stringify(options)};
      ${call.transport === 'axios' ? 'options.transport = core.axiosTransport();' : ''}
      const client = new core.EconDataClient({ ...options, maxRetries: 0 });
      try {
        await client[${JSON.stringify(call.method)}](...${JSON.stringify(call.args ?? [])});
        return 'no error';
      } catch (e) {
        return typeof e.toJSON === 'function' ? e.toJSON() : { thrown: String(e) };
      }
    })()`;
    return (await tab.evaluate(script)) as Record<string, unknown> | 'no error';
  }

  describe.each([301, 302, 303, 307, 308])('a %i redirect to another service', (status) => {
    it.each([
      { name: 'query-key mode', options: { authMode: 'query' }, call: { method: 'listSources' } },
      { name: 'header mode', options: { authMode: 'header' }, call: { method: 'listSources' } },
      { name: 'a team gateway (bulk priority header), POST', options: { authMode: 'header', sendPriority: true }, call: { method: 'batchIndicators', args: [{ source: 'WB', indicators: ['NY.GDP.MKTP.CD'], countries: ['VN'] }, { priority: 'background' }] } },
    ])('$name: the target receives nothing, the call fails with the typed redirect error', async ({ options, call }) => {
      const target = await hostile();
      const redirecting = await hostile({ location: target.url });
      const e = await callInPage({ baseURL: `${redirecting.url}/redirect-${status}`, apiKey: KEY, ...options }, call);
      expect(e).toEqual({ name: 'InvalidResponseError', code: 'invalid_response', status: 0, retryable: false, message: REDIRECT_ERROR });
      expect(target.requests).toEqual([]);
      // The redirecting service was asked (so the test is not vacuous), and the key never left the page otherwise.
      expect(redirecting.requests.filter((r) => r.method !== 'OPTIONS')).toHaveLength(1);
    });
  });

  it('before: axios\' XMLHttpRequest adapter follows a redirect, taking a query-string key to the target', async () => {
    const target = await hostile();
    const redirecting = await hostile({ location: target.url });
    await callInPage({ baseURL: `${redirecting.url}/redirect-302`, apiKey: KEY, authMode: 'query' }, { method: 'listSources', transport: 'axios' });
    expect(target.requests.map((r) => r.query)).toEqual([`?api_key=${encodeURIComponent(KEY)}`]);
  });

  it.each(['huge-chunked', 'huge-declared'])('%s (1 GiB) past maxResponseBytes: invalid_response naming the limit, the download stopped early', async (mode) => {
    const total = 1024 ** 3;
    const server = await hostile({ bytes: total });
    const limit = 4 * 1024 ** 2;
    const e = await callInPage({ baseURL: `${server.url}/${mode}`, apiKey: KEY, maxResponseBytes: limit }, { method: 'listSources' });
    expect(e).toEqual({
      name: 'InvalidResponseError', code: 'invalid_response', retryable: false,
      message: "The service's answer to GET /sources is larger than 4194304 bytes (4 MiB), the client's maxResponseBytes; reading stopped there. Ask for less (fewer countries or indicators, a shorter range), or raise maxResponseBytes if an answer this large is expected.",
    });
    // The page closed the connection: the server stopped writing far short of the gigabyte (sockets buffer some megabytes).
    await expect.poll(() => server.closedEarly(), { timeout: 20_000 }).toBe(1);
    expect(server.written()).toBeLessThan(64 * 1024 ** 2);
    console.log(`${mode}: the browser stopped a 1 GiB answer after the server wrote ${(server.written() / 1024 ** 2).toFixed(1)} MiB (limit 4 MiB)`);
  });
});
