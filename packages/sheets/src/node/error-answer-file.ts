/** Telling a downloaded error answer from a damaged export file (see read/error-answer.ts). */
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { SheetsError } from '../errors.ts';
import { errorAnswerIn } from '../read/error-answer.ts';

const HEAD_BYTES = 64 * 1024;

/** The SheetsError for a file that holds an error answer instead of an export, or null when it does not. */
export async function errorAnswerFile(path: string): Promise<SheetsError | null> {
  const handle = await open(path, 'r');
  let head: string;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    head = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  const holds = errorAnswerIn(head);
  if (holds === null) return null;
  return new SheetsError('unreadable_file', `${basename(path)} is not an export: it holds ${holds}. Fix the request if needed and download the export again.`, { file: path });
}
