/**
 * Atomic file replacement: every file is written to a temporary name in the same folder, flushed
 * to disk, then renamed over the target. A crash or an error mid-write never leaves a truncated
 * target and never damages the old file; a failed write removes its temporary file, and temporary
 * files left by a killed process are removed by `removeStaleTempFiles`.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SheetsError } from '../errors.ts';

const TEMP_SUFFIX = '.econdata-tmp';
const TEMP_PATTERN = /^\.(.+)\.(\d+)-[0-9a-f]{8}\.econdata-tmp$/;

/** The temporary path a write of `target` by this process uses. */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
}

/**
 * Writes `target` through `write(tempPath)`, then flushes and renames. On any failure the temp
 * file is removed, the old target is untouched, and the error is rethrown as a SheetsError naming
 * the file.
 */
export async function writeAtomic(target: string, write: (tempPath: string) => Promise<void>): Promise<void> {
  const temp = tempPathFor(target);
  try {
    await write(temp);
    const handle = await open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    if (error instanceof SheetsError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new SheetsError('write_failed', `Could not write ${target}: ${reason}. The previous file, if any, is unchanged.`, { file: target, cause: error });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temporary files in `folder` left by processes that no longer run; returns their names. */
export async function removeStaleTempFiles(folder: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(folder)) {
    const m = TEMP_PATTERN.exec(name);
    if (!m || processAlive(Number(m[2]))) continue;
    await rm(join(folder, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Whether a file name is one of our temporary files. */
export function isTempFile(name: string): boolean {
  return name.endsWith(TEMP_SUFFIX);
}
