/**
 * The shape of a derived series request, below both the presets that build one (presets.ts) and
 * the functions that check, fetch and compute it (request.ts), so neither imports the other's types.
 */
import type { SeriesQuery } from '@econdata/core';

/** The one-click derived series (presets.ts holds what each computes). */
export type PresetId = 'per_capita' | 'share_of_gdp' | 'real' | 'usd';

export interface DerivedOperand {
  /** The letter the expression uses: 'a', 'b', ... */
  name: string;
  /** The query as the user asked it (before widening). */
  query: SeriesQuery;
  /** The operand's own transform (text form), applied before the expression. */
  transform?: string;
}

export interface DerivedRequest {
  expression: string;
  operands: DerivedOperand[];
  /** The result transform (text form), applied after the expression: `Units=pc1` on `a/b` is the growth of a per-capita value. */
  transform?: string;
  /** Words after the first operand's title ('per capita'); without them the title is the expression. */
  words?: string;
  /** The preset that made the request (presetRequest), so a formula can name it instead of its expression. */
  preset?: PresetId;
}
