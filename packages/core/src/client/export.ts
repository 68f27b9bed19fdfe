/** The export endpoints: binary answers (CSV, XLSX) returned as bytes, with download progress. */
import { errorFromResponse } from '../net/error-from-response.ts';
import type { IndicatorQuery, StockQuery, TradeQuery } from '../query.ts';
import { indicatorParams, stockParams, tradeParams, type Params } from '../validate/params.ts';
import { collect } from '../net/transport.ts';
import { bodyText } from '../wire/check.ts';
import type { ExportFile } from '../wire/records.ts';
import { checkExportBytes, ExportIntegrity } from './export-check.ts';
import type { CallOptions } from './options.ts';
import { execute } from './request.ts';
import type { ClientCore } from './core.ts';
import { InvalidParameterError } from '../errors/errors.ts';

/** What to export: indicator parameters (the default dataset), or trade or stock parameters. */
export type ExportQuery =
  | ({ dataset?: 'indicators' } & IndicatorQuery)
  | ({ dataset: 'trade' } & TradeQuery)
  | ({ dataset: 'stocks' } & StockQuery);

/** An export to open as a stream (`openExport`, `saveExport`): the query with its file format. */
export type ExportRequest = ExportQuery & { format: ExportFormat };

/** The file formats of the export routes. */
type ExportFormat = 'csv' | 'excel';

export interface ExportOptions extends CallOptions {
  /** Bytes received so far and the total when the service said it. */
  onProgress?: (loaded: number, total: number | undefined) => void;
}

/** The parameters of an export request, validated like the matching data endpoint. */
function exportParams(query: ExportQuery): Params {
  if (query.dataset === 'trade') {
    const { dataset: _d, ...rest } = query;
    const params = tradeParams(rest);
    // The service's file holds one month or every month; core trims a range only when it reads records.
    if (rest.start_period !== undefined || rest.end_period !== undefined) {
      throw new InvalidParameterError(rest.start_period !== undefined ? 'start_period' : 'end_period', 'The service\'s trade export takes one month (period) or every month, not a range of months: export every month, or fetch the range (getTrade, fetchSeries) and write the file from it.');
    }
    return { dataset: 'trade', ...params };
  }
  if (query.dataset === 'stocks') {
    const { dataset: _d, ...rest } = query;
    return { dataset: 'stocks', ...stockParams(rest) };
  }
  const { dataset: _d, ...rest } = query;
  return indicatorParams(rest);
}

/** The media type each export format is asked for. */
const ACCEPT = { csv: 'text/csv', excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

function filenameOf(disposition: string | undefined): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].trim());
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}


/** Downloads one export; a JSON error answered with a 2xx status still becomes an error. */
export async function downloadExport(host: ClientCore, format: 'csv' | 'excel', query: ExportQuery, options: ExportOptions): Promise<ExportFile> {
  const params = exportParams(query);
  const spec = { method: 'GET' as const, path: `/export/${format}`, params, accept: ACCEPT[format], ...(options.onProgress ? { onDownloadProgress: options.onProgress } : {}) };
  const answer = await execute(host.engine, spec, host.resolve(options));
  const type = answer.headers['content-type'] ?? null;
  if (type !== null && /json/i.test(type)) throw errorFromResponse(answer.status, bodyText(answer.body), { now: host.engine.clock.now(), ...(answer.key ? { key: answer.key } : {}) });
  const data = typeof answer.body === 'string' ? new TextEncoder().encode(answer.body) : answer.body;
  checkExportBytes(format, data, answer.status);
  return { data, metadata: { filename: filenameOf(answer.headers['content-disposition']), content_type: type, bytes: data.byteLength } };
}

/** An export whose body is still arriving: for writing straight to a file (Node). */
export interface ExportStream {
  chunks: AsyncIterable<Uint8Array>;
  metadata: { filename: string | null; content_type: string | null; /** Content-Length, when sent. */ total: number | undefined };
}

/** The chunks as they come, then `invalid_response` at the end if the file is cut (see export-check.ts). */
async function* checked(chunks: AsyncIterable<Uint8Array>, integrity: ExportIntegrity): AsyncIterable<Uint8Array> {
  for await (const chunk of chunks) {
    integrity.add(chunk);
    yield chunk;
  }
  integrity.finish();
}

/**
 * Starts an export download and hands over the body as it arrives (retries happen before the first
 * byte). The last step of the iteration throws `invalid_response` when the file arrived cut.
 */
export async function openExport(host: ClientCore, request: ExportRequest, options: CallOptions): Promise<ExportStream> {
  if (typeof request !== 'object' || request === null || (request.format !== 'csv' && request.format !== 'excel')) {
    const got = typeof request === 'object' && request !== null ? JSON.stringify(request.format) : 'no query object';
    throw new InvalidParameterError('format', `Invalid export format ${got}: give { format: 'csv' } or { format: 'excel' } with the export's query.`);
  }
  const { format, ...query } = request;
  const params = exportParams(query as ExportQuery);
  const answer = await execute(host.engine, { method: 'GET', path: `/export/${format}`, params, accept: ACCEPT[format], stream: true }, host.resolve(options));
  const type = answer.headers['content-type'] ?? null;
  const chunks = answer.stream ?? (async function* whole() { yield typeof answer.body === 'string' ? new TextEncoder().encode(answer.body) : answer.body; })();
  if (type !== null && /json/i.test(type)) {
    throw errorFromResponse(answer.status, bodyText(await collect(chunks)), { now: host.engine.clock.now(), ...(answer.key ? { key: answer.key } : {}) });
  }
  const length = answer.headers['content-length'];
  return { chunks: checked(chunks, new ExportIntegrity(format, answer.status)), metadata: { filename: filenameOf(answer.headers['content-disposition']), content_type: type, total: length && /^\d+$/.test(length) ? Number(length) : undefined } };
}
