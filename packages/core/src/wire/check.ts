/**
 * Response checks: hand-written (no schema library), because a 100,000-record answer must be
 * checked in less time than JSON.parse takes to read it. A reply that is not what the interface
 * promises becomes an `invalid_response` with the status and a short excerpt, never half-read data.
 * Records are checked in place and kept as they came, so unknown extra fields survive.
 */
import { InvalidResponseError } from '../errors/errors.ts';
import { excerptOf } from '../net/redact.ts';
import type { ApiResult, BatchItem, ResponseMetadata } from './records.ts';
import { acceptedSpellings } from '../series/consistency.ts';
import { isCanonicalPeriod, isReadablePeriod } from '../series/periods.ts';

/** Checks one record; returns what is wrong with it, or undefined. */
export type RecordCheck = (record: Record<string, unknown>) => string | undefined;

const decoder = new TextDecoder('utf-8');

/**
 * The body as text (UTF-8). A body longer than the runtime's longest string (V8: about 512 MiB of
 * text; only reachable with a raised maxResponseBytes) is an invalid_response naming its size, not
 * a plain RangeError (ERR_STRING_TOO_LONG).
 */
export function bodyText(body: Uint8Array | string, decode: (bytes: Uint8Array) => string = (b) => decoder.decode(b)): string {
  if (typeof body === 'string') return body;
  try {
    return decode(body);
  } catch (cause) {
    if (!(cause instanceof RangeError) && (cause as { code?: unknown })?.code !== 'ERR_STRING_TOO_LONG') throw cause;
    throw new InvalidResponseError(
      `The service's answer (${body.byteLength} bytes) is too large to read as text here. Ask for less (fewer countries or indicators, a shorter range), or lower maxResponseBytes so such answers are refused before they are read.`,
      { cause: cause as Error },
    );
  }
}

function invalid(what: string, status: number, text: string, key: string | undefined): InvalidResponseError {
  return new InvalidResponseError(
    `The service's answer (status ${status}) is not what the interface promises: ${what}. Try again later; if it persists, report it to the provider.`,
    { status, excerpt: excerptOf(text, key) },
  );
}

/** Parses a JSON body; anything else (truncated, HTML, empty) is an invalid_response. */
export function parseJson(text: string, status: number, key?: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const trimmed = text.trimStart();
    const what = trimmed === '' ? 'an empty body' : trimmed.startsWith('<') ? 'an HTML page instead of JSON'
      : trimmed.startsWith('{') || trimmed.startsWith('[') ? 'truncated or malformed JSON' : 'not JSON';
    throw invalid(what, status, text, key);
  }
}

function checkMetadata(m: unknown): string | undefined {
  if (m === null || typeof m !== 'object' || Array.isArray(m)) return 'metadata is missing';
  const o = m as Record<string, unknown>;
  if (typeof o['source'] !== 'string') return 'metadata.source is not a string';
  if (o['last_updated'] !== undefined && o['last_updated'] !== null && typeof o['last_updated'] !== 'string') return 'metadata.last_updated is not a string';
  if (o['total_records'] !== undefined && typeof o['total_records'] !== 'number') return 'metadata.total_records is not a number';
  return undefined;
}

/**
 * What is wrong with a success envelope (spec 2.1, 2.2) or any of its records, or undefined. Used
 * for answers from the network and from the cache alike (a cached answer is `{ data, metadata }`,
 * checked as the envelope it came in). Fills what the checks define as absent (`last_updated`,
 * open record fields) in place.
 */
export function envelopeProblem(json: unknown, check: RecordCheck): string | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return 'the body is not a JSON object';
  const o = json as Record<string, unknown>;
  if (o['success'] !== true) return '"success" is not true';
  const data = o['data'];
  if (!Array.isArray(data)) return '"data" is not an array';
  const metaProblem = checkMetadata(o['metadata']);
  if (metaProblem) return metaProblem;
  const metadata = o['metadata'] as ResponseMetadata;
  if (typeof metadata.total_records === 'number' && metadata.total_records !== data.length) {
    return `metadata.total_records says ${metadata.total_records} but data holds ${data.length} records`;
  }
  if (metadata.last_updated === undefined) metadata.last_updated = null;
  for (let i = 0; i < data.length; i++) {
    const r = data[i] as unknown;
    if (r === null || typeof r !== 'object' || Array.isArray(r)) return `data[${i}] is not an object`;
    const problem = check(r as Record<string, unknown>);
    if (problem !== undefined) return `data[${i}]: ${problem}`;
  }
  return undefined;
}

