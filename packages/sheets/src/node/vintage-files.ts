/**
 * Kept vintages as files: one JSON record per series in a folder (the desktop keeps one folder per
 * connection profile beside the saved-export library). Writes are atomic (temp file, flush,
 * rename); a damaged record is renamed `<id>.json.damaged-<time>` and kept for a person to look at.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SheetsError } from '../errors.ts';
import type { VintageStorage } from '../index.ts';
import { removeStaleTempFiles, writeAtomic } from './atomic.ts';
import { TEMP_MAX_AGE_MS } from './library/data-file.ts';

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;

/** A VintageStorage over a folder of `<id>.json` files. */
export class FileVintageStorage implements VintageStorage {
  readonly folder: string;
  private cleaned = false;

  constructor(folder: string) {
    this.folder = folder;
  }

  private path(id: string): string {
    if (!SAFE_ID.test(id)) throw new SheetsError('write_failed', `"${id}" is not a vintages record id.`, { file: this.folder });
    return join(this.folder, `${id}.json`);
  }

  async list(): Promise<Array<{ id: string; bytes: number }>> {
    if (!existsSync(this.folder)) return [];
    const out: Array<{ id: string; bytes: number }> = [];
    for (const name of await readdir(this.folder)) {
      if (!name.endsWith('.json') || name.startsWith('.')) continue;
      const size = await stat(join(this.folder, name)).then((s) => s.size, () => undefined);
      if (size !== undefined) out.push({ id: name.slice(0, -5), bytes: size });
    }
    return out;
  }

  async read(id: string): Promise<string | null> {
    try {
      return await readFile(this.path(id), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new SheetsError('unreadable_file', `The kept vintages ${this.path(id)} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}). Check that it is a file you may read.`, { file: this.path(id), cause: error });
    }
  }

  async write(id: string, text: string): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    if (!this.cleaned) {
      this.cleaned = true;
      await removeStaleTempFiles(this.folder, { olderThanMs: TEMP_MAX_AGE_MS }).catch(() => []);
    }
    await writeAtomic(this.path(id), async (temp) => {
      await writeFile(temp, text, 'utf8');
    });
  }

  async setAside(id: string): Promise<string> {
    const as = `${this.path(id)}.damaged-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    await rename(this.path(id), as);
    return as;
  }
}
