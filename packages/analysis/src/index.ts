/**
 * @econdata/analysis: pure functions from core's Series to new Series (no I/O). One engine for the
 * desktop, the taskpane, the ECON.* formulas and saved exports: transforms in one text form
 * (`Per=Q Agg=avg Units=pc1`), and series derived from several others (`a/b*100`).
 */
export { parseTransform, optionPairs, formatTransform, checkTransform, type Transform, type Per, type Agg, type Units, type PeriodType, type SeasonalMethod } from './transform/spec.ts';
export { applyTransform, PER_FREQUENCY } from './transform/apply.ts';
export { widenQuery, queryFrequency } from './transform/widen.ts';
export { FREQUENCY_RANK, completePeriods } from './calendar/calendar.ts';
export { periodStarts, keepStarts } from './calendar/starts.ts';
export { conversionCounts, defaultAggregation } from './frequency/aggregate.ts';
export { transformWords, conversionWords, SEASONAL_LABELS } from './transform/describe.ts';
export { TRANSFORM_WORDS, UNITS_CODES, unitsLabel } from './transform/words.ts';
export { SEASONAL_FREQUENCIES, seasonalSettings } from './seasonal/adjust.ts';
export { tetDate } from './seasonal/tet.ts';
export { parseExpression } from './derive/expression.ts';
export { deriveSeries } from './derive/derive.ts';
export { derivedQueries, computeDerived } from './derive/request.ts';
export { DERIVED_PRESETS, presetRequest } from './derive/presets.ts';
export type { DerivedRequest, PresetId } from './derive/types.ts';
export { parseOperand, formatOperand, readDerived, formatDerived } from './derive/operand-text.ts';
export { fetchDerived, fetchPlans, fetchShown, fromClient, planDerived, planShown, savedRecipe, sentQueries, showHeld, type PlanOptions, type SeriesFetch, type ShownOptions, type ShownPlan } from './shown/shown.ts';
