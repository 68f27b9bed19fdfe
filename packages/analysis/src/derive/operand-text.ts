/**
 * The text form of one operand of a derived series, for the places where a person types it: the
 * `=ECON.DERIVED` formula and both apps' formula fields. One reference, then optionally the
 * operand's own transform after a space:
 *
 *   WB/NY.GDP.MKTP.CD/VN            an indicator: source / code / country
 *   GSO/CPI.MOM/monthly Level=pch   GSO has no country: its third part is the frequency
 *   TRADE/exports                   Vietnam's customs trade: flow (exports, imports, balance)
 *   STOCK/VNM                       a ticker or an index (VNINDEX, HNX, UPCOM)
 *
 * The years are the derived series' own (every operand shares them, so the planner batches them).
 * Whether the codes exist is the service's answer, and the query rules are core's: this only reads.
 */
import { GSO_FREQUENCIES, InvalidParameterError, STOCK_INDICES, TRADE_FLOWS, type GsoFrequency, type SeriesQuery, type StockIndex, type TradeFlow } from '@econdata/core';
import { formatTransform, parseTransform } from '../transform/spec.ts';
import { DERIVED_PRESETS, presetRequest } from './presets.ts';
import type { DerivedOperand, DerivedRequest } from './types.ts';

// The lists are core's (the query rules' owner): this reads which word is a flow, an index or a frequency.
const FREQUENCIES: readonly string[] = GSO_FREQUENCIES;
const FLOWS: readonly string[] = TRADE_FLOWS;
const INDICES: readonly string[] = STOCK_INDICES;

/** The years every operand of a derived series shares. */
export interface OperandYears {
  start_year?: number;
  end_year?: number;
}

const FORMS = 'WB/NY.GDP.MKTP.CD/VN, GSO/CPI.MOM/monthly, TRADE/exports or STOCK/VNM, optionally followed by a transform such as Level=pch';

function refuse(text: string, why: string): InvalidParameterError {
  return new InvalidParameterError('operand', `Invalid operand "${text}": ${why}. Write it as ${FORMS}.`);
}

function referenceQuery(text: string, ref: string, years: OperandYears): SeriesQuery {
  const parts = ref.split('/').map((p) => p.trim());
  if (parts.some((p) => p === '')) throw refuse(text, 'a part between the slashes is empty');
  const head = parts[0]!.toUpperCase();
  if (head === 'TRADE') {
    const flow = parts[1]?.toLowerCase();
    if (parts.length > 2 || (flow !== undefined && !FLOWS.includes(flow))) throw refuse(text, `trade takes one flow: ${FLOWS.join(', ')}`);
    return flow ? { kind: 'trade', flow: flow as TradeFlow } : { kind: 'trade' };
  }
  if (head === 'STOCK') {
    if (parts.length !== 2) throw refuse(text, 'a stock takes one ticker or index');
    const name = parts[1]!.toUpperCase();
    const dates = { ...(years.start_year !== undefined ? { start_date: `${years.start_year}-01-01` } : {}), ...(years.end_year !== undefined ? { end_date: `${years.end_year}-12-31` } : {}) };
    return INDICES.includes(name) ? { kind: 'stock', index: name as StockIndex, ...dates } : { kind: 'stock', symbol: name, ...dates };
  }
  if (parts.length < 2 || parts.length > 3) throw refuse(text, 'an indicator is source/code/country (GSO: source/code/frequency)');
  const [, indicator, third] = parts as [string, string, string | undefined];
  const q: Extract<SeriesQuery, { kind: 'indicator' }> = { kind: 'indicator', source: head, indicator: indicator.toUpperCase(), ...years };
  if (third !== undefined) {
    const f = third.toLowerCase();
    if (FREQUENCIES.includes(f)) q.frequency = f as GsoFrequency;
    else q.country = third.toUpperCase();
  }
  return q;
}

/**
 * One operand from its text: the query (with the shared years) and its own transform.
 * @example parseOperand('b', 'WB/SP.POP.TOTL/VN', { start_year: 2000 }) // { name: 'b', query: { kind: 'indicator', source: 'WB', indicator: 'SP.POP.TOTL', country: 'VN', start_year: 2000 } }
 */
