/**
 * The one way core's Node pieces turn a file-system failure into a typed `storage` error: what
 * failed (naming the file), the system's reason (its errno code, else its message) and what to do.
 * An error that is already typed passes through unchanged: an EconError (a cancellation stays a
 * cancellation), or another package's typed error (sheets' `too_many_rows` thrown inside an atomic
 * write): a named class with a string `code`. Node's own file-system errors are named plain `Error`.
 */
import { EconError, StorageError } from '../errors/errors.ts';

function isTyped(error: unknown): error is Error {
  return error instanceof EconError || (error instanceof Error && error.name !== 'Error' && typeof (error as { code?: unknown }).code === 'string');
}

/** `${what} (${reason}). ${todo}.` as a StorageError with the original as `cause`. */
export function storageError(what: string, error: unknown, todo: string): Error {
  if (isTyped(error)) return error;
  const reason = (error as NodeJS.ErrnoException | undefined)?.code ?? (error instanceof Error ? error.message : String(error));
  return new StorageError(`${what} (${reason}). ${todo}.`, error instanceof Error ? { cause: error } : {});
}
