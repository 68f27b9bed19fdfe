import { access, mkdir, open, readFile, rename } from 'node:fs/promises';
import { writeFileAtomic } from '@econdata/core/node';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { KeychainError, SettingsCorruptError } from '../errors.ts';
import { SANDBOX_PROFILE } from './profile.ts';
import { SETTINGS_VERSION, checkSettings, type Settings } from './settings-schema.ts';

/** What a fresh install starts with: the local sandbox profile, active. */
export function defaultSettings(): Settings {
  return { version: SETTINGS_VERSION, activeProfile: SANDBOX_PROFILE.name, profiles: [{ ...SANDBOX_PROFILE }] };
}

/**
 * Where a Node script keeps its settings when it is not told: the platform's per-user config folder.
 * The desktop passes its own (Electron's `app.getPath('userData')`).
 */
export function defaultSettingsPath(env: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'econdata', 'settings.json');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'econdata', 'settings.json');
  return join(env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'econdata', 'settings.json');
}

/** `2026-11-22T07-30-05-123Z`: an ISO time that is a valid file name everywhere (no colons). */
function fileStamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** The system's reason (ENOENT, EACCES ...): of the error, or of its cause when core's atomic write wrapped it in a `storage` error. */
function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause } = error as { code?: string; cause?: unknown };
  return code === 'storage' ? (errnoCode(cause) ?? code) : code;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false;
    throw new KeychainError('settings_io', `Cannot look at ${path} (${errnoCode(error) ?? String(error)}). Check the settings folder's permissions.`, { path });
  }
}

/** Where the profiles are kept: the file below, or a fake in tests. */
export interface SettingsStore {
  load(): Promise<Settings>;
  save(settings: Settings): Promise<void>;
}

/**
 * The profiles file: plain JSON, read whole and checked on every load, written atomically (a temp
 * file in the same folder, flushed, then renamed over the old one), so a crash mid-write leaves the
 * old file or the new one, never half of one. It never holds a key.
 */
export class SettingsFile implements SettingsStore {
  readonly path: string;
  readonly #now: () => Date;

  constructor(path: string, now: () => Date = () => new Date()) {
    this.path = path;
    this.#now = now;
  }

  /**
   * The settings, or the defaults when there is no file yet. A damaged file is moved aside as
   * `settings.json.corrupt-<time>` and reported with SettingsCorruptError: never reset silently.
   */
  async load(): Promise<Settings> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return defaultSettings();
      throw new KeychainError('settings_io', `Cannot read the settings file ${this.path} (${errnoCode(error) ?? String(error)}). Check its permissions.`, { path: this.path });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // JSON.parse's own message quotes part of the file: say only that it is not JSON.
      return this.#corrupt('it is not valid JSON');
    }
    const result = checkSettings(parsed);
    if (result.ok) return result.settings;
    if (result.newerVersion !== undefined) {
      throw new KeychainError(
        'settings_unsupported',
        `The settings file ${this.path} was written by a newer version of Econdata (${result.problem}). Update Econdata; the file was left as it is.`,
        { path: this.path },
      );
    }
    return this.#corrupt(result.problem);
  }

  /** Writes the settings atomically (temp file + rename), readable by this user only. */
  async save(settings: Settings): Promise<void> {
    try {
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      await writeFileAtomic(this.path, async (temp) => {
        const handle = await open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(`${JSON.stringify(settings, null, 2)}\n`, 'utf8');
        } finally {
          await handle.close();
        }
      });
    } catch (error) {
      throw new KeychainError(
        'settings_io',
        `Cannot write the settings file ${this.path} (${errnoCode(error) ?? String(error)}). Check the folder's permissions and free space.`,
        { path: this.path },
      );
    }
  }

  /** Moves the damaged file aside and throws the report. */
  async #corrupt(problem: string): Promise<never> {
    let movedTo = `${this.path}.corrupt-${fileStamp(this.#now())}`;
    for (let n = 2; await exists(movedTo); n += 1) movedTo = `${this.path}.corrupt-${fileStamp(this.#now())}-${n}`;
    try {
      await rename(this.path, movedTo);
    } catch (error) {
      throw new SettingsCorruptError(
        `The settings file ${this.path} is damaged (${problem}) and could not be moved aside (${errnoCode(error) ?? String(error)}). ` +
          'Repair or remove it by hand; Econdata did not change it.',
        { path: this.path },
      );
    }
    throw new SettingsCorruptError(
      `The settings file ${this.path} is damaged (${problem}). It was kept as ${movedTo} and not used; ` +
        `repair it and move it back to ${this.path}, or recreate your profiles. Keys in the OS keychain were not touched.`,
      { path: this.path, movedTo },
    );
  }
}
