import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { devPages, DEV_CSP } from './dev.ts';
import { startWebServer, type WebServer } from './server.ts';

describe('web mode --dev (Vite middleware)', () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });

  it('serves the page from sources with the token and the development CSP, and transforms TypeScript', async () => {
    const root = await mkdtemp(join(tmpdir(), 'renderer-src-'));
    await writeFile(join(root, 'index.html'), '<!doctype html><html><head><title>dev</title></head><body><script type="module" src="./main.ts"></script></body></html>');
    await writeFile(join(root, 'main.ts'), 'const n: number = 41;\nexport const answer = n + 1;\n');
    const pages = await devPages(root);
    open.push(pages);
    const server: WebServer = await startWebServer({ services: { dispatch: async () => ({ ok: true, value: null }), onEvent: () => () => undefined }, pages: pages.serve });
    open.push(server);

    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(DEV_CSP);
    expect(DEV_CSP).toContain("script-src 'self' 'unsafe-inline'");
    const html = await page.text();
    expect(html).toContain(`<meta name="econdata-bridge-token" content="${server.token}">`);
    expect(html).toContain('/@vite/client');
    expect((await fetch(server.origin)).status).toBe(401);

    const module = await (await fetch(`${server.origin}/main.ts`)).text();
    expect(module).toContain('const n = 41;');
    expect((await fetch(`${server.origin}/nothing-here.js`)).status).toBe(404);
  });
});
