/**
 * Chart images and the clipboard on the renderer's behalf. An image goes where an export goes
 * (Downloads, or Electron's native save dialog), named from its display name by sheets' fileStem and
 * never replacing a file; the clipboard is Electron's (web mode's page writes its own).
 */
import { writeFile } from 'node:fs/promises';
import { InvalidParameterError } from '@econdata/core';
import { fileStem } from '@econdata/sheets';
import type { ClipboardWriteRequest, ImageSaveRequest } from '../../shared/contract.ts';
import type { AppFolders } from '../paths.ts';
import { claimFile, type FileDialogs } from './files.ts';

/** The seam for the system clipboard (Electron's); web mode has none. */
export interface Clipboard {
  write(content: { png?: Buffer; text?: string; html?: string }): Promise<void>;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's bytes from base64, refused (naming the field) when they are not a PNG. */
function pngBytes(base64: string, field: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new InvalidParameterError(field, `Invalid request: ${field} must be a PNG image's bytes in base64 (they do not start with the PNG signature); save the chart again.`);
  }
  return bytes;
}

export class ImageService {
  constructor(
    private readonly folders: AppFolders,
    private readonly dialogs: FileDialogs | undefined,
    private readonly clipboard: Clipboard | undefined,
  ) {}

  /** Writes the image; path null when a save dialog was cancelled. */
  async save(request: ImageSaveRequest): Promise<{ path: string | null; bytes: number }> {
    const bytes = request.format === 'png' ? pngBytes(request.data, 'data') : Buffer.from(request.data, 'utf8');
    if (request.format === 'svg' && !/^\s*(<\?xml[^>]*>\s*)?<svg[\s>/]/.test(request.data)) {
      throw new InvalidParameterError('data', 'Invalid request: data must be an SVG document (starting with <svg); save the chart again.');
    }
    let path: string | null;
    if (request.destination === 'downloads') path = await claimFile(this.folders.downloads, fileStem(request.name), request.format);
    else if (this.dialogs === undefined) {
      throw new InvalidParameterError('destination', 'Invalid request: destination "dialog" needs a file dialog, which web mode has not; choose "downloads" (the file\'s path is shown once saved).');
    } else path = await this.dialogs.saveFile(`${fileStem(request.name)}.${request.format}`, request.format);
    if (path === null) return { path: null, bytes: 0 };
    await writeFile(path, bytes);
    return { path, bytes: bytes.length };
  }

  /** Puts the image, text and HTML given on the system clipboard, together. */
  async write(request: ClipboardWriteRequest): Promise<{ written: true }> {
    if (this.clipboard === undefined) {
      throw new InvalidParameterError('clipboard', 'Invalid request: web mode has no system clipboard in main; the page copies through the browser\'s clipboard.');
    }
    await this.clipboard.write({
      ...(request.png === undefined ? {} : { png: pngBytes(request.png, 'png') }),
      ...(request.text === undefined ? {} : { text: request.text }),
      ...(request.html === undefined ? {} : { html: request.html }),
    });
    return { written: true };
  }
}
