/**
 * Is an export complete? A download can end early with a valid HTTP answer (a proxy or a service
 * that cuts the body and sends a matching Content-Length), and a half file saved as if whole is
 * data loss the user only finds later. An XLSX file (a ZIP archive) must end with the ZIP
 * end-of-central-directory record, which every ZIP writer puts last (followed by at most 65,535
 * bytes of comment): that check cannot refuse a good file. Not checked, on purpose:
 *   - Content-Length: after axios decompresses a gzip answer it is the compressed size, so a
 *     whole file would look wrong (a body cut before Content-Length already fails in Node's HTTP);
 *   - CSV: a CSV cut at a line break is indistinguishable from a shorter CSV.
 */
import { InvalidResponseError } from '../errors/errors.ts';

/** The ZIP end-of-central-directory record: signature, then 18 bytes, then a comment of at most 65,535 bytes. */
const EOCD_MIN = 22;
const EOCD_MAX = EOCD_MIN + 0xffff;

/** Whether `tail` (the last bytes of a file) holds a ZIP end-of-central-directory record that closes the file. */
export function endsLikeZip(tail: Uint8Array): boolean {
  for (let i = tail.length - EOCD_MIN; i >= 0 && i >= tail.length - EOCD_MAX; i--) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) {
      const commentLength = tail[i + 20]! | (tail[i + 21]! << 8);
      if (i + EOCD_MIN + commentLength === tail.length) return true;
    }
  }
  return false;
}

function incomplete(what: string, status: number): InvalidResponseError {
  return new InvalidResponseError(`The export (status ${status}) arrived incomplete: ${what}. Nothing was kept; download it again.`, { status });
}

/** Follows an export as it arrives and says at the end whether it is complete. */
export class ExportIntegrity {
  #bytes = 0;
  #tail = new Uint8Array(0);
  constructor(readonly format: 'csv' | 'excel', readonly status: number) {}

  /** Counts a chunk (and keeps the file's last bytes for the ZIP check). */
  add(chunk: Uint8Array): void {
    this.#bytes += chunk.byteLength;
    if (this.format !== 'excel') return;
    const keep = Math.min(EOCD_MAX, this.#tail.length + chunk.byteLength);
    const next = new Uint8Array(keep);
    const fromChunk = Math.min(keep, chunk.byteLength);
    next.set(this.#tail.subarray(this.#tail.length - (keep - fromChunk)), 0);
    next.set(chunk.subarray(chunk.byteLength - fromChunk), keep - fromChunk);
    this.#tail = next;
  }

  /** Throws `invalid_response` when an XLSX file is cut. */
  finish(): void {
    if (this.format === 'excel' && !endsLikeZip(this.#tail)) {
      throw incomplete(`the XLSX file (${this.#bytes} bytes) is cut before the end of its ZIP archive`, this.status);
    }
  }
}

/** Checks a whole export's bytes (see ExportIntegrity). */
export function checkExportBytes(format: 'csv' | 'excel', data: Uint8Array, status: number): void {
  if (format !== 'excel') return;
  if (!endsLikeZip(data.subarray(Math.max(0, data.length - EOCD_MAX)))) {
    throw incomplete(`the XLSX file (${data.byteLength} bytes) is cut before the end of its ZIP archive`, status);
  }
}
