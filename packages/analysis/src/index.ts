/**
 * @econdata/analysis: pure functions from core's Series to new Series (no I/O). One engine for the
 * desktop, the taskpane, the ECON.* formulas and saved exports: transforms in one text form
 * (`Per=Q Agg=avg Units=pc1`), and series derived from several others (`a/b*100`).
 */
export {
  parseTransform, formatTransform, checkTransform, isIdentity, OPTION_NAMES, LEVEL_VALUES, PER_VALUES, AGG_VALUES, UNITS_VALUES, MA_MIN, MA_MAX,
  type Transform, type Level, type Per, type Agg, type Units,
} from './transform/spec.ts';
export { applyTransform, readTransform, PER_FREQUENCY } from './transform/apply.ts';
export { widenQuery, queryFrequency } from './transform/widen.ts';
export { convertFrequency } from './frequency/convert.ts';
export { defaultAggregation, MINIMUM_COUNT, type Aggregation } from './frequency/aggregate.ts';
export { FREQUENCY_RANK, PERIODS_PER_YEAR } from './calendar/calendar.ts';
export { transformWords, UNITS_WORDS, PER_WORDS, AGGREGATION_WORDS } from './transform/describe.ts';
export { parseExpression, formatExpression, type Expression } from './derive/expression.ts';
export { deriveSeries, mainColumn, type DeriveOptions } from './derive/derive.ts';
export { derivedQueries, computeDerived, type DerivedRequest, type DerivedOperand } from './derive/request.ts';
export { DERIVED_PRESETS, presetRequest, type DerivedPreset, type PresetId } from './derive/presets.ts';
export { unitClass, type UnitClass } from './derive/units.ts';
export { parseOperand, formatOperand, readDerived, operandName, type OperandYears } from './derive/operand-text.ts';
