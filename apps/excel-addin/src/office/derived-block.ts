/**
 * Derived series as taskpane blocks: the recipes (expression, operand queries, transforms) kept in
 * the block's binding, so Refresh computes the same formula again through the one path
 * (@econdata/analysis's `planDerived`, as insert's `fetchDerived`).
 */
import { derivedQueries, DERIVED_PRESETS, type DerivedRequest } from '@econdata/analysis';
import { isEconError, type SeriesQuery } from '@econdata/core';

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
