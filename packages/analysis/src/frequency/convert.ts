/**
 * convertFrequency: a Series at a lower frequency, each column combined by its default aggregation
 * (or one `agg` for all). The same conversion as `Per=`; derived series use it to bring operands
 * to a common frequency.
 */
import type { Frequency, Series } from '@econdata/core';
import { applyTransform } from '../transform/apply.ts';
import type { Agg, Per } from '../transform/spec.ts';

const PER_OF: Readonly<Record<Exclude<Frequency, 'daily'>, Per>> = { annual: 'A', quarterly: 'Q', monthly: 'M' };

/**
 * The Series converted to `target` (annual, quarterly or monthly); a Series already at `target` comes
 * back as a copy. Refuses a higher target (no disaggregation) with InvalidParameterError('Per').
 * @example convertFrequency(monthlyExports, 'annual') // exports.value summed, exports.ytd_value end of period
 */
export function convertFrequency(series: Series, target: Exclude<Frequency, 'daily'>, agg?: Agg): Series {
  if (series.frequency === target) return applyTransform(series, {});
  return applyTransform(series, agg ? { per: PER_OF[target], agg } : { per: PER_OF[target] });
}
