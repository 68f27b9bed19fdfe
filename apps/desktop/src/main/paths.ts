/**
 * Where the explorer keeps its files: one home folder (ECONDATA_HOME, else Electron's user-data
 * folder, else the platform's app-data folder for "econdata"), with the settings, the quota log,
 * the HTTP cache and the saved-exports library inside it; plus the Downloads folder.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface AppFolders {
  home: string;
  settings: string;
  /** Recent and favourite searches. */
  search: string;
  quota: string;
  cache: string;
  library: string;
  downloads: string;
}

/** The platform's app-data folder for an app named econdata (what Electron's userData would be). */
function platformHome(env: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'econdata');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'econdata');
  return join(env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'econdata');
}

/**
 * The folders of one run. With ECONDATA_HOME everything, Downloads included, stays inside it (tests
 * and portable use); otherwise Downloads is the user's own.
 */
export function appFolders(options: { env?: Record<string, string | undefined>; userData?: string } = {}): AppFolders {
  const env = options.env ?? process.env;
  const explicit = env['ECONDATA_HOME'];
  const home = resolve(explicit ?? options.userData ?? platformHome(env));
  return {
    home,
    settings: join(home, 'settings.json'),
    search: join(home, 'search.json'),
    quota: join(home, 'quota'),
    cache: join(home, 'cache'),
    library: join(home, 'exports'),
    downloads: explicit !== undefined ? join(home, 'downloads') : join(homedir(), 'Downloads'),
  };
}

/**
 * The real public data for the embedded sandbox: none with ECONDATA_DEMO=1; else ECONDATA_DATA_DIR;
 * else `shared/data` beside the checkout this code runs from (found by walking up from `start`);
 * else null (the demo pack).
 */
export function findDataDir(start: string, env: Record<string, string | undefined> = process.env): string | null {
  if (env['ECONDATA_DEMO'] === '1') return null;
  const given = env['ECONDATA_DATA_DIR'];
  if (given !== undefined && given !== '') return existsSync(given) ? resolve(given) : null;
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) {
      const candidate = resolve(dir, '..', 'shared', 'data');
      return existsSync(candidate) ? candidate : null;
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}
