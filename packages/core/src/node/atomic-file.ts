/**
 * Atomic file replacement, the one way every package writes a file in place: the content goes to a
 * temporary name in the same folder, is flushed, and is renamed over the target. A crash or an error
 * mid-write never leaves a truncated target and never damages the old file; a failed write removes
 * its temporary file, and temporary files abandoned long ago (a killed process) are removed by
 * `removeStaleTempFiles`.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { storageError } from './storage-error.ts';

const TEMP_SUFFIX = '.econdata-tmp';
const TEMP_PATTERN = /^\.(.+)\.(\d+)-[0-9a-f]{8}\.econdata-tmp$/;

/** The temporary path a write of `target` by this process uses: hidden, beside it, tagged with the pid. */
function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
}

/** Whether a file name is one of our temporary files. */
export function isTempFile(name: string): boolean {
  return name.endsWith(TEMP_SUFFIX);
}

export interface AtomicWriteOptions {
  /**
   * Flush the file to disk before the rename, so a power cut cannot leave an empty target.
   * Off for files that are cheap to lose and written on hot paths (cache entries, quota logs).
   * @default true
   */
  sync?: boolean;
}

/**
 * Writes `target` through `write(tempPath)`, then flushes and renames. On failure the temporary file
 * is removed and the old target is untouched; the rejection is always typed: an EconError from
 * `write` (a cancellation) passes through, anything else becomes a `storage` error naming the file,
 * the system's reason and what to do (and the temporary file, in the rare case it could not be removed).
 *
 * @example await writeFileAtomic('settings.json', (temp) => writeFile(temp, text));
 */
export async function writeFileAtomic(target: string, write: (tempPath: string) => Promise<void>, options: AtomicWriteOptions = {}): Promise<void> {
  const temp = tempPathFor(target);
  try {
    await write(temp);
    if (options.sync ?? true) {
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    await rename(temp, target);
  } catch (error) {
    const leftover = await rm(temp, { force: true }).then(() => false, () => true);
    const todo = leftover
      ? `Check that the folder is writable and the disk has room, then try again; delete the temporary file ${temp} that could not be removed`
      : 'Check that the folder is writable and the disk has room, then try again';
    throw storageError(`The file ${target} could not be written; the previous file, if any, is unchanged`, error, todo);
  }
}

/**
 * Removes our temporary files in `folder` last modified more than `olderThanMs` ago; returns their
 * names. Age, not the pid in the name: in a synced or shared folder a pid that runs nowhere here is
 * another machine's save in progress. A write keeps touching its temporary file, so one untouched
 * for longer than any write can pause is abandoned.
 */
export async function removeStaleTempFiles(folder: string, options: { olderThanMs: number; now?: number; also?: (name: string) => boolean }): Promise<string[]> {
  const now = options.now ?? Date.now();
  const removed: string[] = [];
  for (const name of await readdir(folder)) {
    if (!TEMP_PATTERN.test(name) && !options.also?.(name)) continue;
    const path = join(folder, name);
    const modified = await stat(path).then((s) => s.mtimeMs, () => undefined);
    if (modified === undefined || now - modified <= options.olderThanMs) continue;
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}
