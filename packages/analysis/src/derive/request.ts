/**
 * A derived series as the apps hold it: an expression, one query (and optional transform) per
 * operand, and a result transform. This is what a saved export or a formula keeps; the apps ask
 * `derivedQueries` what to fetch (every operand of every derived series goes into ONE core
 * fetchSeries job, so the planner batches them like any other queries), and `computeDerived` turns
 * the fetched Series into the derived one.
 */
import { InvalidParameterError, type NameLanguage, type Series, type SeriesQuery } from '@econdata/core';
import { applyTransform, readTransform } from '../transform/apply.ts';
import { formatTransform } from '../transform/spec.ts';
import { widenQuery } from '../transform/widen.ts';
import { deriveSeries } from './derive.ts';
import { parseExpression, type Expression } from './expression.ts';
import { DERIVED_PRESETS } from './presets.ts';
import type { DerivedOperand, DerivedRequest } from './types.ts';

/** A request checked: its expression parsed, every transform readable, one operand per name the expression uses. */
interface Checked {
  expr: Expression;
  request: DerivedRequest;
}

function check(request: DerivedRequest): Checked {
  const expr = parseExpression(request.expression);
  const names = request.operands.map((o) => o.name.toLowerCase());
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new InvalidParameterError('expression', `Operand ${twice} is given twice: give each of ${expr.names.join(', ')} one series.`);
  for (const n of expr.names) {
    if (!names.includes(n)) throw new InvalidParameterError('expression', `The expression "${expr.text}" uses ${n}, but no series is given for ${n}: give one series per operand (${expr.names.join(', ')}).`);
  }
  for (const n of names) {
    if (!expr.names.includes(n)) throw new InvalidParameterError('expression', `A series is given for ${n}, but the expression "${expr.text}" does not use ${n}: use it or leave it out.`);
  }
  for (const o of request.operands) if (o.transform) readTransform(o.transform);
  if (request.transform) readTransform(request.transform);
  return { expr, request };
}

/** What one operand's own transform is applied against: its asked range widened for the result transform's lags. */
const operandAsked = (o: DerivedOperand, resultTransform: string | undefined): SeriesQuery => (resultTransform ? widenQuery(o.query, resultTransform) : o.query);

/**
 * The queries to fetch for a derived series, one per operand in the request's order: each widened
 * for the result transform, then for its own transform (widenQuery), so the first asked period is
 * defined. Refuses a bad expression, operand list or transform before any request.
 * @example derivedQueries({ expression: 'a/b', operands: [{ name: 'a', query: gdp }, { name: 'b', query: pop }], transform: 'Units=pc1' })
 */
export function derivedQueries(request: DerivedRequest): SeriesQuery[] {
  check(request);
  return request.operands.map((o) => {
    const q = operandAsked(o, request.transform);
    return o.transform ? widenQuery(q, o.transform) : q;
  });
}

/** What computeDerived takes besides the request and the operands. */
interface ComputeOptions {
  /**
   * The language series are named in (core's NameLanguage; default English). The title is made of
   * the operands' titles, so name them in it first (core's seriesNamer); a preset's words follow it
   * too ('per capita', 'bình quân đầu người'). Words typed for the request are kept as typed.
   */
  language?: NameLanguage;
}

/** The words after the title in `language`: a preset's own words in that language, else the request's. */
function titleWords(request: DerivedRequest, language: NameLanguage): string | undefined {
  const preset = language === 'vi' ? DERIVED_PRESETS.find((p) => p.id === request.preset) : undefined;
  if (preset && (request.words === undefined || request.words === preset.words)) return preset.wordsVi;
  return request.words;
}

/**
 * The derived Series from the fetched operands (`fetched[i]` answers `derivedQueries(request)[i]`):
 * each operand's transform, then the expression, then the result transform, trimmed to the first
 * operand's asked range. Its provenance names the expression and every operand's asked query and
 * transform. Its title is made of the operands' titles (and a preset's words in `options.language`).
 */
export function computeDerived(request: DerivedRequest, fetched: readonly Series[], options: ComputeOptions = {}): Series {
  const { expr } = check(request);
  if (fetched.length !== request.operands.length) throw new InvalidParameterError('operands', `${fetched.length} series for ${request.operands.length} operands: give one per operand, in the order derivedQueries returned.`);
  const operands: Record<string, Series> = {};
  request.operands.forEach((o, i) => {
    const own = o.transform ? applyTransform(fetched[i]!, o.transform, operandAsked(o, request.transform)) : fetched[i]!;
    // The derivation names what was asked, not what was fetched to compute it.
    operands[o.name.toLowerCase()] = { ...own, provenance: { ...own.provenance, query: { ...o.query } } };
  });
  const transform = request.transform ? formatTransform(readTransform(request.transform)) : undefined;
  // The result covers the range asked of the first operand by name (a): the one a title starts from.
  const first = [...request.operands].sort((x, y) => (x.name.toLowerCase() < y.name.toLowerCase() ? -1 : 1))[0]!;
  const words = titleWords(request, options.language ?? 'en');
  return deriveSeries(expr, operands, transform, { asked: first.query, ...(words ? { words } : {}) });
}
