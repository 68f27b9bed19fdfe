/**
 * Derived series as taskpane blocks: what a block of derived series fetches (every operand of every
 * recipe, @econdata/analysis's `derivedQueries`) and the series computed back from the answers
 * (`computeDerived`), for insert and for Refresh alike. The recipes (expression, operand queries,
 * transforms) are kept in the block's binding, so Refresh computes the same formula again.
 */
import { computeDerived, derivedQueries, DERIVED_PRESETS, type DerivedRequest } from '@econdata/analysis';
import { isEconError, type NameLanguage, type SeriesQuery, type SeriesResult } from '@econdata/core';

/** The queries to fetch for derived series, in order (throws analysis's refusal of a bad recipe, before any request). */
export function derivedToFetch(requests: readonly DerivedRequest[]): SeriesQuery[] {
  return requests.flatMap((r) => derivedQueries(r));
}

/**
 * One result per recipe from the answers to `derivedToFetch(requests)`: the derived series, or the
 * failure of its first failed operand, or analysis's refusal (a currency conversion of a
 * percentage), which fails that recipe alone.
 */
export function derivedResults(requests: readonly DerivedRequest[], answers: readonly SeriesResult[], language: NameLanguage = 'en'): SeriesResult[] {
  let at = 0;
  return requests.map((request) => {
    const n = request.operands.length;
    const mine = answers.slice(at, (at += n));
    const failed = mine.find((a) => !a.ok);
    if (failed) return failed;
    try {
      // The operands come named in `language`; a preset's words follow it (analysis).
      return { ok: true, series: computeDerived(request, mine.map((a) => (a as Extract<SeriesResult, { ok: true }>).series), { language }) };
    } catch (error) {
      if (!isEconError(error)) throw error;
      return { ok: false, error };
    }
  });
}

/** The operand queries of derived series, in order: what a block of them asked. */
export const operandQueries = (requests: readonly DerivedRequest[]): SeriesQuery[] => requests.flatMap((r) => r.operands.map((o) => o.query));

const isQuery = (q: unknown): q is SeriesQuery => typeof q === 'object' && q !== null && ['indicator', 'trade', 'stock'].includes(String((q as { kind?: unknown }).kind));

/**
 * Recipes read back from a binding (the document is the user's: anything may be in it), checked by
 * analysis; a reason when they cannot be used.
 */
export function readRecipes(value: unknown): DerivedRequest[] | string {
  if (!Array.isArray(value) || value.length === 0) return 'its formulas are not a list';
  const out: DerivedRequest[] = [];
  for (const raw of value as unknown[]) {
    const r = raw as Partial<DerivedRequest> | null;
    if (!r || typeof r.expression !== 'string' || !Array.isArray(r.operands) || !r.operands.every((o) => typeof o?.name === 'string' && isQuery(o.query))) return 'a formula lacks its expression or operands';
    const preset = DERIVED_PRESETS.find((p) => p.id === r.preset)?.id;
    const request: DerivedRequest = {
      expression: r.expression,
      operands: r.operands.map((o) => ({ name: o.name, query: o.query, ...(typeof o.transform === 'string' && o.transform ? { transform: o.transform } : {}) })),
      ...(typeof r.transform === 'string' && r.transform ? { transform: r.transform } : {}),
      ...(typeof r.words === 'string' && r.words ? { words: r.words } : {}),
      ...(preset ? { preset } : {}),
    };
    try {
      derivedQueries(request);
    } catch (error) {
      if (!isEconError(error)) throw error;
      return `its formula "${request.expression}" is refused (${error.message})`;
    }
    out.push(request);
  }
  return out;
}
