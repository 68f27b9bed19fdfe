/**
 * Reading the batch route's answers for a job (pure functions): which records and "no data" items
 * belong to which query, and what a refusal of the route teaches about it.
 */
import { EconError, NotFoundError } from '../errors/errors.ts';
import type { PlannedRequest, UniqueQuery } from '../plan/planner.ts';
import { groupIndicatorRecords } from '../series/map.ts';
import type { ApiResult, BatchItem, IndicatorRecord } from '../wire/records.ts';
import type { BatchState } from './core.ts';

export type BatchRequest = Extract<PlannedRequest, { kind: 'batch' }>;

/** One member's share of a batch answer: its records, or the item saying there is no data. */
export type MemberAnswer = { ok: true; result: ApiResult<IndicatorRecord> } | { ok: false; error: EconError };

/** The records and 404 items of a batch, keyed by `indicator|country` (or by indicator alone for a country-less GSO batch). */
function byMember(req: BatchRequest, records: IndicatorRecord[], items: BatchItem[]): { records: Map<string, IndicatorRecord[]>; missing: Map<string, BatchItem> } {
  // A batch without countries (GSO) is answered for the service's own country: match by indicator.
  const countryless = req.body.countries === undefined;
  const keyOf = (indicator: string, country: string | null | undefined): string => (countryless ? indicator : `${indicator}|${country ?? ''}`);
  // With countries, a group's key (`indicator|country`) is already the member's key.
  let grouped = groupIndicatorRecords(records);
  if (countryless) {
    const byIndicator = new Map<string, IndicatorRecord[]>();
    for (const [pair, list] of grouped) {
      const k = keyOf(pair.slice(0, pair.lastIndexOf('|')), pair.slice(pair.lastIndexOf('|') + 1));
      const seen = byIndicator.get(k);
      if (seen) for (const r of list) seen.push(r);
      else byIndicator.set(k, list);
    }
    grouped = byIndicator;
  }
  const missing = new Map(items.filter((it) => it.status === 404).map((it) => [keyOf(it.indicator, it.country), it]));
  return { records: grouped, missing };
}

/** The key of a member in `byMember`'s maps. */
function memberKey(req: BatchRequest, u: UniqueQuery): string {
  const indicator = String(u.params['indicator']);
  return req.body.countries === undefined ? indicator : `${indicator}|${u.params['country'] ?? ''}`;
}

/** Splits a batch answer into one answer per member, in the order of `req.members`. */
export function splitBatchAnswer(req: BatchRequest, result: ApiResult<IndicatorRecord>, items: BatchItem[]): MemberAnswer[] {
  const { records, missing } = byMember(req, result.data, items);
  return req.members.map((u) => {
    const k = memberKey(req, u);
    const data = records.get(k) ?? [];
    const gone = missing.get(k);
    if (gone && data.length === 0) {
      const what = `${u.params['indicator']}${u.params['country'] === undefined ? '' : ` for ${u.params['country']}`}`;
      const message = `${gone.message ?? `Data not found: ${what}`} (status 404). Check the indicator and country codes: listSourceIndicators and listCountries show what exists.`;
      // The item names the parameter that matched nothing; its value is the one this request sent.
      const parameter = typeof gone['parameter'] === 'string' ? gone['parameter'] : undefined;
      const sent = parameter === undefined ? undefined : u.params[parameter];
      const named = parameter === undefined ? {} : { parameter, ...(sent === undefined ? {} : { value: String(sent) }) };
      return { ok: false, error: new NotFoundError(message, { status: 404, ...(gone.message ? { serverMessage: gone.message } : {}), ...named }) };
    }
    return { ok: true, result: { data, metadata: { ...result.metadata, total_records: data.length } } };
  });
}

/**
 * What a failed batch request teaches, read from its error:
 * - `smaller-limit`: a 400 naming a combination limit below the one in use ("the batch limit is 50");
 * - `route-refused`: the route is absent or not allowed (405, or 404 "Not found"): jobs go single from now on;
 * - `body-refused`: this body was refused (another 400, or a 404 that is not a missing route): these queries go single;
 * - `none`: any other failure, which is every member's answer.
 */
export type BatchLesson = { kind: 'smaller-limit'; limit: number } | { kind: 'route-refused' } | { kind: 'body-refused' } | { kind: 'none' };

/** Reads a batch refusal (see BatchLesson); `state` is only read. */
export function lessonOf(error: unknown, state: BatchState): BatchLesson {
  if (!(error instanceof EconError)) return { kind: 'none' };
  const { status } = error;
  const said = error.serverMessage ?? '';
  if (status === 400) {
    const m = /(?:batch limit is|at most|limit of)\s*(\d+)/i.exec(said);
    const n = m ? Number(m[1]) : NaN;
    if (Number.isInteger(n) && n >= 1 && n < state.limit) return { kind: 'smaller-limit', limit: n };
    return { kind: 'body-refused' };
  }
  if (status === 405 || (status === 404 && /^not found/i.test(said))) return { kind: 'route-refused' };
  if (status === 404) return { kind: 'body-refused' };
  return { kind: 'none' };
}
