/**
 * office.js served from this add-in's own origin (from @microsoft/office-js), not from Microsoft's
 * CDN: development and the Chromium tests run without the internet. office.js loads its host files
 * (excel-web-16.00.js, o15apptofilemappingtable.js, <locale>/office_strings.js, ...) from beside
 * itself, so the Excel files and every folder go along; other hosts' files and debug builds do not.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { cp, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/** Where office.js is served below the page: taskpane.html loads ./office-js/office.js. */
const OFFICE_JS_DIR = 'office-js';

/** The dist folder of the installed @microsoft/office-js. */
function officeJsDist(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@microsoft/office-js/package.json')), 'dist');
}

const OTHER_HOSTS = /^(access|onenote|outlook|powerpoint|project|word)/;

/** Whether a file of office-js/dist goes into the add-in. */
function shipped(relativePath: string): boolean {
  const name = relativePath.split(/[\\/]/).pop() ?? '';
  if (name.endsWith('.debug.js') || name.endsWith('.d.ts') || name === 'office-vsdoc.js') return false;
  return !(relativePath === name && OTHER_HOSTS.test(name));
}

/** Serves ./office-js/* in `vite dev` and copies it into dist/office-js on build. */
export function officeJs(): Plugin {
  const dist = officeJsDist();
  let outDir = 'dist';
  return {
    name: 'econdata-office-js',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const prefix = `/${OFFICE_JS_DIR}/`;
        if (!path.startsWith(prefix)) return next();
        const relative = normalize(decodeURIComponent(path.slice(prefix.length)));
        const file = join(dist, relative);
        if (relative.startsWith('..') || !file.startsWith(dist + sep) || !shipped(relative) || !existsSync(file) || !statSync(file).isFile()) {
          res.statusCode = 404;
          res.end(`office-js: no ${relative}`);
          return;
        }
        res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript; charset=utf-8' : file.endsWith('.css') ? 'text/css' : file.endsWith('.html') ? 'text/html' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    async closeBundle() {
      const target = join(outDir, OFFICE_JS_DIR);
      for (const entry of await readdir(dist, { recursive: true })) {
        const relative = String(entry);
        const from = join(dist, relative);
        if (statSync(from).isFile() && shipped(relative)) await cp(from, join(target, relative));
      }
    },
  };
}
