/**
 * Web mode's command: the explorer's services and its page on a loopback address.
 *
 *   node --import tsx apps/desktop/src/web/cli.ts [--port N] [--data DIR] [--key-store os|memory] [--renderer DIR] [--no-open]
 *
 * Prints the address to open (it holds the per-run token) and opens a browser when there is a
 * display and xdg-open (or open on macOS). Ctrl+C or SIGTERM stops it and the embedded sandbox.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appFolders, findDataDir } from '../main/paths.ts';
import { createMainServices } from '../main/services.ts';
import { startWebServer } from './server.ts';

interface Args { port: number; data: string | null | undefined; keyStore: 'os-keychain' | 'memory'; renderer: string | undefined; open: boolean; dev: boolean }

const HERE = dirname(fileURLToPath(import.meta.url));
const APP_DIR = resolve(HERE, '..', '..');
const USAGE = 'usage: explorer-web [--port N] [--data DIR | --demo] [--key-store os|memory] [--renderer DIR | --dev] [--no-open]';

function fail(message: string): never {
  console.error(`explorer: ${message}\n${USAGE}`);
  process.exit(2);
}

/** Parses the command line; a bad flag exits 2 saying what it expects. */
export function parseArgs(argv: readonly string[]): Args {
  const args: Args = { port: 0, data: undefined, keyStore: 'os-keychain', renderer: undefined, open: true, dev: false };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = (): string => argv[++i] ?? fail(`${flag} needs a value`);
    if (flag === '--port') {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) > 65535) fail(`--port expects a whole number from 0 to 65535, e.g. --port 5180 (got "${v}")`);
      args.port = Number(v);
    } else if (flag === '--data') {
      const dir = resolve(value());
      if (!existsSync(dir)) fail(`--data: no folder ${dir}`);
      args.data = dir;
    } else if (flag === '--demo') args.data = null;
    else if (flag === '--key-store') {
      const v = value();
      if (v !== 'os' && v !== 'memory') fail(`--key-store expects os or memory (got "${v}")`);
      args.keyStore = v === 'os' ? 'os-keychain' : 'memory';
    } else if (flag === '--renderer') args.renderer = resolve(value());
    else if (flag === '--no-open') args.open = false;
    else if (flag === '--dev') args.dev = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown flag ${flag}`);
  }
  return args;
}

/** Opens the address in a browser when this machine can show one; says so either way. */
function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const hasDisplay = process.platform !== 'linux' || Boolean(process.env['DISPLAY'] ?? process.env['WAYLAND_DISPLAY']);
  if (!hasDisplay) {
    console.log('No display here: open the address above in a browser.');
    return;
  }
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', (error) => console.log(`Could not open a browser (${error.message}): open the address above yourself.`));
  child.unref();
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = args.data === undefined ? findDataDir(APP_DIR) : args.data;
  const rendererDir = args.renderer ?? resolve(APP_DIR, 'out', 'renderer');
  const services = createMainServices({ host: 'web', folders: appFolders(), dataDir, keyStore: args.keyStore });
  const status = await services.session.status(); // starts the embedded sandbox now, not on the first click
  // Vite loads only for --dev: the product path starts without it.
  const dev = args.dev ? await (await import('./dev.ts')).devPages(resolve(APP_DIR, 'src', 'renderer')) : undefined;
  const pages = dev !== undefined ? { pages: dev.serve } : existsSync(rendererDir) ? { rendererDir } : {};
  const server = await startWebServer({ services, port: args.port, ...pages }).catch(async (error: unknown) => {
    await Promise.all([services.close(), dev?.close()]);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${args.port} is in use: choose another with --port N, or leave --port out for a free one.`, { cause: error });
    }
    throw error;
  });
  console.log(`Econdata explorer (web mode): ${server.url}`);
  console.log(`  ${status.notice}`);
  if (status.service.kind === 'sandbox') console.log(`  sandbox: ${status.service.baseURL} (${status.data === 'demo' ? 'DEMO data' : status.service.embedded.dataDir})`);
  console.log(`  files: ${status.folders.home}; keys: ${status.keyStore}`);
  if (args.keyStore === 'os-keychain' && process.platform === 'linux' && !process.env['DBUS_SESSION_BUS_ADDRESS']) {
    console.log('  No D-Bus session here, so the OS keychain cannot keep API keys: the explorer works on the sandbox, but saving a key will fail.'
      + ' Start it with --key-store memory to keep keys for this run only, or inside a desktop session (or dbus-run-session with gnome-keyring).');
  }
  if (dev !== undefined) console.log('  Development: the page comes from src/renderer through Vite (reload to see changes).');
  else if (!existsSync(rendererDir)) console.log(`  The page is not built (${rendererDir} is missing): run pnpm --filter @econdata/desktop build.`);
  if (args.open) openBrowser(server.url);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the explorer.`);
    Promise.all([server.close(), services.close(), dev?.close()]).then(() => process.exit(0), (error: unknown) => {
      console.error('explorer: could not stop cleanly:', error);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`explorer: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