/**
 * Checks the success envelope and every record; returns `{ data, metadata }`.
 * `success: false` is not handled here: the caller maps it to the error it reports.
 */
export function checkEnvelope<T>(json: unknown, check: RecordCheck, ctx: { status: number; text: string; key?: string | undefined }): ApiResult<T> {
  const problem = envelopeProblem(json, check);
  if (problem !== undefined) throw invalid(problem, ctx.status, ctx.text, ctx.key);
  const o = json as Record<string, unknown>;
  return { data: o['data'] as T[], metadata: o['metadata'] as ResponseMetadata };
}

/**
 * What is wrong with a numeric field (a number or null, finite), or undefined. The field is read
 * once: a number JSON.parse stored unboxed is boxed on every read.
 */
function numberProblem(r: Record<string, unknown>, f: string): string | undefined {
  const v = r[f];
  if (v === null) return undefined;
  if (typeof v !== 'number') return `${f} is not a number or null`;
  // JSON can spell an infinite number (1e999 parses to Infinity), which is no observation.
  return Number.isFinite(v) ? undefined : `${f} is ${String(v)}, not a finite number`;
}

/** Which frequency a period is read at is the Series mapping's call; here only "no period at all" is refused. */
const unreadable = (field: string, v: string): string => `${field} ${JSON.stringify(v)} is no period the client can read (${acceptedSpellings()})`;

/** Spec 2.3: indicator_code, indicator_name, country_code, country_name, year, value (or null), unit. */
export const checkIndicatorRecord: RecordCheck = (r) => {
  if (typeof r['indicator_code'] !== 'string') return 'indicator_code is not a string';
  if (typeof r['indicator_name'] !== 'string') return 'indicator_name is not a string';
  // GSO records have no country of their own in some services: a null country is tolerated.
  const cc = r['country_code'];
  if (typeof cc !== 'string' && cc !== null) return 'country_code is not a string';
  if (typeof r['country_name'] !== 'string' && r['country_name'] !== null) return 'country_name is not a string';
  const year = r['year'];
  if (typeof year !== 'number' || !Number.isInteger(year)) return 'year is not an integer';
  const value = numberProblem(r, 'value');
  if (value) return value;
  if (typeof r['unit'] !== 'string' && r['unit'] !== null) return 'unit is not a string';
  const period = r['period'];
  if (period !== undefined && typeof period !== 'string') return 'period is not a string';
  if (period !== undefined && !isReadablePeriod(period)) return unreadable('period', period);
  const proj = r['is_projection'];
  if (proj !== undefined && proj !== null && typeof proj !== 'boolean') return 'is_projection is not a boolean or null';
  return undefined;
};

const isOptionalText = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
const TRADE_FLOWS: ReadonlySet<unknown> = new Set(['exports', 'imports', 'balance']);

/**
 * The spec leaves the trade and stock records open (2.4), so only the fields that place a value are
 * required; an absent figure is a missing value, written as null in place so the record keeps its
 * type (`StockRecord.close: number | null`) and the Series mapping needs no second rule.
 * Returns what is wrong with a figure that is present, or undefined.
 */
function optionalFigure(r: Record<string, unknown>, f: string): string | undefined {
  if (r[f] === undefined) {
    r[f] = null;
    return undefined;
  }
  return numberProblem(r, f);
}

/**
 * A trade record: period, flow (exports, imports, balance), partner and hs_code place its value
 * (which month, which column) and are required; value and ytd_value are numbers or null (absent:
 * null); the rest text or null when present.
 */
