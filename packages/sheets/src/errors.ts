/**
 * Errors of the sheets package: file and layout problems, not data access (those are core's
 * EconError). A stable string `code` lets callers across IPC tell them apart without instanceof.
 */

export type SheetsErrorCode =
  | 'invalid_period'
  | 'mixed_frequencies'
  | 'too_many_rows'
  | 'file_too_large'
  | 'unreadable_file'
  | 'checksum_mismatch'
  | 'corrupt_manifest'
  | 'export_not_found'
  | 'damaged_export'
  | 'different_queries'
  | 'no_vintages'
  | 'before_vintages'
  | 'damaged_vintages'
  | 'write_failed';

/** A layout, file or saved-export problem, with a message that says what to do. */
export class SheetsError extends Error {
  override readonly name = 'SheetsError';
  readonly code: SheetsErrorCode;
  /** The file concerned, when there is one. */
  readonly file: string | undefined;

  constructor(code: SheetsErrorCode, message: string, options: { file?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.file = options.file;
  }

  toJSON(): { name: 'SheetsError'; code: SheetsErrorCode; message: string; file?: string } {
    return { name: 'SheetsError', code: this.code, message: this.message, ...(this.file === undefined ? {} : { file: this.file }) };
  }
}

/** Whether a value is a SheetsError (of a given code), also after it crossed a realm or was serialized. */
export function isSheetsError(value: unknown, code?: SheetsErrorCode): value is SheetsError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { name?: unknown; code?: unknown };
  return v.name === 'SheetsError' && typeof v.code === 'string' && (code === undefined || v.code === code);
}
