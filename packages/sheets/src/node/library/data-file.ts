/**
 * Whether a saved export's data file can be vouched for, without opening it: present, and of the
 * size its manifest recorded. A manifest written before sizes were recorded is checked by its
 * SHA-256 instead (a full read of the file: slower, but nothing less tells a cut file apart).
 */
import { realpath, stat } from 'node:fs/promises';
import { join, relative, isAbsolute } from 'node:path';
import { SheetsError } from '../../errors.ts';
import { sha256File, type ExportManifest } from './manifest.ts';

/** Temporary files and id claims untouched for this long are abandoned: see `ExportLibrary.cleanUp`. */
export const TEMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The path of an export's data file, once it is known to stay inside the library: a data file that
 * is a link (or sits behind one) to a file outside the folder is refused with damaged_export naming
 * where it points, and never read (the manifest and the link may have been planted). A file that
 * does not exist yet is left to the caller to report.
 */
export async function dataFilePath(folder: string, manifest: ExportManifest): Promise<string> {
  const path = join(folder, manifest.data_file);
  let target: string;
  try {
    target = await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return path;
    throw error;
  }
  const inside = relative(await realpath(folder), target);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    throw new SheetsError(
      'damaged_export',
      `The data file ${manifest.data_file} of saved export ${JSON.stringify(manifest.name)} is a link to ${target}, outside the library, so it is not read. Put the file itself in ${folder}, or re-run the export; to drop it, delete ${manifest.id}.json and ${manifest.data_file} (the link only) from ${folder}.`,
      { file: path },
    );
  }
  return path;
}

/** The damaged_export error for an export whose data file is missing, outside the library or not the one saved; undefined when it is sound. */
export async function dataFileProblem(folder: string, manifest: ExportManifest): Promise<SheetsError | undefined> {
  const what = `The data file ${manifest.data_file} of saved export ${JSON.stringify(manifest.name)}`;
  const todo = 'Restore it from a copy, or re-run the export;';
  let path: string;
  try {
    path = await dataFilePath(folder, manifest);
  } catch (error) {
    if (error instanceof SheetsError) return error;
    const code = (error as NodeJS.ErrnoException).code;
    return new SheetsError('damaged_export', `${what} cannot be read (${code ?? String(error)}). Check the folder's permissions, restore the file from a copy, or re-run the export.`, { file: join(folder, manifest.data_file), cause: error });
  }
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    size = s.size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      return new SheetsError('damaged_export', `${what} cannot be read (${code ?? String(error)}). Check the folder's permissions, restore the file from a copy, or re-run the export.`, { file: path, cause: error });
    }
    return new SheetsError('damaged_export', `${what} is missing (still syncing, or deleted?). ${todo} to drop it, delete ${manifest.id}.json from ${folder}.`, { file: path });
  }
  const drop = `to drop it, delete ${manifest.id}.json and ${manifest.data_file} from ${folder}.`;
  if (manifest.bytes !== undefined) {
    if (size === manifest.bytes) return undefined;
    return new SheetsError('damaged_export', `${what} is ${size} bytes, but was saved with ${manifest.bytes}: it was cut short (an interrupted copy or sync?) or changed. ${todo} ${drop}`, { file: path });
  }
  if ((await sha256File(path)) === manifest.sha256) return undefined;
  return new SheetsError('damaged_export', `${what} does not match the SHA-256 its manifest recorded: it was cut short or changed. ${todo} ${drop}`, { file: path });
}
