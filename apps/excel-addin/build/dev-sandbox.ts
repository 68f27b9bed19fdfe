/**
 * `pnpm dev` also runs the sandbox on its default port (http://127.0.0.1:8787, the add-in's
 * default address), over ../shared/data when present, unless something already answers there.
 * Its CORS allows https://localhost:* by default, so the add-in's origin https://localhost:3000
 * needs no flag; ECONDATA_SANDBOX_CORS passes --cors-origins when the add-in is served elsewhere.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SANDBOX_PORT = 8787;

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch (error) {
    void error; // nothing listens: the plugin starts the sandbox
    return false;
  }
}

/** Starts the sandbox beside the dev server and stops it with the server. */
export function devSandbox(): Plugin {
  let child: ChildProcess | undefined;
  return {
    name: 'econdata-dev-sandbox',
    apply: 'serve',
    async configureServer(server) {
      if (process.env['ECONDATA_DEV_SANDBOX'] === 'off') return;
      const url = `http://127.0.0.1:${SANDBOX_PORT}`;
      if (await answers(`${url}/_sandbox/stats`)) {
        server.config.logger.info(`sandbox: already running at ${url}`);
        return;
      }
      const data = process.env['ECONDATA_DATA_DIR'] ?? join(repoRoot, '../shared/data');
      const args = ['--import', 'tsx', join(repoRoot, 'packages/sandbox/src/cli.ts'), '--port', String(SANDBOX_PORT)];
      if (existsSync(data)) args.push('--data', data);
      const cors = process.env['ECONDATA_SANDBOX_CORS'];
      if (cors) args.push('--cors-origins', cors);
      child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('exit', (code, signal) => {
        if (code) server.config.logger.error(`sandbox exited with ${code}: see its message above (port ${SANDBOX_PORT} in use? set ECONDATA_DEV_SANDBOX=off to run without it)`);
        else if (signal && signal !== 'SIGTERM') server.config.logger.warn(`sandbox stopped by ${signal}`);
      });
      server.httpServer?.on('close', () => child?.kill('SIGTERM'));
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => { child?.kill('SIGTERM'); process.exit(0); });
    },
  };
}
