/**
 * A file a reader was given cannot be opened (missing, a folder, no permission): an
 * `unreadable_file` SheetsError naming the file, the system's reason and what to do, never a raw
 * file-system error. Errors that are already typed (SheetsError, core's EconError) pass through.
 */
import { isEconError } from '@econdata/core';
import { isSheetsError, SheetsError } from '../errors.ts';

/** Runs a read of `path`; any untyped failure becomes `unreadable_file`. */
export async function readingFile<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isSheetsError(error) || isEconError(error)) throw error;
    const reason = (error as NodeJS.ErrnoException | undefined)?.code ?? (error instanceof Error ? error.message : String(error));
    throw new SheetsError('unreadable_file', `${path} cannot be read (${reason}). Check that the file exists, is a file and not a folder, and that you may read it.`, { file: path, cause: error });
  }
}