export const checkTradeRecord: RecordCheck = (r) => {
  if (typeof r['period'] !== 'string') return 'period is not a string';
  if (!isReadablePeriod(r['period'])) return unreadable('period', r['period']);
  if (typeof r['flow'] !== 'string') return 'flow is not a string';
  if (!TRADE_FLOWS.has(r['flow'])) return 'flow is not exports, imports or balance';
  if (typeof r['partner'] !== 'string') return 'partner is not a string';
  if (typeof r['hs_code'] !== 'string') return 'hs_code is not a string';
  const value = optionalFigure(r, 'value') ?? (r['ytd_value'] === undefined ? undefined : numberProblem(r, 'ytd_value'));
  if (value) return value;
  for (const f of ['partner_name', 'hs_description', 'unit']) {
    if (!isOptionalText(r[f])) return `${f} is not a string or null`;
  }
  return undefined;
};

/**
 * A stock or index record: date and one of symbol or index place its values (which day, whose
 * prices) and are required; open/high/low/close/volume are numbers or null (absent: null, as index
 * answers often carry only a close); unit text or null when present.
 */
export const checkStockRecord: RecordCheck = (r) => {
  if (typeof r['date'] !== 'string') return 'date is not a string';
  if (!isCanonicalPeriod(r['date'], 'daily')) return `date ${JSON.stringify(r['date'])} is not a calendar day written YYYY-MM-DD`;
  for (const f of ['symbol', 'index']) {
    if (r[f] !== undefined && typeof r[f] !== 'string') return `${f} is not a string`;
  }
  if (r['symbol'] === undefined && r['index'] === undefined) return 'neither symbol nor index is a string';
  for (const f of ['open', 'high', 'low', 'close', 'volume']) {
    const problem = optionalFigure(r, f);
    if (problem) return problem;
  }
  if (!isOptionalText(r['unit'])) return 'unit is not a string or null';
  return undefined;
};

/** A list item (sources, indicators, countries): code and name. */
export const checkListItem: RecordCheck = (r) => {
  if (typeof r['code'] !== 'string') return 'code is not a string';
  if (typeof r['name'] !== 'string') return 'name is not a string';
  return undefined;
};

/** What an optional field of a list item may hold when present: text, text or null, a number, a list of text. */
type FieldRule = 'text' | 'text|null' | 'number' | 'text[]';

const FIELD_PROBLEM: Record<FieldRule, [(v: unknown) => boolean, string]> = {
  text: [(v) => typeof v === 'string', 'is not a string'],
  'text|null': [(v) => v === null || typeof v === 'string', 'is not a string or null'],
  number: [(v) => typeof v === 'number', 'is not a number'],
  'text[]': [(v) => Array.isArray(v) && v.every((x) => typeof x === 'string'), 'is not a list of strings'],
};

/** A list item check: code and name, then each optional field, when present, as its type says (records.ts). */
function listCheck(fields: Record<string, FieldRule>): RecordCheck {
  const entries = Object.entries(fields);
  return (r) => {
    const base = checkListItem(r);
    if (base !== undefined) return base;
    for (const [name, rule] of entries) {
      const v = r[name];
      if (v === undefined) continue;
      const [ok, problem] = FIELD_PROBLEM[rule];
      if (!ok(v)) return `${name} ${problem}`;
    }
    return undefined;
  };
}

/** An item of GET /sources (SourceInfo). */
export const checkSourceItem = listCheck({ description: 'text', frequencies: 'text[]', last_updated: 'text|null', indicator_count: 'number' });
/** An item of GET /sources/{source_code}/indicators (IndicatorInfo). */
export const checkIndicatorItem = listCheck({ unit: 'text|null', frequencies: 'text[]', first_period: 'text|null', last_period: 'text|null', description: 'text|null' });
/** An item of GET /countries (CountryInfo). */
export const checkCountryItem = listCheck({ iso3: 'text', region: 'text|null', income_group: 'text|null' });

/** The batch answer's `items`: one per combination. */
export function checkBatchItems(json: unknown, ctx: { status: number; text: string; key?: string | undefined }): BatchItem[] {
  const items = (json as Record<string, unknown>)['items'];
  if (items === undefined) return [];
  if (!Array.isArray(items)) throw invalid('"items" is not an array', ctx.status, ctx.text, ctx.key);
  for (let i = 0; i < items.length; i++) {
    const it = items[i] as Record<string, unknown> | null;
    if (!it || typeof it['indicator'] !== 'string' || typeof it['status'] !== 'number') throw invalid(`items[${i}] lacks indicator or status`, ctx.status, ctx.text, ctx.key);
  }
  return items as BatchItem[];
}
