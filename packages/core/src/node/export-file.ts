/**
 * Saving an export to a file as it arrives, atomically: the chunks go to a temporary file beside
 * the target, which is renamed over it only when complete, so a failed or cancelled download never
 * leaves a truncated file nor damages an older one.
 */
import { open } from 'node:fs/promises';
import type { EconDataClient } from '../client/client.ts';
import type { ExportOptions, ExportRequest } from '../client/export.ts';
import { AbortError, InvalidParameterError } from '../errors/errors.ts';
import { writeFileAtomic } from './atomic-file.ts';

export interface SavedExport {
  path: string;
  bytes: number;
  /** The name the service suggested (Content-Disposition). */
  filename: string | null;
  content_type: string | null;
}

/** Where to save an export, and the call's options (signal, timeout, retries, priority, progress). */
export interface SaveExportOptions extends ExportOptions {
  /** The file to write; replaced only once the whole export has arrived. */
  path: string;
}

/**
 * Downloads `/export/csv` or `/export/excel` straight into `options.path` (temp name + rename), with progress.
 *
 * @example await saveExport(client, { format: 'excel', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' }, { path: './gdp.xlsx' });
 */
export async function saveExport(client: EconDataClient, query: ExportRequest, options: SaveExportOptions): Promise<SavedExport> {
  if (typeof options !== 'object' || options === null || typeof options.path !== 'string' || options.path === '') {
    throw new InvalidParameterError('path', 'saveExport needs the file to write: saveExport(client, { format, ...query }, { path: \'./data.xlsx\' }).');
  }
  const { onProgress, path, ...call } = options;
  const download = await client.openExport(query, call);
  let bytes = 0;
  await writeFileAtomic(path, async (temp) => {
    const handle = await open(temp, 'wx');
    try {
      for await (const chunk of download.chunks) {
        if (call.signal?.aborted) throw new AbortError('Export cancelled by the caller: no file was written.');
        await handle.write(chunk);
        bytes += chunk.byteLength;
        onProgress?.(bytes, download.metadata.total);
      }
    } finally {
      await handle.close();
    }
  });
  return { path, bytes, filename: download.metadata.filename, content_type: download.metadata.content_type };
}
