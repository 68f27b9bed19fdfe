/**
 * Web mode's files: the built renderer, with the bridge token written into index.html only for the
 * printed address (`/?token=...`), and the security headers every answer gets.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, isAbsolute } from 'node:path';
import { RENDERER_CSP } from '../shared/csp.ts';
import { TOKEN_META } from '../shared/bridge.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.map': 'application/json',
};

const HEADERS = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

function page(res: ServerResponse, status: number, title: string, text: string): void {
  res.writeHead(status, { ...HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`);
}

interface StaticOptions {
  rendererDir?: string | undefined;
  token: string;
  /** The request carried the right `?token=`: only then does index.html get it. */
  tokenGiven: boolean;
}

/** Serves the page and its files for one request (the bridge routes are handled before). */
export type PageServer = (req: IncomingMessage, res: ServerResponse, url: URL, options: StaticOptions) => Promise<void>;

/** The token meta tag, written right after <head>. */
export function withToken(html: string, token: string): string {
  return html.replace(/<head>/i, `<head>\n    <meta name="${TOKEN_META}" content="${token}">`);
}

/** The headers of every page answer, with another CSP where given (development). */
export function pageHeaders(csp: string = RENDERER_CSP): Record<string, string> {
  return { ...HEADERS, 'content-security-policy': csp };
}

/** The page that tells a visitor without the token where to go instead. */
export function tokenMissingPage(res: ServerResponse): void {
  page(res, 401, 'Open the explorer from its own address', 'This address lacks the explorer\'s per-run key. Open the full address the explorer printed in its terminal (it ends in <code>?token=</code>).');
}

/** Serves one GET of the renderer's files. */
export const serveStatic: PageServer = async (req, res, url, options) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return page(res, 405, 'Not allowed', 'The explorer serves its pages with GET only.');
  const { rendererDir } = options;
  if (rendererDir === undefined) {
    return page(res, 503, 'The explorer is not built', 'Its page has not been built yet. Run <code>pnpm --filter @econdata/desktop build</code> (or <code>bash scripts/start.sh</code>, which builds it) and reload.');
  }
  const wanted = url.pathname === '/' ? '/index.html' : decodeURIComponent(url.pathname);
  const root = await realpath(rendererDir);
  let file: string;
  try {
    file = await realpath(join(root, wanted));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
    // Browsers ask for an icon on their own: no icon is not an error worth a console message.
    if (wanted === '/favicon.ico') {
      res.writeHead(204, HEADERS).end();
      return;
    }
    return page(res, 404, 'Not found', 'The explorer has no such page.');
  }
  const rel = relative(root, file);
  if (rel.startsWith('..') || isAbsolute(rel) || !(await stat(file)).isFile()) return page(res, 404, 'Not found', 'The explorer has no such page.');
  if (rel === 'index.html') {
    if (!options.tokenGiven) return tokenMissingPage(res);
    const html = withToken(await readFile(file, 'utf8'), options.token);
    res.writeHead(200, { ...HEADERS, 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : html);
    return;
  }
  const body = await readFile(file);
  res.writeHead(200, { ...HEADERS, 'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : body);
};
