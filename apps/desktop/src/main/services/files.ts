/**
 * File locations main writes to and reads from on the renderer's behalf: names made safe, files
 * never replaced, and paths from the renderer accepted only inside the allowed folders.
 */
import { open, realpath } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { extname, join, relative, resolve, isAbsolute } from 'node:path';
import { InvalidParameterError } from '@econdata/core';
import { SheetsError } from '@econdata/sheets';

/** The seam for native file dialogs (Electron); web mode has none. */
export interface FileDialogs {
  /** A path to save to, or null when the user cancelled. */
  saveFile(defaultName: string, extension: 'csv' | 'xlsx' | 'png' | 'svg'): Promise<string | null>;
  /** A CSV or XLSX file to open, or null when the user cancelled. */
  openFile(): Promise<string | null>;
}

/**
 * Claims a new file `<stem>.<ext>` in `folder` (then `<stem> (2).<ext>`, ...) by creating it
 * exclusively, so two exports never share a name and no file is replaced. Returns its path. A
 * repeat is numbered as file managers and browsers number copies: "-2" after a name read as part
 * of its last word (issue 28).
 */
export async function claimFile(folder: string, stem: string, extension: string): Promise<string> {
  // A folder that cannot be made or written to is a typed write_failed naming it, not an internal error.
  const cannot = (path: string, error: unknown): SheetsError => new SheetsError(
    'write_failed',
    `Cannot create ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}). Check that the folder ${folder} exists and you may write to it, or choose another folder.`,
    { file: path, cause: error },
  );
  await mkdir(folder, { recursive: true }).catch((error: unknown) => {
    throw cannot(folder, error);
  });
  for (let n = 1; ; n += 1) {
    const path = join(folder, `${stem}${n === 1 ? '' : ` (${n})`}.${extension}`);
    try {
      await (await open(path, 'wx')).close();
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw cannot(path, error);
    }
  }
}

/**
 * A path the renderer named, accepted only when it is a CSV or XLSX file inside one of `allowed`
 * (after resolving links, so a link cannot lead outside). Throws invalid_parameter otherwise.
 */
export async function allowedFile(path: string, allowed: readonly string[]): Promise<string> {
  const refuse = (why: string): never => {
    throw new InvalidParameterError('path', `Invalid request: ${why} Put the file in one of these folders and open it again: ${allowed.join(', ')}.`);
  };
  if (!isAbsolute(path)) refuse('the path must be absolute.');
  const ext = extname(path).toLowerCase();
  if (ext !== '.csv' && ext !== '.xlsx') refuse('only .csv and .xlsx files can be opened.');
  let real: string;
  try {
    real = await realpath(resolve(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    return refuse(`the file cannot be found (${code}).`);
  }
  for (const folder of allowed) {
    let root: string;
    try {
      root = await realpath(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // a folder not made yet holds nothing
      return refuse(`the folder ${folder} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown'}).`);
    }
    const rel = relative(root, real);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return real;
  }
  return refuse('the file is outside the folders the explorer may read.');
}
