/**
 * Where a worksheet's data rows go, and how fast: the XML the fast path renders (xlsx-body.ts) is
 * handed to the zip's deflate stream with memory bounded whatever the size of the sheet.
 *
 * exceljs 4.4.0 (pinned) writes a worksheet into a StreamBuf (`ws.stream`) that copies every chunk
 * into 64 KB buffers and hands them to a PassThrough archiver wraps it in, which feeds the entry's
 * deflate stream once archiver reaches the entry. Through that path every byte of XML is allocated
 * twice outside the heap, and the buffers waiting in it live long enough to be promoted, so they are
 * only freed by a full collection: a 1M-row sheet peaked ~110 MB above its data (measured, see the
 * README). The direct sink writes into the deflate stream itself, through a few buffers it reuses:
 * a buffer is filled again only once zlib has consumed it (the write's callback), so the XML costs
 * SINK_BUFFERS x SINK_BUFFER_BYTES outside the heap and nothing more.
 *
 * When those internals are not there, `queuedSink` keeps exceljs' own path with back-pressure on
 * the PassThrough (the way this writer worked before), and the data is the same.
 */
import type ExcelJS from 'exceljs';

/** Buffers the direct sink reuses, and the size of each: chunks up to this size need no allocation. */
const SINK_BUFFERS = 4;
export const SINK_BUFFER_BYTES = 512 * 1024;
/** Uncompressed bytes allowed to wait for the compressor on exceljs' own path before the writer pauses. */
const MAX_BACKLOG = 4 * 2 ** 20;

export interface BodySink {
  /** Which path the rows take (see above). */
  readonly kind: 'direct' | 'queued';
  /** Queues the XML of some rows (a string each); resolves when the caller may render more. */
  write(rows: readonly string[]): Promise<void>;
  /** Resolves when the writer may go on: for the direct sink, once zlib has consumed everything written (exceljs may write again). */
  end(): Promise<void>;
}

interface StreamState { length?: number; pipes?: unknown }
interface Piped { _writableState?: StreamState; _readableState?: StreamState }
interface Deflate { write(chunk: Buffer, callback: (error?: Error | null) => void): boolean }
interface StreamBufInternals { pipes?: Piped[]; buffers?: unknown[]; _flush?: () => void; write(chunk: string): unknown }

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const backlog = (s: Piped | undefined): number => (s?._writableState?.length ?? 0) + (s?._readableState?.length ?? 0);

/** Sleeps, or throws the reason the write was abandoned (the file failed). */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  await sleep(ms);
  signal.throwIfAborted();
}

/**
 * exceljs' own path: XML through the StreamBuf, waiting while more than MAX_BACKLOG bytes are
 * queued in the PassThrough (a readable-stream PassThrough: its states, no writableLength getter).
 */
function queuedSink(buffer: StreamBufInternals, pass: Piped | undefined, signal: AbortSignal): BodySink {
  const drain = async (): Promise<void> => {
    while (backlog(pass) > MAX_BACKLOG) await pause(1, signal);
    return tick();
  };
  return {
    kind: 'queued',
    write: (rows) => {
      buffer.write(rows.join(''));
      return drain();
    },
    end: drain,
  };
}

/** The deflate stream the PassThrough is piped into (readable-stream 2: one pipe or a list). */
function deflateOf(pass: Piped | undefined): Deflate | undefined {
  const pipes = pass?._readableState?.pipes;
  const target = (Array.isArray(pipes) ? pipes[0] : pipes) as Partial<Deflate> | undefined;
  return typeof target?.write === 'function' ? (target as Deflate) : undefined;
}

/** The direct sink (see above): rows are copied into the current buffer, sent to zlib when full. */
function directSink(deflate: Deflate, signal: AbortSignal): BodySink {
  const free: Buffer[] = Array.from({ length: SINK_BUFFERS }, () => Buffer.allocUnsafe(SINK_BUFFER_BYTES));
  let current: Buffer | undefined;
  let used = 0;
  let inFlight = 0;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const waitFor = async (ready: () => boolean): Promise<void> => {
    const stop = (): void => wake?.();
    signal.addEventListener('abort', stop);
    try {
      while (!ready() && failure === undefined && !signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
    } finally {
      signal.removeEventListener('abort', stop);
    }
    signal.throwIfAborted();
    if (failure) throw failure;
  };
  const send = (chunk: Buffer, reused: Buffer | undefined): void => {
    inFlight += 1;
    deflate.write(chunk, (error) => {
      inFlight -= 1;
      if (error) failure ??= error;
      if (reused) free.push(reused);
      const w = wake;
      wake = undefined;
      w?.();
    });
  };
  const flush = (): void => {
    if (current && used > 0) send(current.subarray(0, used), current);
    else if (current) free.push(current);
    current = undefined;
    used = 0;
  };
  return {
    kind: 'direct',
    async write(rows) {
      if (failure) throw failure;
      for (const row of rows) {
        // Three bytes of UTF-8 at most per UTF-16 unit: most rows fit without measuring.
        const room = SINK_BUFFER_BYTES - used;
        const bytes = current && row.length * 3 <= room ? row.length : Buffer.byteLength(row);
        if (current && bytes > room) flush();
        if (bytes > SINK_BUFFER_BYTES) {
          send(Buffer.from(row), undefined); // a row of very long text: allocated once, let go after
          continue;
        }
        if (!current) {
          // Zlib calls back from the event loop: when every buffer is taken, this gives it turns.
          await waitFor(() => free.length > 0);
          current = free.pop();
        }
        used += current!.write(row, used);
      }
    },
    async end() {
      flush();
      await waitFor(() => inFlight === 0);
    },
  };
}

/**
 * The sink for a worksheet's data rows, once its head rows (and `<sheetData>`) have been written
 * through exceljs: the direct sink when exceljs' and archiver's internals are as expected (the head
 * rows buffered in exceljs are flushed first, so the order holds), else exceljs' own path.
 */
export async function worksheetSink(ws: ExcelJS.Worksheet, options: { direct: boolean; signal: AbortSignal }): Promise<BodySink> {
  const { signal } = options;
  const buffer = (ws as unknown as { stream?: StreamBufInternals }).stream;
  if (!buffer || typeof buffer.write !== 'function') throw new Error('exceljs worksheet has no stream');
  // archiver pipes the worksheet's stream into a PassThrough when it is appended.
  const pass = buffer.pipes?.[0];
  if (!options.direct || typeof buffer._flush !== 'function' || !Array.isArray(buffer.buffers) || !pass) return queuedSink(buffer, pass, signal);
  // What exceljs has buffered so far goes first, all the way into the deflate stream (which exists
  // once archiver reaches this entry: entries are zipped in order).
  buffer._flush();
  let deflate = deflateOf(pass);
  for (let i = 0; i < 2000 && (!deflate || backlog(pass) > 0); i += 1) {
    await pause(1, signal);
    deflate = deflateOf(pass);
  }
  return deflate && backlog(pass) === 0 ? directSink(deflate, signal) : queuedSink(buffer, pass, signal);
}
