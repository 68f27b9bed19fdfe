/**
 * Saving an export to a file as it arrives, atomically: the chunks go to a temporary file beside
 * the target, which is renamed over it only when complete, so a failed or cancelled download never
 * leaves a truncated file nor damages an older one.
 */
import { open } from 'node:fs/promises';
import type { EconDataClient } from '../client/client.ts';
import type { ExportOptions, ExportQuery } from '../client/export.ts';
import { AbortError } from '../errors/errors.ts';
import { writeFileAtomic } from './atomic-file.ts';

export interface SavedExport {
  path: string;
  bytes: number;
  /** The name the service suggested (Content-Disposition). */
  filename: string | null;
  content_type: string | null;
}

/**
 * Downloads `/export/csv` or `/export/excel` straight into `path` (temp name + rename), with progress.
 *
 * @example await saveExport(client, 'excel', { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' }, './gdp.xlsx');
 */
export async function saveExport(client: EconDataClient, format: 'csv' | 'excel', query: ExportQuery, path: string, options: ExportOptions = {}): Promise<SavedExport> {
  const { onProgress, ...call } = options;
  const download = await client.openExport(format, query, call);
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
