/**
 * Web mode for development (`--dev`): the renderer from its sources through Vite in middleware mode
 * (every request transformed on the fly; reload to see a change: no HMR socket), behind the same
 * bridge, token and Host/Origin checks. Vite and React Refresh need inline scripts, so the CSP
 * here allows them; the built renderer (the default) keeps the strict one.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { RENDERER_CSP } from '../shared/csp.ts';
import { pageHeaders, tokenMissingPage, withToken, type PageServer } from './static.ts';

/** Development CSP: the built one with inline scripts allowed (Vite's client and React Refresh). */
export const DEV_CSP = RENDERER_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");

/** Pages served by Vite from `root` (src/renderer); close() stops Vite. */
export async function devPages(root: string): Promise<{ serve: PageServer; close(): Promise<void> }> {
  const vite = await createServer({
    root, configFile: false, plugins: [react()], appType: 'custom', logLevel: 'warn',
    server: { middlewareMode: true, hmr: false },
  });
  const serve: PageServer = async (req, res, url, options) => {
    if (url.pathname === '/' || url.pathname === '/index.html') {
      if (!options.tokenGiven) return tokenMissingPage(res);
      const html = await vite.transformIndexHtml(url.pathname, await readFile(join(root, 'index.html'), 'utf8'));
      res.writeHead(200, { ...pageHeaders(DEV_CSP), 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(withToken(html, options.token));
      return;
    }
    await new Promise<void>((resolve, reject) => {
      vite.middlewares(req, res, (error?: unknown) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else {
          res.writeHead(404, { ...pageHeaders(DEV_CSP), 'content-type': 'text/plain' }).end('Not found');
          resolve();
        }
      });
      res.on('finish', () => resolve());
    });
  };
  return { serve, close: () => vite.close() };
}