export function parseOperand(name: string, text: string, years: OperandYears = {}): DerivedOperand {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (trimmed === '') throw new InvalidParameterError('operand', `Operand ${name} is empty. Write it as ${FORMS}.`);
  const space = trimmed.search(/\s/);
  const ref = space < 0 ? trimmed : trimmed.slice(0, space);
  const transformText = space < 0 ? '' : trimmed.slice(space + 1).trim();
  const query = referenceQuery(trimmed, ref, years);
  const transform = transformText ? formatTransform(parseTransform(transformText)) : '';
  return { name, query, ...(transform ? { transform } : {}) };
}

/** The text of an operand (the inverse of parseOperand, years aside). */
export function formatOperand(operand: Pick<DerivedOperand, 'query' | 'transform'>): string {
  const q = operand.query;
  let ref: string;
  if (q.kind === 'trade') ref = q.flow ? `TRADE/${q.flow}` : 'TRADE';
  else if (q.kind === 'stock') ref = `STOCK/${q.symbol ?? q.index}`;
  else ref = [q.source, q.indicator, q.country ?? q.frequency].filter((p) => p !== undefined).join('/');
  return operand.transform ? `${ref} ${operand.transform}` : ref;
}

/** The operand names in order: a, b, c ... (at most 26). */
const operandName = (i: number): string => String.fromCharCode(97 + i);

/**
 * A derived request from what a person types: an expression (or a preset's id: per_capita,
 * share_of_gdp, real, usd), the operands' texts in order (a, b, c ...), the shared years and the
 * result transform. A preset takes one operand, its series; the preset adds the other.
 * @example readDerived('a/b*100', ['WB/TX.VAL.MRCH.CD.WT/VN', 'WB/NY.GDP.MKTP.CD/VN'], { start_year: 2000 })
 * @example readDerived('per_capita', ['WB/NY.GDP.MKTP.CD/TH'], {}, 'Units=pc1')
 */
export function readDerived(expression: string, operandTexts: readonly string[], years: OperandYears = {}, transform = ''): DerivedRequest {
  const texts = operandTexts.map((t) => (typeof t === 'string' ? t.trim() : '')).filter((t) => t !== '');
  if (texts.length === 0) throw new InvalidParameterError('operand', `No operand given: name at least one series, e.g. ${FORMS}.`);
  if (texts.length > 26) throw new InvalidParameterError('operand', `${texts.length} operands given: at most 26 (a to z).`);
  const result = transform.trim() ? formatTransform(parseTransform(transform)) : '';
  const preset = DERIVED_PRESETS.find((p) => p.id === expression.trim().toLowerCase());
  if (preset) {
    if (texts.length !== 1) throw new InvalidParameterError('operand', `The preset ${preset.id} takes one series (it adds ${preset.operand.indicator} itself); ${texts.length} were given.`);
    const a = parseOperand('a', texts[0]!, years);
    return presetRequest(preset.id, a, result || undefined);
  }
  const operands = texts.map((t, i) => parseOperand(operandName(i), t, years));
  return { expression, operands, ...(result ? { transform: result } : {}) };
}

/** What a person types for a request (readDerived's arguments): a preset's id and its one series, or the expression and every operand. */
export interface DerivedText {
  expression: string;
  operands: string[];
  years: OperandYears;
  transform: string;
}

/** The years of a query, as the operand text form shares them. */
function queryYears(q: DerivedOperand['query']): OperandYears {
  const y = (s: string | undefined): number | undefined => (s === undefined ? undefined : Number(s.slice(0, 4)));
  const [start, end] = q.kind === 'indicator' ? [q.start_year, q.end_year] : q.kind === 'stock' ? [y(q.start_date), y(q.end_date)] : [y(q.period), y(q.period)];
  return { ...(start !== undefined ? { start_year: start } : {}), ...(end !== undefined ? { end_year: end } : {}) };
}

/**
 * The typed form of a request (the inverse of readDerived; the years are operand a's): what a
 * formula or a formula field writes back.
 * @example formatDerived(presetRequest('per_capita', { query: gdpVN })) // { expression: 'per_capita', operands: ['WB/NY.GDP.MKTP.CD/VN'], ... }
 */
export function formatDerived(request: DerivedRequest): DerivedText {
  const sorted = [...request.operands].sort((x, y) => (x.name < y.name ? -1 : 1));
  const a = sorted[0]!;
  const operands = request.preset ? [formatOperand(a)] : sorted.map(formatOperand);
  return { expression: request.preset ?? request.expression, operands, years: queryYears(a.query), transform: request.transform ?? '' };
}
