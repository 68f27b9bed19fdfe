/**
 * Saving an export to a file, atomically: the bytes go to a temporary file beside the target,
 * which is renamed over it only when complete, so a failed download never leaves a truncated file
 * nor damages an older one.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EconDataClient } from '../client/client.ts';
import type { ExportOptions, ExportQuery } from '../client/export.ts';

export interface SavedExport {
  path: string;
  bytes: number;
  /** The name the service suggested (Content-Disposition). */
  filename: string | null;
  content_type: string | null;
}

/**
 * Downloads `/export/csv` or `/export/excel` and writes it to `path` (temp name + rename).
 *
 * @example await saveExport(client, 'excel', { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' }, './gdp.xlsx');
 */
export async function saveExport(client: EconDataClient, format: 'csv' | 'excel', query: ExportQuery, path: string, options: ExportOptions = {}): Promise<SavedExport> {
  const file = format === 'csv' ? await client.exportCsv(query, options) : await client.exportExcel(query, options);
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.part`);
  const handle = await open(temp, 'wx');
  let closed = false;
  try {
    await handle.writeFile(file.data);
    await handle.sync();
    closed = true;
    await handle.close();
    await rename(temp, path);
  } catch (error) {
    if (!closed) await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  return { path, bytes: file.metadata.bytes, filename: file.metadata.filename, content_type: file.metadata.content_type };
}
