/**
 * Atomic file replacement for spreadsheet files: core's one mechanism (temp name beside the target,
 * flush, rename; see @econdata/core/node), with failures reported as SheetsError naming the file.
 */
import { isEconError } from '@econdata/core';
import { writeFileAtomic } from '@econdata/core/node';
import { SheetsError } from '../errors.ts';

export { removeStaleTempFiles } from '@econdata/core/node';

/**
 * Writes `target` through `write(tempPath)`, then flushes and renames. On any failure the temp
 * file is removed, the old target is untouched, and the error is rethrown as a SheetsError naming
 * the file.
 */
export async function writeAtomic(target: string, write: (tempPath: string) => Promise<void>): Promise<void> {
  try {
    await writeFileAtomic(target, write);
  } catch (error) {
    if (error instanceof SheetsError) throw error;
    // core's storage error already names the file, the system's reason and what to do.
    if (isEconError(error, 'storage')) throw new SheetsError('write_failed', error.message, { file: target, cause: error });
    const reason = error instanceof Error ? error.message : String(error);
    throw new SheetsError('write_failed', `Could not write ${target}: ${reason}. The previous file, if any, is unchanged.`, { file: target, cause: error });
  }
}
